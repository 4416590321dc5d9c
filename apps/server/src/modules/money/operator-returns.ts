import { csvRecord, type Gstr8 } from '@ub/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { financialYearBounds } from './tds-exemption.ts';
import { monthBounds } from '../tax-documents/gstr1.ts';
import { execRows } from '../trade/common.ts';
import { sameState } from './escrow.ts';
import { rateOn } from './rates.ts';

/**
 * The platform's own returns as the e-commerce operator, from the money ledger: GSTR-8 (TCS collected under s.52
 * CGST Act) and the s.194-O TDS statement data. Every rupee of TCS and TDS here is a `tcs_payable` / `tds_payable`
 * journal line posted in the period (IST), so the returns agree with the ledger to the paisa; the values the tax
 * was computed on come from the seller's earning lines of the period (`seller_earnings`: the release, less what a
 * refund after release reversed).
 */

/** One order's TCS/TDS lines posted in the period, with what they were computed on. */
interface OrderTaxRow {
  order_id: string;
  manufacturer_id: string;
  gstin: string;
  company_name: string;
  seller_state: string;
  ship_state: string;
  buyer_gstin: string | null;
  tcs: string;
  tds: string;
  at: Date | string;
  net_taxable: string | null;
  /** The order's release is in the period (else only a refund after release is: a return, no supply). */
  released: boolean;
  inter_state: number | null;
  items_taxable: string;
}

async function orderTaxRows(db: Db, start: Date, end: Date): Promise<OrderTaxRow[]> {
  return execRows<OrderTaxRow>(
    db,
    sql`with lines as (
          select l.order_id, l.manufacturer_id,
            coalesce(-sum(l.amount_paise) filter (where l.account = 'tcs_payable'), 0) as tcs,
            coalesce(-sum(l.amount_paise) filter (where l.account = 'tds_payable'), 0) as tds,
            max(e.posted_at) as at
          from journal_lines l join journal_entries e on e.id = l.entry_id
          where l.account in ('tcs_payable', 'tds_payable') and l.order_id is not null
            and e.posted_at >= ${start.toISOString()}::timestamptz and e.posted_at < ${end.toISOString()}::timestamptz
          group by l.order_id, l.manufacturer_id
        )
        select lines.order_id, lines.manufacturer_id, lines.tcs::text as tcs, lines.tds::text as tds, lines.at,
          m.gst_number as gstin, m.company_name, m.state as seller_state, o.ship_state,
          coalesce((select td.buyer_gstin from tax_documents td where td.order_id = o.id and td.kind = 'invoice'),
                   b.gst_number) as buyer_gstin,
          se.taxable_paise::text as net_taxable, coalesce(se.released, false) as released, se.tcs_inter_state as inter_state,
          (select coalesce(sum(round(oi.line_total * 100)), 0) from order_items oi where oi.order_id = o.id)::text
            as items_taxable
        from lines
        join manufacturers m on m.id = lines.manufacturer_id
        join orders o on o.id = lines.order_id
        join buyers b on b.id = o.buyer_id
        left join (
          select order_id, sum(taxable_paise) as taxable_paise, max(tcs_inter_state) as tcs_inter_state,
            bool_or(kind = 'release') as released
          from seller_earnings
          where kind in ('release', 'refund_recovery')
            and posted_at >= ${start.toISOString()}::timestamptz and posted_at < ${end.toISOString()}::timestamptz
          group by order_id
        ) se on se.order_id = lines.order_id
        order by m.gst_number, lines.at`,
  );
}

/** Paise sums of a GSTR-8 row before they are written in rupees. */
interface Gstr8Paise {
  stin: string;
  supR: number;
  retsupR: number;
  supU: number;
  retsupU: number;
  amt: number;
  iamt: number;
  camt: number;
  samt: number;
}

const rupees = (paise: number) => Math.round(paise) / 100;

/**
 * GSTR-8 of a month (IST), Table 3 in GSTN's JSON keys (section `tcs`: stin, supR, retsupR, supU, retsupU, amt,
 * iamt, camt, samt): one row per supplier GSTIN, IGST and CGST + SGST side by side (the table has no place of
 * supply). Values are taxable values (TCS is on the net taxable value); "returns" are what was refunded before the
 * money was released, so gross less returns is the value the TCS was computed on. Intra-state TCS is split into
 * CGST and SGST per order, the odd paisa (if any) to SGST, so each row's three amounts sum to the ledger's TCS.
 */
