import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { buyers, manufacturers, users } from './accounts.ts';
import { orders, payments, settlements } from './trade.ts';

const paise = (name: string) => bigint(name, { mode: 'number' });

/**
 * The chart of accounts of the one ledger (ADR money-ledger). Seeded by the migration; a line names its account by
 * code. `kind` says on which side its balance normally sits (asset: debit; liability and revenue: credit).
 */
export const ledgerAccounts = pgTable('ledger_accounts', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind').notNull(),
});

/**
 * One balanced journal entry: a movement of money. Entries are never updated or deleted (a trigger refuses it); a
 * correction is a new entry. `key` makes posting idempotent: the same business event posts at most once.
 */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    kind: text('kind').notNull(),
    orderId: uuid('order_id'),
    manufacturerId: uuid('manufacturer_id'),
    memo: text('memo').notNull(),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('journal_entries_key').on(t.key),
    index('journal_entries_order_idx').on(t.orderId),
    index('journal_entries_posted_idx').on(t.postedAt),
  ],
);

/** A line of an entry: debit positive, credit negative, integer paise. The lines of an entry sum to zero. */
export const journalLines = pgTable(
  'journal_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    entryId: uuid('entry_id')
      .notNull()
      .references(() => journalEntries.id),
    account: text('account')
      .notNull()
      .references(() => ledgerAccounts.code),
    orderId: uuid('order_id'),
    manufacturerId: uuid('manufacturer_id'),
    amountPaise: paise('amount_paise').notNull(),
  },
  (t) => [
    index('journal_lines_entry_idx').on(t.entryId),
    index('journal_lines_account_mfr_idx').on(t.account, t.manufacturerId),
    index('journal_lines_order_idx').on(t.orderId, t.account),
  ],
);

/**
 * One try at paying an order: through a gateway (`test`, `razorpay`) or by bank transfer. The amount is what was due
 * when the try began, set by the server. States: created (gateway order made, buyer at checkout), awaiting_utr /
 * awaiting_confirmation (bank transfer), captured, failed, rejected (admin refused the UTR), flagged (the provider
 * reported something we must not accept: a wrong amount, a second capture).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order's pending payment row when the try began; null once that row is gone (the order was cancelled). */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    reference: text('reference').notNull(),
    providerOrderId: text('provider_order_id'),
    providerPaymentId: text('provider_payment_id'),
    amountPaise: paise('amount_paise').notNull(),
    status: text('status').notNull(),
    transferMode: text('transfer_mode'),
    utr: text('utr'),
    failureReason: text('failure_reason'),
    flagReason: text('flag_reason'),
    /** Flagged: what the provider captured and we did not count (refunded to the buyer by the admin). */
    flaggedPaise: paise('flagged_paise'),
    method: text('method'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    capturedAt: timestamp('captured_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_attempts_provider_order_key').on(t.providerOrderId),
    uniqueIndex('payment_attempts_utr_key').on(t.utr).where(sql`${t.status} in ('awaiting_confirmation', 'captured')`),
    // One captured attempt per order: a second capture is flagged, never counted.
    uniqueIndex('payment_attempts_one_capture').on(t.orderId).where(sql`${t.status} = 'captured'`),
    index('payment_attempts_order_idx').on(t.orderId, t.createdAt),
    index('payment_attempts_status_idx').on(t.status, t.createdAt),
  ],
);

/** Webhook events processed, by the provider's event id: a redelivery finds its row and changes nothing. */
/**
 * A capture for a gateway order no payment try matches: booked as unmatched money, refunded to the payer through the
 * provider (refund_due, then refund_pending while the provider processes it, then refunded).
 */
export const unmatchedCaptures = pgTable(
  'unmatched_captures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    providerOrderId: text('provider_order_id'),
    amountPaise: paise('amount_paise').notNull(),
    status: text('status').notNull().default('refund_due'),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('unmatched_captures_payment_key').on(t.provider, t.providerPaymentId)],
);

export const webhookEvents = pgTable('webhook_events', {
  eventId: text('event_id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Refunds to buyers: through the gateway that took the payment, or paid by the admin with a UTR (bank transfer). */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    refundNumber: text('refund_number').notNull(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    manufacturerId: uuid('manufacturer_id').notNull(),
    buyerId: uuid('buyer_id').notNull(),
    provider: text('provider').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    reason: text('reason').notNull(),
    /** Taken from the seller's payable (the money had already been released to them): recovered next settlement. */
    fromSeller: integer('from_seller').notNull().default(0),
    status: text('status').notNull().default('pending'),
    providerRefundId: text('provider_refund_id'),
    utr: text('utr'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('refunds_number_key').on(t.refundNumber),
    uniqueIndex('refunds_provider_refund_key').on(t.providerRefundId),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_status_idx').on(t.status, t.createdAt),
  ],
);

/**
 * Rates with the dates they apply from (commission GST, TCS s.52 CGST Act, TDS s.194-O), in parts per million of
 * the base: 18 % = 180000. The rate for a day is the row with the latest effective_from on or before it.
 */
export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    effectiveFrom: date('effective_from').notNull(),
    source: text('source').notNull(),
  },
  (t) => [uniqueIndex('tax_rates_code_from_key').on(t.code, t.effectiveFrom)],
);

