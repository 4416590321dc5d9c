import { queryOptions, useQuery } from '@tanstack/react-query';
import type { buyerAddressList } from '@ub/shared';
import type { z } from 'zod';
import { api } from '../../../lib/api.ts';

export type AddressList = z.infer<typeof buyerAddressList>;

export const fetchAddresses = () => api<AddressList>('/buyer/addresses');

export const addressesQuery = () => queryOptions({ queryKey: ['buyer', 'addresses'], queryFn: fetchAddresses });

/** The buyer's address book, default first. */
export function useAddresses() {
  return useQuery(addressesQuery());
}
