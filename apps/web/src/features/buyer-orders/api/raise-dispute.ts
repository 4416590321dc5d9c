import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/buyer/orders/:id/disputes: the buyer raises a dispute with a message. */
export function useRaiseDispute(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api<{ id: string; status: string }>(`/buyer/orders/${id}/disputes`, { method: 'POST', body: { reason } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['buyer'] }),
  });
}
