import { PAYMENT_PAGE_SIZE, type PaymentDetail, type PaymentListItem, type PaymentTab } from '@ub/shared';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyers, orders, payments, sellerEarnings, settlements } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { containsPattern, searchQuery } from '../../lib/search.ts';
import { iso } from '../trade/common.ts';

/**
 * Counting every payment of a big seller costs more than the page itself, so the list's total stops at a cap and
 * says so: past it the screen reads "10,000+" and paging still works.
 */
const COUNT_CAP = 10_000;
function cappedTotal(n: number | string | undefined) {
  const count = Number(n ?? 0);
  return { total: Math.min(count, COUNT_CAP), totalCapped: count > COUNT_CAP };
}

const label = (s: string) => (s === 'paid' ? 'Paid' : 'Pending') as 'Paid' | 'Pending';

/** One page of a seller's payments; the search matches payment number, order number, customer and products. */
export async function listPayments(
  db: Db,
  manufacturerId: string,
  q: { tab: PaymentTab; search?: string; page: number },
) {
  const words = q.search ? searchQuery(manufacturerId, q.search) : null;
  const byNumber = q.search ? ilike(payments.paymentNumber, containsPattern(q.search)) : undefined;
  const where = and(
    eq(payments.manufacturerId, manufacturerId),
    q.tab !== 'all' ? eq(payments.status, q.tab === 'paid' ? 'paid' : 'pending') : undefined,
    words ? or(byNumber, sql`${orders.searchDoc} @@ ${words}::tsquery`) : byNumber,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: payments.id,
        paymentNumber: payments.paymentNumber,
        customer: buyers.companyName,
        paymentDate: sql<Date | string>`coalesce(${payments.paidAt}, ${payments.createdAt})`,
        method: payments.method,
        amount: payments.amount,
        status: payments.status,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .innerJoin(buyers, eq(buyers.id, payments.buyerId))
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(PAYMENT_PAGE_SIZE)
      .offset((q.page - 1) * PAYMENT_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(
      db
        .select({ one: sql`1` })
        .from(payments)
        .innerJoin(orders, eq(orders.id, payments.orderId))
        .where(where)
        .limit(COUNT_CAP + 1)
        .as('t'),
    ),
  ]);
  const items: PaymentListItem[] = rows.map((r) => ({
    id: r.id,
    paymentId: r.paymentNumber,
    customer: r.customer,
    paymentDate: iso(r.paymentDate) ?? '',
    method: r.method,
    total: String(r.amount),
    status: label(r.status),
  }));
  return { payments: items, ...cappedTotal(totals?.n), page: q.page, pageSize: PAYMENT_PAGE_SIZE };
}

export async function paymentDetail(db: Db, manufacturerId: string, id: string): Promise<PaymentDetail> {
  const [row] = await db
    .select({ p: payments, o: orders, customer: buyers.companyName, s: settlements })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .innerJoin(buyers, eq(buyers.id, payments.buyerId))
    // The order's release is the settlement's line (modules/money/settlements.ts).
    .leftJoin(sellerEarnings, and(eq(sellerEarnings.orderId, payments.orderId), eq(sellerEarnings.kind, 'release')))
    .leftJoin(settlements, eq(settlements.id, sellerEarnings.settlementId))
    .where(and(eq(payments.id, id), eq(payments.manufacturerId, manufacturerId)))
    .limit(1);
  if (!row) throw notFound('Payment not found');
  const { p, o, s } = row;
  return {
    id: p.id,
    paymentId: p.paymentNumber,
    customer: row.customer,
    paymentDate: (p.paidAt ?? p.createdAt).toISOString(),
    method: p.method,
    total: p.amount,
    status: label(p.status),
    reference: p.reference,
    createdAt: p.createdAt.toISOString(),
    paidAt: iso(p.paidAt),
    order: { id: o.id, orderId: o.orderNumber, status: o.status, orderDate: o.createdAt.toISOString() },
    settlement: s
      ? {
          id: s.id,
          settlementNumber: s.settlementNumber,
          periodStart: s.periodStart,
          periodEnd: s.periodEnd,
          amount: s.amount,
          status: label(s.status),
          paidAt: iso(s.paidAt),
        }
      : null,
  };
}
