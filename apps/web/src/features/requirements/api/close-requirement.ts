import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyerRequirementDetail } from '@ub/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/buyer/requirements/:id/close: close without accepting a quote. */
export const closeRequirement = (id: string, reason?: string) =>
  api<BuyerRequirementDetail>(`/buyer/requirements/${id}/close`, { method: 'POST', body: { reason } });

export function useCloseRequirement(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason?: string) => closeRequirement(id, reason),
    onSettled: () => qc.invalidateQueries({ queryKey: ['buyer', 'requirements'] }),
  });
}
