import { csvRecord, stateNameOf } from '@ub/shared';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { manufacturers, taxDocuments } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { backfillSellerInvoices, type TaxDocumentRow } from './commands.ts';
import type { FrozenDocument, FrozenLine } from './types.ts';

/**
 * GSTR-1 data of one seller for one month, from the tax documents issued in it (dates in IST), in the layout the
 * GST offline tool imports (keys b2b, b2cl, b2cs, cdnr, cdnur, hsn.hsn_b2b / hsn.hsn_b2c, doc_issue) and as the
 * tool's CSV files.
 *
 * - B2B: invoices to a recipient with a GSTIN, by recipient.
 * - B2CL: inter-state invoices to an unregistered recipient above the limit of CGST Rule 59(4): Rs 1 lakh from
 *   1 August 2024 (Notification 12/2024-CT), Rs 2.5 lakh before.
 * - B2CS: the other unregistered supplies, summed by supply type, place of supply and rate; credit and debit notes
 *   on them are netted in (the tool has no note table for them).
 * - CDNR: notes to registered recipients; CDNUR: notes on B2CL invoices.
 * - HSN summary, split B2B / B2C as Table 12 asks since 2025, net of notes.
 * - Documents issued: invoices, debit notes and credit notes, first and last number per series.
 * - Supplies through the e-commerce operator (every order here is one): with the platform's GSTIN, B2B and B2CL
 *   invoices carry it as `etin`, B2CS rows are of type E with it, and Table 14(a) (`supeco.clttx`: supplies on
 *   which the operator collects TCS under s.52) sums the month's documents net of notes, per operator GSTIN.
 */

const B2CL_FROM_AUG_2024 = 100_000_00;
const B2CL_BEFORE = 250_000_00;
export const b2clLimitPaise = (at: Date) => (at >= new Date('2024-07-31T18:30:00Z') ? B2CL_FROM_AUG_2024 : B2CL_BEFORE);

export const amt = (paise: number) => Math.round(paise) / 100;
/** A date as the offline tool writes it: dd-mm-yyyy, in IST. */
export const istDate = (iso: string | Date) => {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
};

/** The month's bounds in IST as instants. */
export function monthBounds(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(y, m - 1, 1) - 330 * 60_000);
  const end = new Date(Date.UTC(m === 12 ? y + 1 : y, m === 12 ? 0 : m, 1) - 330 * 60_000);
  return { start, end, fp: `${String(m).padStart(2, '0')}${y}` };
}

