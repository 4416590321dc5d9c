import { placeOfSupplyCode, supplyTypeFor } from '@ub/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyers, manufacturers, orderItems, orders, paymentAttempts, sellerEarnings } from '../../db/schema/index.ts';
import type { Deps } from '../../lib/deps.ts';
import { transaction } from '../../lib/transaction.ts';
import { execRows, toPaise } from '../trade/common.ts';
import { heldForOrder, post } from './ledger.ts';
import { applyPpm, commissionPpm, getCommissionSettings, ratesOn } from './rates.ts';
import { tdsExemptRelease } from './tds-exemption.ts';

export const DAY_MS = 86_400_000;

/** Same state when both names agree, ignoring case and spaces: TCS is then CGST + SGST, else IGST. */
export const sameState = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

export interface Breakdown {
  grossPaise: number;
  taxablePaise: number;
  commissionPaise: number;
  gstOnCommissionPaise: number;
  tcsPaise: number;
  tcsInterState: boolean;
  tdsPaise: number;
  netPaise: number;
}

/**
 * What the seller gets from `heldPaise` of an order whose captured amount was `capturedPaise` (less when part was
 * refunded: the taxable value and commission scale to what is left, so TCS is on the value net of returns).
 * Commission: per item category on the item's taxable value. GST on commission; TCS on the net taxable value;
 * TDS s.194-O on the taxable value too (GST is shown separately on the invoice). Rates are those in force on `at`.
 */
export function computeBreakdown(input: {
  heldPaise: number;
  capturedPaise: number;
  items: Array<{ taxablePaise: number; commissionPpm: number }>;
  rates: { gst_on_commission: number; tcs_cgst: number; tcs_sgst: number; tcs_igst: number; tds_194o: number };
  interState: boolean;
}): Breakdown {
  const { heldPaise, capturedPaise } = input;
  const share = (n: number) => (capturedPaise > 0 ? Math.round((n * heldPaise) / capturedPaise) : 0);
  const taxableFull = input.items.reduce((s, i) => s + i.taxablePaise, 0);
  const commissionFull = input.items.reduce((s, i) => s + applyPpm(i.taxablePaise, i.commissionPpm), 0);
  const taxablePaise = Math.min(share(taxableFull), heldPaise);
  const commissionPaise = share(commissionFull);
  const gstOnCommissionPaise = applyPpm(commissionPaise, input.rates.gst_on_commission);
  const tcsPaise = input.interState
    ? applyPpm(taxablePaise, input.rates.tcs_igst)
    : applyPpm(taxablePaise, input.rates.tcs_cgst) + applyPpm(taxablePaise, input.rates.tcs_sgst);
  // s.194-O on the amount excluding GST shown separately on the invoice (CBDT Circular 17/2020, Q&A applying
  // Circular 23/2017), net of returns: the same base as TCS.
  const tdsPaise = applyPpm(taxablePaise, input.rates.tds_194o);
  const withheld = commissionPaise + gstOnCommissionPaise + tcsPaise + tdsPaise;
  // Never withhold more than is held (a tiny remainder after a large partial refund).
  const scale = withheld > heldPaise ? heldPaise / withheld : 1;
  const c = Math.floor(commissionPaise * scale);
  const g = Math.floor(gstOnCommissionPaise * scale);
  const t = Math.floor(tcsPaise * scale);
  const d = Math.floor(tdsPaise * scale);
  return {
    grossPaise: heldPaise,
    taxablePaise,
    commissionPaise: c,
    gstOnCommissionPaise: g,
    tcsPaise: t,
    tcsInterState: input.interState,
    tdsPaise: d,
    netPaise: heldPaise - c - g - t - d,
  };
}

/** When the order was delivered (its timeline), or null. */
export async function deliveredAt(db: Db, orderId: string): Promise<Date | null> {
  const [row] = await execRows<{ at: Date | string | null }>(
    db,
    sql`select max(created_at) as at from order_events where order_id = ${orderId} and to_status = 'delivered'`,
  );
  return row?.at ? new Date(row.at) : null;
}

export async function hasOpenDispute(db: Db, orderId: string): Promise<boolean> {
  const rows = await execRows<{ one: number }>(
    db,
    sql`select 1 as one from disputes where order_id = ${orderId} and status in ('open', 'under_review') limit 1`,
  );
  return rows.length > 0;
}

/** Why an order's money is still held, or null when it may be released at `now`. */
export async function holdReason(db: Db, orderId: string, now: Date, holdDays: number): Promise<string | null> {
  const [o] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!o) return 'Order not found';
  if (await hasOpenDispute(db, orderId)) return 'A dispute is open on this order';
  if (o.status === 'cancelled') return 'Order cancelled: refund in progress';
  if (o.status !== 'delivered') return 'Awaiting delivery';
  const at = await deliveredAt(db, orderId);
  if (!at) return 'Awaiting delivery';
  const until = new Date(at.getTime() + holdDays * DAY_MS);
  // The day in India the hold ends (the one date people read, whatever the server's zone).
  const day = new Date(until.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  if (until > now) return `Hold period after delivery, until ${day}`;
  return null;
}

