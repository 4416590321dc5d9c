import {
  CATALOG_COUNT_CAP,
  CATALOG_MESSAGES,
  CATALOG_PAGE_SIZE,
  type CatalogList,
  type CatalogProduct,
  type CatalogProductDetail,
  type CatalogQuery,
  type CatalogSellerCard,
  type CatalogSellerProfile,
  PRICE_BANDS,
  stockStateOf,
} from '@ub/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { PREFIX_MIN, searchWords } from '../../lib/search.ts';
import { sqlRows, uuidArray } from '../../lib/sql-rows.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import { mediaUrl } from '../products/products.ts';
import { verifiedSellerSql } from '../manufacturers/verified.ts';
import { isListableP } from './listable.ts';

/**
 * The public catalogue: approved products of approved sellers (listable.ts is the rule), searched by words over a
 * generated tsvector (catalog_doc, 'simple' parser) and read through partial indexes that hold listed rows only
 * (migration 0020). Facets and the total come from at most CATALOG_COUNT_CAP + 1 matches, so their cost stays
 * fixed whatever the catalogue's size; past the cap the total says "at least" (ADR 0019). A one-word search reads
 * those matches from catalog_terms, the listed products' words as rows with what the filters and facets need, from
 * one index alone; several words go through catalog_doc's GIN index, in a large catalogue after the words' newest
 * word rows (ADR 0036). One statement answers a one-word search or a search without words, but for a newest or price
 * order past the cap, which walks its index in a second; several words first read the last word's forms, and ask
 * the GIN index again when the windows held no more than the cap.
 */

/** A seller's verified flag: the one definition in manufacturers/verified.ts. */
const verifiedSql = verifiedSellerSql;