interface ItmDet {
  txval: number;
  rt: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

/** Lines of a document summed by rate, as the tool's items (num = rate x 100 + 1, as the tool numbers them). */
export function itemsByRate(
  lines: Array<Pick<FrozenLine, 'gstRate' | 'taxablePaise' | 'igstPaise' | 'cgstPaise' | 'sgstPaise'>>,
  sign = 1,
) {
  const byRate = new Map<number, { t: number; i: number; c: number; s: number }>();
  for (const l of lines) {
    const r = byRate.get(l.gstRate) ?? { t: 0, i: 0, c: 0, s: 0 };
    r.t += l.taxablePaise;
    r.i += l.igstPaise;
    r.c += l.cgstPaise;
    r.s += l.sgstPaise;
    byRate.set(l.gstRate, r);
  }
  return [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([rt, r]) => ({
      num: Math.round(rt * 100) + 1,
      itm_det: {
        txval: amt(sign * r.t),
        rt,
        iamt: amt(sign * r.i),
        camt: amt(sign * r.c),
        samt: amt(sign * r.s),
        csamt: 0,
      } satisfies ItmDet,
    }));
}

export interface Gstr1 {
  gstin: string;
  fp: string;
  version: string;
  hash: string;
  b2b: Array<{ ctin: string; inv: unknown[] }>;
  b2cl: Array<{ pos: string; inv: unknown[] }>;
  b2cs: Array<{
    sply_ty: 'INTRA' | 'INTER';
    pos: string;
    /** E: through an e-commerce operator (with its GSTIN as etin); OE: other. */
    typ: 'E' | 'OE';
    etin?: string;
    txval: number;
    rt: number;
    iamt: number;
    camt: number;
    samt: number;
    csamt: number;
  }>;
  cdnr: Array<{ ctin: string; nt: unknown[] }>;
  cdnur: unknown[];
  hsn: { hsn_b2b: HsnRow[]; hsn_b2c: HsnRow[] };
  doc_issue: { doc_det: Array<{ doc_num: number; doc_typ: string; docs: unknown[] }> };
  /** Table 14: supplies through e-commerce operators; clttx = (a), the operator collects TCS under s.52. */
  supeco?: { clttx: EcoRow[] };
}
interface EcoRow {
  etin: string;
  suppval: number;
  igst: number;
  cgst: number;
  sgst: number;
  cess: number;
  flag: 'N';
}
interface HsnRow {
  num: number;
  hsn_sc: string;
  desc: string;
  uqc: string;
  qty: number;
  rt: number;
  txval: number;
  iamt: number;
  camt: number;
  samt: number;
  csamt: number;
}

type Doc = TaxDocumentRow & { body: FrozenDocument };

/**
 * GSTN takes at most 30 characters of description per HSN summary row (GSTR-1 Table 12, the offline tool's and
 * the API's `desc`). The line's description is cut there at a word where one ends in the last half, spaces
 * collapsed and trimmed, so no row carries a broken trailing space.
 */
export const HSN_DESC_MAX = 30;
export function hsnDescription(text: string): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= HSN_DESC_MAX) return clean;
  const cut = clean.slice(0, HSN_DESC_MAX + 1);
  const space = cut.lastIndexOf(' ');
  return (space >= HSN_DESC_MAX / 2 ? cut.slice(0, space) : clean.slice(0, HSN_DESC_MAX)).replace(/[\s,;:.-]+$/, '');
}

/** An HSN row every figure of which nets to zero (goods sold and returned in the month) is not reported. */
const reportable = (h: HsnRow) => h.qty !== 0 || h.txval !== 0 || h.iamt !== 0 || h.camt !== 0 || h.samt !== 0;
const hsnRows = (rows: Iterable<HsnRow>) => [...rows].filter(reportable).map((h, i) => ({ ...h, num: i + 1 }));

/** Whether an invoice (or the invoice a note adjusts) is B2C large. */
function isB2cl(invoice: FrozenDocument) {
  return (
    !invoice.buyer.gstin &&
    invoice.supplyType === 'inter' &&
    invoice.totals.totalPaise > b2clLimitPaise(new Date(invoice.issuedAt))
  );
}

/**
 * `platformGstin`: the operator's GSTIN (config PLATFORM_GSTIN) for the e-commerce fields; null leaves them out
 * (a production without PLATFORM_GSTIN set).
 */
