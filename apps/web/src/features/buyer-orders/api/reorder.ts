import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderResponse } from '@ub/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/buyer/orders/:id/reorder: the past order's still-listed products go back on the order list. */
export function useReorder(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api<ReorderResponse>(`/buyer/orders/${id}/reorder`, { method: 'POST' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['buyer', 'cart'] }),
  });
}
