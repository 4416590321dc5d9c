import {
  type ManufacturerStatus,
  ORDER_AWAITING_BUYER_MESSAGE,
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  type orderCreateSchema,
  type OrderStatus,
  type orderStatusChangeSchema,
  type ShippingAddress,
} from '@ub/shared';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  type buyers,
  manufacturers,
  orderEvents,
  orderItems,
  orders,
  payments,
  products,
  taxDocuments,
} from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { issueRefundInTx, refundableOf } from '../money/refunds.ts';
import { adminScope, buyerScope, type Deps, type Scope } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { formatInr } from '@ub/shared/format';
import { searchDocument } from '../../lib/search.ts';
import { transaction } from '../../lib/transaction.ts';
import { assertSellerMay } from '../auth/seller-status.ts';
import { isListable } from '../catalog/listable.ts';
import { buyerLinks, notifyBuyer } from '../buyers/notify.ts';
import { label, type NoticeText, notice, notify } from '../notifications/notify.ts';
import { fromPaise, nextNumber, toPaise } from '../trade/common.ts';
import { creditableOf, invoiceOf, issueCreditNote, issueInvoice } from '../tax-documents/commands.ts';
import { irnBeforeDispatch } from '../tax-documents/einvoice-register.ts';
import { assertTransportGiven, needsEwayBillFor, recordEwayBill } from '../tax-documents/eway-bill.ts';
import { orderScope } from './queries.ts';
import { type OrderLine, priceLines } from './rules.ts';

export type { OrderLine };

type Buyer = typeof buyers.$inferSelect;

export interface NewOrder {
  manufacturerId: string;
  buyer: Buyer;
  buyerEmail: string;
  lines: OrderLine[];
  shipping: ShippingAddress;
  paymentMethod: string;
  rfqId?: string;
  /** A converted RFQ's order waits for the buyer to choose the address and confirm. */
  awaitingBuyerConfirmation?: boolean;
  /** Catalogue orders take their units from stock; RFQ orders are made to order and do not. */
  takeStock: boolean;
  actorUserId: string;
  createdAt?: Date;
}

/**
 * Writes an order with its lines, first timeline event and a pending payment, inside `tx`. With `takeStock`,
 * each product's stock is decremented by a conditional UPDATE (stock >= quantity): of two buyers racing for the
 * last units one update matches and the other finds no row, which becomes a 409, so stock never goes negative.
 * The same UPDATE checks that the product is still orderable at the line's price, so an edit that sent it back
 * for review or changed its price after the order read it cannot slip through.
 */
