import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/buyer/orders/:id/cancel: the buyer cancels a pending or processing order, with a reason. */
export function useCancelBuyerOrder(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => api(`/buyer/orders/${id}/cancel`, { method: 'POST', body: { reason } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['buyer'] }),
  });
}
