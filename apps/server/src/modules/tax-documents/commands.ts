import {
  amountInWords,
  financialYearOf,
  canonicalStateName,
  gstHeads,
  gstStateCodeOf,
  placeOfSupplyCode,
  supplyTypeFor,
  stateNameOf,
  TAX_SERIES_DIGITS,
  taxDocumentNumber,
  uqcOf,
} from '@ub/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  buyers,
  manufacturers,
  orderEvents,
  orderItems,
  orders,
  sellerTaxSettings,
  type TaxDocumentKind,
  taxDocumentCounters,
  taxDocuments,
} from '../../db/schema/index.ts';
import type { Deps, Scope } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { fromPaise, toPaise } from '../trade/common.ts';
import { orderScope } from '../orders/queries.ts';
import { enqueueEinvoice } from './einvoice-register.ts';
import type { FrozenDocument, FrozenLine, FrozenParty, FrozenTotals } from './types.ts';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/**
 * A line's GST split by head. With `exact` (the taxable value and rate the tax is on) it is the one rule,
 * `gstHeads` in @ub/shared: inside the state CGST and SGST take the same half, computed once (rounded as the half
 * rate on the taxable value rounds), so the line's tax is twice it; across states it is all IGST. Without it the
 * amount was fixed elsewhere and its heads must add up to it (the ledger's GST on commission, money/escrow.ts): an
 * even amount halves exactly, an odd paisa goes to SGST. Those heads are equal once the ledger computes intra-state
 * GST as two halves.
 */
export function splitGst(
  taxPaise: number,
  supplyType: 'intra' | 'inter',
  exact?: { taxablePaise: number; ratePercent: number },
) {
  if (exact || supplyType === 'inter') return gstHeads(taxPaise, supplyType, exact);
  const cgst = Math.floor(taxPaise / 2);
  return { cgst, sgst: taxPaise - cgst, igst: 0 };
}

const PREFIX_COLUMN = {
  invoice: sellerTaxSettings.invoicePrefix,
  credit_note: sellerTaxSettings.creditNotePrefix,
  debit_note: sellerTaxSettings.debitNotePrefix,
} as const;
const DEFAULT_PREFIX: Record<TaxDocumentKind, string> = { invoice: 'INV', credit_note: 'CN', debit_note: 'DN' };

/** The seller's tax settings, the defaults when it never saved any. */
export async function taxSettingsOf(db: Db, manufacturerId: string) {
  const [row] = await db
    .select()
    .from(sellerTaxSettings)
    .where(eq(sellerTaxSettings.manufacturerId, manufacturerId))
    .limit(1);
  return {
    invoicePrefix: row?.invoicePrefix ?? DEFAULT_PREFIX.invoice,
    creditNotePrefix: row?.creditNotePrefix ?? DEFAULT_PREFIX.credit_note,
    debitNotePrefix: row?.debitNotePrefix ?? DEFAULT_PREFIX.debit_note,
    einvoiceApplies: row?.einvoiceApplies ?? false,
  };
}

/**
 * The next number of a seller's series for this kind, financial year and the prefix set now: each prefix is a
 * series of its own (CGST Rule 46(b): one or more consecutive series), so a series that reached 99,999 is followed
 * by a new prefix counting from 1, and a prefix used before goes on from its last number. The counter row is
 * inserted or bumped by one statement, which keeps it locked until `tx` ends: a second issue waits, and a
 * rolled-back issue returns its number, so the series has no gaps (a sequence would leave one at every rollback).
 */
export async function nextTaxNumber(tx: Db, manufacturerId: string, kind: TaxDocumentKind, at: Date) {
  const financialYear = financialYearOf(at);
  const [settings] = await tx
    .select({ prefix: PREFIX_COLUMN[kind] })
    .from(sellerTaxSettings)
    .where(eq(sellerTaxSettings.manufacturerId, manufacturerId))
    .limit(1);
  const prefix = settings?.prefix ?? DEFAULT_PREFIX[kind];
  const [counter] = await tx
    .insert(taxDocumentCounters)
    .values({ manufacturerId, financialYear, kind, prefix, lastNumber: 1 })
    .onConflictDoUpdate({
      target: [
        taxDocumentCounters.manufacturerId,
        taxDocumentCounters.financialYear,
        taxDocumentCounters.kind,
        taxDocumentCounters.prefix,
      ],
      set: { lastNumber: sql`${taxDocumentCounters.lastNumber} + 1` },
    })
    .returning({ n: taxDocumentCounters.lastNumber });
  const n = counter?.n ?? 1;
  if (String(n).length > TAX_SERIES_DIGITS) {
    throw conflict('This series is full for the financial year: choose a new prefix in Settings.');
  }
  return { number: taxDocumentNumber(prefix, financialYear, n), financialYear };
}

