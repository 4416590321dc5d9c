import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminRequirementDetail } from '@ub/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/admin/requirements/:id: with its quotes and spam reports. */
export const fetchAdminRequirement = (id: string) => api<AdminRequirementDetail>(`/admin/requirements/${id}`);

export const adminRequirementQuery = (id: string) =>
  queryOptions({ queryKey: ['admin', 'requirements', 'one', id], queryFn: () => fetchAdminRequirement(id) });

export const useAdminRequirement = (id: string) => useQuery(adminRequirementQuery(id));

/** POST /api/admin/requirements/:id/close: remove as spam, with the reason the buyer reads. */
export const removeRequirement = (id: string, reason: string) =>
  api<AdminRequirementDetail>(`/admin/requirements/${id}/close`, { method: 'POST', body: { reason } });

export function useRemoveRequirement(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => removeRequirement(id, reason),
    onSettled: () => qc.invalidateQueries({ queryKey: ['admin', 'requirements'] }),
  });
}
