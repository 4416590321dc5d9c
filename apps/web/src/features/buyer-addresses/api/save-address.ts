import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BuyerAddress, BuyerAddressInput } from '@ub/shared';
import { api } from '../../../lib/api.ts';

export const saveAddress = ({ id, ...body }: BuyerAddressInput & { id?: string }) =>
  id
    ? api<BuyerAddress>(`/buyer/addresses/${id}`, { method: 'PUT', body })
    : api<BuyerAddress>('/buyer/addresses', { method: 'POST', body });

/** Adds an address (no id) or replaces one; the address book is read again either way. */
export function useSaveAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: saveAddress,
    onSettled: () => qc.invalidateQueries({ queryKey: ['buyer', 'addresses'] }),
  });
}