function party(name: string, address: string, gstin: string | null, stateName: string | null, contact?: string) {
  const code = gstin ? gstin.slice(0, 2) : stateName ? (gstStateCodeOf(stateName) ?? '') : '';
  return {
    name,
    contact: contact ?? null,
    address,
    gstin,
    stateName: stateNameOf(code) ?? stateName ?? '',
    stateCode: code,
  } satisfies FrozenParty;
}

function sumLines(lines: FrozenLine[]): FrozenTotals {
  const t = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
  for (const l of lines) {
    t.taxablePaise += l.taxablePaise;
    t.cgstPaise += l.cgstPaise;
    t.sgstPaise += l.sgstPaise;
    t.igstPaise += l.igstPaise;
    t.totalPaise += l.totalPaise;
  }
  return t;
}

function rates(gstRate: number, supplyType: 'intra' | 'inter') {
  return supplyType === 'intra'
    ? { cgstRate: gstRate / 2, sgstRate: gstRate / 2, igstRate: 0 }
    : { cgstRate: 0, sgstRate: 0, igstRate: gstRate };
}

/** The invoice of an order as its records say now: what gets frozen when it is issued. */
async function invoiceFromRecords(db: Db, orderId: string, number: string, issuedAt: Date): Promise<FrozenDocument> {
  const [row] = await db
    .select({ o: orders, m: manufacturers, b: buyers })
    .from(orders)
    .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!row) throw notFound('Order not found');
  const { o, m, b } = row;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.name));
  const placeCode = placeOfSupplyCode(b.gstNumber, o.shipState) ?? '';
  const supplyType = supplyTypeFor(m.gstNumber, placeCode || undefined);
  const lines: FrozenLine[] = items.map((i, lineNo) => {
    const taxable = toPaise(i.lineTotal);
    const gstRate = Number(i.gstPercentage);
    const split = splitGst(toPaise(i.taxAmount), supplyType, { taxablePaise: taxable, ratePercent: gstRate });
    return {
      lineNo,
      description: i.name,
      hsn: i.hsnCode ?? '',
      uqc: uqcOf(i.unit),
      quantity: i.quantity,
      ratePaise: toPaise(i.unitPrice),
      taxablePaise: taxable,
      gstRate,
      ...rates(gstRate, supplyType),
      cgstPaise: split.cgst,
      sgstPaise: split.sgst,
      igstPaise: split.igst,
      totalPaise: taxable + split.cgst + split.sgst + split.igst,
    };
  });
  const totals = sumLines(lines);
  const financialYear = financialYearOf(issuedAt);
  return {
    kind: 'invoice',
    number,
    issuedAt: issuedAt.toISOString(),
    financialYear,
    orderNumber: o.orderNumber,
    orderDate: o.createdAt.toISOString(),
    supplyType,
    reverseCharge: false,
    seller: party(m.companyName, m.companyAddress, m.gstNumber, m.state),
    buyer: party(b.companyName, b.address ?? '', b.gstNumber, b.state, b.contactName),
    shipTo: {
      address: [o.shipStreet, o.shipApartment, o.shipCity].filter(Boolean).join(', '),
      city: o.shipCity,
      pincode: o.shipZipCode,
      stateName: canonicalStateName(o.shipState) ?? o.shipState,
      stateCode: gstStateCodeOf(o.shipState) ?? '',
    },
    placeOfSupply: { stateName: stateNameOf(placeCode) ?? o.shipState, stateCode: placeCode },
    lines,
    totals,
    amountInWords: amountInWords(fromPaise(totals.totalPaise)),
    transport: { carrier: o.carrier, trackingNumber: o.trackingNumber },
  };
}