export async function insertOrder(tx: Db, o: NewOrder) {
  if (o.takeStock) {
    const byProduct = [...o.lines].sort((a, b) => String(a.productId).localeCompare(String(b.productId)));
    for (const line of byProduct) {
      if (!line.productId) continue;
      const [taken] = await tx
        .update(products)
        .set({ stock: sql`${products.stock} - ${line.quantity}`, updatedAt: new Date() })
        .where(
          and(
            eq(products.id, line.productId),
            gte(products.stock, line.quantity),
            isListable,
            eq(products.price, fromPaise(line.unitPaise)),
          ),
        )
        .returning({ id: products.id });
      if (!taken) {
        const [p] = await tx
          .select({ stock: products.stock, orderable: isListable, price: products.price })
          .from(products)
          .where(eq(products.id, line.productId));
        if (!p?.orderable || toPaise(p.price) !== line.unitPaise) {
          throw conflict(`${line.name} changed while the order was placed. Review it and order again.`);
        }
        throw conflict(`Only ${p.stock} ${line.unit ?? 'units'} of ${line.name} left in stock.`);
      }
    }
  }
  const { priced, subtotal, tax, shipping, total } = priceLines(o.lines);
  const createdAt = o.createdAt ?? new Date();
  const orderNumber = await nextNumber(tx, 'ORD', createdAt);
  const [order] = await tx
    .insert(orders)
    .values({
      orderNumber,
      manufacturerId: o.manufacturerId,
      buyerId: o.buyer.id,
      rfqId: o.rfqId,
      awaitingBuyerConfirmation: o.awaitingBuyerConfirmation ?? false,
      subtotal: fromPaise(subtotal),
      shipping: fromPaise(shipping),
      tax: fromPaise(tax),
      total: fromPaise(total),
      shipStreet: o.shipping.street,
      shipApartment: o.shipping.apartment,
      shipCity: o.shipping.city,
      shipState: o.shipping.state,
      shipZipCode: o.shipping.zipCode,
      searchDoc: searchDocument(
        o.manufacturerId,
        orderNumber,
        o.buyer.companyName,
        o.buyer.contactName,
        ...o.lines.map((l) => l.name),
      ),
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  if (!order) throw new Error('order insert returned nothing');
  await tx.insert(orderItems).values(
    priced.map((l) => ({
      orderId: order.id,
      productId: l.productId,
      name: l.name,
      brand: l.brand,
      category: l.category,
      hsnCode: l.hsnCode,
      unit: l.unit,
      quantity: l.quantity,
      unitPrice: fromPaise(l.unitPaise),
      gstPercentage: String(l.gstPercentage),
      taxAmount: fromPaise(l.taxPaise),
      lineTotal: fromPaise(l.linePaise),
    })),
  );
  await tx.insert(orderEvents).values({
    orderId: order.id,
    toStatus: 'pending',
    note: o.rfqId ? 'Order created from an accepted RFQ' : 'Order placed',
    actorUserId: o.actorUserId,
    createdAt,
  });
  await tx.insert(payments).values({
    paymentNumber: await nextNumber(tx, 'PAY', createdAt),
    orderId: order.id,
    manufacturerId: o.manufacturerId,
    buyerId: o.buyer.id,
    amount: order.total,
    method: o.paymentMethod,
    createdAt,
  });
  return order;
}

/** The seller's user (to notify) of an approved manufacturer; 404 unknown, 409 not approved. */
export async function orderableManufacturer(db: Db, manufacturerId: string) {
  const [m] = await db.select().from(manufacturers).where(eq(manufacturers.id, manufacturerId)).limit(1);
  if (!m) throw notFound('Manufacturer not found');
  if (m.status !== 'approved') throw conflict('This manufacturer is not approved to trade on the marketplace yet.');
  return m;
}

/** A buyer's order for catalogue products of one approved manufacturer. */
export async function placeBuyerOrder(
  deps: Deps,
  buyer: Buyer,
  buyerUser: { id: string; email: string },
  input: z.output<typeof orderCreateSchema>,
) {
  const m = await orderableManufacturer(deps.db, input.manufacturerId);
  const ids = input.items.map((i) => i.productId);
  const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (dup >= 0) {
    throw badRequest('Each product can appear on one line only.', {
      [`items.${dup}.productId`]: 'This product is already on another line.',
    });
  }
  const rows = await deps.db
    .select({ p: products, listable: isListable })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.manufacturerId, m.id)));
  const byId = new Map(rows.map((r) => [r.p.id, { ...r.p, listable: r.listable }]));
  const fields: Record<string, string> = {};
  const lines: OrderLine[] = [];
  input.items.forEach((item, i) => {
    const p = byId.get(item.productId);
    if (!p) {
      fields[`items.${i}.productId`] = 'This manufacturer does not sell this product.';
      return;
    }
    // Approval needs the HSN code and GST rate (and the database holds approved rows to it), so the line's tax
    // is the product's own, never a fallback.
    if (!p.listable || p.hsnCode === null || p.gstPercentage === null) {
      fields[`items.${i}.productId`] = `${p.name} is not available for ordering.`;
      return;
    }
    if (item.quantity < p.moq) {
      fields[`items.${i}.quantity`] = `The minimum order quantity for ${p.name} is ${p.moq} ${p.unit}.`;
      return;
    }
    lines.push({
      productId: p.id,
      name: p.name,
      brand: p.brand,
      category: p.category,
      hsnCode: p.hsnCode,
      unit: p.unit,
      quantity: item.quantity,
      unitPaise: toPaise(p.price),
      gstPercentage: Number(p.gstPercentage),
    });
  });
  const [firstError] = Object.values(fields);
  if (firstError) throw badRequest(firstError, fields);
  return transaction(deps.db, async (tx) => {
    const order = await insertOrder(tx, {
      createdAt: deps.clock(),
      manufacturerId: m.id,
      buyer,
      buyerEmail: buyerUser.email,
      lines,
      shipping: input.shippingAddress,
      paymentMethod: input.paymentMethod ?? 'NEFT',
      takeStock: true,
      actorUserId: buyerUser.id,
    });
    await notify(tx, {
      userId: m.userId,
      type: 'order_new',
      ...notice('order.new', { buyer: buyer.companyName, order: order.orderNumber, amount: formatInr(order.total) }),
      link: `/dashboard/orders/${order.id}`,
    });
    return order;
  });
}

