import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { manufacturers } from './accounts.ts';
import { searchDoc } from './search-doc.ts';

/** The seller's own listing switch. */
export const listingStatusEnum = pgEnum('listing_status', ['active', 'inactive']);
/** The platform's moderation of a product. */
export const moderationStatusEnum = pgEnum('moderation_status', ['pending', 'approved', 'suspended', 'rejected']);

/** The row half of the listability rule (modules/catalog/listable.ts): the catalogue's partial indexes hold these. */
const listedSql = sql`status = 'active' and moderation_status = 'approved'`;

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    sku: text('sku').notNull(),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    moq: integer('moq').notNull().default(1),
    stock: integer('stock').notNull().default(0),
    unit: text('unit').notNull(),
    brand: text('brand'),
    category: text('category'),
    subCategory: text('sub_category'),
    modelNumber: text('model_number'),
    sizes: text('sizes').array().notNull().default(sql`'{}'::text[]`),
    colors: text('colors').array().notNull().default(sql`'{}'::text[]`),
    material: text('material'),
    dimensions: text('dimensions'),
    weight: text('weight'),
    packaging: text('packaging'),
    hsnCode: text('hsn_code'),
    gstPercentage: numeric('gst_percentage', { precision: 5, scale: 2 }),
    status: listingStatusEnum('status').notNull().default('active'),
    moderationStatus: moderationStatusEnum('moderation_status').notNull().default('pending'),
    moderationReason: text('moderation_reason'),
    /** The price moderation approved; the price-error guard measures a seller's price changes against it. */
    approvedPrice: numeric('approved_price', { precision: 14, scale: 2 }),
    /** Moves on with every UPDATE of the row (trigger in migration 0010): an edit form sends back what it loaded. */
    version: integer('version').notNull().default(1),
    /** Name and SKU as seller-keyed words: the seller's search box. */
    searchDoc: searchDoc('search_doc').notNull().default(sql`''::tsvector`),
    /**
     * The public catalogue's words (not seller-keyed): name, brand, model, material and category, split by
     * PostgreSQL's 'simple' parser as the row is written (modules/catalog/queries.ts, ADR 0019).
     */
    catalogDoc: searchDoc('catalog_doc')
      .notNull()
      .generatedAlwaysAs(
        sql`to_tsvector('simple'::regconfig, name || ' ' || coalesce(brand, '') || ' ' || coalesce(model_number, '') || ' ' || coalesce(material, '') || ' ' || replace(coalesce(category, ''), '_', ' '))`,
      ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // "abc-1" and "ABC-1" are one SKU: a seller, a buyer and a spreadsheet do not tell them apart.
    uniqueIndex('products_mfr_sku_key').on(t.manufacturerId, sql`lower(${t.sku})`),
    // id breaks ties: a bulk upload gives thousands of rows one created_at, and the list orders by both.
    index('products_mfr_created_idx').on(t.manufacturerId, t.createdAt, t.id),
    index('products_moderation_idx').on(t.moderationStatus, t.createdAt),
    // The admin console's product list across sellers, newest first (modules/admin/products.ts).
    index('products_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
    index('products_category_created_idx').on(t.category, t.createdAt.desc().nullsFirst(), t.id),
    index('products_search_doc_idx').using('gin', t.searchDoc),
    // "Starts with" on the SKU as typed, punctuation included (PKG-1 finds PKG-100), whatever the case.
    index('products_mfr_sku_prefix_idx').on(t.manufacturerId, sql`lower(${t.sku}) text_pattern_ops`),
    // The product's words: the public catalogue (with the listing rule beside it) and the admin console's search
    // across sellers read the same index, so it holds every product, listed or not.
    index('products_catalog_doc_idx').using('gin', t.catalogDoc),
    // The public catalogue reads listed rows only (modules/catalog/listable.ts): newest, price, category.
    index('products_catalog_newest_idx').on(t.createdAt.desc(), t.id.desc()).where(listedSql),
    index('products_catalog_price_idx').on(t.price, t.id).where(listedSql),
    index('products_catalog_category_idx').on(t.category, t.createdAt.desc(), t.id.desc()).where(listedSql),
    index('products_catalog_category_price_idx').on(t.category, t.price, t.id).where(listedSql),
    // Tax invoices print the HSN code and GST rate of what was sold, so nothing without them can be approved.
    check(
      'products_approved_tax_check',
      sql`${t.moderationStatus} <> 'approved' or (${t.hsnCode} is not null and ${t.gstPercentage} is not null)`,
    ),
  ],
);

export const productMedia = pgTable(
  'product_media',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key').notNull(),
    mime: text('mime').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    position: integer('position').notNull().default(0),
    originalName: text('original_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('product_media_product_idx').on(t.productId, t.position)],
);

/** Text compared byte by byte, whatever the database's locale: a word's prefix is one contiguous index range. */
const byteOrderText = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/**
 * The public catalogue's words as rows (an inverted index with its payload): one row per word of each listed
 * product's catalog_doc, kept by triggers on products and manufacturers (migration 0037), so a one-word search with
 * filters and its facets read the first matches from one index alone, without visiting a product (ADR 0036). Holds
 * exactly the rows that modules/catalog/listable.ts calls listable.
 */
export const catalogTerms = pgTable(
  'catalog_terms',
  {
    term: byteOrderText('term').notNull(),
    productId: uuid('product_id').notNull(),
    /** How often the word occurs in the product's words: the one-word search's relevance. */
    hits: smallint('hits').notNull(),
    manufacturerId: uuid('manufacturer_id').notNull(),
    category: text('category'),
    price: numeric('price', { precision: 14, scale: 2 }).notNull(),
    moq: integer('moq').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  // The key's index also carries every other column (INCLUDE, written in the migration): index-only reads.
  (t) => [primaryKey({ columns: [t.term, t.productId] })],
);

/**
 * Every word any product has held (its catalog_doc's lexemes, listed or not): the admin's search spells its last
 * word out as these forms, as the catalogue does with catalog_terms, because the GIN index intersects exact posting
 * lists where a prefix first gathers every match of it (ADR 0037). Written by statement triggers on products
 * (migration 0041) and never pruned: a word no product holds any more matches nothing, at the cost of one probe.
 */
export const productWords = pgTable('product_words', {
  term: byteOrderText('term').primaryKey(),
});
