import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, payments, settlements } from '../../db/schema/index.ts';
import { fromPaise, nextNumber, toPaise } from '../trade/common.ts';
import { transaction } from '../../lib/transaction.ts';

/** Monday 00:00 UTC of the week containing `at`: settlements cover whole weeks. */
export function weekStart(at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Groups each seller's delivered, paid, not yet settled payments into one pending settlement per seller (weekly
 * cycle, spec section 9). By default only payments made before the start of the current week are due, so the
 * running week waits for the next run; `until` moves that cut-off (the admin's run settles everything paid so
 * far). Returns the settlements created; a second run over the same period creates nothing.
 */
export async function generateWeeklySettlements(
  db: Db,
  opts: { manufacturerId?: string; now?: Date; until?: Date } = {},
): Promise<Array<typeof settlements.$inferSelect>> {
  const periodEndExclusive = opts.until ?? weekStart(opts.now ?? new Date());
  return transaction(db, async (tx) => {
    const due = await tx
      .select({
        id: payments.id,
        manufacturerId: payments.manufacturerId,
        amount: payments.amount,
        paidAt: payments.paidAt,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(
        and(
          eq(payments.status, 'paid'),
          isNull(payments.settlementId),
          eq(orders.status, 'delivered'),
          lt(payments.paidAt, periodEndExclusive),
          opts.manufacturerId ? eq(payments.manufacturerId, opts.manufacturerId) : undefined,
        ),
      )
      .for('update', { of: payments });
    const bySeller = new Map<string, typeof due>();
    for (const p of due) bySeller.set(p.manufacturerId, [...(bySeller.get(p.manufacturerId) ?? []), p]);
    const created: Array<typeof settlements.$inferSelect> = [];
    const periodEnd = new Date(periodEndExclusive.getTime() - 1);
    for (const [manufacturerId, list] of bySeller) {
      const earliest = list.reduce((m, p) => (p.paidAt && p.paidAt < m ? p.paidAt : m), periodEnd);
      const [s] = await tx
        .insert(settlements)
        .values({
          settlementNumber: await nextNumber(tx, 'STL', periodEnd),
          manufacturerId,
          periodStart: day(weekStart(earliest)),
          periodEnd: day(periodEnd),
          amount: fromPaise(list.reduce((sum, p) => sum + toPaise(p.amount), 0)),
        })
        .returning();
      if (!s) throw new Error('settlement insert returned nothing');
      await tx
        .update(payments)
        .set({ settlementId: s.id })
        .where(
          inArray(
            payments.id,
            list.map((p) => p.id),
          ),
        );
      created.push(s);
    }
    return created;
  });
}
