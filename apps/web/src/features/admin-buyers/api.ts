import type { AdminBuyerDetail, AdminBuyerList, AdminBuyerListItem, BuyerStatusFilter, ReasonInput } from '@ub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** GET /api/admin/buyers: one page of the Buyers list. */
export function useAdminBuyers(params: { q: string; status: BuyerStatusFilter; page: number; pageSize: number }) {
  return useQuery({
    queryKey: ['admin', 'buyers', params],
    queryFn: () =>
      api<AdminBuyerList>(
        `/admin/buyers?${new URLSearchParams({
          q: params.q,
          status: params.status,
          page: String(params.page),
          pageSize: String(params.pageSize),
        })}`,
      ),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/buyers/:id: the record the buyer's URL opens. */
export function useAdminBuyer(id: string) {
  return useQuery({ queryKey: ['admin', 'buyer', id], queryFn: () => api<AdminBuyerDetail>(`/admin/buyers/${id}`) });
}

/** POST /api/admin/buyers/:id/block (with the reason dialog's answer) and /unblock. */
export function useBuyerBlock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason?: ReasonInput }) =>
      api<AdminBuyerListItem>(`/admin/buyers/${id}/${reason ? 'block' : 'unblock'}`, {
        method: 'POST',
        body: reason,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
}
