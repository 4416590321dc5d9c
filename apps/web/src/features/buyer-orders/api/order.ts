import { useQuery } from '@tanstack/react-query';
import type { BuyerOrderDetail } from '@ub/shared';
import { api } from '../../../lib/api.ts';

export const buyerOrderKey = (id: string) => ['buyer', 'order', id] as const;

/** GET /api/buyer/orders/:id: the order with its timeline, seller and disputes. */
export const fetchBuyerOrder = (id: string) => api<BuyerOrderDetail>(`/buyer/orders/${id}`);

export function useBuyerOrder(id: string) {
  return useQuery({ queryKey: buyerOrderKey(id), queryFn: () => fetchBuyerOrder(id) });
}
