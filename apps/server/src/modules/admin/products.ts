import {
  type AdminStatusFilter,
  MODERATION_STATUSES,
  approvalBlocker,
  type ModerationStatus,
  moderationLabel,
  PRODUCT_TRANSITIONS,
  type ProductAction,
} from '@ub/shared';
import { and, asc, desc, eq, gte, ilike, inArray, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { manufacturers, productMedia, products, productWords, sellerCounters } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { execRows } from '../trade/common.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type NotificationType, notice, notify } from '../notifications/notify.ts';
import { offsetOf } from './common.ts';
import { containsPattern, PREFIX_MIN, searchWords } from '../../lib/search.ts';
import { PREFIX_FORMS_MAX, prefixEnd, spelledOutTsQuery } from '../catalog/queries.ts';
import { transaction } from '../../lib/transaction.ts';
import { uuidArray } from '../../lib/sql-rows.ts';

/** Product media is served by the catalog's media route. */
export const mediaUrl = (key: string) => `/api/media/${key}`;

function statusCondition(filter: AdminStatusFilter): SQL | undefined {
  if (filter === 'all') return ne(products.moderationStatus, 'rejected');
  return eq(products.moderationStatus, filter);
}

const firstThumb = sql<
  string | null
>`(select pm.thumb_key from product_media pm where pm.product_id = ${products.id} order by pm.position, pm.created_at limit 1)`;

function toItem(p: typeof products.$inferSelect, manufacturerName: string) {
  return {
    id: p.id,
    name: p.name,
    manufacturer: manufacturerName,
    manufacturerId: p.manufacturerId,
    category: p.category,
    price: p.price,
    sku: p.sku,
    description: p.description,
    status: p.moderationStatus,
    statusLabel: moderationLabel(p.moderationStatus),
    moderationReason: p.moderationReason,
    listingStatus: p.status,
    hsnCode: p.hsnCode,
    gstPercentage: p.gstPercentage === null ? null : Number(p.gstPercentage),
  };
}

/**
 * A search's matches are counted exactly up to this many; past it the total is the planner's estimate ("about"):
 * counting half a million matches would cost more than the page itself. A list narrowed without words (a category)
 * is counted exactly when the planner expects at most this many.
 */
export const ADMIN_COUNT_EXACT_MAX = 2_000;

/** How many of the newest products a search looks through first, in date order, for its page. */
export const ADMIN_SEARCH_WINDOW = 1_000;

type ListOpts = { q?: string; category?: string; status: AdminStatusFilter; page: number; pageSize: number };

/**
 * The tsquery text for what the admin typed: every word, the last one spelled out as the forms products hold that
 * start with it (product_words, listed or not), as the catalogue does with its listed words (spelledOutTsQuery). A
 * prefix (`:*`) makes GIN gather every match of it into a bitmap first: at 10,000,000 products, "steel hinge" took
 * 340 ms that way, and 3 s once the bitmap outgrew work_mem, against 29 ms spelled out.
 */
async function adminTsQuery(db: Db, words: string[]): Promise<string> {
  const last = words.at(-1) ?? '';
  const forms =
    last.length < PREFIX_MIN
      ? []
      : await db
          .select({ term: productWords.term })
          .from(productWords)
          .where(and(gte(productWords.term, last), lt(productWords.term, prefixEnd(last))))
          .orderBy(productWords.term)
          .limit(PREFIX_FORMS_MAX + 1);
  return spelledOutTsQuery(
    words,
    forms.map((f) => f.term),
  );
}

/**
 * One page of products across every seller, newest first. The words typed match a product's own words (name, brand,
 * model, material, category: the catalogue's `catalog_doc`, the last word also as a prefix) or its seller's company
 * name (every word in it); both are index reads (the words' GIN index; the matching sellers' ids, read first, through
 * products_mfr_sku_key). The total by status alone is a sum of the sellers' counter rows (migration 0031).
 *
 * A search is routed on what it finds, not on the planner's estimate, which multiplies the words' shares: two common
 * words that never occur together look like fifty thousand matches, and walking the date index to find none read
 * every product (ADR 0037). It first looks through the newest ADMIN_SEARCH_WINDOW products in date order
 * (`searchWindow`). A page found there is the answer, as is a window that held every product; a full page's worth
 * of matches there, for a later page, means matches are common, and the page walks the date index on. Otherwise
 * matches are rare near the top. Sellers whose products alone pass the exact count's limit (their counters say so)
 * page from each one's newest products, merged with the words' newest matches (`sellersAndWords`), and their total
 * is the planner's estimate. One word is left to the planner, whose estimate of one word is sound (and a bitmap of a
 * common word's matches costs 130 ms at 10,000,000 products). Several words read their first
 * ADMIN_COUNT_EXACT_MAX + 1 matches through the indexes (`searchMatches`), and when that is all of them, they are
 * the exact total and the page is sorted from them.
 */
export async function listProducts(db: Db, opts: ListOpts) {
  const words = opts.q ? searchWords(opts.q) : [];
  // The sellers and the last word's forms first: the sellers' ids as one array parameter, and the words as a
  // constant, let the planner estimate (and index) the condition.
  const [sellerIds, tsq] = words.length
    ? await Promise.all([
        db
          .select({ id: manufacturers.id })
          .from(manufacturers)
          .where(and(...words.map((w) => ilike(manufacturers.companyName, containsPattern(w)))))
          .then((rows) => rows.map((r) => r.id)),
        adminTsQuery(db, words),
      ])
    : [[], null];
  const base = and(statusCondition(opts.status), opts.category ? eq(products.category, opts.category) : undefined);
  const matching = opts.q
    ? or(
        tsq ? wordMatch(tsq) : sql`false`,
        sellerIds.length ? sql`${products.manufacturerId} = any(${uuidArray(sellerIds)})` : undefined,
        // Text without a single word (punctuation only) matches the name as typed.
        words.length ? undefined : ilike(products.name, containsPattern(opts.q)),
      )
    : undefined;
  const where = and(base, matching);
  const offset = offsetOf(opts.page, opts.pageSize);

  let page: Promise<ListRow[]> | null = null;
  let total: Promise<{ n: number; exact: boolean }> | null = null;
  // Text without a word (punctuation only) has no index to read its matches through: it walks by date.
  if (words.length) {
    const window = await searchWindow(db, base, matching, opts);
    if (window.seen < ADMIN_SEARCH_WINDOW) {
      page = pageByIds(db, window.ids);
      total = Promise.resolve({ n: window.n, exact: true });
    } else if (window.n >= offset + opts.pageSize) {
      page = pageByIds(db, window.ids);
    } else if (await sellersHoldMore(db, sellerIds, opts)) {
      if (sellerIds.length * (offset + opts.pageSize) <= SELLERS_MERGE_ROWS) {
        page = sellersAndWords(db, base, tsq, words.length, sellerIds, opts).then((ids) => pageByIds(db, ids));
      }
    } else if (window.n < opts.pageSize && words.length > 1) {
      const found = await searchMatches(db, where, opts);
      if (found.ids) {
        page = pageByIds(db, found.ids);
        total = Promise.resolve({ n: found.n, exact: true });
      } else {
        total = estimateMatches(db, where).then((n) => ({ n: Math.max(n, ADMIN_COUNT_EXACT_MAX + 1), exact: false }));
      }
    }
  }
  const [rows, counted] = await Promise.all([
    page ?? pageByDate(db, where, opts),
    total ??
      (opts.q || opts.category
        ? countMatches(db, where)
        : countByStatus(db, opts.status).then((n) => ({ n, exact: true }))),
  ]);
  return {
    products: rows.map((r) => ({ ...toItem(r.p, r.manufacturer), image: r.thumb ? mediaUrl(r.thumb) : null })),
    total: counted.n,
    exact: counted.exact,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

const wordMatch = (tsq: string) => sql`${products.catalogDoc} @@ to_tsquery('simple', ${tsq})`;

/** The admin's list order: newest first, ties by id (countedPage's `order by created_at desc, id` in SQL). */
const newestFirst = [desc(products.createdAt), asc(products.id)] as const;

const listColumns = { p: products, manufacturer: manufacturers.companyName, thumb: firstThumb };
type ListRow = { p: typeof products.$inferSelect; manufacturer: string; thumb: string | null };

/**
 * A search whose sellers hold many products (their counters pass the exact count's limit) pages from each seller's
 * newest products, read backwards through products_mfr_created_idx, merged with the newest matches of the words:
 * a walk of the date index would pass every newer product of every other seller first (at 10,000,000 products, the
 * twenty sellers named "... 777" sat below another seller's 100,000 newest, 23 ms). Up to this many seller rows
 * (sellers times the depth of the page); past it the sellers' products are common, and walking by date finds them.
 */
export const SELLERS_MERGE_ROWS = 20_000;

async function sellersAndWords(
  db: Db,
  base: SQL | undefined,
  tsq: string | null,
  wordCount: number,
  sellerIds: string[],
  opts: ListOpts,
): Promise<string[]> {
  const depth = offsetOf(opts.page, opts.pageSize) + opts.pageSize;
  const wordIds = tsq ? await newestWordMatches(db, and(base, wordMatch(tsq)), wordCount, depth) : [];
  // Inside the lateral subquery "products" is the seller's own rows, which the status condition (`base`) reads.
  const [row] = await execRows<{ ids: string[] | null }>(
    db,
    sql`with c as (
          select p.id, p.created_at
            from unnest(${uuidArray(sellerIds)}) m(id)
            cross join lateral (
              select id, created_at from products where manufacturer_id = m.id and ${base ?? sql`true`}
               order by created_at desc, id limit ${depth}) p
          union
          select id, created_at from products where id = any(${uuidArray(wordIds)}))
        select ${countedPage(opts)}`,
  );
  return row?.ids ?? [];
}

/**
 * The newest `depth` products matching the words (`where`): several words through their first matches by index
 * when those are few (`searchMatches`), else, as for one word, the planner's way (a walk by date for common words).
 */
async function newestWordMatches(db: Db, where: SQL | undefined, wordCount: number, depth: number) {
  if (wordCount > 1) {
    const found = await searchMatches(db, where, { status: 'all', page: 1, pageSize: depth });
    if (found.ids) return found.ids;
  }
  const rows = await db
    .select({ id: products.id })
    .from(products)
    .where(where)
    .orderBy(...newestFirst)
    .limit(depth);
  return rows.map((r) => r.id);
}

/** A page in date order, walking products_created_idx (or the category's) and filtering as it goes. */
function pageByDate(db: Db, where: SQL | undefined, opts: ListOpts): Promise<ListRow[]> {
  return db
    .select(listColumns)
    .from(products)
    .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .where(where)
    .orderBy(...newestFirst)
    .limit(opts.pageSize)
    .offset(offsetOf(opts.page, opts.pageSize));
}

/** The page's rows by key, in the order of `ids`. */
async function pageByIds(db: Db, ids: string[]): Promise<ListRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(listColumns)
    .from(products)
    .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .where(inArray(products.id, ids));
  const byId = new Map(rows.map((r) => [r.p.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** How many rows CTE `c` holds (`n`), and the ids of the page asked for among them, newest first (`ids`). */
function countedPage(opts: ListOpts): SQL {
  return sql`(select count(*)::int from c) as n,
    (select json_agg(x.id) from (select id from c order by created_at desc, id
       limit ${opts.pageSize} offset ${offsetOf(opts.page, opts.pageSize)}) x) as ids`;
}

/**
 * The newest ADMIN_SEARCH_WINDOW products in the status and category (`base`), in date order: how many there were
 * (`seen`), how many of them match (`n`), and the ids of the page asked for among those matches.
 */
async function searchWindow(db: Db, base: SQL | undefined, matching: SQL | undefined, opts: ListOpts) {
  const newest = db
    .select({
      id: products.id,
      createdAt: products.createdAt,
      catalogDoc: products.catalogDoc,
      manufacturerId: products.manufacturerId,
    })
    .from(products)
    .where(base)
    .orderBy(...newestFirst)
    .limit(ADMIN_SEARCH_WINDOW);
  // The window is named "products", so the matching condition's column references read its rows.
  const [row] = await execRows<{ seen: number; n: number; ids: string[] | null }>(
    db,
    sql`with products as materialized (${newest.getSQL()}),
             c as (select id, created_at from products where ${matching ?? sql`true`})
        select (select count(*)::int from products) as seen, ${countedPage(opts)}`,
  );
  return { seen: Number(row?.seen ?? 0), n: Number(row?.n ?? 0), ids: row?.ids ?? [] };
}

/**
 * A search's first ADMIN_COUNT_EXACT_MAX + 1 matches in no order, read through the word and seller indexes (a
 * bitmap: its cost follows the posting lists and the matches, never the catalogue's size). When those are every
 * match: their number, and the page's ids sorted from them; else `ids` is null.
 */
async function searchMatches(db: Db, where: SQL | undefined, opts: ListOpts) {
  const matches = db
    .select({ id: products.id, createdAt: products.createdAt })
    .from(products)
    .where(where)
    .limit(ADMIN_COUNT_EXACT_MAX + 1);
  // Without an order, a plan may still scan the table in its physical order, hoping to meet the matches early; with
  // two common words that never meet, it would read every product. The indexes are the only way in.
  const [row] = await transaction(db, async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return execRows<{ n: number; ids: string[] | null }>(
      tx,
      sql`with c as materialized (${matches.getSQL()}) select ${countedPage(opts)}`,
    );
  });
  const n = Number(row?.n ?? 0);
  return { n, ids: n <= ADMIN_COUNT_EXACT_MAX ? (row?.ids ?? []) : null };
}

/** The planner's estimate of the matches (EXPLAIN), which costs a plan and reads no row. */
async function estimateMatches(db: Db, where: SQL | undefined): Promise<number> {
  const matches = db.select({ one: sql`1` }).from(products).where(where);
  const [plan] = await execRows<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> | string }>(
    db,
    sql`explain (format json) ${matches.getSQL()}`,
  );
  const json = plan ? plan['QUERY PLAN'] : null;
  return Math.round((typeof json === 'string' ? JSON.parse(json) : json)?.[0]?.Plan['Plan Rows'] ?? 0);
}

/** A narrowed list's products counted, or the planner's estimate when it expects more than ADMIN_COUNT_EXACT_MAX. */
async function countMatches(db: Db, where: SQL | undefined): Promise<{ n: number; exact: boolean }> {
  const estimate = await estimateMatches(db, where);
  if (estimate > ADMIN_COUNT_EXACT_MAX) return { n: estimate, exact: false };
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1` }).from(products).where(where).as('matches'));
  return { n: Number(row?.n ?? 0), exact: true };
}

/** Every seller's products in the filter's statuses, from the counter rows the products' trigger keeps. */
async function countByStatus(db: Db, filter: AdminStatusFilter, sellerIds?: string[]): Promise<number> {
  const statuses = filter === 'all' ? MODERATION_STATUSES.filter((s) => s !== 'rejected') : [filter];
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${sellerCounters.value}), 0)::text` })
    .from(sellerCounters)
    .where(
      and(
        inArray(
          sellerCounters.counter,
          statuses.map((s) => `products.${s}`),
        ),
        sellerIds ? inArray(sellerCounters.manufacturerId, sellerIds) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Whether the sellers whose names match hold more products in the status than the exact count's limit. */
async function sellersHoldMore(db: Db, sellerIds: string[], opts: ListOpts): Promise<boolean> {
  if (sellerIds.length === 0 || opts.category) return false;
  return (await countByStatus(db, opts.status, sellerIds)) > ADMIN_COUNT_EXACT_MAX;
}

/**
 * The distinct categories that products actually use, for the filter dropdown: a skip scan over
 * products_category_created_idx (one index probe per category, not a read of every product).
 */
export async function productCategories(db: Db): Promise<string[]> {
  const rows = await execRows<{ category: string }>(
    db,
    sql`with recursive c as (
          select min(category) as category from products
          union all
          select (select min(p.category) from products p where p.category > c.category) from c where c.category is not null
        )
        select category from c where category is not null`,
  );
  return rows.map((r) => r.category);
}

export async function getProduct(db: Db, id: string) {
  const [row] = await db
    .select({ p: products, manufacturer: manufacturers.companyName })
    .from(products)
    .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .where(eq(products.id, id));
  if (!row) throw notFound('Product not found');
  const media = await db
    .select()
    .from(productMedia)
    .where(eq(productMedia.productId, id))
    .orderBy(asc(productMedia.position), asc(productMedia.createdAt));
  return {
    ...toItem(row.p, row.manufacturer),
    images: media.map((m) => ({ url: mediaUrl(m.storageKey), thumb: mediaUrl(m.thumbKey) })),
  };
}

/** What the seller is told of each move: the kind, and the `notify.product.*` message (`<key>Reason` with a reason). */
const NOTICES: Record<ProductAction, { type: NotificationType; key: string }> = {
  flag: { type: 'product_flagged', key: 'product.flagged' },
  approve: { type: 'product_approved', key: 'product.approved' },
  reject: { type: 'product_rejected', key: 'product.rejected' },
  suspend: { type: 'product_suspended', key: 'product.suspended' },
  activate: { type: 'product_approved', key: 'product.activated' },
};

/**
 * One moderation move of spec section 4 under a row lock; the reason is stored and sent to the seller. Approving
 * (or activating) needs the product's HSN code and GST rate, and records the price approved for the seller's
 * price-error guard.
 */
export async function moderateProduct(
  deps: Deps,
  actorUserId: string,
  id: string,
  action: ProductAction,
  reason: string | null,
) {
  const rule = PRODUCT_TRANSITIONS[action];
  await transaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw notFound('Product not found');
    if (!rule.from.includes(before.moderationStatus)) {
      throw conflict(`A product that is ${moderationLabel(before.moderationStatus)} cannot be ${pastTense(action)}.`);
    }
    const next: ModerationStatus = rule.to ?? before.moderationStatus;
    const approving = rule.to === 'approved';
    if (approving) {
      const blocker = approvalBlocker(
        { hsn_code: before.hsnCode, gst_percentage: before.gstPercentage },
        action === 'activate' ? 'activated' : 'approved',
      );
      if (blocker) throw conflict(blocker);
    }
    const [after] = await tx
      .update(products)
      .set({
        moderationStatus: next,
        moderationReason: reason,
        ...(approving ? { approvedPrice: before.price } : {}),
        updatedAt: deps.clock(),
      })
      .where(eq(products.id, id))
      .returning();
    if (!after) throw notFound('Product not found');
    await audit(tx, {
      actorUserId,
      action: `product.${action}`,
      entityType: 'product',
      entityId: id,
      reason,
      before: { moderationStatus: before.moderationStatus, moderationReason: before.moderationReason },
      after: { moderationStatus: after.moderationStatus, moderationReason: after.moderationReason },
    });
    const [owner] = await tx
      .select({ userId: manufacturers.userId })
      .from(manufacturers)
      .where(eq(manufacturers.id, after.manufacturerId));
    if (!owner) throw notFound('Product not found');
    const told = NOTICES[action];
    await notify(tx, {
      userId: owner.userId,
      type: told.type,
      ...notice(reason ? `${told.key}Reason` : told.key, {
        name: after.name,
        sku: after.sku,
        ...(reason ? { reason } : {}),
      }),
      link: `/dashboard/products/${id}`,
    });
  });
  return getProduct(deps.db, id);
}

function pastTense(action: ProductAction): string {
  return { flag: 'flagged', approve: 'approved', reject: 'rejected', suspend: 'suspended', activate: 'activated' }[
    action
  ];
}
