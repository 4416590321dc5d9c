import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { adminRequirementList, RequirementStatus } from '@ub/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type AdminRequirementPage = z.infer<typeof adminRequirementList>;
export interface AdminRequirementsQuery {
  page: number;
  search: string;
  status: RequirementStatus | '';
}

/** GET /api/admin/requirements. */
export function fetchAdminRequirements(q: AdminRequirementsQuery) {
  const params = new URLSearchParams({ page: String(q.page) });
  if (q.search) params.set('search', q.search);
  if (q.status) params.set('status', q.status);
  return api<AdminRequirementPage>(`/admin/requirements?${params}`);
}

export const adminRequirementsQuery = (q: AdminRequirementsQuery) =>
  queryOptions({
    queryKey: ['admin', 'requirements', q],
    queryFn: () => fetchAdminRequirements(q),
    placeholderData: keepPreviousData,
  });

export const useAdminRequirements = (q: AdminRequirementsQuery) => useQuery(adminRequirementsQuery(q));
