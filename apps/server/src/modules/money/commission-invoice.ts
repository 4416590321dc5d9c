import {
  amountInWords,
  financialYearOf,
  gstStateCodeOf,
  gstSupplyType,
  stateNameOf,
  TAX_SERIES_DIGITS,
  taxDocumentNumber,
} from '@ub/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  commissionCreditNoteCounters,
  commissionCreditNotes,
  commissionInvoiceCounters,
  commissionInvoices,
  manufacturers,
  orders,
  sellerEarnings,
  settlements,
} from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { splitGst } from '../tax-documents/commands.ts';
import type { FrozenParty } from '../tax-documents/types.ts';
import { fromPaise } from '../trade/common.ts';
import { rateOn } from './rates.ts';

/** The platform as the supplier of its marketplace service (config: PLATFORM_LEGAL_NAME, PLATFORM_GSTIN, PLATFORM_ADDRESS). */
export interface PlatformIdentity {
  legalName: string;
  gstin: string;
  address: string;
}

/**
 * The platform from the configuration. A production without PLATFORM_GSTIN cannot issue its commission invoice, so
 * nothing is settled until it is set (outside production the demo GSTIN stands in: config.ts).
 */
export function platformOf(c: {
  PLATFORM_LEGAL_NAME: string;
  PLATFORM_ADDRESS: string;
  platformGstin: string | null;
}): PlatformIdentity {
  if (!c.platformGstin) {
    throw conflict(
      "Set PLATFORM_GSTIN: settlements issue the platform's commission tax invoice, which needs its GSTIN.",
    );
  }
  return { legalName: c.PLATFORM_LEGAL_NAME, gstin: c.platformGstin, address: c.PLATFORM_ADDRESS };
}

/** The platform's series prefix: PLC/2627/00001 (14 characters, within Rule 46's 16). */
export const COMMISSION_INVOICE_PREFIX = 'PLC';
/** SAC 998599, other support services: the marketplace's service to the seller the commission pays for. */
export const COMMISSION_SAC = '998599';

export interface CommissionInvoiceLine {
  orderNumber: string;
  description: string;
  sac: string;
  taxablePaise: number;
  gstRate: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
}

/** The whole of an issued commission invoice: its PDF is drawn from this copy only. */
export interface CommissionInvoiceBody {
  number: string;
  issuedAt: string;
  financialYear: string;
  settlementNumber: string;
  periodStart: string;
  periodEnd: string;
  supplyType: 'intra' | 'inter';
  supplier: FrozenParty;
  recipient: FrozenParty;
  placeOfSupply: { stateName: string; stateCode: string };
  lines: CommissionInvoiceLine[];
  totals: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };
  amountInWords: string;
}

/**
 * The next number of the platform's commission invoice series for the financial year of `at`. The counter row is
 * inserted or bumped in `tx` and stays locked until it ends: a second issue waits, a rolled-back one gives its
 * number back (consecutive, no gaps; a sequence would leave one at every rollback).
 */
export function nextCommissionInvoiceNumber(tx: Db, at: Date): Promise<{ number: string; financialYear: string }> {
  return nextPlatformNumber(tx, commissionInvoiceCounters, COMMISSION_INVOICE_PREFIX, at, () =>
    conflict('The commission invoice series is full for this year.'),
  );
}

