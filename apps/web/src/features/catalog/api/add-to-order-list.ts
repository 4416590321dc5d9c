import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { getToken } from '../../../lib/auth-storage.ts';

/** Whether a seller-realm token is held (a buyer's token lives in the same slot; the server tells the roles apart). */
export const hasSession = () => getToken('seller') !== null;

/** POST /api/buyer/cart/items: adds the product to the buyer's order list (or raises its quantity). */
export const addToOrderList = (productId: string, quantity: number) =>
  api<unknown>('/buyer/cart/items', { method: 'POST', body: { productId, quantity }, realm: 'seller' });

export function useAddToOrderList() {
  return useMutation({
    mutationFn: ({ productId, quantity }: { productId: string; quantity: number }) =>
      addToOrderList(productId, quantity),
  });
}