/**
 * What the seller earns from one order when its money leaves escrow (a release), or what is taken back from them (a
 * refund after release, negative): the lines of their next settlement.
 */
export const sellerEarnings = pgTable(
  'seller_earnings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    manufacturerId: uuid('manufacturer_id').notNull(),
    orderId: uuid('order_id').notNull(),
    kind: text('kind').notNull(),
    grossPaise: paise('gross_paise').notNull(),
    taxablePaise: paise('taxable_paise').notNull(),
    commissionPaise: paise('commission_paise').notNull(),
    gstOnCommissionPaise: paise('gst_on_commission_paise').notNull(),
    tcsPaise: paise('tcs_paise').notNull(),
    tcsInterState: integer('tcs_inter_state').notNull().default(0),
    tdsPaise: paise('tds_paise').notNull(),
    refundsPaise: paise('refunds_paise').notNull(),
    netPaise: paise('net_paise').notNull(),
    settlementId: uuid('settlement_id').references(() => settlements.id),
    postedAt: timestamp('posted_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('seller_earnings_mfr_idx').on(t.manufacturerId, t.settlementId),
    index('seller_earnings_settlement_idx').on(t.settlementId),
    uniqueIndex('seller_earnings_one_release').on(t.orderId).where(sql`${t.kind} = 'release'`),
  ],
);

/** The local `test` gateway's own books: its orders, payments and refunds (it answers reconciliation from here). */
export const testGatewayOrders = pgTable('test_gateway_orders', {
  id: text('id').primaryKey(),
  receipt: text('receipt').notNull(),
  amountPaise: paise('amount_paise').notNull(),
  status: text('status').notNull().default('created'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testGatewayPayments = pgTable('test_gateway_payments', {
  id: text('id').primaryKey(),
  orderId: text('order_id')
    .notNull()
    .references(() => testGatewayOrders.id),
  amountPaise: paise('amount_paise').notNull(),
  status: text('status').notNull(),
  refundedPaise: paise('refunded_paise').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const testGatewayRefunds = pgTable(
  'test_gateway_refunds',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => testGatewayPayments.id),
    receipt: text('receipt').notNull(),
    amountPaise: paise('amount_paise').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('test_gateway_refunds_receipt_key').on(t.receipt)],
);

/**
 * The platform's own GST series for its commission tax invoices to sellers: one row per financial year, bumped in
 * the issuing transaction (locked until commit, so numbers are consecutive and a rolled-back issue leaves no gap).
 */
export const commissionInvoiceCounters = pgTable('commission_invoice_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * The platform's tax invoice to a seller for the commission of one settlement's orders, frozen at issue: `body`
 * (type CommissionInvoiceBody) holds the parties, lines and totals as issued; the PDF is drawn from it only.
 */
export const commissionInvoices = pgTable(
  'commission_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    settlementId: uuid('settlement_id')
      .notNull()
      .references(() => settlements.id),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    supplyType: text('supply_type').notNull(),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull(),
    sgstPaise: paise('sgst_paise').notNull(),
    igstPaise: paise('igst_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
    body: jsonb('body').notNull(),
  },
  (t) => [
    uniqueIndex('commission_invoices_number_key').on(t.number),
    uniqueIndex('commission_invoices_settlement_key').on(t.settlementId),
    index('commission_invoices_mfr_idx').on(t.manufacturerId, t.issuedAt),
  ],
);

/** The platform's credit note series (PLCN/YYyy/NNNNN) against its commission invoices: one row per financial year. */
export const commissionCreditNoteCounters = pgTable('commission_credit_note_counters', {
  financialYear: text('financial_year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
});

/**
 * The platform's credit note to a seller reducing a commission invoice already issued, when a refund reached money
 * released to the seller: the commission and GST on it reversed for that order, frozen at issue in `body` (type
 * CommissionCreditNoteBody); the PDF is drawn from it only. One per refund.
 */
export const commissionCreditNotes = pgTable(
  'commission_credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => commissionInvoices.id),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    refundId: uuid('refund_id').notNull(),
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    supplyType: text('supply_type').notNull(),
    taxablePaise: paise('taxable_paise').notNull(),
    cgstPaise: paise('cgst_paise').notNull(),
    sgstPaise: paise('sgst_paise').notNull(),
    igstPaise: paise('igst_paise').notNull(),
    totalPaise: paise('total_paise').notNull(),
    reason: text('reason').notNull(),
    body: jsonb('body').notNull(),
  },
  (t) => [
    uniqueIndex('commission_credit_notes_number_key').on(t.number),
    uniqueIndex('commission_credit_notes_refund_key').on(t.refundId),
    index('commission_credit_notes_invoice_idx').on(t.invoiceId),
    index('commission_credit_notes_mfr_idx').on(t.manufacturerId, t.issuedAt),
  ],
);
