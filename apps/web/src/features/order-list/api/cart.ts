import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartResponse } from '@ub/shared';
import { api } from '../../../lib/api.ts';

export const CART_KEY = ['buyer', 'cart'] as const;

export const fetchCart = () => api<CartResponse>('/buyer/cart');

export const cartQuery = () => queryOptions({ queryKey: CART_KEY, queryFn: fetchCart });

/** The order list grouped by seller. */
export function useCart() {
  return useQuery(cartQuery());
}
