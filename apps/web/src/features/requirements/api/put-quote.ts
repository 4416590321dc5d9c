import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyRequirementQuote, requirementQuoteSchema } from '@ub/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

/** PUT /api/requirements/:id/quote: quote, or revise my quote. */
export const putQuote = (id: string, body: z.output<typeof requirementQuoteSchema>) =>
  api<MyRequirementQuote>(`/requirements/${id}/quote`, { method: 'PUT', body });

export function usePutQuote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: z.output<typeof requirementQuoteSchema>) => putQuote(id, body),
    onSettled: () => qc.invalidateQueries({ queryKey: ['requirements', 'board'] }),
  });
}
