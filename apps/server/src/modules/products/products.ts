import {
  isAllowedGstRate,
  MAX_PRODUCT_IMAGES,
  type ManufacturerStatus,
  type ModerationStatus,
  PRODUCT_MESSAGES,
  type ProductDetail,
  type ProductListItem,
  type ProductListResponse,
  type ProductPayload,
  type ProductSort,
} from '@ub/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Database, Db } from '../../db/client.ts';
import { productMedia, products } from '../../db/schema/index.ts';
import { badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import {
  COUNT_AHEAD_PAGES,
  pageWithTotal,
  prefixPattern,
  SEARCH_WINDOW,
  searchDocument,
  searchPage,
  searchQuery,
} from '../../lib/search.ts';
import type { Storage } from '../../lib/storage.ts';
import { type CheckedImage, storeImage } from '../../lib/uploads.ts';
import { getSiteSettings } from '../site/site-settings.ts';
import { transaction } from '../../lib/transaction.ts';

type ProductRow = typeof products.$inferSelect;
type MediaRow = typeof productMedia.$inferSelect;

export const mediaUrl = (key: string) => `/api/media/${key}`;

/** New products wait for moderation, unless the site auto-approves products of verified sellers. */
export async function initialModeration(db: Db, manufacturerStatus: ManufacturerStatus | null | undefined) {
  const settings = await getSiteSettings(db);
  const status: ModerationStatus =
    settings.autoApproveVerifiedSellers && manufacturerStatus === 'approved' ? 'approved' : 'pending';
  return { status, gstRates: settings.gstRates };
}

/** The database-dependent check the shared schema cannot make: the GST rate must be one the site offers. */
export function checkGstRate(rate: number | undefined, rates: readonly number[]): string | undefined {
  if (rate === undefined || isAllowedGstRate(rate, rates)) return undefined;
  return `GST rate must be one of ${rates.join(', ')}.`;
}

/** Column values for a validated payload of `manufacturerId` (shared by create, update and the CSV importer). */
export function toColumns(p: ProductPayload, manufacturerId: string) {
  return {
    name: p.name,
    description: p.description,
    sku: p.sku,
    price: p.price.toFixed(2),
    moq: p.moq,
    stock: p.stock,
    unit: p.unit,
    brand: p.brand ?? null,
    category: p.category ?? null,
    subCategory: p.subCategory ?? null,
    modelNumber: p.modelNumber ?? null,
    sizes: p.sizes,
    colors: p.colors,
    material: p.material ?? null,
    dimensions: p.dimensions ?? null,
    weight: p.weight ?? null,
    packaging: p.packaging ?? null,
    hsnCode: p.hsn_code ?? null,
    gstPercentage: p.gst_percentage === undefined ? null : String(p.gst_percentage),
    status: p.status,
    searchDoc: searchDocument(manufacturerId, p.name, p.sku),
  };
}

export function toDetail(row: ProductRow, media: MediaRow[]): ProductDetail {
  const items = media.map((m) => ({
    id: m.id,
    url: mediaUrl(m.storageKey),
    thumb_url: mediaUrl(m.thumbKey),
    width: m.width,
    height: m.height,
    name: m.originalName,
  }));
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    sku: row.sku,
    price: row.price,
    moq: row.moq,
    stock: row.stock,
    unit: row.unit,
    brand: row.brand,
    category: row.category,
    subCategory: row.subCategory,
    modelNumber: row.modelNumber,
    sizes: row.sizes,
    colors: row.colors,
    material: row.material,
    dimensions: row.dimensions,
    weight: row.weight,
    packaging: row.packaging,
    hsn_code: row.hsnCode,
    gst_percentage: row.gstPercentage === null ? null : Number(row.gstPercentage),
    status: row.status,
    moderation_status: row.moderationStatus,
    moderation_reason: row.moderationReason,
    media: items,
    media_urls: items.map((m) => m.url),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const skuConflict = () => conflict(PRODUCT_MESSAGES.skuTaken, { sku: PRODUCT_MESSAGES.skuTaken });

export async function createProduct(
  db: Db,
  manufacturerId: string,
  manufacturerStatus: ManufacturerStatus | null | undefined,
  payload: ProductPayload,
): Promise<ProductRow> {
  const { status: moderationStatus, gstRates } = await initialModeration(db, manufacturerStatus);
  const gstError = checkGstRate(payload.gst_percentage, gstRates);
  if (gstError) throw badRequest(gstError, { gst_percentage: gstError });
  try {
    const [row] = await db
      .insert(products)
      // A time-ordered id, like the bulk importer's (see insertBatch there).
      .values({ id: uuidv7(), manufacturerId, ...toColumns(payload, manufacturerId), moderationStatus })
      .returning();
    if (!row) throw new Error('product insert returned nothing');
    return row;
  } catch (err) {
    if (isUniqueViolation(err, 'products_mfr_sku_key')) throw skuConflict();
    throw err;
  }
}

/** The caller's own product, or 404 (another seller's product is indistinguishable from a missing one). */
export async function findOwnProduct(db: Db, manufacturerId: string, id: string): Promise<ProductRow> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.manufacturerId, manufacturerId)));
  if (!row) throw notFound('Product not found');
  return row;
}

