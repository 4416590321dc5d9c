import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CatalogProductDetail } from '@ub/shared';
import { api } from '../../../lib/api.ts';

/** The few fields the RFQ form needs from the public catalogue's product (GET /api/catalog/products/:id). */
export interface RfqProduct {
  id: string;
  name: string;
  category: string | null;
  unit: string;
  moq: number;
  price: string | null;
  manufacturerId: string;
  sellerName: string | null;
}

export function toRfqProduct(p: CatalogProductDetail): RfqProduct {
  return {
    id: p.id,
    name: p.name,
    category: p.category,
    unit: p.unit,
    moq: p.moq,
    price: p.price,
    manufacturerId: p.seller.id,
    sellerName: p.seller.company,
  };
}

export async function fetchRfqProduct(id: string): Promise<RfqProduct> {
  return toRfqProduct(await api<CatalogProductDetail>(`/catalog/products/${id}`));
}

export const rfqProductQuery = (id: string) =>
  queryOptions({ queryKey: ['catalog', 'product', id, 'rfq'], queryFn: () => fetchRfqProduct(id), retry: false });

export function useRfqProduct(id: string | null) {
  return useQuery({ ...rfqProductQuery(id ?? ''), enabled: Boolean(id) });
}
