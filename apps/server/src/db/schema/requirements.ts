import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { buyers, manufacturers, users } from './accounts.ts';
import { rfqs } from './trade.ts';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** REQ-2026-000123. */
export const requirementNumberSeq = pgSequence('requirement_number_seq');

/**
 * A buyer's requirement on the board: posted without choosing a seller, seen by the verified sellers of its
 * category, answered with quotes. Status: open -> accepted (a quote became an RFQ), closed (by the buyer),
 * expired (its deadline passed), removed (closed by an admin as spam).
 */
export const requirements = pgTable(
  'requirements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    number: text('number').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    category: text('category').notNull(),
    quantity: integer('quantity').notNull(),
    unit: text('unit').notNull(),
    targetPrice: money('target_price'),
    deadline: date('deadline').notNull(),
    deliveryState: text('delivery_state').notNull(),
    pinCode: text('pin_code').notNull(),
    status: text('status', { enum: ['open', 'accepted', 'closed', 'expired', 'removed'] })
      .notNull()
      .default('open'),
    closedReason: text('closed_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The RFQ the accepted quote became. */
    rfqId: uuid('rfq_id').references(() => rfqs.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requirements_number_key').on(t.number),
    index('requirements_board_idx').on(t.status, t.category, t.createdAt),
    index('requirements_buyer_idx').on(t.buyerId, t.status, t.createdAt),
    index('requirements_deadline_idx').on(t.status, t.deadline),
    check('requirements_status_check', sql`${t.status} in ('open', 'accepted', 'closed', 'expired', 'removed')`),
    check('requirements_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** Photos, PDFs and drawings the buyer attached to a requirement (checked and stored like dispute evidence). */
export const requirementAttachments = pgTable(
  'requirement_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requirementId: uuid('requirement_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    originalName: text('original_name').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('requirement_attachments_requirement_idx').on(t.requirementId, t.createdAt)],
);

/** A seller's one quote on a requirement (unique per seller), revised in place; every version is kept below. */
export const requirementQuotes = pgTable(
  'requirement_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requirementId: uuid('requirement_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    pricePerUnit: money('price_per_unit').notNull(),
    quantity: integer('quantity').notNull(),
    deliveryDays: integer('delivery_days').notNull(),
    validUntil: date('valid_until').notNull(),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2 }),
    note: text('note'),
    status: text('status', { enum: ['open', 'accepted', 'closed', 'withdrawn'] })
      .notNull()
      .default('open'),
    revisions: integer('revisions').notNull().default(0),
    revisedAt: timestamp('revised_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('requirement_quotes_one_per_seller').on(t.requirementId, t.manufacturerId),
    index('requirement_quotes_mfr_idx').on(t.manufacturerId, t.createdAt),
    check('requirement_quotes_status_check', sql`${t.status} in ('open', 'accepted', 'closed', 'withdrawn')`),
  ],
);

/** Every version a quote had, the first one included: what the seller offered, and when. */
export const requirementQuoteRevisions = pgTable(
  'requirement_quote_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => requirementQuotes.id, { onDelete: 'cascade' }),
    pricePerUnit: money('price_per_unit').notNull(),
    quantity: integer('quantity').notNull(),
    deliveryDays: integer('delivery_days').notNull(),
    validUntil: date('valid_until').notNull(),
    gstRate: numeric('gst_rate', { precision: 5, scale: 2 }),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('requirement_quote_revisions_quote_idx').on(t.quoteId, t.createdAt)],
);

/** A seller's spam report on a requirement (one per seller). */
export const requirementReports = pgTable(
  'requirement_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requirementId: uuid('requirement_id')
      .notNull()
      .references(() => requirements.id, { onDelete: 'cascade' }),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('requirement_reports_one_per_seller').on(t.requirementId, t.manufacturerId)],
);
