import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BuyerRfqTab, RfqItem } from '@ub/shared';
import { api } from '../../../lib/api.ts';

export interface BuyerRfqPage {
  orders: RfqItem[];
  total: number;
  page: number;
  pageSize: number;
}

export const fetchBuyerRfqs = (tab: BuyerRfqTab, q: string, page: number) => {
  const params = new URLSearchParams({ page: String(page) });
  if (tab !== 'all') params.set('tab', tab);
  if (q) params.set('q', q);
  return api<BuyerRfqPage>(`/buyer/rfqs?${params}`);
};

export const buyerRfqsQuery = (tab: BuyerRfqTab, q: string, page: number) =>
  queryOptions({
    queryKey: ['buyer', 'rfqs', tab, q, page],
    queryFn: () => fetchBuyerRfqs(tab, q, page),
    placeholderData: keepPreviousData,
  });

export function useBuyerRfqs(tab: BuyerRfqTab, q: string, page: number) {
  return useQuery(buyerRfqsQuery(tab, q, page));
}
