import {
  amountInWords,
  financialYearOf,
  gstStateCodeOf,
  gstSupplyType,
  stateNameOf,
  TAX_SERIES_DIGITS,
  taxDocumentNumber,
} from '@ub/shared';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
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
export async function nextCommissionInvoiceNumber(
  tx: Db,
  at: Date,
): Promise<{ number: string; financialYear: string }> {
  const financialYear = financialYearOf(at);
  const [row] = await tx
    .insert(commissionInvoiceCounters)
    .values({ financialYear, lastNumber: 1 })
    .onConflictDoUpdate({
      target: commissionInvoiceCounters.financialYear,
      set: { lastNumber: sql`${commissionInvoiceCounters.lastNumber} + 1` },
    })
    .returning({ n: commissionInvoiceCounters.lastNumber });
  const n = row?.n ?? 1;
  if (String(n).length > TAX_SERIES_DIGITS) throw conflict('The commission invoice series is full for this year.');
  return { number: taxDocumentNumber(COMMISSION_INVOICE_PREFIX, financialYear, n), financialYear };
}

function partyOf(name: string, address: string, gstin: string | null, stateName: string | null): FrozenParty {
  const code = gstin ? gstin.slice(0, 2) : stateName ? (gstStateCodeOf(stateName) ?? '') : '';
  return { name, address, gstin, stateName: stateNameOf(code) ?? stateName ?? '', stateCode: code };
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
  const earnings = await tx
    .select({ e: sellerEarnings, orderNumber: orders.orderNumber })
    .from(sellerEarnings)
    .innerJoin(orders, eq(orders.id, sellerEarnings.orderId))
    .where(and(eq(sellerEarnings.settlementId, s.id), gt(sellerEarnings.commissionPaise, 0)))
    .orderBy(asc(sellerEarnings.postedAt), asc(orders.orderNumber));
  if (!earnings.length) return null;
  const recipient = partyOf(m.companyName, m.companyAddress, m.gstNumber, m.state);
  const supplyType = gstSupplyType(input.platform.gstin, recipient.stateName);
  const lines: CommissionInvoiceLine[] = [];
  for (const { e, orderNumber } of earnings) {
    const ppm = await rateOn(tx, 'gst_on_commission', e.postedAt);
    const split = splitGst(e.gstOnCommissionPaise, supplyType);
    lines.push({
      orderNumber,
      description: `Marketplace commission, order ${orderNumber}`,
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