/** One of the platform's gapless series (invoices, credit notes): its counter row per financial year, bumped in `tx`. */
async function nextPlatformNumber(
  tx: Db,
  counters: typeof commissionInvoiceCounters | typeof commissionCreditNoteCounters,
  prefix: string,
  at: Date,
  full: () => Error,
): Promise<{ number: string; financialYear: string }> {
  const financialYear = financialYearOf(at);
  const [row] = await tx
    .insert(counters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({ target: counters.financialYear, set: { lastNumber: sql`${counters.lastNumber} + 1` } })
    .returning({ n: counters.lastNumber });
  const n = row?.n ?? 1;
  if (String(n).length > TAX_SERIES_DIGITS) throw full();
  return { number: taxDocumentNumber(prefix, financialYear, n), financialYear };
}

function partyOf(name: string, address: string, gstin: string | null, stateName: string | null): FrozenParty {
  const code = gstin ? gstin.slice(0, 2) : stateName ? (gstStateCodeOf(stateName) ?? '') : '';
  return { name, address, gstin, stateName: stateNameOf(code) ?? stateName ?? '', stateCode: code };
}

/**
 * What a settlement's commission invoice carries, per order released in it: the commission and GST of the release
 * less what refunds already reversed on that order within the same settlement (a refund after release, before the
 * commission was invoiced), when something is left. A reversal on an order released in an earlier settlement is
 * not here: its invoice was issued, and the refund issued a credit note against it.
 */
export function invoiceableCommission<
  R extends { orderId: string; kind: string; commissionPaise: number; gstOnCommissionPaise: number; postedAt: Date },
>(rows: R[]): R[] {
  const released = new Map<string, R>();
  for (const r of rows) if (r.kind === 'release') released.set(r.orderId, { ...r });
  for (const r of rows) {
    const line = r.kind === 'release' ? undefined : released.get(r.orderId);
    if (!line) continue;
    line.commissionPaise += r.commissionPaise;
    line.gstOnCommissionPaise += r.gstOnCommissionPaise;
  }
  return [...released.values()].filter((l) => l.commissionPaise > 0);
}

/**
 * Issues, in the settlement's transaction, the platform's tax invoice to the seller for the commission of the
 * settlement's orders: one line per released order with the commission and the GST on it exactly as the ledger
 * posted them (so the invoice and the ledger agree to the paisa), CGST + SGST when the seller is registered in
 * the platform's state, else IGST. Frozen at issue. Null when the settlement carries no commission.
 */
export async function issueCommissionInvoiceInTx(
  tx: Db,
  input: { settlementId: string; number: string; financialYear: string; platform: PlatformIdentity; at: Date },
) {
  const [row] = await tx
    .select({ s: settlements, m: manufacturers })
    .from(settlements)
    .innerJoin(manufacturers, eq(manufacturers.id, settlements.manufacturerId))
    .where(eq(settlements.id, input.settlementId));
  if (!row) throw notFound('Settlement not found');
  const { s, m } = row;
  const rows = await tx
    .select({ e: sellerEarnings, orderNumber: orders.orderNumber })
    .from(sellerEarnings)
    .innerJoin(orders, eq(orders.id, sellerEarnings.orderId))
    .where(eq(sellerEarnings.settlementId, s.id))
    .orderBy(asc(sellerEarnings.postedAt), asc(orders.orderNumber));
  const earnings = invoiceableCommission(rows.map((r) => ({ ...r.e, orderNumber: r.orderNumber })));
  if (!earnings.length) return null;
  const recipient = partyOf(m.companyName, m.companyAddress, m.gstNumber, m.state);
  const supplyType = gstSupplyType(input.platform.gstin, recipient.stateName);
  const lines: CommissionInvoiceLine[] = [];
  for (const e of earnings) {
    const ppm = await rateOn(tx, 'gst_on_commission', e.postedAt);
    const split = splitGst(e.gstOnCommissionPaise, supplyType);
    lines.push({
      orderNumber: e.orderNumber,
      description: `Marketplace commission, order ${e.orderNumber}`,
      sac: COMMISSION_SAC,
      taxablePaise: e.commissionPaise,
      gstRate: ppm / 10_000,
      cgstPaise: split.cgst,
      sgstPaise: split.sgst,
      igstPaise: split.igst,
      totalPaise: e.commissionPaise + e.gstOnCommissionPaise,
    });
  }
  const totals = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0, totalPaise: 0 };
  for (const l of lines) {
    totals.taxablePaise += l.taxablePaise;
    totals.cgstPaise += l.cgstPaise;
    totals.sgstPaise += l.sgstPaise;
    totals.igstPaise += l.igstPaise;
    totals.totalPaise += l.totalPaise;
  }
  const body: CommissionInvoiceBody = {
    number: input.number,
    issuedAt: input.at.toISOString(),
    financialYear: input.financialYear,
    settlementNumber: s.settlementNumber,
    periodStart: s.periodStart,
    periodEnd: s.periodEnd,
    supplyType,
    supplier: partyOf(input.platform.legalName, input.platform.address, input.platform.gstin, null),
    recipient,
    placeOfSupply: { stateName: recipient.stateName, stateCode: recipient.stateCode },
    lines,
    totals,
    amountInWords: amountInWords(fromPaise(totals.totalPaise)),
  };
  const [doc] = await tx
    .insert(commissionInvoices)
    .values({
      settlementId: s.id,
      manufacturerId: m.id,
      number: body.number,
      financialYear: body.financialYear,
      issuedAt: input.at,
      supplyType,
      ...totals,
      body,
    })
    .returning();
  return doc ?? null;
}

