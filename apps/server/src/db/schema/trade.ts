import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { buyers, manufacturers, users } from './accounts.ts';
import { products } from './catalog.ts';
import { searchDoc } from './search-doc.ts';

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** Human numbers (RFQ-2026-000123, ORD-..., PAY-..., INV-..., STL-...) come from sequences: unique without retries. */
export const rfqNumberSeq = pgSequence('rfq_number_seq');
export const orderNumberSeq = pgSequence('order_number_seq');
export const paymentNumberSeq = pgSequence('payment_number_seq');
export const invoiceNumberSeq = pgSequence('invoice_number_seq');
export const settlementNumberSeq = pgSequence('settlement_number_seq');
export const refundNumberSeq = pgSequence('refund_number_seq');
export const commissionInvoiceNumberSeq = pgSequence('commission_invoice_number_seq');

export const rfqStatusEnum = pgEnum('rfq_status', ['pending', 'quoted', 'negotiating', 'accepted', 'rejected']);
export const orderStatusEnum = pgEnum('order_status', ['pending', 'processing', 'shipped', 'delivered', 'cancelled']);
export const paymentStatusEnum = pgEnum('payment_status', ['pending', 'paid']);
/**
 * A settlement's payout through a provider (RazorpayX): requested (the job will call the provider), processing (the
 * provider has it), processed (paid), failed (refused or returned: the settlement is pending again, with the reason).
 * Null: never sent to a provider (the manual bank file).
 */
export const settlementPayoutStatusEnum = pgEnum('settlement_payout_status', [
  'requested',
  'processing',
  'processed',
  'failed',
]);
export const disputeStatusEnum = pgEnum('dispute_status', [
  'open',
  'under_review',
  'resolved_buyer',
  'resolved_seller',
]);

export const rfqs = pgTable(
  'rfqs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rfqNumber: text('rfq_number').notNull(),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    category: text('category'),
    requestedQuantity: integer('requested_quantity').notNull(),
    targetPrice: money('target_price'),
    deadline: date('deadline'),
    description: text('description'),
    specifications: text('specifications').array().notNull().default(sql`'{}'::text[]`),
    status: rfqStatusEnum('status').notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    agreedPrice: money('agreed_price'),
    agreedQuantity: integer('agreed_quantity'),
    /** The GST rate the seller's accepted offer named (a quote on a requirement does): the converted order's rate. */
    agreedGstRate: numeric('agreed_gst_rate', { precision: 5, scale: 2 }),
    orderId: uuid('order_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('rfqs_number_key').on(t.rfqNumber),
    index('rfqs_mfr_created_idx').on(t.manufacturerId, t.createdAt),
    index('rfqs_mfr_status_created_idx').on(t.manufacturerId, t.status, t.createdAt),
    index('rfqs_buyer_idx').on(t.buyerId),
  ],
);

