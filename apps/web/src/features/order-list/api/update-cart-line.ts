import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartResponse } from '@ub/shared';
import { api } from '../../../lib/api.ts';
import { CART_KEY } from './cart.ts';

export const updateCartLine = ({ productId, quantity }: { productId: string; quantity: number }) =>
  api<CartResponse>(`/buyer/cart/items/${productId}`, { method: 'PATCH', body: { quantity } });

/** Sets a line's quantity; the answer is the whole list, written straight into the cache. */
export function useUpdateCartLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateCartLine,
    onSuccess: (cart) => qc.setQueryData(CART_KEY, cart),
  });
}
