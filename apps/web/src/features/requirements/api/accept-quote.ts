import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { acceptRequirementQuoteResponse } from '@ub/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

/** POST /api/buyer/requirements/:id/quotes/:quoteId/accept: the quote becomes an accepted RFQ. */
export const acceptQuote = (id: string, quoteId: string) =>
  api<z.infer<typeof acceptRequirementQuoteResponse>>(`/buyer/requirements/${id}/quotes/${quoteId}/accept`, {
    method: 'POST',
  });

export function useAcceptQuote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (quoteId: string) => acceptQuote(id, quoteId),
    onSettled: () => qc.invalidateQueries({ queryKey: ['buyer'] }),
  });
}
