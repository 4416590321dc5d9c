import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DisputeEvidenceItem } from '@ub/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/buyer/disputes/:id/evidence: photos or PDFs, multipart, repeated field "files". */
export function addEvidence(disputeId: string, files: File[]) {
  const form = new FormData();
  for (const f of files) form.append('files', f);
  return api<{ evidence: DisputeEvidenceItem[] }>(`/buyer/disputes/${disputeId}/evidence`, {
    method: 'POST',
    body: form,
  });
}

export function useAddEvidence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ disputeId, files }: { disputeId: string; files: File[] }) => addEvidence(disputeId, files),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['buyer'] }),
  });
}