export async function mediaOf(db: Db, productId: string): Promise<MediaRow[]> {
  return db
    .select()
    .from(productMedia)
    .where(eq(productMedia.productId, productId))
    .orderBy(asc(productMedia.position), asc(productMedia.createdAt));
}

export async function getProductDetail(db: Db, manufacturerId: string, id: string): Promise<ProductDetail> {
  const row = await findOwnProduct(db, manufacturerId, id);
  return toDetail(row, await mediaOf(db, id));
}

/**
 * Replaces every field of the caller's product and removes the listed images. The removed files are deleted
 * from storage after the rows are gone, so a failed write never leaves a row pointing at a missing file.
 */
export async function updateProduct(
  db: Db,
  storage: Storage,
  manufacturerId: string,
  id: string,
  payload: ProductPayload,
  removeMediaIds: string[],
): Promise<{ before: ProductRow; after: ProductDetail }> {
  const before = await findOwnProduct(db, manufacturerId, id);
  const { gstRates } = await initialModeration(db, null);
  const gstError = checkGstRate(payload.gst_percentage, gstRates);
  if (gstError) throw badRequest(gstError, { gst_percentage: gstError });
  let removed: MediaRow[] = [];
  try {
    await transaction(db, async (tx) => {
      await tx
        .update(products)
        .set({ ...toColumns(payload, manufacturerId), updatedAt: new Date() })
        .where(eq(products.id, id));
      if (removeMediaIds.length) {
        removed = await tx
          .delete(productMedia)
          .where(and(eq(productMedia.productId, id), inArray(productMedia.id, removeMediaIds)))
          .returning();
      }
    });
  } catch (err) {
    if (isUniqueViolation(err, 'products_mfr_sku_key')) throw skuConflict();
    throw err;
  }
  await deleteFiles(storage, removed);
  const row = await findOwnProduct(db, manufacturerId, id);
  return { before, after: toDetail(row, await mediaOf(db, id)) };
}

export async function deleteProduct(db: Db, storage: Storage, manufacturerId: string, id: string) {
  const row = await findOwnProduct(db, manufacturerId, id);
  const media = await mediaOf(db, id);
  await db.delete(products).where(eq(products.id, id));
  await deleteFiles(storage, media);
  return row;
}

async function deleteFiles(storage: Storage, media: MediaRow[]) {
  await Promise.all(media.flatMap((m) => [storage.delete(m.storageKey), storage.delete(m.thumbKey)]));
}

/**
 * Stores checked images for the caller's product. The limit of images per product counts what is already there.
 * If recording the rows fails, the files just written are removed again.
 */
export async function addProductMedia(
  db: Db,
  storage: Storage,
  manufacturerId: string,
  productId: string,
  images: CheckedImage[],
): Promise<ProductDetail> {
  const row = await findOwnProduct(db, manufacturerId, productId);
  const existing = await mediaOf(db, productId);
  if (existing.length + images.length > MAX_PRODUCT_IMAGES) {
    throw badRequest(`A product can have at most ${MAX_PRODUCT_IMAGES} images.`);
  }
  const stored: Array<Awaited<ReturnType<typeof storeImage>>> = [];
  try {
    for (const image of images) stored.push(await storeImage(storage, `products/${productId}`, image));
    const nextPosition = existing.reduce((max, m) => Math.max(max, m.position + 1), 0);
    await db.insert(productMedia).values(
      images.map((image, i) => ({
        productId,
        storageKey: stored[i]?.storageKey as string,
        thumbKey: stored[i]?.thumbKey as string,
        mime: stored[i]?.mime as string,
        width: image.width,
        height: image.height,
        position: nextPosition + i,
        originalName: image.name,
      })),
    );
  } catch (err) {
    await Promise.all(stored.flatMap((s) => [storage.delete(s.storageKey), storage.delete(s.thumbKey)]));
    throw err;
  }
  return toDetail(row, await mediaOf(db, productId));
}

const SORT_SQL: Record<ProductSort, string> = {
  newest: 'p.created_at desc, p.id desc',
  oldest: 'p.created_at asc, p.id asc',
  name_asc: 'p.name asc, p.id asc',
  name_desc: 'p.name desc, p.id desc',
  price_asc: 'p.price asc, p.id asc',
  price_desc: 'p.price desc, p.id desc',
  stock_asc: 'p.stock asc, p.id asc',
  stock_desc: 'p.stock desc, p.id desc',
};

export interface ListFilter {
  q?: string;
  status?: 'active' | 'inactive';
  moderation?: ModerationStatus;
  sort: ProductSort;
  page: number;
  pageSize: number;
}

