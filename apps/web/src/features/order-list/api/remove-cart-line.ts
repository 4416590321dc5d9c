import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartResponse } from '@ub/shared';
import { api } from '../../../lib/api.ts';
import { CART_KEY } from './cart.ts';

export const removeCartLine = (productId: string) =>
  api<CartResponse>(`/buyer/cart/items/${productId}`, { method: 'DELETE' });

export function useRemoveCartLine() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: removeCartLine,
    onSuccess: (cart) => qc.setQueryData(CART_KEY, cart),
    onError: () => qc.invalidateQueries({ queryKey: CART_KEY }),
  });
}
