import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { buyerRfqResponseSchema, RfqItem } from '@ub/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type RfqResponse = z.input<typeof buyerRfqResponseSchema>;

export const respondRfq = (id: string, body: RfqResponse) =>
  api<RfqItem>(`/buyer/rfqs/${id}/respond`, { method: 'POST', body });

/** Accept, reject or counter the seller's latest offer; RFQ lists and the record are read again either way. */
export function useRespondRfq(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: RfqResponse) => respondRfq(id, body),
    onSettled: () => qc.invalidateQueries({ queryKey: ['buyer', 'rfqs'] }),
  });
}
