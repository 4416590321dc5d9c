import { ORDER_STATUS_LABELS, ORDER_TRANSITIONS, type OrderStatus, type orderStatusChangeSchema } from '@ub/shared';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { buyers, manufacturers, orderEvents, orderItems, orders, payments } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { changeOrderStatus as moveOrder } from '../trade/orders.ts';
import { notify } from '../notifications/notify.ts';
import { offsetOf } from './common.ts';
import { containsPattern } from '../../lib/search.ts';
import { transaction } from '../../lib/transaction.ts';

export async function listOrders(
  app: FastifyInstance,
  opts: { q?: string; status?: OrderStatus; page: number; pageSize: number },
) {
  const pattern = opts.q ? containsPattern(opts.q) : undefined;
  const where = and(
    opts.status ? eq(orders.status, opts.status) : undefined,
    pattern
      ? or(
          ilike(orders.orderNumber, pattern),
          ilike(buyers.companyName, pattern),
          ilike(manufacturers.companyName, pattern),
        )
      : undefined,
  );
  const base = () =>
    app.db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        customer: buyers.companyName,
        manufacturer: manufacturers.companyName,
        orderDate: orders.createdAt,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        total: orders.total,
      })
      .from(orders)
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
      .where(where);
  const [rows, [totalRow]] = await Promise.all([
    base()
      .orderBy(desc(orders.createdAt), asc(orders.id))
      .limit(opts.pageSize)
      .offset(offsetOf(opts.page, opts.pageSize)),
    app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
      .where(where),
  ]);
  return {
    orders: rows.map((r) => ({
      ...r,
      orderDate: r.orderDate.toISOString(),
      statusLabel: ORDER_STATUS_LABELS[r.status],
    })),
    total: totalRow?.n ?? 0,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

export async function getOrder(app: FastifyInstance, id: string) {
  const [row] = await app.db
    .select({ o: orders, b: buyers, m: manufacturers })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
    .where(eq(orders.id, id));
  if (!row) throw notFound('Order not found');
  const [items, events, pays] = await Promise.all([
    app.db.select().from(orderItems).where(eq(orderItems.orderId, id)),
    app.db.select().from(orderEvents).where(eq(orderEvents.orderId, id)).orderBy(asc(orderEvents.createdAt)),
    app.db.select().from(payments).where(eq(payments.orderId, id)).orderBy(asc(payments.createdAt)),
  ]);
  const { o, b, m } = row;
  return {
    id: o.id,
    orderNumber: o.orderNumber,
    orderDate: o.createdAt.toISOString(),
    status: o.status,
    statusLabel: ORDER_STATUS_LABELS[o.status],
    nextStatuses: [...ORDER_TRANSITIONS[o.status]],
    paymentStatus: o.paymentStatus,
    manufacturer: m.companyName,
    customer: { name: b.companyName, contact: b.contactName, phone: b.phone },
    shippingAddress: [o.shipStreet, o.shipApartment, o.shipCity, o.shipState, o.shipZipCode, o.shipCountry]
      .filter(Boolean)
      .join(', '),
    subtotal: o.subtotal,
    shipping: o.shipping,
    tax: o.tax,
    total: o.total,
    cancelReason: o.cancelReason,
    items: items.map((i) => ({
      id: i.id,
      name: i.name,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      lineTotal: i.lineTotal,
    })),
    events: events.map((e) => ({
      from: e.fromStatus,
      to: e.toStatus,
      note: e.note,
      at: e.createdAt.toISOString(),
    })),
    payments: pays.map((p) => ({
      id: p.id,
      paymentNumber: p.paymentNumber,
      amount: p.amount,
      method: p.method,
      status: p.status,
    })),
  };
}

/**
 * The admin's status change: the seller-side lifecycle (modules/trade/orders.ts: legal moves only, carrier and
 * tracking to ship, stock returned on cancel), plus an audit row and, on cancel, a notice to the seller.
 */
export async function changeOrderStatus(
  app: FastifyInstance,
  actorUserId: string,
  id: string,
  change: z.output<typeof orderStatusChangeSchema>,
) {
  await transaction(app.db, async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!before) throw notFound('Order not found');
    await moveOrder(tx as unknown as Db, {}, id, change, actorUserId);
    const reason = change.status === 'cancelled' ? (change.reason ?? null) : null;
    await audit(tx, {
      actorUserId,
      action: 'order.status',
      entityType: 'order',
      entityId: id,
      reason,
      before: { status: before.status },
      after: { status: change.status },
    });
    if (change.status !== 'cancelled') return;
    const [owner] = await tx
      .select({ userId: manufacturers.userId })
      .from(manufacturers)
      .where(eq(manufacturers.id, before.manufacturerId));
    if (!owner) return;
    await notify(tx, {
      userId: owner.userId,
      type: 'order_cancelled',
      title: 'Order cancelled',
      message: `Order ${before.orderNumber} was cancelled by the platform. Reason: ${reason}`,
      link: `/dashboard/orders/${id}`,
    });
  });
  return getOrder(app, id);
}
