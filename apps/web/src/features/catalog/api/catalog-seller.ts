import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CatalogSellerProfile } from '@ub/shared';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './catalog-products.ts';
import { serverData } from './server-data.ts';

export const fetchCatalogSeller = (id: string, page: number) =>
  api<CatalogSellerProfile>(`/catalog/sellers/${id}${page > 1 ? `?page=${page}` : ''}`, { anonymous: true });

export function useCatalogSeller(id: string, page: number) {
  return useQuery({
    queryKey: catalogKeys.seller(id, page),
    queryFn: () => fetchCatalogSeller(id, page),
    initialData: () => serverData<CatalogSellerProfile>(),
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 30_000,
  });
}
