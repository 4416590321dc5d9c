import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CatalogList, CatalogQueryInput } from '@ub/shared';
import { api } from '../../../lib/api.ts';
import { serverData } from './server-data.ts';

export const catalogKeys = {
  list: (q: CatalogQueryInput) => ['catalog', 'products', q] as const,
  product: (id: string) => ['catalog', 'product', id] as const,
  seller: (id: string, page: number) => ['catalog', 'seller', id, page] as const,
};

/** The query string of a catalogue search: empty values left out. */
export function catalogSearchParams(q: CatalogQueryInput): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '' && v !== false) params.set(k, String(v));
  return params;
}

export const fetchCatalogProducts = (q: CatalogQueryInput) =>
  api<CatalogList>(`/catalog/products?${catalogSearchParams(q)}`, { anonymous: true });

export function useCatalogProducts(q: CatalogQueryInput) {
  return useQuery({
    queryKey: catalogKeys.list(q),
    queryFn: () => fetchCatalogProducts(q),
    initialData: () => serverData<CatalogList>(),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