/** Every offer in an RFQ's negotiation, in order: who offered what, and when. */
export const rfqOffers = pgTable(
  'rfq_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    rfqId: uuid('rfq_id')
      .notNull()
      .references(() => rfqs.id, { onDelete: 'cascade' }),
    byRole: text('by_role').notNull(),
    kind: text('kind').notNull(),
    pricePerUnit: money('price_per_unit'),
    quantity: integer('quantity'),
    notes: text('notes'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('rfq_offers_rfq_idx').on(t.rfqId, t.createdAt)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number').notNull(),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    rfqId: uuid('rfq_id'),
    status: orderStatusEnum('status').notNull().default('pending'),
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('pending'),
    subtotal: money('subtotal').notNull(),
    shipping: money('shipping').notNull().default('0'),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    shipStreet: text('ship_street').notNull(),
    shipApartment: text('ship_apartment'),
    shipCity: text('ship_city').notNull(),
    shipState: text('ship_state').notNull(),
    shipZipCode: text('ship_zip_code').notNull(),
    shipCountry: text('ship_country').notNull().default('India'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    estimatedDelivery: date('estimated_delivery'),
    cancelReason: text('cancel_reason'),
    invoiceNumber: text('invoice_number'),
    /**
     * An order converted from an RFQ by the seller waits for the buyer to choose the shipping address and confirm;
     * until then the seller cannot move it (only cancel it). Catalogue orders are confirmed when placed.
     */
    awaitingBuyerConfirmation: boolean('awaiting_buyer_confirmation').notNull().default(false),
    buyerConfirmedAt: timestamp('buyer_confirmed_at', { withTimezone: true }),
    /** Order number, buyer company and contact, and product names as seller-keyed words: the seller's search box. */
    searchDoc: searchDoc('search_doc').notNull().default(sql`''::tsvector`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.orderNumber),
    // id breaks ties in the list's order (created_at desc, id desc), so a page needs no sort.
    index('orders_mfr_created_idx').on(t.manufacturerId, t.createdAt, t.id),
    index('orders_mfr_status_created_idx').on(t.manufacturerId, t.status, t.createdAt),
    index('orders_buyer_idx').on(t.buyerId),
    index('orders_created_idx').on(t.createdAt),
    index('orders_mfr_payment_created_idx').on(t.manufacturerId, t.paymentStatus, t.createdAt),
    index('orders_search_doc_idx').using('gin', t.searchDoc),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    brand: text('brand'),
    category: text('category'),
    hsnCode: text('hsn_code'),
    unit: text('unit'),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    gstPercentage: numeric('gst_percentage', { precision: 5, scale: 2 }).notNull().default('0'),
    taxAmount: money('tax_amount').notNull(),
    lineTotal: money('line_total').notNull(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/** The timeline of an order: every status change with who made it and why. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: orderStatusEnum('from_status'),
    toStatus: orderStatusEnum('to_status').notNull(),
    note: text('note'),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

export const settlements = pgTable(
  'settlements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    settlementNumber: text('settlement_number').notNull(),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    amount: money('amount').notNull(),
    status: paymentStatusEnum('status').notNull().default('pending'),
    reference: text('reference'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The statement's figures in paise (ADR money-ledger): what the orders released, what was withheld, the net. */
    grossPaise: bigint('gross_paise', { mode: 'number' }).notNull().default(0),
    commissionPaise: bigint('commission_paise', { mode: 'number' }).notNull().default(0),
    gstOnCommissionPaise: bigint('gst_on_commission_paise', { mode: 'number' }).notNull().default(0),
    tcsPaise: bigint('tcs_paise', { mode: 'number' }).notNull().default(0),
    tdsPaise: bigint('tds_paise', { mode: 'number' }).notNull().default(0),
    refundsPaise: bigint('refunds_paise', { mode: 'number' }).notNull().default(0),
    netPaise: bigint('net_paise', { mode: 'number' }).notNull().default(0),
    openingPaise: bigint('opening_paise', { mode: 'number' }).notNull().default(0),
    closingPaise: bigint('closing_paise', { mode: 'number' }).notNull().default(0),
    /** The platform's commission tax invoice to the seller, issued with the settlement. */
    commissionInvoiceNumber: text('commission_invoice_number'),
    /** The payout through PAYOUT_PROVIDER (ADR 0033); all null for a settlement paid by the bank file. */
    payoutStatus: settlementPayoutStatusEnum('payout_status'),
    providerPayoutId: text('provider_payout_id'),
    /** Why the last payout failed, shown to the admin until the next one starts. */
    payoutFailureReason: text('payout_failure_reason'),
    /** Payouts started for this settlement; the provider's idempotency key of attempt n > 1 carries n. */
    payoutAttempts: integer('payout_attempts').notNull().default(0),
    /** The idempotency key of the current attempt: the same on every retry of it, never reused after a failure. */
    payoutKey: text('payout_key'),
    payoutStartedAt: timestamp('payout_started_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('settlements_number_key').on(t.settlementNumber),
    index('settlements_payout_idx').on(t.payoutStatus, t.payoutStartedAt),
    index('settlements_mfr_idx').on(t.manufacturerId, t.createdAt),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentNumber: text('payment_number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    status: paymentStatusEnum('status').notNull().default('pending'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    settlementId: uuid('settlement_id').references(() => settlements.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_number_key').on(t.paymentNumber),
    index('payments_mfr_created_idx').on(t.manufacturerId, t.createdAt),
    index('payments_order_idx').on(t.orderId),
    index('payments_mfr_status_created_idx').on(t.manufacturerId, t.status, t.createdAt),
    index('payments_settlement_idx').on(t.settlementId),
  ],
);

export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    status: disputeStatusEnum('status').notNull().default('open'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('disputes_status_idx').on(t.status, t.createdAt),
    index('disputes_mfr_idx').on(t.manufacturerId, t.status, t.createdAt),
    index('disputes_order_idx').on(t.orderId),
    // One open dispute per order, whatever the number of simultaneous requests.
    uniqueIndex('disputes_one_open_per_order').on(t.orderId).where(sql`${t.status} in ('open', 'under_review')`),
  ],
);

/** Photos and PDFs a buyer attaches to a dispute (stored files; the admin and the buyer can open them). */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull(),
    mime: text('mime').notNull(),
    originalName: text('original_name').notNull(),
    size: integer('size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('dispute_evidence_dispute_idx').on(t.disputeId, t.createdAt)],
);
