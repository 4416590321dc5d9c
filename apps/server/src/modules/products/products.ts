import {
  approvalBlocker,
  changesNeedingReview,
  describeReviewedChanges,
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
  type ReviewedChange,
} from '@ub/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Database, Db } from '../../db/client.ts';
import { manufacturers, productMedia, products } from '../../db/schema/index.ts';
import { badRequest, conflict, isCheckViolation, isUniqueViolation, notFound } from '../../lib/errors.ts';
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
import { deleteRowsThenFiles, storeFilesWithRows } from '../../lib/stored-files.ts';
import { type CheckedImage, imageFiles } from '../../lib/uploads.ts';
import { getSiteSettings } from '../site/site-settings.ts';

type ProductRow = typeof products.$inferSelect;
type MediaRow = typeof productMedia.$inferSelect;

export const mediaUrl = (key: string) => `/api/media/${key}`;

/** Whether the site auto-approves this seller's products (verified sellers, with the site switch on). */
export async function initialModeration(db: Db, manufacturerStatus: ManufacturerStatus | null | undefined) {
  const settings = await getSiteSettings(db);
  const autoApprove = settings.autoApproveVerifiedSellers && manufacturerStatus === 'approved';
  return { autoApprove, gstRates: settings.gstRates };
}

/** The same, for a seller known by id (edits read the seller's status as it is now). */
async function moderationPolicy(db: Db, manufacturerId: string) {
  const [m] = await db
    .select({ status: manufacturers.status })
    .from(manufacturers)
    .where(eq(manufacturers.id, manufacturerId));
  return initialModeration(db, m?.status);
}

/**
 * New products wait for moderation, unless the seller's products are auto-approved and the product has what
 * approval needs (an HSN code and a GST rate).
 */
export function moderationOf(
  autoApprove: boolean,
  p: Pick<ProductPayload, 'hsn_code' | 'gst_percentage'>,
): ModerationStatus {
  const blocked = approvalBlocker({ hsn_code: p.hsn_code ?? null, gst_percentage: p.gst_percentage ?? null });
  return autoApprove && !blocked ? 'approved' : 'pending';
}

/**
 * The moderation columns of an approved product whose reviewed content changed (see @ub/shared product-review):
 * back to Pending Approval, saying what changed, or approved again at once where a new product would be.
 */
function reviewColumns(
  changes: ReviewedChange[],
  autoApprove: boolean,
  p: Pick<ProductPayload, 'hsn_code' | 'gst_percentage'> & { price: string },
) {
  if (moderationOf(autoApprove, p) === 'approved') {
    return { moderationStatus: 'approved' as const, moderationReason: null, approvedPrice: p.price };
  }
  return {
    moderationStatus: 'pending' as const,
    moderationReason: `Changed after approval: ${describeReviewedChanges(changes)}.`,
  };
}