/** The commission invoice issued with a settlement (the seller's own only, when `manufacturerId` is given). */
export async function commissionInvoiceOf(db: Db, settlementId: string, manufacturerId?: string) {
  const [doc] = await db
    .select()
    .from(commissionInvoices)
    .where(
      and(
        eq(commissionInvoices.settlementId, settlementId),
        manufacturerId ? eq(commissionInvoices.manufacturerId, manufacturerId) : undefined,
      ),
    );
  if (!doc) throw notFound('This settlement has no commission invoice.');
  return { ...doc, body: doc.body as CommissionInvoiceBody };
}

/** The platform's credit note series against its commission invoices: PLCN/2627/00001 (15 characters). */
export const COMMISSION_CREDIT_NOTE_PREFIX = 'PLCN';

/** The whole of an issued commission credit note: its PDF is drawn from this copy only. */
export interface CommissionCreditNoteBody {
  number: string;
  issuedAt: string;
  financialYear: string;
  /** The commission invoice it reduces, and that invoice's date. */
  invoiceNumber: string;
  invoiceIssuedAt: string;
  orderNumber: string;
  refundNumber: string;
  reason: string;
  supplyType: 'intra' | 'inter';
  supplier: FrozenParty;
  recipient: FrozenParty;
  placeOfSupply: { stateName: string; stateCode: string };
  lines: CommissionInvoiceLine[];
  totals: { taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number; totalPaise: number };
  amountInWords: string;
}

/** The next number of the credit note series for the financial year of `at` (gapless, as the invoice series). */
export function nextCommissionCreditNoteNumber(tx: Db, at: Date): Promise<{ number: string; financialYear: string }> {
  return nextPlatformNumber(tx, commissionCreditNoteCounters, COMMISSION_CREDIT_NOTE_PREFIX, at, () =>
    conflict('The commission credit note series is full for this year.'),
  );
}

/**
 * The commission invoice that already carries an order's commission: the one issued with the settlement that took
 * the order's release line. Null while the release is not settled yet (the next invoice then carries the commission
 * net of what was reversed).
 */
export async function invoiceCarryingOrder(tx: Db, orderId: string) {
  const [row] = await tx
    .select({ inv: commissionInvoices })
    .from(sellerEarnings)
    .innerJoin(commissionInvoices, eq(commissionInvoices.settlementId, sellerEarnings.settlementId))
    .where(and(eq(sellerEarnings.orderId, orderId), eq(sellerEarnings.kind, 'release')));
  return row ? { ...row.inv, body: row.inv.body as CommissionInvoiceBody } : null;
}

/**
 * Issues, in the refund's transaction, the platform's credit note against the commission invoice `invoice` for the
 * commission and GST on it reversed on one order (exactly the amounts the ledger reversed), split by head as the
 * invoice was (CGST + SGST, odd paisa to SGST, or IGST), from the invoice's frozen parties.
 */