async function insertDocument(
  tx: Db,
  o: { manufacturerId: string; orderId: string; body: FrozenDocument; invoiceId?: string; backfilled?: boolean },
  createdBy?: string | null,
): Promise<TaxDocumentRow> {
  const settings = await taxSettingsOf(tx, o.manufacturerId);
  const [doc] = await tx
    .insert(taxDocuments)
    .values({
      manufacturerId: o.manufacturerId,
      orderId: o.orderId,
      kind: o.body.kind,
      number: o.body.number,
      financialYear: o.body.financialYear,
      issuedAt: new Date(o.body.issuedAt),
      invoiceId: o.invoiceId ?? null,
      reason: o.body.reason ?? null,
      supplyType: o.body.supplyType,
      buyerGstin: o.body.buyer.gstin,
      placeOfSupplyCode: o.body.placeOfSupply.stateCode,
      ...o.body.totals,
      body: o.body,
      backfilled: o.backfilled ?? false,
      // E-invoicing covers supplies to registered persons (B2B): the IRP takes no B2C documents.
      einvoiceStatus: settings.einvoiceApplies && !o.backfilled && o.body.buyer.gstin ? 'pending' : 'not_applicable',
      createdBy: createdBy ?? null,
    })
    .returning();
  if (!doc) throw new Error('tax document insert returned nothing');
  if (doc.einvoiceStatus === 'pending') await enqueueEinvoice(tx, doc.id);
  return doc;
}

/**
 * Issues the tax invoice of an order inside `tx` (at dispatch: CGST Act s.31 has the invoice issued when the
 * goods are removed), freezing parties, lines and totals, and answers it. An order already invoiced keeps its
 * invoice.
 */
export async function issueInvoice(tx: Db, clock: () => Date, orderId: string, actorUserId?: string | null) {
  const [existing] = await tx
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, orderId), eq(taxDocuments.kind, 'invoice')))
    .limit(1);
  if (existing) return existing;
  const [o] = await tx
    .select({ manufacturerId: orders.manufacturerId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  if (!o) throw notFound('Order not found');
  const at = clock();
  const { number } = await nextTaxNumber(tx, o.manufacturerId, 'invoice', at);
  const body = await invoiceFromRecords(tx, orderId, number, at);
  const doc = await insertDocument(tx, { manufacturerId: o.manufacturerId, orderId, body }, actorUserId);
  await tx.update(orders).set({ invoiceNumber: number }).where(eq(orders.id, orderId));
  return doc;
}

/**
 * The invoice of an order, within the caller's scope. An order invoiced before invoices were frozen (it has a
 * number but no frozen copy) is frozen now from its current records, keeping its number and the date it shipped,
 * and marked as backfilled. Null when the order has no invoice.
 */
export async function invoiceOf(db: Db, scope: Scope, orderId: string): Promise<TaxDocumentRow | null> {
  const [o] = await db
    .select({ id: orders.id, manufacturerId: orders.manufacturerId, invoiceNumber: orders.invoiceNumber })
    .from(orders)
    .where(and(eq(orders.id, orderId), orderScope(scope)))
    .limit(1);
  if (!o) throw notFound('Order not found');
  const [doc] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.orderId, o.id), eq(taxDocuments.kind, 'invoice')))
    .limit(1);
  if (doc) return doc;
  if (!o.invoiceNumber) return null;
  const legacy = o.invoiceNumber;
  return transaction(db, async (tx) => {
    const [shipped] = await tx
      .select({ at: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.toStatus, 'shipped')))
      .limit(1);
    const [row] = await tx.select({ updatedAt: orders.updatedAt }).from(orders).where(eq(orders.id, o.id));
    const body = await invoiceFromRecords(tx, o.id, legacy, shipped?.at ?? row?.updatedAt ?? new Date());
    const [done] = await tx
      .insert(taxDocuments)
      .values({
        manufacturerId: o.manufacturerId,
        orderId: o.id,
        kind: 'invoice',
        number: legacy,
        financialYear: body.financialYear,
        issuedAt: new Date(body.issuedAt),
        supplyType: body.supplyType,
        buyerGstin: body.buyer.gstin,
        placeOfSupplyCode: body.placeOfSupply.stateCode,
        ...body.totals,
        body,
        backfilled: true,
      })
      .onConflictDoNothing()
      .returning();
    if (done) return done;
    const [raced] = await tx
      .select()
      .from(taxDocuments)
      .where(and(eq(taxDocuments.orderId, o.id), eq(taxDocuments.kind, 'invoice')));
    return raced ?? null;
  });
}

