import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { manufacturers, orders, payments, settlements } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';
import { fromPaise, nextNumber, toPaise } from './common.ts';

/** Monday 00:00 UTC of the week containing `at`: settlements cover whole weeks. */
export function weekStart(at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Groups each seller's delivered, paid, not yet settled payments made before the start of the current week into
 * one pending settlement per seller (weekly cycle, spec section 9). Payments of the running week wait for the next
 * run. Returns the settlements created; running it twice in a week creates nothing the second time.
 */
export async function generateWeeklySettlements(
  db: Db,
  opts: { manufacturerId?: string; now?: Date } = {},
): Promise<Array<typeof settlements.$inferSelect>> {
  const periodEndExclusive = weekStart(opts.now ?? new Date());
  return db.transaction(async (tx) => {
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
    const periodEnd = new Date(periodEndExclusive.getTime() - 86_400_000);
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

/** Marks a settlement paid out to the seller with the bank reference, and tells the seller. */
export async function markSettlementPaid(app: FastifyInstance, settlementId: string, reference: string) {
  const [s] = await app.db
    .update(settlements)
    .set({ status: 'paid', reference, paidAt: new Date() })
    .where(and(eq(settlements.id, settlementId), eq(settlements.status, 'pending')))
    .returning();
  if (!s) {
    const [exists] = await app.db
      .select({ id: settlements.id })
      .from(settlements)
      .where(eq(settlements.id, settlementId));
    if (!exists) throw notFound('Settlement not found');
    throw conflict('This settlement is already paid.');
  }
  const [m] = await app.db
    .select({ userId: manufacturers.userId })
    .from(manufacturers)
    .where(eq(manufacturers.id, s.manufacturerId));
  if (m) {
    await notify(app, {
      userId: m.userId,
      type: 'settlement_paid',
      title: 'Settlement paid',
      message: `Settlement ${s.settlementNumber} of ₹${s.amount} was paid to your bank account (ref ${reference}).`,
      link: '/dashboard/payments',
    });
  }
  return s;
}