export async function gstr8(db: Db, platformGstin: string, month: string): Promise<Gstr8> {
  const { start, end, fp } = monthBounds(month);
  const rows = await orderTaxRows(db, start, end);
  const byKey = new Map<string, Gstr8Paise>();
  for (const r of rows) {
    const tcs = Number(r.tcs);
    if (tcs === 0) continue;
    const key = r.gstin;
    const row = byKey.get(key) ?? {
      stin: r.gstin,
      supR: 0,
      retsupR: 0,
      supU: 0,
      retsupU: 0,
      amt: 0,
      iamt: 0,
      camt: 0,
      samt: 0,
    };
    const net = Number(r.net_taxable ?? 0);
    // A month with only a refund after an earlier release reports the return, not the supply again.
    const gross = r.released ? Math.max(Number(r.items_taxable), net) : 0;
    if (r.buyer_gstin) {
      row.supR += gross;
      row.retsupR += gross - net;
    } else {
      row.supU += gross;
      row.retsupU += gross - net;
    }
    row.amt += net;
    const inter = r.inter_state === null ? !sameState(r.seller_state, r.ship_state) : r.inter_state === 1;
    if (inter) row.iamt += tcs;
    else {
      const c = Math.floor(tcs / 2);
      row.camt += c;
      row.samt += tcs - c;
    }
    byKey.set(key, row);
  }
  return {
    gstin: platformGstin,
    fp,
    tcs: [...byKey.values()].map((p) => ({
      stin: p.stin,
      supR: rupees(p.supR),
      retsupR: rupees(p.retsupR),
      supU: rupees(p.supU),
      retsupU: rupees(p.retsupU),
      amt: rupees(p.amt),
      iamt: rupees(p.iamt),
      camt: rupees(p.camt),
      samt: rupees(p.samt),
    })),
  };
}

/** GSTR-8 Table 3 as CSV, one row per supplier GSTIN, in the order of the return's columns. */
export function gstr8Csv(r: Gstr8): string {
  const head = [
    'GSTIN of supplier',
    'Gross value of supplies made to registered persons',
    'Value of supplies returned by registered persons',
    'Gross value of supplies made to unregistered persons',
    'Value of supplies returned by unregistered persons',
    'Net amount liable for TCS',
    'Integrated tax',
    'Central tax',
    'State/UT tax',
  ];
  return [
    csvRecord(head),
    ...r.tcs.map((t) => csvRecord([t.stin, t.supR, t.retsupR, t.supU, t.retsupU, t.amt, t.iamt, t.camt, t.samt])),
  ].join('\r\n');
}

/** A TDS period: a month (YYYY-MM) or a quarter of the financial year (2026-27-Q1 = April to June 2026). */
export function tdsPeriod(period: string): { start: Date; end: Date } | null {
  const m = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(period);
  if (m) {
    const { start, end } = monthBounds(period);
    return { start, end };
  }
  const q = /^(\d{4})-(\d{2})-Q([1-4])$/.exec(period);
  if (!q) return null;
  const fy = Number(q[1]);
  if ((fy + 1) % 100 !== Number(q[2])) return null;
  const first = (Number(q[3]) - 1) * 3 + 4;
  const months = [0, 1, 2].map((i) => {
    const n = first + i;
    const y = n > 12 ? fy + 1 : fy;
    return `${y}-${String(n > 12 ? n - 12 : n).padStart(2, '0')}`;
  });
  return { start: monthBounds(months[0] as string).start, end: monthBounds(months[2] as string).end };
}

export interface TdsRow {
  financialYear: string;
  quarter: string;
  month: string;
  pan: string;
  deductee: string;
  gstin: string;
  section: '194O';
  /**
   * The amount credited the TDS was computed on, paise: the taxable value net of returns, GST excluded (it is shown
   * separately on the invoice: CBDT Circular 17/2020 applying Circular 23/2017).
   */
  amountPaise: number;
  /** The rate in force on the date of credit, parts per million (1000 = 0.1 %). */
  ratePpm: number;
  tdsPaise: number;
  orders: number;
  lastCreditedAt: string;
}

const istMonth = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 7);
function fyQuarter(month: string) {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const fy = m >= 4 ? y : y - 1;
  return {
    financialYear: `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`,
    quarter: `Q${Math.floor(((m + 8) % 12) / 3) + 1}`,
  };
}

/**
 * The s.194-O statement data of a period: per seller PAN (the 3rd to 12th characters of the GSTIN), per month and
 * per rate in force, the amount credited (taxable value, GST excluded) and the TDS, from the ledger's `tds_payable`
 * lines.
 */