/** Freezes every invoiced order of a seller that has no frozen copy yet (before returns are read). */
export async function backfillSellerInvoices(db: Db, manufacturerId: string) {
  const missing = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.manufacturerId, manufacturerId),
        sql`${orders.invoiceNumber} is not null`,
        sql`not exists (select 1 from tax_documents d where d.order_id = ${orders.id} and d.kind = 'invoice')`,
      ),
    );
  for (const o of missing) await invoiceOf(db, { kind: 'seller', manufacturerId }, o.id);
}

/** Per invoice line, what is still billed: the invoice, plus debit notes, minus credit notes so far. */
async function netLines(tx: Db, invoice: TaxDocumentRow) {
  const notes = await tx
    .select({ kind: taxDocuments.kind, body: taxDocuments.body })
    .from(taxDocuments)
    .where(eq(taxDocuments.invoiceId, invoice.id));
  const lines = (invoice.body as FrozenDocument).lines.map((l) => ({ ...l }));
  for (const n of notes) {
    const sign = n.kind === 'credit_note' ? -1 : 1;
    for (const l of (n.body as FrozenDocument).lines) {
      const t = lines[l.lineNo];
      if (!t) continue;
      t.taxablePaise += sign * l.taxablePaise;
      t.cgstPaise += sign * l.cgstPaise;
      t.sgstPaise += sign * l.sgstPaise;
      t.igstPaise += sign * l.igstPaise;
      t.totalPaise += sign * l.totalPaise;
      if (n.kind === 'credit_note' && l.quantity !== null && t.quantity !== null) t.quantity -= l.quantity;
    }
  }
  return lines;
}

/** What is still billed on an invoice (tax included), in paise: what a full credit note reverses. */
export async function creditableOf(tx: Db, invoice: TaxDocumentRow) {
  return (await netLines(tx, invoice)).reduce((s, l) => s + l.totalPaise, 0);
}

/** A note's body: the invoice's parties and places as issued, with the note's own number, date and lines. */
function noteBody(
  invoice: FrozenDocument,
  kind: 'credit_note' | 'debit_note',
  number: string,
  at: Date,
  lines: FrozenLine[],
  reason: string,
): FrozenDocument {
  const totals = sumLines(lines);
  return {
    ...invoice,
    kind,
    number,
    issuedAt: at.toISOString(),
    financialYear: financialYearOf(at),
    lines,
    totals,
    amountInWords: amountInWords(fromPaise(totals.totalPaise)),
    invoice: { number: invoice.number, date: invoice.issuedAt },
    reason,
  };
}

/** Splits the tax of `taxablePaise` at `ratePercent` into the heads of the supply type (equal CGST and SGST). */
function heads(taxPaise: number, supplyType: 'intra' | 'inter', taxablePaise: number, ratePercent: number) {
  const s = splitGst(taxPaise, supplyType, { taxablePaise, ratePercent });
  return { cgstPaise: s.cgst, sgstPaise: s.sgst, igstPaise: s.igst };
}

/**
 * Issues a credit note against an order's invoice for `amountPaise` (tax included), inside `tx`: the whole of
 * what is still billed reverses every line as it stands; a smaller amount reverses each line in proportion, the
 * tax of each line split back into taxable value and tax at the line's rate. Answers null when the order has no
 * invoice (nothing was billed, so there is nothing to credit). More than is still billed is 409.
 */
