import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const deleteAddress = (id: string) => api<null>(`/buyer/addresses/${id}`, { method: 'DELETE' });

export function useDeleteAddress() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSettled: () => qc.invalidateQueries({ queryKey: ['buyer', 'addresses'] }),
  });
}
