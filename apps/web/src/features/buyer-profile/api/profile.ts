import { useQuery } from '@tanstack/react-query';
import type { BuyerProfile } from '@ub/shared';
import { api } from '../../../lib/api.ts';

export const profileKey = ['buyer', 'profile'] as const;

/** GET /api/buyer/profile. */
export function useBuyerProfile() {
  return useQuery({ queryKey: profileKey, queryFn: () => api<BuyerProfile>('/buyer/profile') });
}
