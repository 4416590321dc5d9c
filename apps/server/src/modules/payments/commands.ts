import type { paymentRecordSchema } from '@ub/shared';
import { formatInr } from '@ub/shared/format';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { manufacturers, orders, payments } from '../../db/schema/index.ts';
import type { Deps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { buyerLinks, notifyBuyer } from '../buyers/notify.ts';
import { notify } from '../notifications/notify.ts';

/** A buyer pays an order: the pending payment becomes paid (the platform holds it until the weekly settlement). */
export async function recordPayment(
  deps: Deps,
  buyerId: string,
  orderId: string,
  input: z.output<typeof paymentRecordSchema>,
) {
  const [order] = await deps.db
    .select({ o: orders, sellerUserId: manufacturers.userId })
    .from(orders)
    .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
    .limit(1);
  if (!order) throw notFound('Order not found');
  const { o } = order;
  if (o.status === 'cancelled') throw conflict('This order was cancelled and cannot be paid.');
  if (o.paymentStatus === 'paid') throw conflict('This order is already paid.');
  const paid = await transaction(deps.db, async (tx) => {
    const now = deps.clock();
    const [updatedOrder] = await tx
      .update(orders)
      .set({ paymentStatus: 'paid', updatedAt: now })
      .where(and(eq(orders.id, o.id), eq(orders.paymentStatus, 'pending')))
      .returning({ id: orders.id });
    if (!updatedOrder) throw conflict('This order is already paid.');
    const [pending] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, o.id), eq(payments.status, 'pending')))
      .orderBy(desc(payments.createdAt))
      .limit(1);
    if (!pending) throw conflict('This order has no payment due.');
    const [p] = await tx
      .update(payments)
      .set({ status: 'paid', method: input.method, reference: input.reference, paidAt: now, amount: o.total })
      .where(eq(payments.id, pending.id))
      .returning();
    if (!p) throw new Error('payment update returned nothing');
    await notify(tx, {
      userId: order.sellerUserId,
      type: 'payment_received',
      title: 'Payment received',
      message: `${formatInr(p.amount)} received by ${p.method} for order ${o.orderNumber}.`,
      link: `/dashboard/orders/${o.id}`,
    });
    await notifyBuyer(tx, buyerId, {
      type: 'payment_recorded',
      title: 'Payment recorded',
      message: `Your payment of ${formatInr(p.amount)} by ${p.method} for order ${o.orderNumber} is recorded.`,
      link: buyerLinks.order(o.id),
    });
    return p;
  });
  return paid;
}
