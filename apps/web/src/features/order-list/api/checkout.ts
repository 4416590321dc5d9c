import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckoutResponse } from '@ub/shared';
import { api } from '../../../lib/api.ts';
import { CART_KEY } from './cart.ts';

export const checkout = (addressId: string) =>
  api<CheckoutResponse>('/buyer/cart/checkout', { method: 'POST', body: { addressId } });

/** Places one order per seller; the list and the buyer's orders are read again whatever the outcome. */
export function useCheckout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: checkout,
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: CART_KEY });
      void qc.invalidateQueries({ queryKey: ['buyer', 'orders'] });
    },
  });
}
