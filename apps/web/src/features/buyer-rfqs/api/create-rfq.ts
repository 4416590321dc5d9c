import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { rfqCreateSchema } from '@ub/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export const createRfq = (body: z.input<typeof rfqCreateSchema>) =>
  api<{ id: string; number: string }>('/buyer/rfqs', { method: 'POST', body });

export function useCreateRfq() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createRfq,
    onSuccess: () => qc.invalidateQueries({ queryKey: ['buyer', 'rfqs'] }),
  });
}
