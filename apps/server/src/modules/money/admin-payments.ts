import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import type { PlatformIdentity } from './commission-invoice.ts';
import { markPayoutPaid, runSettlements, whyNotDue } from './settlements.ts';
import { buyers, manufacturers, orders, payments, settlements } from '../../db/schema/index.ts';
import { offsetOf } from '../admin/common.ts';
import { containsPattern } from '../../lib/search.ts';

export async function listPayments(
  db: Db,
  opts: { q?: string; status?: 'pending' | 'paid'; page: number; pageSize: number },
) {
  const pattern = opts.q ? containsPattern(opts.q) : undefined;
  const where = and(
    opts.status ? eq(payments.status, opts.status) : undefined,
    pattern
      ? or(
          ilike(payments.paymentNumber, pattern),
          ilike(orders.orderNumber, pattern),
          ilike(buyers.companyName, pattern),
          ilike(manufacturers.companyName, pattern),
        )
      : undefined,
  );
  const from = () =>
    db
      .select({
        id: payments.id,
        paymentNumber: payments.paymentNumber,
        orderNumber: orders.orderNumber,
        customer: buyers.companyName,
        manufacturer: manufacturers.companyName,
        method: payments.method,
        amount: payments.amount,
        status: payments.status,
        paymentDate: payments.createdAt,
        settled: sql<boolean>`exists (select 1 from seller_earnings se where se.order_id = ${payments.orderId} and se.kind = 'release' and se.settlement_id is not null)`,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(buyers, eq(buyers.id, payments.buyerId))
      .innerJoin(manufacturers, eq(manufacturers.id, payments.manufacturerId))
      .where(where);
  const [rows, [totalRow]] = await Promise.all([
    from()
      .orderBy(desc(payments.createdAt), asc(payments.id))
      .limit(opts.pageSize)
      .offset(offsetOf(opts.page, opts.pageSize)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(buyers, eq(buyers.id, payments.buyerId))
      .innerJoin(manufacturers, eq(manufacturers.id, payments.manufacturerId))
      .where(where),
  ]);
  return {
    payments: rows.map((r) => ({ ...r, paymentDate: r.paymentDate.toISOString() })),
    total: totalRow?.n ?? 0,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

export async function listSettlements(
  db: Db,
  opts: { q?: string; status?: 'pending' | 'paid'; page: number; pageSize: number },
) {
  const pattern = opts.q ? containsPattern(opts.q) : undefined;
  const where = and(
    opts.status ? eq(settlements.status, opts.status) : undefined,
    pattern ? or(ilike(settlements.settlementNumber, pattern), ilike(manufacturers.companyName, pattern)) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ s: settlements, manufacturer: manufacturers.companyName })
      .from(settlements)
      .innerJoin(manufacturers, eq(manufacturers.id, settlements.manufacturerId))
      .where(where)
      .orderBy(desc(settlements.createdAt), asc(settlements.id))
      .limit(opts.pageSize)
      .offset(offsetOf(opts.page, opts.pageSize)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(settlements)
      .innerJoin(manufacturers, eq(manufacturers.id, settlements.manufacturerId))
      .where(where),
  ]);
  return {
    settlements: rows.map(({ s, manufacturer }) => toSettlement(s, manufacturer)),
    total: totalRow?.n ?? 0,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

export function toSettlement(s: typeof settlements.$inferSelect, manufacturer: string) {
  return {
    id: s.id,
    settlementNumber: s.settlementNumber,
    manufacturer,
    periodStart: s.periodStart,
    periodEnd: s.periodEnd,
    amount: s.amount,
    status: s.status,
    reference: s.reference,
    paidAt: s.paidAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    payoutStatus: s.payoutStatus,
    providerPayoutId: s.providerPayoutId,
    payoutFailureReason: s.payoutFailureReason,
  };
}

/** Monday to Sunday of the week containing `now`, in India time, as YYYY-MM-DD. */
export function currentWeek(now: Date): { start: string; end: string } {
  const ist = new Date(now.getTime() + 5.5 * 3_600_000);
  const day = (ist.getUTCDay() + 6) % 7;
  const start = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() - day));
  const end = new Date(start.getTime() + 6 * 86_400_000);
  return { start: start.toISOString().slice(0, 10), end: end.toISOString().slice(0, 10) };
}

/**
 * The admin's settlement run (modules/money/settlements.ts): what is due is released from escrow, then each
 * seller's released money is settled with commission, GST on commission, TCS and TDS. `manufacturerId` runs it for
 * one seller only.
 */
export async function generateWeeklySettlements(
  deps: Deps,
  actorUserId: string,
  opts: { holdDays: number; platform: PlatformIdentity; manufacturerId?: string },
) {
  const week = currentWeek(deps.clock());
  const created = await runSettlements(deps, { ...opts, actorUserId });
  // What the run left, and why: the admin's answer when nothing (or less than expected) was due.
  const notDue = await whyNotDue(deps.db, deps.clock(), opts.holdDays, opts.manufacturerId);
  return { created: created.length, week, settlementIds: created.map((s) => s.id), notDue };
}

/** The admin paid a settlement with the bank's UTR: the payout is posted to the ledger and the seller told. */
export async function markSettlementPaid(deps: Deps, actorUserId: string, id: string, reference: string) {
  const { after, companyName } = await markPayoutPaid(deps, actorUserId, id, reference);
  return toSettlement(after, companyName);
}
