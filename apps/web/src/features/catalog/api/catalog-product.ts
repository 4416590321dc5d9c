import { useQuery } from '@tanstack/react-query';
import type { CatalogProductDetail } from '@ub/shared';
import { api } from '../../../lib/api.ts';
import { catalogKeys } from './catalog-products.ts';
import { serverData } from './server-data.ts';

export const fetchCatalogProduct = (id: string) =>
  api<CatalogProductDetail>(`/catalog/products/${id}`, { anonymous: true });

export function useCatalogProduct(id: string) {
  return useQuery({
    queryKey: catalogKeys.product(id),
    queryFn: () => fetchCatalogProduct(id),
    initialData: () => serverData<CatalogProductDetail>(),
    retry: false,
    staleTime: 30_000,
  });
}
