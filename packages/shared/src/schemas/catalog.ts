import { z } from 'zod';
import { PRODUCT_CATEGORIES } from '../constants.ts';
import { INDIAN_STATE_NAMES } from '../indian-states.ts';

/** The public catalogue: what anyone may browse without signing in (ADR 0019 for how its pages are served). */

export const CATALOG_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc'] as const;
export type CatalogSort = (typeof CATALOG_SORTS)[number];

export const CATALOG_SORT_LABELS: Record<CatalogSort, string> = {
  relevance: 'Best match',
  newest: 'Newest first',
  price_asc: 'Price: low to high',
  price_desc: 'Price: high to low',
};

/** Products per catalogue page, and a seller page's products per page. */
export const CATALOG_PAGE_SIZE = 24;
/**
 * Facets and the total are counted over at most this many matches: exact up to it, beyond it lower bounds ("1,000+").
 * Matches of a common word lie one per heap page; counting 10,000 of them read 9,000 pages (ADR 0019).
 */
export const CATALOG_COUNT_CAP = 1000;

export const CATALOG_MESSAGES = {
  price: 'Enter a price in rupees, like 250 or 99.50.',
  priceRange: 'The lowest price cannot be above the highest.',
  moq: 'MOQ must be a whole number of at least 1.',
  state: 'Choose a state from the list.',
  category: 'Choose a category from the list.',
  sort: 'Choose a sort order from the list.',
  page: 'Page must be a whole number of at least 1.',
  search: 'Search is at most 100 characters.',
  notFound: 'This product is not available.',
  sellerNotFound: 'This seller is not on Udyog Bazaar.',
  signInToAdd: 'Sign in as a buyer to add products to your order list.',
  added: 'Added to your order list.',
} as const;

const price = z
  .string()
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, CATALOG_MESSAGES.price)
  .optional();
/** A query parameter the page's form left empty counts as absent. */
const blankless = (v: unknown) => (v === '' ? undefined : v);

export const catalogQuery = z
  .object({
    q: z.preprocess(blankless, z.string().trim().max(100, CATALOG_MESSAGES.search).optional()),
    category: z.preprocess(blankless, z.enum(PRODUCT_CATEGORIES, CATALOG_MESSAGES.category).optional()),
    minPrice: z.preprocess(blankless, price),
    maxPrice: z.preprocess(blankless, price),
    maxMoq: z.preprocess(
      blankless,
      z.coerce.number(CATALOG_MESSAGES.moq).int(CATALOG_MESSAGES.moq).min(1, CATALOG_MESSAGES.moq).optional(),
    ),
    state: z.preprocess(blankless, z.enum(INDIAN_STATE_NAMES, CATALOG_MESSAGES.state).optional()),
    verified: z.preprocess(blankless, z.enum(['true', 'false']).optional()).transform((v) => v === 'true'),
    sort: z.preprocess(blankless, z.enum(CATALOG_SORTS, CATALOG_MESSAGES.sort).optional()),
    page: z.preprocess(
      blankless,
      z.coerce
        .number(CATALOG_MESSAGES.page)
        .int(CATALOG_MESSAGES.page)
        .min(1, CATALOG_MESSAGES.page)
        .max(1000, CATALOG_MESSAGES.page)
        .default(1),
    ),
  })
  .refine((v) => !v.minPrice || !v.maxPrice || Number(v.minPrice) <= Number(v.maxPrice), {
    message: CATALOG_MESSAGES.priceRange,
    path: ['maxPrice'],
  });
export type CatalogQuery = z.infer<typeof catalogQuery>;
export type CatalogQueryInput = z.input<typeof catalogQuery>;

export const catalogProduct = z.object({
  id: z.string(),
  name: z.string(),
  price: z.string(),
  unit: z.string(),
  moq: z.number(),
  imageUrl: z.string().nullable(),
  thumbnailUrl: z.string().nullable(),
  category: z.string().nullable(),
  sellerId: z.string(),
  sellerName: z.string(),
  sellerState: z.string().nullable(),
  verified: z.boolean(),
});
export type CatalogProduct = z.infer<typeof catalogProduct>;

const facetCount = z.object({ value: z.string(), count: z.number() });
export type FacetCount = z.infer<typeof facetCount>;