export async function issueCommissionCreditNoteInTx(
  tx: Db,
  input: {
    invoice: NonNullable<Awaited<ReturnType<typeof invoiceCarryingOrder>>>;
    orderId: string;
    orderNumber: string;
    refundId: string;
    refundNumber: string;
    reason: string;
    commissionPaise: number;
    gstPaise: number;
    at: Date;
  },
) {
  const inv = input.invoice.body;
  const line = inv.lines.find((l) => l.orderNumber === input.orderNumber);
  const split = splitGst(input.gstPaise, inv.supplyType);
  const { number, financialYear } = await nextCommissionCreditNoteNumber(tx, input.at);
  const lines: CommissionInvoiceLine[] = [
    {
      orderNumber: input.orderNumber,
      description: `Marketplace commission reversed, order ${input.orderNumber} (refund ${input.refundNumber})`,
      sac: COMMISSION_SAC,
      taxablePaise: input.commissionPaise,
      gstRate: line?.gstRate ?? (await rateOn(tx, 'gst_on_commission', new Date(inv.issuedAt))) / 10_000,
      cgstPaise: split.cgst,
      sgstPaise: split.sgst,
      igstPaise: split.igst,
      totalPaise: input.commissionPaise + input.gstPaise,
    },
  ];
  const totals = {
    taxablePaise: input.commissionPaise,
    cgstPaise: split.cgst,
    sgstPaise: split.sgst,
    igstPaise: split.igst,
    totalPaise: input.commissionPaise + input.gstPaise,
  };
  const body: CommissionCreditNoteBody = {
    number,
    issuedAt: input.at.toISOString(),
    financialYear,
    invoiceNumber: inv.number,
    invoiceIssuedAt: inv.issuedAt,
    orderNumber: input.orderNumber,
    refundNumber: input.refundNumber,
    reason: input.reason,
    supplyType: inv.supplyType,
    supplier: inv.supplier,
    recipient: inv.recipient,
    placeOfSupply: inv.placeOfSupply,
    lines,
    totals,
    amountInWords: amountInWords(fromPaise(totals.totalPaise)),
  };
  const [doc] = await tx
    .insert(commissionCreditNotes)
    .values({
      invoiceId: input.invoice.id,
      manufacturerId: input.invoice.manufacturerId,
      orderId: input.orderId,
      refundId: input.refundId,
      number,
      financialYear,
      issuedAt: input.at,
      supplyType: inv.supplyType,
      ...totals,
      reason: input.reason,
      body,
    })
    .returning();
  return doc ?? null;
}

/** The credit notes against a settlement's commission invoice (the seller's own only, when `manufacturerId` is given). */
export async function commissionCreditNotesOfSettlement(db: Db, settlementId: string, manufacturerId?: string) {
  return db
    .select({
      id: commissionCreditNotes.id,
      number: commissionCreditNotes.number,
      issuedAt: commissionCreditNotes.issuedAt,
      totalPaise: commissionCreditNotes.totalPaise,
    })
    .from(commissionCreditNotes)
    .innerJoin(commissionInvoices, eq(commissionInvoices.id, commissionCreditNotes.invoiceId))
    .where(
      and(
        eq(commissionInvoices.settlementId, settlementId),
        manufacturerId ? eq(commissionCreditNotes.manufacturerId, manufacturerId) : undefined,
      ),
    )
    .orderBy(asc(commissionCreditNotes.issuedAt), asc(commissionCreditNotes.number));
}

/** One credit note against a settlement's commission invoice (the seller's own only, when `manufacturerId` is given). */
export async function commissionCreditNoteOf(db: Db, settlementId: string, id: string, manufacturerId?: string) {
  const [row] = await db
    .select({ doc: commissionCreditNotes })
    .from(commissionCreditNotes)
    .innerJoin(commissionInvoices, eq(commissionInvoices.id, commissionCreditNotes.invoiceId))
    .where(
      and(
        eq(commissionCreditNotes.id, id),
        eq(commissionInvoices.settlementId, settlementId),
        manufacturerId ? eq(commissionCreditNotes.manufacturerId, manufacturerId) : undefined,
      ),
    );
  if (!row) throw notFound('Credit note not found');
  return { ...row.doc, body: row.doc.body as CommissionCreditNoteBody };
}
