import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { manufacturers, users } from './accounts.ts';
import { orders } from './trade.ts';

export const TAX_DOCUMENT_KINDS = ['invoice', 'credit_note', 'debit_note'] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

/** A seller's choices for its tax documents: series prefixes and whether e-invoicing applies to it. */
export const sellerTaxSettings = pgTable('seller_tax_settings', {
  manufacturerId: uuid('manufacturer_id')
    .primaryKey()
    .references(() => manufacturers.id, { onDelete: 'cascade' }),
  invoicePrefix: text('invoice_prefix').notNull().default('INV'),
  creditNotePrefix: text('credit_note_prefix').notNull().default('CN'),
  debitNotePrefix: text('debit_note_prefix').notNull().default('DN'),
  /** Aggregate turnover above Rs 5 crore: every invoice and note is also registered on the IRP. */
  einvoiceApplies: boolean('einvoice_applies').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A seller's own API user on the e-invoice portal (IRP), for EINVOICE_PROVIDER=gsp: the user name, and the password
 * sealed with AES-256-GCM under EINVOICE_CREDENTIALS_KEY (lib/secret-box.ts; bound to the seller's id). The
 * password is never sent back to the browser.
 */
export const sellerEinvoiceCredentials = pgTable('seller_einvoice_credentials', {
  manufacturerId: uuid('manufacturer_id')
    .primaryKey()
    .references(() => manufacturers.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  passwordSealed: text('password_sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A seller's own API user on the e-way bill portal (NIC), for EWAYBILL_PROVIDER=nic: the user name, and the password
 * sealed like the e-invoice one (lib/secret-box.ts, the same key, bound to "ewaybill:" and the seller's id). The
 * password is never sent back to the browser.
 */
export const sellerEwaybillCredentials = pgTable('seller_ewaybill_credentials', {
  manufacturerId: uuid('manufacturer_id')
    .primaryKey()
    .references(() => manufacturers.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  passwordSealed: text('password_sealed').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The last number issued in one series (seller, financial year, kind). The row is locked by the issuing
 * transaction (UPDATE ... RETURNING), so numbers are consecutive with no gaps: a rolled-back issue gives its
 * number back, which a sequence would not.
 */
export const taxDocumentCounters = pgTable(
  'tax_document_counters',
  {
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    /** Financial year as "2026-27" (April to March, IST). */
    financialYear: text('financial_year').notNull(),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    /** One count per prefix: a new prefix starts a new series (a full one, at 99,999, stays full). */
    prefix: text('prefix').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.manufacturerId, t.financialYear, t.kind, t.prefix] })],
);

/**
 * An issued tax invoice, credit note or debit note as it was issued: parties, place of supply, lines, rates and
 * totals are copied in (`body`), and the PDF is drawn from this copy only, so a later change of address, GSTIN
 * or product never changes an issued document. Totals are repeated as integer paise columns for returns.
 */
export const taxDocuments = pgTable(
  'tax_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TAX_DOCUMENT_KINDS }).notNull(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** The invoice a credit or debit note adjusts. */
    invoiceId: uuid('invoice_id'),
    reason: text('reason'),
    supplyType: text('supply_type', { enum: ['intra', 'inter'] }).notNull(),
    buyerGstin: text('buyer_gstin'),
    placeOfSupplyCode: text('place_of_supply_code').notNull(),
    taxablePaise: bigint('taxable_paise', { mode: 'number' }).notNull(),
    cgstPaise: bigint('cgst_paise', { mode: 'number' }).notNull(),
    sgstPaise: bigint('sgst_paise', { mode: 'number' }).notNull(),
    igstPaise: bigint('igst_paise', { mode: 'number' }).notNull(),
    totalPaise: bigint('total_paise', { mode: 'number' }).notNull(),
    /** The frozen document (FrozenDocument in modules/tax-documents/types.ts). */
    body: jsonb('body').notNull(),
    /** Issued from current records when first read after the migration (orders invoiced before frozen copies). */
    backfilled: boolean('backfilled').notNull().default(false),
    einvoiceStatus: text('einvoice_status', {
      enum: ['not_applicable', 'pending', 'registered', 'failed', 'cancelled'],
    })
      .notNull()
      .default('not_applicable'),
    irn: text('irn'),
    ackNo: text('ack_no'),
    ackDate: timestamp('ack_date', { withTimezone: true }),
    signedQrCode: text('signed_qr_code'),
    einvoiceError: text('einvoice_error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tax_documents_seller_number_key').on(t.manufacturerId, t.number),
    // One invoice per order; notes are many.
    uniqueIndex('tax_documents_one_invoice_key').on(t.orderId).where(sql`kind = 'invoice'`),
    index('tax_documents_order_idx').on(t.orderId, t.issuedAt),
    index('tax_documents_seller_issued_idx').on(t.manufacturerId, t.issuedAt),
  ],
);

/** E-way bill data of a shipped consignment above the threshold, and the number the portal gave. */
export const ewayBills = pgTable('eway_bills', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  transporterName: text('transporter_name').notNull(),
  transporterId: text('transporter_id'),
  transportMode: text('transport_mode').notNull(),
  vehicleNumber: text('vehicle_number'),
  transportDocNumber: text('transport_doc_number'),
  transportDocDate: text('transport_doc_date'),
  distanceKm: integer('distance_km').notNull(),
  payload: jsonb('payload').notNull(),
  ewbNumber: text('ewb_number'),
  ewbDate: timestamp('ewb_date', { withTimezone: true }),
  /** The end of its validity as the portal gave it (or, for a number the seller entered, as the rules give it). */
  validUntil: timestamp('valid_until', { withTimezone: true }),
  /** Where the goods move from now, and when Part-B last changed (a new vehicle or transport document). */
  fromPlace: text('from_place'),
  fromStateCode: text('from_state_code'),
  vehicleUpdatedAt: timestamp('vehicle_updated_at', { withTimezone: true }),
  /** Every Part-B change: `{ at, mode, vehicleNumber, docNumber, docDate, fromPlace, fromStateCode, reasonCode, reasonRemark }`. */
  vehicleUpdates: jsonb('vehicle_updates').notNull().default([]),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  cancelReasonCode: text('cancel_reason_code'),
  cancelRemark: text('cancel_remark'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