export async function gstr1(
  db: Db,
  manufacturerId: string,
  month: string,
  platformGstin: string | null = null,
): Promise<Gstr1> {
  const [m] = await db
    .select({ gstin: manufacturers.gstNumber })
    .from(manufacturers)
    .where(eq(manufacturers.id, manufacturerId));
  if (!m) throw notFound('Manufacturer not found');
  await backfillSellerInvoices(db, manufacturerId);
  const { start, end, fp } = monthBounds(month);
  const docs = (await db
    .select()
    .from(taxDocuments)
    .where(
      and(
        eq(taxDocuments.manufacturerId, manufacturerId),
        gte(taxDocuments.issuedAt, start),
        lt(taxDocuments.issuedAt, end),
      ),
    )
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.number))) as Doc[];
  // Notes need the invoice they adjust, which may be from an earlier month.
  const invoiceIds = [...new Set(docs.map((d) => d.invoiceId).filter((x): x is string => Boolean(x)))];
  const invoices = new Map<string, FrozenDocument>();
  for (const d of docs) if (d.kind === 'invoice') invoices.set(d.id, d.body);
  for (const id of invoiceIds.filter((i) => !invoices.has(i))) {
    const [row] = await db.select({ body: taxDocuments.body }).from(taxDocuments).where(eq(taxDocuments.id, id));
    if (row) invoices.set(id, row.body as FrozenDocument);
  }

  const b2b = new Map<string, unknown[]>();
  const b2cl = new Map<string, unknown[]>();
  const b2cs = new Map<string, Gstr1['b2cs'][number]>();
  const cdnr = new Map<string, unknown[]>();
  const cdnur: unknown[] = [];
  const hsn = { b2b: new Map<string, HsnRow>(), b2c: new Map<string, HsnRow>() };

  const eco = platformGstin ? { etin: platformGstin } : {};
  // Table 14(a), net of notes, in paise until written.
  const clttx = { txval: 0, i: 0, c: 0, s: 0 };
  const addEco = (body: FrozenDocument, sign: number) => {
    clttx.txval += sign * body.totals.taxablePaise;
    clttx.i += sign * body.totals.igstPaise;
    clttx.c += sign * body.totals.cgstPaise;
    clttx.s += sign * body.totals.sgstPaise;
  };
  const addB2cs = (body: FrozenDocument, sign: number) => {
    for (const it of itemsByRate(body.lines, sign)) {
      const sply = body.supplyType === 'intra' ? 'INTRA' : 'INTER';
      const key = `${sply}|${body.placeOfSupply.stateCode}|${it.itm_det.rt}`;
      const row = b2cs.get(key) ?? {
        sply_ty: sply,
        pos: body.placeOfSupply.stateCode,
        typ: platformGstin ? ('E' as const) : ('OE' as const),
        ...eco,
        txval: 0,
        rt: it.itm_det.rt,
        iamt: 0,
        camt: 0,
        samt: 0,
        csamt: 0,
      };
      row.txval = amt(Math.round(row.txval * 100) + Math.round(it.itm_det.txval * 100));
      row.iamt = amt(Math.round(row.iamt * 100) + Math.round(it.itm_det.iamt * 100));
      row.camt = amt(Math.round(row.camt * 100) + Math.round(it.itm_det.camt * 100));
      row.samt = amt(Math.round(row.samt * 100) + Math.round(it.itm_det.samt * 100));
      b2cs.set(key, row);
    }
  };
  const addHsn = (body: FrozenDocument, sign: number) => {
    const table = body.buyer.gstin ? hsn.b2b : hsn.b2c;
    for (const l of body.lines) {
      const key = `${l.hsn}|${l.uqc}|${l.gstRate}`;
      const row = table.get(key) ?? {
        num: table.size + 1,
        hsn_sc: l.hsn,
        desc: hsnDescription(l.description),
        uqc: l.uqc,
        qty: 0,
        rt: l.gstRate,
        txval: 0,
        iamt: 0,
        camt: 0,
        samt: 0,
        csamt: 0,
      };
      // Quantities move with goods: an invoice and a credit note for returned goods; value-only notes move none.
      row.qty += sign * (l.quantity ?? 0);
      row.txval = amt(Math.round(row.txval * 100) + sign * l.taxablePaise);
      row.iamt = amt(Math.round(row.iamt * 100) + sign * l.igstPaise);
      row.camt = amt(Math.round(row.camt * 100) + sign * l.cgstPaise);
      row.samt = amt(Math.round(row.samt * 100) + sign * l.sgstPaise);
      table.set(key, row);
    }
  };

  for (const d of docs) {
    const body = d.body;
    if (d.kind === 'invoice') {
      const inv = {
        inum: body.number,
        idt: istDate(body.issuedAt),
        val: amt(body.totals.totalPaise),
        pos: body.placeOfSupply.stateCode,
        rchrg: 'N',
        ...eco,
        ...(body.buyer.gstin ? { inv_typ: 'R' } : {}),
        itms: itemsByRate(body.lines),
      };
      addEco(body, 1);
      if (body.buyer.gstin) b2b.set(body.buyer.gstin, [...(b2b.get(body.buyer.gstin) ?? []), inv]);
      else if (isB2cl(body)) {
        const { rchrg: _r, ...large } = inv;
        b2cl.set(body.placeOfSupply.stateCode, [...(b2cl.get(body.placeOfSupply.stateCode) ?? []), large]);
      } else addB2cs(body, 1);
      addHsn(body, 1);
      continue;
    }
    const sign = d.kind === 'credit_note' ? -1 : 1;
    addEco(body, sign);
    const invoice = d.invoiceId ? invoices.get(d.invoiceId) : undefined;
    const note = {
      ntty: d.kind === 'credit_note' ? 'C' : 'D',
      nt_num: body.number,
      nt_dt: istDate(body.issuedAt),
      val: amt(body.totals.totalPaise),
      pos: body.placeOfSupply.stateCode,
      itms: itemsByRate(body.lines),
    };
    if (body.buyer.gstin) {
      cdnr.set(body.buyer.gstin, [...(cdnr.get(body.buyer.gstin) ?? []), { ...note, rchrg: 'N', inv_typ: 'R' }]);
    } else if (invoice && isB2cl(invoice)) {
      cdnur.push({ ...note, typ: 'B2CL' });
    } else addB2cs(body, sign);
    addHsn(body, sign);
  }

  const series = (kind: TaxDocumentRow['kind'], docNum: number, docTyp: string) => {
    const numbers = docs.filter((d) => d.kind === kind).map((d) => d.number);
    if (!numbers.length) return null;
    // One row per prefix (a changed prefix starts a row of its own), first and last as issued.
    const byPrefix = new Map<string, string[]>();
    for (const n of numbers) {
      const p = n.replace(/\d+$/, '');
      byPrefix.set(p, [...(byPrefix.get(p) ?? []), n]);
    }
    return {
      doc_num: docNum,
      doc_typ: docTyp,
      docs: [...byPrefix.values()].map((ns, i) => ({
        num: i + 1,
        from: ns[0],
        to: ns.at(-1),
        totnum: ns.length,
        cancel: 0,
        net_issue: ns.length,
      })),
    };
  };

  return {
    gstin: m.gstin,
    fp,
    version: 'GST3.2.1',
    hash: 'hash',
    b2b: [...b2b.entries()].map(([ctin, inv]) => ({ ctin, inv })),
    b2cl: [...b2cl.entries()].map(([pos, inv]) => ({ pos, inv })),
    b2cs: [...b2cs.values()],
    cdnr: [...cdnr.entries()].map(([ctin, nt]) => ({ ctin, nt })),
    cdnur,
    hsn: { hsn_b2b: hsnRows(hsn.b2b.values()), hsn_b2c: hsnRows(hsn.b2c.values()) },
    doc_issue: {
      doc_det: [
        series('invoice', 1, 'Invoices for outward supply'),
        series('debit_note', 4, 'Debit Note'),
        series('credit_note', 5, 'Credit Note'),
      ].filter((x) => x !== null),
    },
    ...(platformGstin && docs.length
      ? {
          supeco: {
            clttx: [
              {
                etin: platformGstin,
                suppval: amt(clttx.txval),
                igst: amt(clttx.i),
                cgst: amt(clttx.c),
                sgst: amt(clttx.s),
                cess: 0,
                flag: 'N' as const,
              },
            ],
          },
        }
      : {}),
  };
}

