import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { requirementCreateSchema } from '@ub/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

/** POST /api/buyer/requirements: post a requirement to the board. */
export const createRequirement = (body: z.output<typeof requirementCreateSchema>) =>
  api<{ id: string; number: string }>('/buyer/requirements', { method: 'POST', body });

export function useCreateRequirement() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createRequirement,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['buyer', 'requirements'] }),
  });
}