/**
 * Releases the money held for one order to its seller in `tx`, if it is due (delivered, hold over, no open
 * dispute): escrow → seller payable less commission, GST on commission, TCS and TDS; the breakdown is kept as the
 * seller's earning line for the next settlement. Returns the breakdown, or null when nothing was released.
 */
export async function releaseOrderInTx(
  tx: Db,
  orderId: string,
  now: Date,
  holdDays: number,
): Promise<Breakdown | null> {
  const [o] = await tx
    .select({
      o: orders,
      sellerGstin: manufacturers.gstNumber,
      declaredAt: manufacturers.tds194o2DeclaredAt,
      buyerGstin: buyers.gstNumber,
    })
    .from(orders)
    .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  if (!o) return null;
  if ((await holdReason(tx, orderId, now, holdDays)) !== null) return null;
  const held = await heldForOrder(tx, orderId);
  if (held <= 0) return null;
  const [captured] = await tx
    .select({ amount: paymentAttempts.amountPaise })
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'captured')));
  const items = await tx
    .select({ lineTotal: orderItems.lineTotal, category: orderItems.category })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const settings = await getCommissionSettings(tx);
  const rates = await ratesOn(tx, now);
  // s.194-O(2): a declared individual or HUF seller within the year's limit bears no TDS on this release.
  const exempt = await tdsExemptRelease(
    tx,
    { id: o.o.manufacturerId, gstNumber: o.sellerGstin, tds194o2DeclaredAt: o.declaredAt },
    held,
    now,
  );
  const b = computeBreakdown({
    heldPaise: held,
    capturedPaise: captured?.amount ?? held,
    items: items.map((i) => ({
      taxablePaise: toPaise(i.lineTotal),
      commissionPpm: commissionPpm(settings, i.category),
    })),
    rates: { ...rates, tds_194o: exempt ? 0 : rates.tds_194o },
    // TCS follows the supply: IGST TCS where the invoice charges IGST (the place of supply: tax-documents).
    interState: supplyTypeFor(o.sellerGstin, placeOfSupplyCode(o.buyerGstin, o.o.shipState)) === 'inter',
  });
  const mid = o.o.manufacturerId;
  const posted = await post(tx, {
    key: `release:${orderId}`,
    kind: 'release',
    orderId,
    manufacturerId: mid,
    memo: `Release of order ${o.o.orderNumber} to the seller`,
    at: now,
    lines: [
      { account: 'escrow', amountPaise: held },
      { account: 'commission', amountPaise: -b.commissionPaise },
      { account: 'gst_on_commission', amountPaise: -b.gstOnCommissionPaise },
      { account: 'tcs_payable', amountPaise: -b.tcsPaise },
      { account: 'tds_payable', amountPaise: -b.tdsPaise },
      { account: 'seller_payable', amountPaise: -b.netPaise },
    ],
  });
  if (!posted) return null;
  await tx.insert(sellerEarnings).values({
    manufacturerId: mid,
    orderId,
    kind: 'release',
    grossPaise: b.grossPaise,
    taxablePaise: b.taxablePaise,
    commissionPaise: b.commissionPaise,
    gstOnCommissionPaise: b.gstOnCommissionPaise,
    tcsPaise: b.tcsPaise,
    tcsInterState: b.tcsInterState ? 1 : 0,
    tdsPaise: b.tdsPaise,
    refundsPaise: 0,
    netPaise: b.netPaise,
    postedAt: now,
  });
  return b;
}

/**
 * Releases every order whose hold is over (optionally one seller's): the hourly job and the start of each
 * settlement run. Each order in its own transaction, so one bad order does not hold the others back.
 */
export async function releaseDue(
  deps: Pick<Deps, 'db' | 'clock'>,
  opts: { holdDays: number; manufacturerId?: string },
): Promise<number> {
  const now = deps.clock();
  const cutoff = new Date(now.getTime() - opts.holdDays * DAY_MS);
  const candidates = await execRows<{ id: string }>(
    deps.db,
    sql`select o.id from orders o
        where o.payment_status = 'paid' and o.status = 'delivered'
          ${opts.manufacturerId ? sql`and o.manufacturer_id = ${opts.manufacturerId}` : sql``}
          and exists (select 1 from order_events e where e.order_id = o.id and e.to_status = 'delivered'
                      and e.created_at <= ${cutoff})
          and not exists (select 1 from seller_earnings s where s.order_id = o.id and s.kind = 'release')
          and not exists (select 1 from disputes d where d.order_id = o.id and d.status in ('open', 'under_review'))`,
  );
  let released = 0;
  for (const c of candidates) {
    const b = await transaction(deps.db, (tx) => releaseOrderInTx(tx, c.id, now, opts.holdDays));
    if (b) released++;
  }
  return released;
}

/** Orders' ids released already (a refund after that is taken back from the seller). */
export async function releasedOrders(db: Db, orderIds: string[]): Promise<Set<string>> {
  if (!orderIds.length) return new Set();
  const rows = await db
    .select({ orderId: sellerEarnings.orderId })
    .from(sellerEarnings)
    .where(and(inArray(sellerEarnings.orderId, orderIds), eq(sellerEarnings.kind, 'release')));
  return new Set(rows.map((r) => r.orderId));
}