const posText = (code: string) => `${code}-${stateNameOf(code) ?? ''}`;
const csvDate = (ddmmyyyy: string) => {
  const [d, m, y] = ddmmyyyy.split('-');
  const mon = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1];
  return `${d}-${mon}-${y?.slice(2)}`;
};

/**
 * The return as the offline tool's CSV files, one section after another, each under a "# section" line and the
 * tool's own header row, so each block can be pasted into (or saved as) the tool's file of that name.
 */
export function gstr1Csv(r: Gstr1): string {
  type Inv = {
    inum: string;
    idt: string;
    val: number;
    pos: string;
    etin?: string;
    itms: Array<{ itm_det: ItmDet }>;
  };
  type Nt = { ntty: string; nt_num: string; nt_dt: string; val: number; pos: string; itms: Array<{ itm_det: ItmDet }> };
  const out: string[] = [];
  const section = (name: string, header: string[], rows: unknown[][]) => {
    out.push(`# ${name}`, csvRecord(header), ...rows.map(csvRecord), '');
  };
  section(
    'b2b',
    [
      'GSTIN/UIN of Recipient',
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Reverse Charge',
      'Invoice Type',
      'E-Commerce GSTIN',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    r.b2b.flatMap((b) =>
      (b.inv as Inv[]).flatMap((i) =>
        i.itms.map((it) => [
          b.ctin,
          i.inum,
          csvDate(i.idt),
          i.val,
          posText(i.pos),
          'N',
          'Regular B2B',
          i.etin ?? '',
          it.itm_det.rt,
          it.itm_det.txval,
          0,
        ]),
      ),
    ),
  );
  section(
    'b2cl',
    [
      'Invoice Number',
      'Invoice date',
      'Invoice Value',
      'Place Of Supply',
      'Rate',
      'Taxable Value',
      'Cess Amount',
      'E-Commerce GSTIN',
    ],
    r.b2cl.flatMap((b) =>
      (b.inv as Inv[]).flatMap((i) =>
        i.itms.map((it) => [
          i.inum,
          csvDate(i.idt),
          i.val,
          posText(b.pos),
          it.itm_det.rt,
          it.itm_det.txval,
          0,
          i.etin ?? '',
        ]),
      ),
    ),
  );
  section(
    'b2cs',
    ['Type', 'Place Of Supply', 'Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
    r.b2cs.map((b) => [b.typ, posText(b.pos), b.rt, b.txval, 0, b.etin ?? '']),
  );
  section(
    'cdnr',
    [
      'GSTIN/UIN of Recipient',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Reverse Charge',
      'Note Supply Type',
      'Note Value',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    r.cdnr.flatMap((c) =>
      (c.nt as Nt[]).flatMap((n) =>
        n.itms.map((it) => [
          c.ctin,
          n.nt_num,
          csvDate(n.nt_dt),
          n.ntty,
          posText(n.pos),
          'N',
          'Regular B2B',
          n.val,
          it.itm_det.rt,
          it.itm_det.txval,
          0,
        ]),
      ),
    ),
  );
  section(
    'cdnur',
    [
      'UR Type',
      'Note Number',
      'Note Date',
      'Note Type',
      'Place Of Supply',
      'Note Value',
      'Rate',
      'Taxable Value',
      'Cess Amount',
    ],
    (r.cdnur as Nt[]).flatMap((n) =>
      n.itms.map((it) => [
        'B2CL',
        n.nt_num,
        csvDate(n.nt_dt),
        n.ntty,
        posText(n.pos),
        n.val,
        it.itm_det.rt,
        it.itm_det.txval,
        0,
      ]),
    ),
  );
  const hsnHeader = [
    'HSN',
    'Description',
    'UQC',
    'Total Quantity',
    'Total Value',
    'Rate',
    'Taxable Value',
    'Integrated Tax Amount',
    'Central Tax Amount',
    'State/UT Tax Amount',
    'Cess Amount',
  ];
  const hsnRow = (h: HsnRow) => [
    h.hsn_sc,
    h.desc,
    h.uqc,
    h.qty,
    amt(Math.round((h.txval + h.iamt + h.camt + h.samt) * 100)),
    h.rt,
    h.txval,
    h.iamt,
    h.camt,
    h.samt,
    0,
  ];
  section('hsn(b2b)', hsnHeader, r.hsn.hsn_b2b.map(hsnRow));
  section('hsn(b2c)', hsnHeader, r.hsn.hsn_b2c.map(hsnRow));
  section(
    'docs',
    ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
    r.doc_issue.doc_det.flatMap((d) =>
      (d.docs as Array<{ from: string; to: string; totnum: number; cancel: number }>).map((x) => [
        d.doc_typ,
        x.from,
        x.to,
        x.totnum,
        x.cancel,
      ]),
    ),
  );
  section(
    'eco',
    [
      'Nature of Supply',
      'GSTIN of E-Commerce Operator',
      'E-Commerce Operator Name',
      'Net value of supplies',
      'Integrated tax',
      'Central tax',
      'State/UT tax',
      'Cess',
    ],
    (r.supeco?.clttx ?? []).map((e) => [
      'Liable to collect tax u/s 52(TCS)',
      e.etin,
      '',
      e.suppval,
      e.igst,
      e.cgst,
      e.sgst,
      e.cess,
    ]),
  );
  return out.join('\r\n');
}