export const catalogList = z.object({
  products: z.array(catalogProduct),
  /** Matches, exact up to CATALOG_COUNT_CAP; `exact` false means "at least this many". */
  total: z.number(),
  exact: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  facets: z.object({
    category: z.array(facetCount),
    state: z.array(facetCount),
    /** Price bands in rupees: `under_500`, `500_2000`, `2000_10000`, `over_10000`. */
    price: z.array(facetCount),
  }),
});
export type CatalogList = z.infer<typeof catalogList>;

export const PRICE_BANDS = [
  { value: 'under_500', label: 'Under ₹500', min: undefined, max: '499.99' },
  { value: '500_2000', label: '₹500 to ₹2,000', min: '500', max: '1999.99' },
  { value: '2000_10000', label: '₹2,000 to ₹10,000', min: '2000', max: '9999.99' },
  { value: 'over_10000', label: '₹10,000 and above', min: '10000', max: undefined },
] as const;

export const STOCK_STATES = ['in_stock', 'low', 'out'] as const;
export type StockState = (typeof STOCK_STATES)[number];
export const STOCK_STATE_LABELS: Record<StockState, string> = {
  in_stock: 'In stock',
  low: 'Low stock',
  out: 'Out of stock',
};
/** Stock at or below this many MOQs shows as "low"; the number itself is never shown to buyers. */
const LOW_STOCK_MOQS = 5;

/** The one stock rule buyers see (catalogue and order list): out when not even the MOQ is left. */
export function stockStateOf(stock: number, moq: number): StockState {
  if (stock <= 0 || stock < moq) return 'out';
  return stock <= moq * LOW_STOCK_MOQS ? 'low' : 'in_stock';
}

export const catalogSellerCard = z.object({
  id: z.string(),
  company: z.string(),
  state: z.string().nullable(),
  category: z.string(),
  verified: z.boolean(),
  /** When the platform approved the seller (ISO time); null when not recorded. */
  since: z.string().nullable(),
});
export type CatalogSellerCard = z.infer<typeof catalogSellerCard>;

export const catalogProductDetail = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  unit: z.string(),
  moq: z.number(),
  stockState: z.enum(STOCK_STATES),
  category: z.string().nullable(),
  subCategory: z.string().nullable(),
  hsnCode: z.string().nullable(),
  gstRate: z.string().nullable(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  material: z.string().nullable(),
  brand: z.string().nullable(),
  modelNumber: z.string().nullable(),
  dimensions: z.string().nullable(),
  weight: z.string().nullable(),
  packaging: z.string().nullable(),
  images: z.array(z.object({ url: z.string(), thumbUrl: z.string(), width: z.number(), height: z.number() })),
  seller: catalogSellerCard,
  updatedAt: z.string(),
});
export type CatalogProductDetail = z.infer<typeof catalogProductDetail>;

export const catalogSellerQuery = z.object({
  page: z.preprocess(
    blankless,
    z.coerce
      .number(CATALOG_MESSAGES.page)
      .int(CATALOG_MESSAGES.page)
      .min(1, CATALOG_MESSAGES.page)
      .max(1000)
      .default(1),
  ),
});

export const catalogSellerProfile = catalogSellerCard.extend({
  /** Share of RFQs (last 365 days) the seller answered, 0 to 100; null before the first RFQ. */
  responseRate: z.number().nullable(),
  /** Median hours from an RFQ to the seller's first answer; null when none was answered. */
  responseHours: z.number().nullable(),
  rfqCount: z.number(),
  products: z.array(catalogProduct),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type CatalogSellerProfile = z.infer<typeof catalogSellerProfile>;

/** `/products/<id>-<readable words>`: the id is what counts; the words are for people and search engines. */
export function productSlug(name: string): string {
  return name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}

export function productPath(p: { id: string; name: string }): string {
  const slug = productSlug(p.name);
  return slug ? `/products/${p.id}-${slug}` : `/products/${p.id}`;
}

/** The id in `/products/<id>` or `/products/<id>-<slug>`; null when it does not start with one. */
export function productIdOf(param: string): string | null {
  const m = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-.*)?$/i.exec(param);
  return m?.[1]?.toLowerCase() ?? null;
}
