import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { disputes, manufacturers, orders } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { notify } from '../notifications/notify.ts';

/** A buyer raises a dispute on one of their orders; one open dispute per order at a time. */
export async function raiseDispute(app: FastifyInstance, buyerId: string, orderId: string, reason: string) {
  const [row] = await app.db
    .select({ o: orders, sellerUserId: manufacturers.userId })
    .from(orders)
    .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
    .limit(1);
  if (!row) throw notFound('Order not found');
  const [open] = await app.db
    .select({ id: disputes.id })
    .from(disputes)
    .where(and(eq(disputes.orderId, orderId), inArray(disputes.status, ['open', 'under_review'])))
    .limit(1);
  if (open) throw conflict('A dispute on this order is already open.');
  const [d] = await app.db
    .insert(disputes)
    .values({ orderId, manufacturerId: row.o.manufacturerId, buyerId, reason })
    .returning();
  if (!d) throw new Error('dispute insert returned nothing');
  await notify(app, {
    userId: row.sellerUserId,
    type: 'dispute_raised',
    title: 'Dispute raised',
    message: `A dispute was raised on order ${row.o.orderNumber}: ${reason.slice(0, 140)}`,
    link: '/dashboard/orders',
  });
  return d;
}
