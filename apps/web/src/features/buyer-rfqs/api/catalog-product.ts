import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/**
 * The few fields the RFQ form needs from the public catalogue's product (GET /api/catalog/products/:id, built by
 * the catalogue). Read leniently until its shared schema is merged: the seller's id may be `manufacturerId`,
 * `sellerId` or `seller.id`.
 */
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

type Raw = Record<string, unknown> & { seller?: Record<string, unknown> };

export function toRfqProduct(raw: Raw): RfqProduct | null {
  const p = (raw.product as Raw | undefined) ?? raw;
  const seller = p.seller ?? {};
  const manufacturerId = (p.manufacturerId ?? p.sellerId ?? seller.id) as string | undefined;
  if (typeof p.id !== 'string' || typeof p.name !== 'string' || !manufacturerId) return null;
  return {
    id: p.id,
    name: p.name,
    category: (p.category as string | null | undefined) ?? null,
    unit: (p.unit as string | undefined) ?? 'piece',
    moq: Number(p.moq ?? 1) || 1,
    price: p.price === undefined || p.price === null ? null : String(p.price),
    manufacturerId,
    sellerName: ((p.sellerName ?? seller.companyName ?? seller.name) as string | undefined) ?? null,
  };
}

export async function fetchRfqProduct(id: string): Promise<RfqProduct> {
  const product = toRfqProduct(await api<Raw>(`/catalog/products/${id}`));
  if (!product) throw new Error('This product could not be read. Open it from the catalogue and try again.');
  return product;
}

export const rfqProductQuery = (id: string) =>
  queryOptions({ queryKey: ['catalog', 'product', id, 'rfq'], queryFn: () => fetchRfqProduct(id), retry: false });

export function useRfqProduct(id: string | null) {
  return useQuery({ ...rfqProductQuery(id ?? ''), enabled: Boolean(id) });
}