export async function issueCreditNote(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  o: { orderId: string; amountPaise: number; reason: string; actorUserId?: string | null },
): Promise<TaxDocumentRow | null> {
  if (!Number.isInteger(o.amountPaise) || o.amountPaise <= 0)
    throw badRequest('A credit note needs a positive amount.');
  const invoice = await invoiceOf(tx, { kind: 'admin' }, o.orderId);
  if (!invoice) return null;
  const body = invoice.body as FrozenDocument;
  const net = await netLines(tx, invoice);
  const netTotal = net.reduce((s, l) => s + l.totalPaise, 0);
  if (o.amountPaise > netTotal) {
    throw conflict(`Only ${fromPaise(netTotal)} of invoice ${invoice.number} is left to credit.`);
  }
  let lines: FrozenLine[];
  if (o.amountPaise === netTotal) {
    lines = net.filter((l) => l.totalPaise > 0);
  } else {
    let left = o.amountPaise;
    const open = net.filter((l) => l.totalPaise > 0);
    lines = open.map((l, i) => {
      const gross = i === open.length - 1 ? left : Math.round((l.totalPaise * o.amountPaise) / netTotal);
      left -= gross;
      const estimate = Math.round((gross * 100) / (100 + l.gstRate));
      const tax = heads(gross - estimate, body.supplyType, estimate, l.gstRate);
      // Equal CGST and SGST make an even tax: the taxable value takes the paisa, so the note is the amount, exactly.
      const taxable = gross - tax.cgstPaise - tax.sgstPaise - tax.igstPaise;
      return {
        ...l,
        quantity: null,
        ratePaise: taxable,
        taxablePaise: taxable,
        ...tax,
        totalPaise: gross,
      };
    });
  }
  const at = deps.clock();
  const { number } = await nextTaxNumber(tx, invoice.manufacturerId, 'credit_note', at);
  return insertDocument(
    tx,
    {
      manufacturerId: invoice.manufacturerId,
      orderId: o.orderId,
      invoiceId: invoice.id,
      body: noteBody(body, 'credit_note', number, at, lines, o.reason),
    },
    o.actorUserId,
  );
}

/**
 * The seller corrects an invoiced order's price upwards: a debit note for `taxablePaise` more taxable value,
 * spread over the lines in proportion to their taxable value, each taxed at its own rate.
 */
export async function issueDebitNote(
  deps: Pick<Deps, 'db' | 'clock'>,
  scope: Scope,
  orderId: string,
  input: { taxablePaise: number; reason: string },
  actorUserId: string,
) {
  return transaction(deps.db, async (tx) => {
    const invoice = await invoiceOf(tx, scope, orderId);
    if (!invoice) throw conflict('A debit note corrects an invoice: this order has no invoice yet.');
    const [order] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
    if (order?.status === 'cancelled') throw conflict('This order was cancelled: its invoice is credited in full.');
    const body = invoice.body as FrozenDocument;
    const base = body.lines.reduce((s, l) => s + l.taxablePaise, 0);
    let left = input.taxablePaise;
    const lines = body.lines.map((l, i) => {
      const taxable =
        i === body.lines.length - 1 ? left : Math.round((l.taxablePaise * input.taxablePaise) / Math.max(base, 1));
      left -= taxable;
      const h = heads(Math.round((taxable * l.gstRate) / 100), body.supplyType, taxable, l.gstRate);
      return {
        ...l,
        quantity: null,
        ratePaise: taxable,
        taxablePaise: taxable,
        ...h,
        totalPaise: taxable + h.cgstPaise + h.sgstPaise + h.igstPaise,
      };
    });
    const at = deps.clock();
    const { number } = await nextTaxNumber(tx, invoice.manufacturerId, 'debit_note', at);
    return insertDocument(
      tx,
      {
        manufacturerId: invoice.manufacturerId,
        orderId,
        invoiceId: invoice.id,
        body: noteBody(body, 'debit_note', number, at, lines, input.reason),
      },
      actorUserId,
    );
  });
}

/**
 * What the money module's refund hook calls (`onRefundIssued(tx, { orderId, amountPaise, reason })`): a credit note
 * for the refund, capped at what is still billed (and the whole of it when the refund leaves only the paise of
 * equal CGST and SGST open). A refund after the order was cancelled (whose credit note already
 * reversed the whole invoice), or of an order never invoiced, issues nothing and answers null, so a refund never
 * fails for its credit note.
 */
export async function creditNoteForRefund(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  o: { orderId: string; amountPaise: number; reason: string; actorUserId?: string | null },
): Promise<TaxDocumentRow | null> {
  const invoice = await invoiceOf(tx, { kind: 'admin' }, o.orderId);
  if (!invoice) return null;
  const left = await creditableOf(tx, invoice);
  // Equal CGST and SGST can put an intra-state invoice a paisa a line above what the order charged (gstHeads): a
  // refund that leaves no more than that open is the whole of what is left, so no paisa stays billed.
  const lines = (invoice.body as FrozenDocument).lines.length;
  const whole = invoice.supplyType === 'intra' && left > o.amountPaise && left - o.amountPaise <= lines;
  const amountPaise = whole ? left : Math.min(o.amountPaise, left);
  if (amountPaise <= 0) return null;
  return issueCreditNote(tx, deps, { ...o, amountPaise });
}
