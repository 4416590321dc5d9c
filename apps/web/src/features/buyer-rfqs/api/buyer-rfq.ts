import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RfqItem } from '@ub/shared';
import { api } from '../../../lib/api.ts';

export const fetchBuyerRfq = (id: string) => api<RfqItem>(`/buyer/rfqs/${id}`);

export const buyerRfqQuery = (id: string) =>
  queryOptions({ queryKey: ['buyer', 'rfqs', 'one', id], queryFn: () => fetchBuyerRfq(id) });

/** One RFQ of the buyer with its whole offer history (404 when it is not theirs). */
export function useBuyerRfq(id: string) {
  return useQuery(buyerRfqQuery(id));
}