/** A word as a tsquery lexeme, quoted. */
const quotedLexeme = (w: string) => `'${w.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/** The tsquery text for what a buyer typed: every word, the last one also as a prefix from three characters. */
export function catalogTsQuery(q: string): string | null {
  const words = searchWords(q);
  if (words.length === 0) return null;
  const last = words.length - 1;
  return words.map((w, i) => `${quotedLexeme(w)}${i === last && w.length >= PREFIX_MIN ? ':*' : ''}`).join(' & ');
}

interface ListRow {
  id: string;
  name: string;
  price: string;
  unit: string;
  moq: number;
  category: string | null;
  manufacturer_id: string;
  company_name: string;
  state: string | null;
  verified: boolean;
  storage_key: string | null;
  thumb_key: string | null;
}

const toCard = (r: ListRow): CatalogProduct => ({
  id: r.id,
  name: r.name,
  price: r.price,
  unit: r.unit,
  moq: Number(r.moq),
  imageUrl: r.storage_key ? mediaUrl(r.storage_key) : null,
  thumbnailUrl: r.thumb_key ? mediaUrl(r.thumb_key) : null,
  category: r.category,
  sellerId: r.manufacturer_id,
  sellerName: r.company_name,
  sellerState: r.state,
  verified: Boolean(r.verified),
});

/** The card columns of the page's rows `p` (joined to their seller `m`), with the first image. */
const cardColumns = sql`p.id, p.name, p.price::text as price, p.unit, p.moq, p.category, p.manufacturer_id,
  m.company_name, m.state, ${verifiedSql(sql`m.id`)} as verified, img.storage_key, img.thumb_key`;
const firstImage = sql`left join lateral (select pm.storage_key, pm.thumb_key from product_media pm
  where pm.product_id = p.id order by pm.position, pm.created_at limit 1) img on true`;

const ORDER: Record<string, SQL> = {
  newest: sql`p.created_at desc nulls last, p.id desc nulls last`,
  price_asc: sql`p.price, p.id`,
  price_desc: sql`p.price desc, p.id desc`,
};

/** The same orders over the counted matches `c`. */
const CAPPED_ORDER: Record<string, SQL> = {
  relevance: sql`rank desc, created_at desc, id desc`,
  newest: sql`created_at desc, id desc`,
  price_asc: sql`price, id`,
  price_desc: sql`price desc, id desc`,
};

/** The first string after every string that starts with `prefix`, in byte (code point) order. */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop()?.codePointAt(0) ?? 0;
  return chars.join('') + String.fromCodePoint(Math.min(last + 1, 0x10ffff));
}

/** A typed word's listed forms: the last word of a search read as a prefix, at most this many words. */
export const PREFIX_FORMS_MAX = 16;

/**
 * The tsquery text for several words, the last one spelled out as `forms`, the words that start with it (read with
 * at most PREFIX_FORMS_MAX + 1 of them). Spelled out, the GIN index intersects exact posting lists, where a prefix
 * (`:*`) first collects every match of it into a bitmap: 12 ms against 2.6 ms for "steel hinge" at 1,000,000
 * products (ADR 0036). More forms keep the prefix; none leaves the exact word, which then matches nothing at the
 * cost of one index probe. The catalogue reads the forms from its listed words, the admin's search from every
 * product's (ADR 0037).
 */
export function spelledOutTsQuery(words: string[], forms: string[]): string {
  const last = words.at(-1) ?? '';
  const spelled =
    last.length < PREFIX_MIN || forms.length === 0
      ? quotedLexeme(last)
      : forms.length > PREFIX_FORMS_MAX
        ? `${quotedLexeme(last)}:*`
        : `(${forms.map(quotedLexeme).join(' | ')})`;
  return [...words.slice(0, -1).map(quotedLexeme), spelled].join(' & ');
}

/** The listed words that start with `prefix`, at most PREFIX_FORMS_MAX + 1 (a skip scan, one probe per word). */
function listedForms(prefix: string): SQL {
  const end = prefixEnd(prefix);
  return sql`with recursive w(term) as (
      (select term from catalog_terms where term >= ${prefix} and term < ${end} order by term limit 1)
      union all
      (select (select c.term from catalog_terms c where c.term > w.term and c.term < ${end} order by c.term limit 1)
         from w where w.term is not null)
    ) select term from w where term is not null limit ${PREFIX_FORMS_MAX + 1}`;
}

/** How many of each word's newest listed products a several-word search intersects before it asks the GIN index. */
export const WORD_WINDOW = 15_000;

/**
 * Several words, first through the catalogue's word rows: each word's newest WORD_WINDOW listed products (an
 * index-only range of catalog_terms in product id order, which is creation order for the UUIDv7 ids products get),
 * for the last word each of its listed forms', intersected by merging, the filters applied to the first word's
 * entries. More than CATALOG_COUNT_CAP matches there answer the capped search: two common words that occur together
 * (`steel bearing`, 100,000 matches at 10,000,000 products) cost a few milliseconds, where the GIN index first
 * builds a bitmap of every match (45 ms). Fewer, and the caller asks the GIN index, which finds every match: the
 * windows may have been cut short. The relevance is ts_rank on both routes.
 */
function severalWordsWindow(words: string[], forms: string[], tsq: SQL, filters: SQL[], size: number): SQL {
  // `forms`: the last word's listed forms (itself when too short to be a prefix); `filters` apply to `a`.
  const window = (term: string, columns: SQL) =>
    sql`(select ${columns} from catalog_terms t where t.term = ${term} order by t.product_id desc limit ${size})`;
  const [first = '', ...middle] = words.slice(0, -1);
  // Each word's window in product id order, so that the semi-joins merge them and stop at the cap.
  const lastWindow = sql.join(
    forms.map((form) => window(form, sql`t.product_id`)),
    sql` union all `,
  );
  const inWindows = [
    ...middle.map((w) => sql`a.product_id in (select product_id from ${window(w, sql`t.product_id`)} b)`),
    sql`a.product_id in (select product_id from (${lastWindow}) b)`,
  ];
  return sql`q as materialized (select ${tsq} as tsq),
        h as materialized (
          select a.* from ${window(first, sql`t.product_id, t.category, t.price, t.moq, t.manufacturer_id, t.created_at`)} a
           where ${sql.join([...filters, ...inWindows], sql` and `)}
           order by a.product_id desc limit ${CATALOG_COUNT_CAP + 1}
        ), c as materialized (
          select h.product_id as id, h.category, h.price, h.manufacturer_id, h.created_at,
                 ts_rank(p.catalog_doc, (select tsq from q)) as rank
            from h join products p on p.id = h.product_id
        ), r as (select 1 from c)`;
}

/**
 * The catalogue's size (catalog_terms rows, the planner's own count) from which several words try the word rows'
 * windows first. Below it the GIN index's posting lists are short: two common words cost it 3.6 ms at 1,000,000
 * products (7,500,000 word rows), and the windows would add about 5 ms to a search they do not answer. At 10,000,000
 * products they turn `steel bearing` from 64 ms into 11 ms.
 */
export const WORD_WINDOW_FROM_ROWS = 20_000_000;

/** Up to this many sellers passing the seller filters go to the products' condition as an id list; more, a subquery. */
export const SELLER_IDS_MAX = 1_000;

export async function searchCatalog(
  database: Database,
  f: CatalogQuery,
  opts: { windowFromRows?: number; wordWindow?: number; sellerIdsMax?: number } = {},
): Promise<CatalogList> {
  const words = f.q ? searchWords(f.q) : [];
  const last = words.at(-1);
  const lastIsPrefix = last !== undefined && last.length >= PREFIX_MIN;
  // The filters that the product rows and the catalogue's word rows both carry.
  const rowFilters = (alias: SQL): SQL[] => {
    const conds: SQL[] = [];
    if (f.category) conds.push(sql`${alias}.category = ${f.category}`);
    if (f.minPrice) conds.push(sql`${alias}.price >= ${f.minPrice}::numeric`);
    if (f.maxPrice) conds.push(sql`${alias}.price <= ${f.maxPrice}::numeric`);
    if (f.maxMoq) conds.push(sql`${alias}.moq <= ${f.maxMoq}`);
    if (sellerIds) {
      conds.push(sql`${alias}.manufacturer_id = any(${uuidArray(sellerIds)})`);
    } else if (sellers) {
      conds.push(sql`${alias}.manufacturer_id in (select s.id from manufacturers s where ${sellers})`);
    }
    return conds;
  };

  // Seller filters read the sellers first, and, when they are few, the products' condition is their id list, whose
  // length the planner sees. As a subquery it could not: Gujarat's sellers in a catalogue where none of them is
  // verified looked like a third of the products, and the plan walked them all to find none (1.7 s at 10,000,000).
  const sellerConds: SQL[] = [sql`s.status = 'approved'`];
  if (f.state) sellerConds.push(sql`s.state = ${f.state}`);
  if (f.verified) sellerConds.push(verifiedSql(sql`s.id`));
  const sellers = f.state || f.verified ? sql.join(sellerConds, sql` and `) : null;
  const sellerIdsMax = opts.sellerIdsMax ?? SELLER_IDS_MAX;
  // Several words: the last one's listed forms (a skip scan of catalog_terms, one probe per word) and whether the
  // catalogue is large enough for the word rows' windows, in one round trip.
  const [sellerIds, [several]] = await Promise.all([
    sellers
      ? sqlRows<{ id: string }>(
          database,
          sql`select s.id from manufacturers s where ${sellers} limit ${sellerIdsMax + 1}`,
        ).then((rows) => (rows.length > sellerIdsMax ? null : rows.map((r) => r.id)))
      : null,
    words.length > 1
      ? sqlRows<{ forms: string[] | null; large: boolean }>(
          database,
          sql`select ${lastIsPrefix ? sql`array(${listedForms(last)})` : sql`null::text[]`} as forms,
                     (select greatest(reltuples, 0) from pg_class where oid = 'catalog_terms'::regclass)
                       >= ${opts.windowFromRows ?? WORD_WINDOW_FROM_ROWS} as large`,
        )
      : [],
  ]);
  const forms = several?.forms ?? [];
  const tsq: SQL | null =
    words.length > 1
      ? sql`to_tsquery('simple', ${spelledOutTsQuery(words, forms)})`
      : last !== undefined
        ? sql`to_tsquery('simple', ${catalogTsQuery(last)})`
        : null;
  const conds: SQL[] = [isListableP];
  if (tsq) conds.push(sql`p.catalog_doc @@ ${tsq}`);
  conds.push(...rowFilters(sql`p`));
  const where = sql.join(conds, sql` and `);
  const sort = f.sort ?? (tsq ? 'relevance' : 'newest');
  const offset = (f.page - 1) * CATALOG_PAGE_SIZE;
  const cappedSort = sort === 'relevance' && !tsq ? 'newest' : sort;

  // The first CATALOG_COUNT_CAP + 1 matches (`r`, in no particular order), one row per product (`c`): the facets and
  // the total. One word reads them from the catalogue's word rows alone, its relevance the word's occurrences (the
  // order ts_rank gives one word); otherwise the products, through their indexes.
  let matches: SQL;
  // Several words: the word rows' windows first, when the last word is spelled out (below).
  let window: SQL | null = null;
  if (words.length === 1 && last !== undefined) {
    const termCond = lastIsPrefix ? sql`t.term >= ${last} and t.term < ${prefixEnd(last)}` : sql`t.term = ${last}`;
    const tConds = sql.join([termCond, ...rowFilters(sql`t`)], sql` and `);
    matches = sql`r as materialized (
          select t.product_id, t.category, t.price, t.manufacturer_id, t.created_at, t.hits
            from catalog_terms t where ${tConds} limit ${CATALOG_COUNT_CAP + 1}
        ), c as materialized (
          select product_id as id, category, price, manufacturer_id, created_at, sum(hits)::real as rank
            from r group by 1, 2, 3, 4, 5
        )`;
  } else if (tsq) {
    // The tsquery worked out once (`q`), for the match and the rank.
    const pConds = sql.join(
      [isListableP, sql`p.catalog_doc @@ (select tsq from q)`, ...rowFilters(sql`p`)],
      sql` and `,
    );
    matches = sql`q as materialized (select ${tsq} as tsq), c as materialized (
          select p.id, p.category, p.price, p.manufacturer_id, p.created_at,
                 ts_rank(p.catalog_doc, (select tsq from q)) as rank
            from products p where ${pConds} limit ${CATALOG_COUNT_CAP + 1}
        ), r as (select 1 from c)`;
    const lastForms = lastIsPrefix ? forms : [last ?? ''];
    if (several?.large && lastForms.length > 0 && lastForms.length <= PREFIX_FORMS_MAX) {
      window = severalWordsWindow(words, lastForms, tsq, rowFilters(sql`a`), opts.wordWindow ?? WORD_WINDOW);
    }
  } else {
    matches = sql`c as materialized (
          select p.id, p.category, p.price, p.manufacturer_id, p.created_at, 0::real as rank
            from products p where ${where} limit ${CATALOG_COUNT_CAP + 1}
        ), r as (select 1 from c)`;
  }
  const bands = sql.join(
    PRICE_BANDS.map(
      (b) => sql`when ${b.max === undefined ? sql`true` : sql`c.price <= ${b.max}::numeric`} then ${b.value}::text`,
    ),
    sql` `,
  );
  // The page within the counted matches: its cards in the same statement when relevance orders it (the page is
  // always among them), else its ids, read again below only if every match was counted.
  const page = sql`select id from c order by ${CAPPED_ORDER[cappedSort]} limit ${CATALOG_PAGE_SIZE} offset ${offset}`;
  const pageOfMatches =
    cappedSort === 'relevance'
      ? sql`(select json_agg(to_json(k) order by k.ord) from (
              select x.ord, ${cardColumns} from (select id, row_number() over () as ord from (${page}) o) x
                join products p on p.id = x.id join manufacturers m on m.id = p.manufacturer_id ${firstImage}) k) as cards`
      : sql`(select json_agg(id) from (${page}) x) as ids`;
  const summarize = async (matches: SQL) => {
    const [summary] = await sqlRows<{
      n: number | string;
      products: number | string;
      category: Array<{ value: string; count: number }> | null;
      state: Array<{ value: string; count: number }> | null;
      price: Array<{ value: string; count: number }> | null;
      ids?: string[] | null;
      cards?: ListRow[] | null;
    }>(
      database,
      sql`with ${matches}, s as (
          select m.state, sum(k.n)::int as n
            from (select manufacturer_id, count(*) as n from c group by 1) k
            join manufacturers m on m.id = k.manufacturer_id group by m.state
        )
        select (select count(*) from r) as n, (select count(*) from c) as products,
          (select json_agg(json_build_object('value', category, 'count', n) order by n desc, category)
             from (select category, count(*)::int as n from c where category is not null group by category) x) as category,
          (select json_agg(json_build_object('value', state, 'count', n) order by n desc, state)
             from s where state is not null) as state,
          (select json_agg(json_build_object('value', band, 'count', n))
             from (select case ${bands} end as band, count(*)::int as n from c group by 1) x) as price,
          ${pageOfMatches}`,
    );
    return summary;
  };
  let summary = await summarize(window ?? matches);
  // The windows held no more than the cap: the GIN index intersects the words' whole posting lists.
  if (window && Number(summary?.n ?? 0) <= CATALOG_COUNT_CAP) summary = await summarize(matches);
  // Read rows past the cap (a product's several forms of one word count once each): more matches exist.
  const matched = Number(summary?.n ?? 0);
  const exact = matched <= CATALOG_COUNT_CAP;

  let rows: ListRow[] = [];
  if (cappedSort === 'relevance') {
    // Relevance ranks within the first CATALOG_COUNT_CAP (a search that common is better narrowed than paged
    // through): the page's cards came with the facets.
    rows = summary?.cards ?? [];
  } else if (exact) {
    // Every match was read: the page's ids came with the facets; read their cards by key.
    const ids = summary?.ids ?? [];
    if (ids.length > 0) {
      const cards = await sqlRows<ListRow>(
        database,
        sql`select ${cardColumns} from products p join manufacturers m on m.id = p.manufacturer_id ${firstImage}
             where p.id in (${sql.join(
               ids.map((id) => sql`${id}`),
               sql`, `,
             )})`,
      );
      const byId = new Map(cards.map((r) => [r.id, r]));
      rows = ids.flatMap((id) => byId.get(id) ?? []);
    }
  } else if (matched > offset) {
    // More matches than were counted: newest and price walk their partial index over every match.
    const order = ORDER[sort] ?? ORDER.newest;
    rows = await sqlRows<ListRow>(
      database,
      sql`select ${cardColumns}
            from (select p.* from products p where ${where} order by ${order}
                   limit ${CATALOG_PAGE_SIZE} offset ${offset}) p
            join manufacturers m on m.id = p.manufacturer_id
            ${firstImage}
           order by ${order}`,
    );
  }
  const bandOrder = PRICE_BANDS.map((b) => b.value as string);
  return {
    products: rows.map(toCard),
    total: exact ? Number(summary?.products ?? 0) : CATALOG_COUNT_CAP,
    exact,
    page: f.page,
    pageSize: CATALOG_PAGE_SIZE,
    facets: {
      category: summary?.category ?? [],
      state: summary?.state ?? [],
      price: (summary?.price ?? []).sort((a, b) => bandOrder.indexOf(a.value) - bandOrder.indexOf(b.value)),
    },
  };
}

/**
 * searchCatalog behind a per-process cache of `ttlSeconds` (0: none), keyed by what decides the answer (the words
 * as the search reads them, filters, sort, page). A list may lag a product change by that long, as it would on a
 * read replica; product and seller pages, the cart and order placing always read the database (ADR 0025). A `fresh`
 * search (its client wrote a moment ago: app.ts `readLagging`) skips the cache, so a seller finds what they just did.
 */
export function cachedCatalogSearch(ttlSeconds: number) {
  const cache = ttlCache<CatalogList>({ ttlMs: ttlSeconds * 1000, maxEntries: 5000 });
  return (database: Database, f: CatalogQuery, fresh = false): Promise<CatalogList> => {
    if (fresh) return searchCatalog(database, f);
    const key = JSON.stringify([
      f.q ? catalogTsQuery(f.q) : null,
      f.category ?? null,
      f.minPrice ?? null,
      f.maxPrice ?? null,
      f.maxMoq ?? null,
      f.state ?? null,
      Boolean(f.verified),
      f.sort ?? null,
      f.page,
    ]);
    return cache.get(key, () => searchCatalog(database, f));
  };
}

interface SellerRow {
  id: string;
  company_name: string;
  state: string | null;
  category: string;
  verified: boolean;
  reviewed_at: Date | string | null;
}

const sellerCard = (r: SellerRow): CatalogSellerCard => ({
  id: r.id,
  company: r.company_name,
  state: r.state,
  category: r.category,
  verified: Boolean(r.verified),
  since: r.reviewed_at ? new Date(r.reviewed_at).toISOString() : null,
});

async function listedSeller(database: Database, id: string): Promise<SellerRow | undefined> {
  const [row] = await sqlRows<SellerRow>(
    database,
    sql`select m.id, m.company_name, m.state, m.category, m.reviewed_at, ${verifiedSql(sql`m.id`)} as verified
          from manufacturers m where m.id = ${id} and m.status = 'approved'`,
  );
  return row;
}

/** Everything a buyer sees of one listed product; 404 for anything not listable (pending, suspended, hidden). */
export async function catalogProduct(database: Database, id: string): Promise<CatalogProductDetail> {
  const [p] = await sqlRows<
    {
      id: string;
      manufacturer_id: string;
      name: string;
      description: string;
      price: string;
      unit: string;
      moq: number;
      stock: number;
      category: string | null;
      sub_category: string | null;
      hsn_code: string | null;
      gst_percentage: string | null;
      sizes: string[];
      colors: string[];
      material: string | null;
      brand: string | null;
      model_number: string | null;
      dimensions: string | null;
      weight: string | null;
      packaging: string | null;
      updated_at: Date | string;
      images: Array<{ storage_key: string; thumb_key: string; width: number; height: number }> | null;
    } & Omit<SellerRow, 'id' | 'category'> & { seller_category: string }
  >(
    database,
    sql`select p.id, p.manufacturer_id, p.name, p.description, p.price::text as price, p.unit, p.moq, p.stock,
               p.category, p.sub_category, p.hsn_code, p.gst_percentage::text as gst_percentage, p.sizes, p.colors,
               p.material, p.brand, p.model_number, p.dimensions, p.weight, p.packaging, p.updated_at,
               (select json_agg(json_build_object('storage_key', pm.storage_key, 'thumb_key', pm.thumb_key,
                  'width', pm.width, 'height', pm.height) order by pm.position, pm.created_at)
                  from product_media pm where pm.product_id = p.id) as images,
               m.company_name, m.state, m.category as seller_category, m.reviewed_at,
               ${verifiedSql(sql`m.id`)} as verified
          from products p join manufacturers m on m.id = p.manufacturer_id
         where p.id = ${id} and ${isListableP}`,
  );
  if (!p) throw notFound(CATALOG_MESSAGES.notFound);
  // One round trip: the seller card comes with the product (the listability rule already checked the seller).
  const seller: SellerRow = { ...p, id: p.manufacturer_id, category: p.seller_category };
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    unit: p.unit,
    moq: Number(p.moq),
    stockState: stockStateOf(Number(p.stock), Number(p.moq)),
    category: p.category,
    subCategory: p.sub_category,
    hsnCode: p.hsn_code,
    gstRate: p.gst_percentage,
    sizes: p.sizes ?? [],
    colors: p.colors ?? [],
    material: p.material,
    brand: p.brand,
    modelNumber: p.model_number,
    dimensions: p.dimensions,
    weight: p.weight,
    packaging: p.packaging,
    images: (p.images ?? []).map((m) => ({
      url: mediaUrl(m.storage_key),
      thumbUrl: mediaUrl(m.thumb_key),
      width: Number(m.width),
      height: Number(m.height),
    })),
    seller: sellerCard(seller),
    updatedAt: new Date(p.updated_at).toISOString(),
  };
}

/** How a seller answers RFQs over the last year: share answered and the median hours to the first answer. */
async function rfqResponsiveness(database: Database, sellerId: string, now: Date) {
  const since = new Date(now.getTime() - 365 * 24 * 3600 * 1000);
  const [r] = await sqlRows<{ n: number | string; answered: number | string; hours: number | string | null }>(
    database,
    sql`with r as (
          select q.id, q.status, q.created_at,
                 (select min(o.created_at) from rfq_offers o where o.rfq_id = q.id and o.by_role = 'seller') as answered_at
            from rfqs q where q.manufacturer_id = ${sellerId} and q.created_at >= ${since}
        )
        select count(*) as n,
               count(*) filter (where answered_at is not null or status = 'rejected') as answered,
               percentile_cont(0.5) within group (order by extract(epoch from answered_at - created_at) / 3600)
                 filter (where answered_at is not null) as hours
          from r`,
  );
  const n = Number(r?.n ?? 0);
  return {
    rfqCount: n,
    responseRate: n === 0 ? null : Math.round((Number(r?.answered ?? 0) * 100) / n),
    responseHours: r?.hours === null || r?.hours === undefined ? null : Math.round(Number(r.hours) * 10) / 10,
  };
}

/** A seller's public profile with one page of their listed products, newest first; 404 unless approved. */
export async function catalogSeller(
  database: Database,
  id: string,
  page: number,
  now: Date = new Date(),
): Promise<CatalogSellerProfile> {
  const seller = await listedSeller(database, id);
  if (!seller) throw notFound(CATALOG_MESSAGES.sellerNotFound);
  const offset = (page - 1) * CATALOG_PAGE_SIZE;
  const [rows, [count], responsiveness] = await Promise.all([
    sqlRows<ListRow>(
      database,
      sql`select ${cardColumns}
            from (select p.* from products p where p.manufacturer_id = ${id} and ${isListableP}
                   order by p.created_at desc, p.id desc limit ${CATALOG_PAGE_SIZE} offset ${offset}) p
            join manufacturers m on m.id = p.manufacturer_id
            ${firstImage}
           order by p.created_at desc, p.id desc`,
    ),
    sqlRows<{ n: number | string }>(
      database,
      sql`select count(*) as n from products p where p.manufacturer_id = ${id} and ${isListableP}`,
    ),
    rfqResponsiveness(database, id, now),
  ]);
  return {
    ...sellerCard(seller),
    ...responsiveness,
    products: rows.map(toCard),
    total: Number(count?.n ?? 0),
    page,
    pageSize: CATALOG_PAGE_SIZE,
  };
}
