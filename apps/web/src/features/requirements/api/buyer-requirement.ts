import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BuyerRequirementDetail } from '@ub/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/buyer/requirements/:id: one requirement with its quotes side by side. */
export const fetchBuyerRequirement = (id: string) => api<BuyerRequirementDetail>(`/buyer/requirements/${id}`);

export const buyerRequirementQuery = (id: string) =>
  queryOptions({ queryKey: ['buyer', 'requirements', 'one', id], queryFn: () => fetchBuyerRequirement(id) });

export const useBuyerRequirement = (id: string) => useQuery(buyerRequirementQuery(id));
