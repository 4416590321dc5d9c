import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RequirementAttachmentItem } from '@ub/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/buyer/requirements/:id/attachments: photos, PDFs or drawings, multipart, repeated field "files". */
export function addAttachments(requirementId: string, files: File[]) {
  const form = new FormData();
  for (const f of files) form.append('files', f);
  return api<{ attachments: RequirementAttachmentItem[] }>(`/buyer/requirements/${requirementId}/attachments`, {
    method: 'POST',
    body: form,
  });
}

export function useAddAttachments() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ requirementId, files }: { requirementId: string; files: File[] }) =>
      addAttachments(requirementId, files),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['buyer', 'requirements'] }),
  });
}