interface ProductListRow {
  id: string;
  name: string;
  sku: string;
  price: string;
  moq: number;
  stock: number;
  unit: string;
  category: string | null;
  status: 'active' | 'inactive';
  moderation_status: ModerationStatus;
  created_at: Date | string;
  thumb_key: string | null;
}

/**
 * One page of the seller's products, filtered, searched and sorted in SQL, with each first image's thumbnail. The
 * search matches words of the name and SKU (lib/search.ts) or the start of the SKU as typed ("PKG-1" finds
 * PKG-100). The unfiltered total is exact, from the seller's counter; other totals are counted a few pages ahead.
 */
export async function listProducts(
  database: Database,
  manufacturerId: string,
  f: ListFilter,
): Promise<ProductListResponse> {
  const params: unknown[] = [manufacturerId];
  let filterSql = '';
  if (f.status) {
    params.push(f.status);
    filterSql += ` and p.status = $${params.length}`;
  }
  if (f.moderation) {
    params.push(f.moderation);
    filterSql += ` and p.moderation_status = $${params.length}`;
  }
  const order = `order by ${SORT_SQL[f.sort]}`;
  const offset = (f.page - 1) * f.pageSize;
  const columns =
    'p.id, p.name, p.sku, p.price, p.moq, p.stock, p.unit, p.category, p.status, p.moderation_status, p.created_at';
  // The first image is looked up for the page's rows only.
  const withThumb = (pageSql: string, extra = '') =>
    `select p.id, p.name, p.sku, p.price::text as price, p.moq, p.stock, p.unit, p.category, p.status,
            p.moderation_status, p.created_at${extra},
            (select m.thumb_key from product_media m where m.product_id = p.id
              order by m.position, m.created_at limit 1) as thumb_key
       from (${pageSql}) p ${order}`;
  const cap = (f.page + COUNT_AHEAD_PAGES) * f.pageSize;
  let rows: ProductListRow[];
  let total: number;
  let exact: boolean;

  if (!f.q) {
    // The whole list's total is the seller's counter, exact; a filtered one is counted a few pages ahead.
    const page = await pageWithTotal<ProductListRow>(
      database,
      filterSql
        ? `select count(*) from (select 1 from products p where p.manufacturer_id = $1${filterSql} limit ${cap + 1}) c`
        : `select coalesce(sum(value), 0) from seller_counters where manufacturer_id = $1 and counter = 'products'`,
      (totalColumn) =>
        withThumb(
          `select ${columns}, ${totalColumn} from products p where p.manufacturer_id = $1${filterSql} ${order}
            limit ${f.pageSize} offset ${offset}`,
          ', p.matched',
        ),
      params,
    );
    rows = page.rows;
    exact = !filterSql || page.total <= cap;
    total = exact ? page.total : cap;
  } else {
    params.push(prefixPattern(f.q));
    const bySku = `(p.manufacturer_id = $1 and lower(p.sku) like $${params.length})`;
    const words = searchQuery(manufacturerId, f.q);
    if (words) params.push(words);
    const match = words ? `(p.search_doc @@ $${params.length}::tsquery or ${bySku})` : bySku;
    // Words are keyed by seller, so a match is this seller's; the manufacturer check after the match is a second
    // fence that leaves the planner's choice of index alone.
    const found = await searchPage<ProductListRow>(database, {
      params,
      offset,
      limit: f.pageSize,
      cap,
      countSql: `select count(*)::int from (select p.manufacturer_id from products p where ${match}${filterSql}
                    limit ${cap + 1}) p
                  where p.manufacturer_id = $1`,
      // Reading the newest rows first only helps the newest-first order, the one its index serves.
      windowSql:
        f.sort === 'newest'
          ? (max, need, counted) =>
              withThumb(
                `select *, ${counted} from (select ${columns}, count(*) over () as matched
                    from (select ${columns}, p.manufacturer_id, p.search_doc from products p
                           where p.manufacturer_id = $1${filterSql} ${order} limit ${SEARCH_WINDOW}) p
                   where ${match} ${order} limit ${max}) p
                  ${order} limit ${need}`,
                ', p.matched, p.counted',
              )
          : null,
      allSql: withThumb(
        `select *, count(*) over () as matched
           from (select ${columns}, p.manufacturer_id from products p where ${match}${filterSql} offset 0) p
          where p.manufacturer_id = $1 ${order} limit ${f.pageSize} offset ${offset}`,
        ', p.matched',
      ),
    });
    ({ rows, total, exact } = found);
  }
  const items: ProductListItem[] = rows.map((r) => ({
    id: r.id,
    name: r.name,
    sku: r.sku,
    price: r.price,
    moq: r.moq,
    stock: r.stock,
    unit: r.unit,
    category: r.category,
    status: r.status,
    moderation_status: r.moderation_status,
    thumbnail_url: r.thumb_key ? mediaUrl(r.thumb_key) : null,
    created_at: new Date(r.created_at).toISOString(),
  }));
  return {
    products: items,
    total,
    totalExact: exact,
    page: f.page,
    pageSize: f.pageSize,
  };
}
