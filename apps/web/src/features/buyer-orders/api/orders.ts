import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BuyerOrderListResponse, BuyerOrderTab } from '@ub/shared';
import { api } from '../../../lib/api.ts';

export const buyerOrdersKey = ['buyer', 'orders'] as const;

/** GET /api/buyer/orders: one page of the buyer's orders by tab and search. */
export function fetchBuyerOrders(tab: BuyerOrderTab, search: string, page: number) {
  const q = new URLSearchParams({ tab, page: String(page) });
  if (search) q.set('search', search);
  return api<BuyerOrderListResponse>(`/buyer/orders?${q}`);
}

export function useBuyerOrders(tab: BuyerOrderTab, search: string, page: number) {
  return useQuery({
    queryKey: [...buyerOrdersKey, tab, search, page],
    queryFn: () => fetchBuyerOrders(tab, search, page),
    placeholderData: keepPreviousData,
  });
}
