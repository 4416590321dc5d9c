import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { buyerRequirementList, RequirementStatus } from '@ub/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type BuyerRequirementPage = z.infer<typeof buyerRequirementList>;

/** GET /api/buyer/requirements: the buyer's requirements, optionally of one status. */
export function fetchBuyerRequirements(status: RequirementStatus | '', page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (status) params.set('status', status);
  return api<BuyerRequirementPage>(`/buyer/requirements?${params}`);
}

export const buyerRequirementsQuery = (status: RequirementStatus | '', page: number) =>
  queryOptions({
    queryKey: ['buyer', 'requirements', { status, page }],
    queryFn: () => fetchBuyerRequirements(status, page),
    placeholderData: keepPreviousData,
  });

export const useBuyerRequirements = (status: RequirementStatus | '', page: number) =>
  useQuery(buyerRequirementsQuery(status, page));