export async function tds194o(db: Db, period: { start: Date; end: Date }): Promise<TdsRow[]> {
  // From the start of the financial year: a return's reversal carries into the PAN's later deductions (below).
  const rows = await orderTaxRows(db, financialYearBounds(period.start).start, period.end);
  const rates = new Map<string, number>();
  const rateFor = async (at: Date) => {
    const day = at.toISOString().slice(0, 10);
    const known = rates.get(day);
    if (known !== undefined) return known;
    const ppm = await rateOn(db, 'tds_194o', at);
    rates.set(day, ppm);
    return ppm;
  };
  const out = new Map<string, TdsRow>();
  for (const r of rows) {
    const tds = Number(r.tds);
    if (tds === 0) continue;
    const at = new Date(r.at);
    const month = istMonth(at);
    const pan = r.gstin.slice(2, 12);
    const ratePpm = await rateFor(at);
    const key = `${pan}|${month}|${ratePpm}`;
    const row = out.get(key) ?? {
      ...fyQuarter(month),
      month,
      pan,
      deductee: r.company_name,
      gstin: r.gstin,
      section: '194O' as const,
      amountPaise: 0,
      ratePpm,
      tdsPaise: 0,
      orders: 0,
      lastCreditedAt: at.toISOString(),
    };
    row.amountPaise += Number(r.net_taxable ?? 0);
    row.tdsPaise += tds;
    row.orders += 1;
    if (at.toISOString() > row.lastCreditedAt) row.lastCreditedAt = at.toISOString();
    // One PAN may hold several GSTINs (a registration per state): the statement is per PAN.
    if (!row.gstin.split(' ').includes(r.gstin)) row.gstin = `${row.gstin} ${r.gstin}`;
    out.set(key, row);
  }
  return noNegativeRows([...out.values()]).filter((r) => {
    const [y, m] = r.month.split('-').map(Number) as [number, number];
    const at = new Date(Date.UTC(y, m - 1, 1) - 330 * 60_000);
    return at >= new Date(period.start.getTime() - 1) && at < period.end;
  });
}

/**
 * A deductee's row is never negative: TDS cannot be deposited below zero. A month whose returns reversed more TDS
 * than it deducted (refunds after release, no new sales) carries the excess, with the amount it was computed on,
 * into that PAN's next deductions of the financial year, which are reduced by it (the deductor's adjustment against
 * later deductions for the same deductee); what is left at the end of the year is not shown as a row.
 */
export function noNegativeRows(rows: TdsRow[]): TdsRow[] {
  const sorted = [...rows].sort((a, b) => a.month.localeCompare(b.month) || a.pan.localeCompare(b.pan));
  const carry = new Map<string, { tds: number; amount: number }>();
  const out: TdsRow[] = [];
  for (const r of sorted) {
    const key = `${r.financialYear}|${r.pan}`;
    const c = carry.get(key) ?? { tds: 0, amount: 0 };
    const row = { ...r, tdsPaise: r.tdsPaise - c.tds, amountPaise: r.amountPaise - c.amount };
    if (row.tdsPaise <= 0) {
      carry.set(key, { tds: -row.tdsPaise, amount: Math.max(0, -row.amountPaise) });
      continue;
    }
    carry.delete(key);
    out.push({ ...row, amountPaise: Math.max(0, row.amountPaise) });
  }
  return out;
}

const istDay = (iso: string) => {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-${d.getUTCFullYear()}`;
};

/** The TDS statement data as CSV: one row per PAN, month and rate, ready to key into Form 26Q's deductee rows. */
export function tds194oCsv(rows: TdsRow[]): string {
  const head = [
    'Financial year',
    'Quarter',
    'Month',
    'Section',
    'Deductee PAN',
    'Deductee name',
    'GSTIN',
    'Amount credited excluding GST (Rs)',
    'Rate of TDS (%)',
    'TDS (Rs)',
    'Orders',
    'Last date of credit',
  ];
  return [
    csvRecord(head),
    ...rows.map((r) =>
      csvRecord([
        r.financialYear,
        r.quarter,
        r.month,
        r.section,
        r.pan,
        r.deductee,
        r.gstin,
        rupees(r.amountPaise),
        r.ratePpm / 10_000,
        rupees(r.tdsPaise),
        r.orders,
        istDay(r.lastCreditedAt),
      ]),
    ),
  ].join('\r\n');
}
