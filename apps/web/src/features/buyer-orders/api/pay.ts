import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OrderPaymentsView, PaymentAttemptView, PayStartResponse } from '@ub/shared';
import { api } from '../../../lib/api.ts';

/** GET /api/buyer/orders/:id/payment: amount due, attempts with their state, refunds. */
export function useOrderPayment(id: string) {
  return useQuery({
    queryKey: ['buyer', 'order-payment', id],
    queryFn: () => api<OrderPaymentsView>(`/buyer/orders/${id}/payment`),
  });
}

export function useStartPayment(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (method: 'gateway' | 'bank_transfer') =>
      api<PayStartResponse>(`/buyer/orders/${id}/pay`, { method: 'POST', body: { method } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['buyer', 'order-payment', id] }),
  });
}

export function useSubmitUtr(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ attemptId, utr }: { attemptId: string; utr: string }) =>
      api<PaymentAttemptView>(`/buyer/payments/${attemptId}/utr`, { method: 'POST', body: { utr } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['buyer'] }),
  });
}

export function verifyPayment(orderId: string, body: Record<string, string>) {
  return api<PaymentAttemptView>(`/buyer/orders/${orderId}/pay/verify`, { method: 'POST', body });
}