type StatusChange = Pick<z.output<typeof orderStatusChangeSchema>, 'status'> &
  Partial<Omit<z.output<typeof orderStatusChangeSchema>, 'status'>>;

/**
 * Moves an order along its lifecycle. Illegal moves are 409; the UPDATE is conditional on the status read, so two
 * people changing the same order cannot both win. Cancelling returns catalogue stock and drops the unpaid payment.
 * A seller's move is fulfilment when the order is paid and goes towards delivery, trade otherwise (moving an unpaid
 * order, cancelling): `sellerStatus` is checked against the account policy accordingly.
 */
export async function changeOrderStatus(
  { db, clock }: Pick<Deps, 'db' | 'clock'>,
  scope: Scope,
  orderId: string,
  change: StatusChange,
  actorUserId: string,
  sellerStatus?: ManufacturerStatus | null,
) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), orderScope(scope)))
    .limit(1);
  if (!order) throw notFound('Order not found');
  const from = order.status;
  const to = change.status;
  if (sellerStatus !== undefined) {
    assertSellerMay(sellerStatus, order.paymentStatus === 'paid' && to !== 'cancelled' ? 'fulfil' : 'trade');
  }
  if (order.awaitingBuyerConfirmation && to !== 'cancelled') {
    throw conflict(ORDER_AWAITING_BUYER_MESSAGE);
  }
  if (!ORDER_TRANSITIONS[from].includes(to) || (scope.kind === 'buyer' && from === 'shipped')) {
    throw conflict(`An order that is ${ORDER_STATUS_LABELS[from]} cannot be changed to ${ORDER_STATUS_LABELS[to]}.`);
  }
  if (to === 'shipped') assertTransportGiven(toPaise(order.total), change.transport);
  return transaction(db, async (tx) => {
    // The order's row is the first lock every money command takes (ADR 0038): what was read above is read again
    // under it, so a capture or a refund committed meanwhile is seen (a paid order's cancellation refunds it).
    const [locked] = await tx.select().from(orders).where(eq(orders.id, order.id)).for('update');
    if (!locked || locked.status !== from)
      throw conflict('This order was changed by someone else. Reload it and try again.');
    const now = clock();
    const patch: Partial<typeof orders.$inferInsert> = { status: to, updatedAt: now };
    let note: string | null = null;
    if (to === 'shipped') {
      patch.carrier = change.carrier;
      patch.trackingNumber = change.trackingNumber;
      patch.estimatedDelivery = change.estimatedDelivery ?? null;
      note = `Shipped with ${change.carrier}, tracking number ${change.trackingNumber}`;
    }
    if (to === 'cancelled') {
      patch.cancelReason = change.reason;
      note = change.reason ?? null;
    }
    const [updated] = await tx
      .update(orders)
      .set(patch)
      .where(and(eq(orders.id, order.id), eq(orders.status, from)))
      .returning();
    if (!updated) throw conflict('This order was changed by someone else. Reload it and try again.');
    // The tax invoice is issued when the goods leave (CGST Act s.31), frozen with the seller's next number.
    if (to === 'shipped') {
      // An e-invoicing seller's goods leave only with the invoice's IRN (CGST Rule 48(4), (5)): before the e-way bill.
      const invoice = await irnBeforeDispatch(tx, await issueInvoice(tx, clock, order.id, actorUserId));
      updated.invoiceNumber = invoice.number;
      if (change.transport && needsEwayBillFor(invoice)) await recordEwayBill(tx, invoice, change.transport);
    }
    if (to === 'cancelled') {
      // An invoiced order (cancelled after it shipped) is credited in full: the credit note reverses the tax.
      const [billed] = await tx
        .select({ id: taxDocuments.id })
        .from(taxDocuments)
        .where(and(eq(taxDocuments.orderId, order.id), eq(taxDocuments.kind, 'invoice')))
        .limit(1);
      if (billed || order.invoiceNumber) {
        const invoice = await invoiceOf(tx, adminScope, order.id);
        const left = invoice ? await creditableOf(tx, invoice) : 0;
        if (left > 0) {
          await issueCreditNote(
            tx,
            { clock },
            {
              orderId: order.id,
              amountPaise: left,
              reason: `Order cancelled${change.reason ? `: ${change.reason}` : ''}`,
              actorUserId,
            },
          );
        }
      }
      if (!order.rfqId) {
        await tx.execute(sql`
          update products p set stock = p.stock + i.qty, updated_at = now()
          from (select product_id, sum(quantity)::int as qty from order_items
                where order_id = ${order.id} and product_id is not null group by product_id) i
          where p.id = i.product_id`);
      }
      await tx.delete(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
      // A paid order cancelled: everything not yet refunded goes back through the provider that took it.
      if (locked.paymentStatus === 'paid') {
        const { refundable } = await refundableOf(tx, order.id);
        if (refundable > 0) {
          await issueRefundInTx(
            tx,
            { clock },
            {
              orderId: order.id,
              amountPaise: refundable,
              reason: `Order cancelled: ${change.reason ?? 'no reason given'}`,
              reasonNotice: change.reason
                ? label('notify.label.refundReason.cancelled', { reason: change.reason })
                : label('notify.label.refundReason.cancelledNoReason'),
            },
          );
        }
      }
    }
    await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: from, toStatus: to, note, actorUserId });
    // The buyer hears of every move the seller or the platform makes; their own cancellation needs no notice.
    if (scope.kind !== 'buyer') {
      await notifyBuyer(tx, order.buyerId, {
        type: 'order_update',
        ...buyerOrderNotice(order.orderNumber, to, change, scope.kind === 'admin'),
        link: buyerLinks.order(order.id),
      });
    }
    return updated;
  });
}

