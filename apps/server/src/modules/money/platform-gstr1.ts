import { and, asc, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { commissionCreditNotes, commissionInvoices } from '../../db/schema/index.ts';
import { amt, istDate, itemsByRate, monthBounds } from '../tax-documents/gstr1.ts';
import {
  COMMISSION_SAC,
  type CommissionCreditNoteBody,
  type CommissionInvoiceBody,
  type CommissionInvoiceLine,
} from './commission-invoice.ts';

/**
 * The platform's own GSTR-1 for a month (IST): the tax invoices it issued to sellers for its commission (series
 * PLC/..., SAC 998599), in the GST offline tool's JSON, the same layout as a seller's GSTR-1 (gstr1.ts):
 * - `b2b`: by recipient GSTIN (`ctin`), each invoice with `inum`, `idt` (dd-mm-yyyy), `val`, `pos` (the seller's
 *   state code), `rchrg` N, `inv_typ` R and its items by rate (`itm_det`: txval, rt, iamt or camt + samt, csamt);
 * - `cdnr`: the commission credit notes (PLCN/...) issued in the month, by recipient GSTIN, each with `ntty` C,
 *   `nt_num`, `nt_dt`, `val`, `pos`, `rchrg` N, `inv_typ` R and its items by rate (amounts positive: the type
 *   says it reduces). A note is reported in the month it is issued, whatever the month of the invoice it reduces.
 *   The current layout, the one the seller's GSTR-1 (gstr1.ts) follows: no `inum`/`idt` of the original invoice
 *   and no `p_gst` (pre-GST flag), which the offline tool's older schema carried (ADR 0035);
 * - `hsn.hsn_b2b`: SAC 998599 per rate, uqc NA and quantity 0 (a service), with the taxable value and tax heads of
 *   the month's invoices net of the month's credit notes (Table 12 is net of notes);
 * - `doc_issue`: per series (invoices, doc_num 1; credit notes, doc_num 5) the first and last number issued in the
 *   month, how many, none cancelled.
 * Every seller has a GSTIN (manufacturers.gst_number is required), so there is no B2C table and no CDNUR.
 */
export interface PlatformGstr1 {
  gstin: string;
  fp: string;
  version: string;
  hash: string;
  b2b: Array<{ ctin: string; inv: PlatformB2bInvoice[] }>;
  cdnr: Array<{ ctin: string; nt: PlatformCreditNote[] }>;
  hsn: { hsn_b2b: PlatformHsnRow[]; hsn_b2c: PlatformHsnRow[] };
  doc_issue: {
    doc_det: Array<{
      doc_num: number;
      doc_typ: string;
      docs: Array<{ num: number; from: string; to: string; totnum: number; cancel: number; net_issue: number }>;
    }>;
  };
}
export interface PlatformB2bInvoice {
  inum: string;
  idt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: ReturnType<typeof itemsByRate>;
}
export interface PlatformCreditNote {
  ntty: 'C';
  nt_num: string;
  nt_dt: string;
  val: number;
  pos: string;
  rchrg: 'N';
  inv_typ: 'R';
  itms: ReturnType<typeof itemsByRate>;
}
export interface PlatformHsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: 'NA';
  qty: 0;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

/** The series' numbers grouped by prefix (PLC/2627/ and, across an April, PLC/2728/), first and last as issued. */
function seriesRows(numbers: string[]) {
  const byPrefix = new Map<string, string[]>();
  for (const n of numbers) {
    const prefix = n.replace(/\d+$/, '');
    byPrefix.set(prefix, [...(byPrefix.get(prefix) ?? []), n]);
  }
  return [...byPrefix.values()].map((ns, i) => ({
    num: i + 1,
    from: ns[0] as string,
    to: ns.at(-1) as string,
    totnum: ns.length,
    cancel: 0,
    net_issue: ns.length,
  }));
}

export async function platformGstr1(db: Db, platformGstin: string, month: string): Promise<PlatformGstr1> {
  const { start, end, fp } = monthBounds(month);
  const rows = await db
    .select({ number: commissionInvoices.number, body: commissionInvoices.body })
    .from(commissionInvoices)
    .where(and(gte(commissionInvoices.issuedAt, start), lt(commissionInvoices.issuedAt, end)))
    .orderBy(asc(commissionInvoices.issuedAt), asc(commissionInvoices.number));
  const notes = await db
    .select({ number: commissionCreditNotes.number, body: commissionCreditNotes.body })
    .from(commissionCreditNotes)
    .where(and(gte(commissionCreditNotes.issuedAt, start), lt(commissionCreditNotes.issuedAt, end)))
    .orderBy(asc(commissionCreditNotes.issuedAt), asc(commissionCreditNotes.number));

  const b2b = new Map<string, PlatformB2bInvoice[]>();
  const cdnr = new Map<string, PlatformCreditNote[]>();
  // SAC 998599 by rate, in paise until written, net of the month's credit notes.
  const hsn = new Map<number, { t: number; i: number; c: number; s: number }>();
  const addHsn = (lines: CommissionInvoiceLine[], sign: 1 | -1) => {
    for (const l of lines) {
      const h = hsn.get(l.gstRate) ?? { t: 0, i: 0, c: 0, s: 0 };
      h.t += sign * l.taxablePaise;
      h.i += sign * l.igstPaise;
      h.c += sign * l.cgstPaise;
      h.s += sign * l.sgstPaise;
      hsn.set(l.gstRate, h);
    }
  };
  for (const { body } of rows as Array<{ number: string; body: CommissionInvoiceBody }>) {
    const ctin = body.recipient.gstin;
    if (!ctin) throw new Error(`Commission invoice ${body.number} has no recipient GSTIN`);
    const inv: PlatformB2bInvoice = {
      inum: body.number,
      idt: istDate(body.issuedAt),
      val: amt(body.totals.totalPaise),
      pos: body.placeOfSupply.stateCode,
      rchrg: 'N',
      inv_typ: 'R',
      itms: itemsByRate(body.lines),
    };
    b2b.set(ctin, [...(b2b.get(ctin) ?? []), inv]);
    addHsn(body.lines, 1);
  }
  for (const { body } of notes as Array<{ number: string; body: CommissionCreditNoteBody }>) {
    const ctin = body.recipient.gstin;
    if (!ctin) throw new Error(`Commission credit note ${body.number} has no recipient GSTIN`);
    const nt: PlatformCreditNote = {
      ntty: 'C',
      nt_num: body.number,
      nt_dt: istDate(body.issuedAt),
      val: amt(body.totals.totalPaise),
      pos: body.placeOfSupply.stateCode,
      rchrg: 'N',
      inv_typ: 'R',
      itms: itemsByRate(body.lines),
    };
    cdnr.set(ctin, [...(cdnr.get(ctin) ?? []), nt]);
    addHsn(body.lines, -1);
  }

  const docDet: PlatformGstr1['doc_issue']['doc_det'] = [];
  if (rows.length) {
    docDet.push({ doc_num: 1, doc_typ: 'Invoices for outward supply', docs: seriesRows(rows.map((r) => r.number)) });
  }
  if (notes.length) docDet.push({ doc_num: 5, doc_typ: 'Credit Note', docs: seriesRows(notes.map((r) => r.number)) });
  return {
    gstin: platformGstin,
    fp,
    version: 'GST3.2.1',
    hash: 'hash',
    b2b: [...b2b.entries()].map(([ctin, inv]) => ({ ctin, inv })),
    cdnr: [...cdnr.entries()].map(([ctin, nt]) => ({ ctin, nt })),
    hsn: {
      hsn_b2b: [...hsn.entries()]
        .sort(([a], [b]) => a - b)
        .map(([rt, h], i) => ({
          num: i + 1,
          hsn_sc: COMMISSION_SAC,
          desc: 'Other support services',
          uqc: 'NA' as const,
          qty: 0 as const,
          rt,
          txval: amt(h.t),
          iamt: amt(h.i),
          camt: amt(h.c),
          samt: amt(h.s),
          csamt: 0,
        })),
      hsn_b2c: [],
    },
    doc_issue: { doc_det: docDet },
  };
}
