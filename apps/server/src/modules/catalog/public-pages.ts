import {
  CATALOG_MESSAGES,
  CATEGORY_LABELS,
  catalogQuery,
  type CatalogList,
  type CatalogProductDetail,
  type CatalogQuery,
  type CatalogSellerProfile,
  catalogSellerQuery,
  formatCount,
  formatInr,
  productIdOf,
  productPath,
} from '@ub/shared';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { catalogProduct, catalogSeller } from './queries.ts';

/**
 * What the server puts in a public page's HTML (ADR 0019): its head (title, description, canonical address, Open
 * Graph, JSON-LD) and the data its first query would fetch, read through the same module functions as the API.
 */
export type PublicPageKind = 'landing' | 'products' | 'product' | 'seller';

export interface PublicPageHead {
  title: string;
  description: string;
  /** Path of the page's one address (the product's slug form, the list without its page number). */
  canonicalPath: string;
  ogType: 'website' | 'product' | 'profile';
  /** Absolute or site-relative image for link previews. */
  image?: string;
  jsonLd?: Record<string, unknown>;
  noindex?: boolean;
}

export interface PublicPage {
  kind: PublicPageKind;
  status: number;
  head: PublicPageHead;
  /** The first query's data; undefined when the page has none to render with (a bad query, a missing record). */
  data?: unknown;
}

const SITE = 'Udyog Bazaar';
const clip = (text: string, max = 160) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
};
const isNotFound = (err: unknown) => err instanceof AppError && err.code === 'not_found';

export const LANDING_HEAD: PublicPageHead = {
  title: `${SITE}: become a verified seller on India's B2B marketplace`,
  description:
    'Sell to verified buyers across India. Free setup, 24-hour verification, no monthly fees, secure payments and PAN India logistics for manufacturers, distributors and wholesalers.',
  canonicalPath: '/',
  ogType: 'website',
  jsonLd: { '@context': 'https://schema.org', '@type': 'Organization', name: SITE, url: '/' },
};

export async function productsPage(
  search: (q: CatalogQuery) => Promise<CatalogList>,
  query: Record<string, unknown>,
): Promise<PublicPage> {
  const parsed = catalogQuery.safeParse(query);
  const head: PublicPageHead = {
    title: `Products from Indian manufacturers · ${SITE}`,
    description:
      'Browse products from verified Indian manufacturers: compare prices, minimum order quantities and sellers, then request a quote or order.',
    canonicalPath: '/products',
    ogType: 'website',
  };
  if (!parsed.success) return { kind: 'products', status: 200, head: { ...head, noindex: true } };
  const q = parsed.data;
  const data: CatalogList = await search(q);
  if (q.category) {
    const label = CATEGORY_LABELS[q.category] ?? q.category;
    head.title = `${label} · Products · ${SITE}`;
    head.canonicalPath = `/products?category=${q.category}`;
  }
  if (q.q) head.title = `${q.q} · Products · ${SITE}`;
  // Searches and filtered views are many addresses of one list: only the list and its category views are indexed.
  const filtered = q.q || q.minPrice || q.maxPrice || q.maxMoq || q.state || q.verified || q.sort || q.page > 1;
  const first = data.products[0];
  return {
    kind: 'products',
    status: 200,
    head: { ...head, noindex: Boolean(filtered), image: first?.imageUrl ?? undefined },
    data,
  };
}

export async function productPage(database: Database, param: string): Promise<PublicPage> {
  const id = productIdOf(param);
  const missing: PublicPage = {
    kind: 'product',
    status: 404,
    head: {
      title: `${CATALOG_MESSAGES.notFound} · ${SITE}`,
      description: CATALOG_MESSAGES.notFound,
      canonicalPath: '/products',
      ogType: 'website',
      noindex: true,
    },
  };
  if (!id) return missing;
  let p: CatalogProductDetail;
  try {
    p = await catalogProduct(database, id);
  } catch (err) {
    if (isNotFound(err)) return missing;
    throw err;
  }
  const path = productPath(p);
  return {
    kind: 'product',
    status: 200,
    head: {
      title: `${p.name} · ${SITE}`,
      description: clip(
        `${formatInr(p.price)} per ${p.unit}, MOQ ${formatCount(p.moq)} ${p.unit}. ${p.seller.company}. ${p.description}`,
      ),
      canonicalPath: path,
      ogType: 'product',
      image: p.images[0]?.url,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: p.name,
        description: clip(p.description, 500),
        ...(p.images.length ? { image: p.images.map((m) => m.url) } : {}),
        ...(p.brand ? { brand: { '@type': 'Brand', name: p.brand } } : {}),
        ...(p.modelNumber ? { model: p.modelNumber } : {}),
        ...(p.category ? { category: CATEGORY_LABELS[p.category] ?? p.category } : {}),
        offers: {
          '@type': 'Offer',
          url: path,
          priceCurrency: 'INR',
          price: p.price,
          availability: p.stockState === 'out' ? 'https://schema.org/OutOfStock' : 'https://schema.org/InStock',
          eligibleQuantity: { '@type': 'QuantitativeValue', minValue: p.moq, unitText: p.unit },
          seller: { '@type': 'Organization', name: p.seller.company, url: `/sellers/${p.seller.id}` },
        },
      },
    },
    data: p,
  };
}

export async function sellerPage(
  database: Database,
  id: string,
  query: Record<string, unknown>,
  now: Date,
): Promise<PublicPage> {
  const missing: PublicPage = {
    kind: 'seller',
    status: 404,
    head: {
      title: `${CATALOG_MESSAGES.sellerNotFound} · ${SITE}`,
      description: CATALOG_MESSAGES.sellerNotFound,
      canonicalPath: '/products',
      ogType: 'website',
      noindex: true,
    },
  };
  const page = catalogSellerQuery.safeParse(query);
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id) || !page.success) return missing;
  let s: CatalogSellerProfile;
  try {
    s = await catalogSeller(database, id.toLowerCase(), page.data.page, now);
  } catch (err) {
    if (isNotFound(err)) return missing;
    throw err;
  }
  const where = [s.state, CATEGORY_LABELS[s.category] ?? s.category].filter(Boolean).join(', ');
  return {
    kind: 'seller',
    status: 200,
    head: {
      title: `${s.company} · ${SITE}`,
      description: clip(
        `${s.company}${where ? `, ${where}` : ''}${s.verified ? ', verified seller' : ''}: ${s.total} products on ${SITE}.`,
      ),
      canonicalPath: `/sellers/${s.id}`,
      ogType: 'profile',
      image: s.products[0]?.imageUrl ?? undefined,
      noindex: page.data.page > 1,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        name: s.company,
        url: `/sellers/${s.id}`,
        ...(s.state ? { address: { '@type': 'PostalAddress', addressRegion: s.state, addressCountry: 'IN' } } : {}),
      },
    },
    data: s,
  };
}
