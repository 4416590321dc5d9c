import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyerProfile, BuyerProfileUpdate } from '@ub/shared';
import { api } from '../../../lib/api.ts';
import { sessionQueryKey } from '../../auth/session.tsx';
import { profileKey } from './profile.ts';

/** PUT /api/buyer/profile: the saved profile replaces the cached one; the user menu's name is read again. */
export function useSaveBuyerProfile() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BuyerProfileUpdate) => api<BuyerProfile>('/buyer/profile', { method: 'PUT', body }),
    onSuccess: (saved) => {
      qc.setQueryData(profileKey, saved);
      void qc.invalidateQueries({ queryKey: sessionQueryKey('seller') });
    },
  });
}
