import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderDetail } from '@ub/shared';
import { api } from '../../../lib/api.ts';

export const fetchBuyerOrder = (id: string) => api<OrderDetail>(`/buyer/orders/${id}`);

export const buyerOrderQuery = (id: string) =>
  queryOptions({ queryKey: ['buyer', 'orders', 'one', id], queryFn: () => fetchBuyerOrder(id) });

/** The order an RFQ became (to confirm it). */
export function useBuyerOrder(id: string | null) {
  return useQuery({ ...buyerOrderQuery(id ?? ''), enabled: Boolean(id) });
}