const staleConflict = () => conflict(PRODUCT_MESSAGES.stale);

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
    approved_price: row.approvedPrice,
    version: row.version,
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
  const { autoApprove, gstRates } = await initialModeration(db, manufacturerStatus);
  const gstError = checkGstRate(payload.gst_percentage, gstRates);
  if (gstError) throw badRequest(gstError, { gst_percentage: gstError });
  const columns = toColumns(payload, manufacturerId);
  const moderationStatus = moderationOf(autoApprove, payload);
  const approvedPrice = moderationStatus === 'approved' ? columns.price : null;
  try {
    const [row] = await db
      .insert(products)
      // A time-ordered id, like the bulk importer's (see insertBatch there).
      .values({ id: uuidv7(), manufacturerId, ...columns, moderationStatus, approvedPrice })
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
 * Replaces every field of the caller's product and removes the listed images, if the product is still at the
 * version the edit form loaded (else 409: a buyer's order or another tab changed it, and saving the old form would
 * undo that). Changing what moderation judged sends an approved product back to Pending Approval. The removed
 * files are deleted from storage after the rows are gone (and are swept at start-up if the process dies first),
 * so a failed write never leaves a row pointing at a missing file.
 */
export async function updateProduct(
  db: Db,
  storage: Storage,
  manufacturerId: string,
  id: string,
  payload: ProductPayload & { version: number },
  removeMediaIds: string[],
): Promise<{ before: ProductRow; after: ProductDetail }> {
  const before = await findOwnProduct(db, manufacturerId, id);
  const { autoApprove, gstRates } = await moderationPolicy(db, manufacturerId);
  const gstError = checkGstRate(payload.gst_percentage, gstRates);
  if (gstError) throw badRequest(gstError, { gst_percentage: gstError });
  if (before.version !== payload.version) throw staleConflict();
  const columns = toColumns(payload, manufacturerId);
  try {
    await deleteRowsThenFiles(db, storage, async (tx) => {
      const removed = removeMediaIds.length
        ? await tx
            .delete(productMedia)
            .where(and(eq(productMedia.productId, id), inArray(productMedia.id, removeMediaIds)))
            .returning()
        : [];
      const changes =
        before.moderationStatus === 'approved'
          ? changesNeedingReview(toDetail(before, []), payload, removed.length > 0)
          : [];
      // The version condition makes the check above hold at the write: whatever changed the row since it was read
      // also moved its version on (trigger in migration 0010), and the images removed go back with the rollback.
      const [saved] = await tx
        .update(products)
        .set({
          ...columns,
          ...(changes.length ? reviewColumns(changes, autoApprove, { ...payload, price: columns.price }) : {}),
          updatedAt: new Date(),
        })
        .where(and(eq(products.id, id), eq(products.version, payload.version)))
        .returning({ id: products.id });
      if (!saved) throw staleConflict();
      return { keys: fileKeys(removed), result: undefined };
    });
  } catch (err) {
    if (isUniqueViolation(err, 'products_mfr_sku_key')) throw skuConflict();
    throw err;
  }
  const row = await findOwnProduct(db, manufacturerId, id);
  return { before, after: toDetail(row, await mediaOf(db, id)) };
}

export async function deleteProduct(db: Db, storage: Storage, manufacturerId: string, id: string) {
  const row = await findOwnProduct(db, manufacturerId, id);
  return deleteRowsThenFiles(db, storage, async (tx) => {
    const media = await mediaOf(tx, id);
    await tx.delete(products).where(eq(products.id, id));
    return { keys: fileKeys(media), result: row };
  });
}

const fileKeys = (media: MediaRow[]) => media.flatMap((m) => [m.storageKey, m.thumbKey]);

export const tooManyImages = () => badRequest(`A product can have at most ${MAX_PRODUCT_IMAGES} images.`);

/**
 * Stores checked images for the caller's product. The cap of images per product is the database's (a trigger
 * counts under a lock per product), so uploads racing in one process or several cannot pass it; the files and
 * rows go in together (lib/stored-files.ts), so a crash leaves no file without its row. Images are judged by
 * moderation, so new ones send an approved product back to Pending Approval.
 */
export async function addProductMedia(
  db: Db,
  storage: Storage,
  manufacturerId: string,
  productId: string,
  images: CheckedImage[],
): Promise<ProductDetail> {
  const row = await findOwnProduct(db, manufacturerId, productId);
  const prepared = images.map((image) => ({ image, ...imageFiles(`products/${productId}`, image) }));
  try {
    await storeFilesWithRows(
      db,
      storage,
      prepared.flatMap((p) => p.files),
      async (tx) => {
        // The cap trigger's lock, taken first so that positions are numbered after the uploads before this one.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`product_media:${productId}`}, 0))`);
        // Then the product row: the media rows' foreign key would otherwise take a share lock on it that two
        // concurrent uploads could not both upgrade.
        await imagesChanged(tx, manufacturerId, productId);
        const [last] = await tx
          .select({ next: sql<number>`coalesce(max(${productMedia.position}) + 1, 0)::int` })
          .from(productMedia)
          .where(eq(productMedia.productId, productId));
        const next = last?.next ?? 0;
        await tx.insert(productMedia).values(
          prepared.map((p, i) => ({
            productId,
            storageKey: p.storageKey,
            thumbKey: p.thumbKey,
            mime: p.mime,
            width: p.image.width,
            height: p.image.height,
            position: next + i,
            originalName: p.image.name,
          })),
        );
      },
    );
  } catch (err) {
    if (isCheckViolation(err, 'product_media_cap')) throw tooManyImages();
    throw err;
  }
  const [after] = await db.select().from(products).where(eq(products.id, row.id));
  return toDetail(after ?? row, await mediaOf(db, productId));
}

/**
 * Records that a product's images changed, inside the transaction that changed them: the product's version moves
 * on (open edit forms are stale) and an approved product goes back for review.
 */
async function imagesChanged(tx: Db, manufacturerId: string, productId: string) {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  if (!row) throw notFound('Product not found');
  const review =
    row.moderationStatus === 'approved'
      ? reviewColumns(['images'], (await moderationPolicy(tx, manufacturerId)).autoApprove, {
          hsn_code: row.hsnCode ?? undefined,
          gst_percentage: row.gstPercentage === null ? undefined : Number(row.gstPercentage),
          price: row.price,
        })
      : {};
  await tx
    .update(products)
    .set({ ...review, updatedAt: new Date() })
    .where(eq(products.id, productId));
}

const SORT_SQL: Record<ProductSort, SQL> = {
  newest: sql`p.created_at desc, p.id desc`,
  oldest: sql`p.created_at asc, p.id asc`,
  name_asc: sql`p.name asc, p.id asc`,
  name_desc: sql`p.name desc, p.id desc`,
  price_asc: sql`p.price asc, p.id asc`,
  price_desc: sql`p.price desc, p.id desc`,
  stock_asc: sql`p.stock asc, p.id asc`,
  stock_desc: sql`p.stock desc, p.id desc`,
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
  const filters: SQL[] = [];
  if (f.status) filters.push(sql` and p.status = ${f.status}`);
  if (f.moderation) filters.push(sql` and p.moderation_status = ${f.moderation}`);
  const filterSql = sql.join(filters);
  const order = sql`order by ${SORT_SQL[f.sort]}`;
  const offset = (f.page - 1) * f.pageSize;
  const columns = sql`p.id, p.name, p.sku, p.price, p.moq, p.stock, p.unit, p.category, p.status, p.moderation_status,
    p.created_at`;
  // The first image is looked up for the page's rows only.
  const withThumb = (pageSql: SQL, extra: SQL) =>
    sql`select p.id, p.name, p.sku, p.price::text as price, p.moq, p.stock, p.unit, p.category, p.status,
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
      filters.length > 0
        ? sql`select count(*) from (select 1 from products p where p.manufacturer_id = ${manufacturerId}${filterSql}
                limit ${cap + 1}) c`
        : sql`select coalesce(sum(value), 0) from seller_counters
               where manufacturer_id = ${manufacturerId} and counter = 'products'`,
      (totalColumn) =>
        withThumb(
          sql`select ${columns}, ${totalColumn} from products p where p.manufacturer_id = ${manufacturerId}${filterSql}
               ${order} limit ${f.pageSize} offset ${offset}`,
          sql`, p.matched`,
        ),
    );
    rows = page.rows;
    exact = filters.length === 0 || page.total <= cap;
    total = exact ? page.total : cap;
  } else {
    const bySku = sql`(p.manufacturer_id = ${manufacturerId} and lower(p.sku) like ${prefixPattern(f.q)})`;
    const words = searchQuery(manufacturerId, f.q);
    const match = words ? sql`(p.search_doc @@ ${words}::tsquery or ${bySku})` : bySku;
    // Words are keyed by seller, so a match is this seller's; the manufacturer check after the match is a second
    // fence that leaves the planner's choice of index alone.
    const found = await searchPage<ProductListRow>(database, {
      offset,
      limit: f.pageSize,
      cap,
      countSql: sql`select count(*)::int from (select p.manufacturer_id from products p where ${match}${filterSql}
                    limit ${cap + 1}) p
                  where p.manufacturer_id = ${manufacturerId}`,
      // Reading the newest rows first only helps the newest-first order, the one its index serves.
      windowSql:
        f.sort === 'newest'
          ? (max, need, counted) =>
              withThumb(
                sql`select *, ${counted} from (select ${columns}, count(*) over () as matched
                    from (select ${columns}, p.manufacturer_id, p.search_doc from products p
                           where p.manufacturer_id = ${manufacturerId}${filterSql} ${order} limit ${SEARCH_WINDOW}) p
                   where ${match} ${order} limit ${max}) p
                  ${order} limit ${need}`,
                sql`, p.matched, p.counted`,
              )
          : null,
      allSql: withThumb(
        sql`select *, count(*) over () as matched
           from (select ${columns}, p.manufacturer_id from products p where ${match}${filterSql} offset 0) p
          where p.manufacturer_id = ${manufacturerId} ${order} limit ${f.pageSize} offset ${offset}`,
        sql`, p.matched`,
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
