import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/requirements/:id/report: report a requirement as spam. */
export const reportRequirement = (id: string, reason: string) =>
  api<{ reported: true }>(`/requirements/${id}/report`, { method: 'POST', body: { reason } });

export function useReportRequirement(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => reportRequirement(id, reason),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['requirements', 'board'] }),
  });
}
