import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OrderDetail } from '@ub/shared';
import { api } from '../../../lib/api.ts';

export const confirmOrder = (orderId: string, addressId: string) =>
  api<OrderDetail>(`/buyer/orders/${orderId}/confirm`, { method: 'POST', body: { addressId } });

/** Confirms an order converted from an RFQ with the chosen address. */
export function useConfirmOrder(orderId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (addressId: string) => confirmOrder(orderId, addressId),
    onSuccess: (order) => qc.setQueryData(['buyer', 'orders', 'one', orderId], order),
    // The RFQ page reads the order under ['buyer', 'orders', 'one', id], the order's own page under ['buyer', 'order', id].
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['buyer', 'orders'] }),
        qc.invalidateQueries({ queryKey: ['buyer', 'order', orderId] }),
      ]),
  });
}
