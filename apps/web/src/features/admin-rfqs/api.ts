import type { AdminRfqItem, AdminRfqList, RfqStatus } from '@ub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** GET /api/admin/rfqs: one page of every buyer's and seller's RFQs. */
export function useAdminRfqs(params: { q: string; status: RfqStatus | ''; page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['admin', 'rfqs', params],
    queryFn: () => {
      const search = new URLSearchParams({ q: params.q, page: String(params.page), pageSize: String(params.pageSize) });
      if (params.status) search.set('status', params.status);
      return api<AdminRfqList>(`/admin/rfqs?${search}`);
    },
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/rfqs/:id: one RFQ with its full offer history. */
export function useAdminRfq(id: string) {
  return useQuery({ queryKey: ['admin', 'rfq', id], queryFn: () => api<AdminRfqItem>(`/admin/rfqs/${id}`) });
}