/** What the buyer is told of a move the seller or the platform made (`notify.order.*`). */
function buyerOrderNotice(
  order: string,
  to: OrderStatus,
  change: StatusChange,
  byPlatform: boolean,
): { title: NoticeText; message: NoticeText } {
  switch (to) {
    case 'processing':
      return notice('order.accepted', { order });
    case 'shipped':
      return notice('order.shipped', { order, carrier: change.carrier ?? '', tracking: change.trackingNumber ?? '' });
    case 'delivered':
      return notice('order.delivered', { order });
    case 'cancelled': {
      const key = byPlatform ? 'order.cancelledByPlatform' : 'order.cancelledBySeller';
      return change.reason ? notice(key, { order, reason: change.reason }) : notice(`${key}Plain`, { order });
    }
    default:
      return notice('order.status', { order, status: label(`notify.label.orderStatus.${to}`) });
  }
}

/** The buyer cancels their own pending or processing order; the seller is told. */
export async function cancelByBuyer(deps: Deps, buyer: Buyer, orderId: string, reason: string, actorUserId: string) {
  return transaction(deps.db, async (tx) => {
    const order = await changeOrderStatus(
      { db: tx, clock: deps.clock },
      buyerScope(buyer.id),
      orderId,
      { status: 'cancelled', reason },
      actorUserId,
    );
    const [m] = await tx
      .select({ userId: manufacturers.userId })
      .from(manufacturers)
      .where(eq(manufacturers.id, order.manufacturerId));
    if (m) {
      await notify(tx, {
        userId: m.userId,
        type: 'order_cancelled',
        ...notice('order.cancelledByBuyer', { buyer: buyer.companyName, order: order.orderNumber, reason }),
        link: `/dashboard/orders/${order.id}`,
      });
    }
    return order;
  });
}

/**
 * The admin's status change: the seller-side lifecycle (legal moves only, carrier and tracking to ship, stock
 * returned on cancel), plus an audit row and, on cancel, a notice to the seller.
 */
export async function changeOrderStatusAsAdmin(
  deps: Deps,
  actorUserId: string,
  id: string,
  change: z.output<typeof orderStatusChangeSchema>,
) {
  return transaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
    if (!before) throw notFound('Order not found');
    await changeOrderStatus({ db: tx, clock: deps.clock }, adminScope, id, change, actorUserId);
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
      ...notice('order.cancelledByAdmin', { order: before.orderNumber, reason: reason ?? '' }),
      link: `/dashboard/orders/${id}`,
    });
  });
}
