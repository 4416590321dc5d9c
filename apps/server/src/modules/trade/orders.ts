import {
  type ManufacturerStatus,
  ORDER_STATUS_LABELS,
  ORDER_TAB_STATUSES,
  ORDER_PAGE_SIZE,
  ORDER_TRANSITIONS,
  type OrderDetail,
  type OrderListItem,
  type OrderStatus,
  type OrderTab,
  type orderCreateSchema,
  type orderStatusChangeSchema,
  type ShippingAddress,
} from '@ub/shared';
import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  buyers,
  manufacturers,
  orderEvents,
  orderItems,
  orders,
  payments,
  products,
  rfqs,
  users,
} from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isListable } from '../catalog/listable.ts';
import { assertSellerMay } from '../auth/seller-status.ts';
import { formatInr } from '@ub/shared/format';
import { notify } from '../notifications/notify.ts';
import {
  COUNT_AHEAD_PAGES,
  pageWithTotal,
  SEARCH_WINDOW,
  searchDocument,
  searchPage,
  searchQuery,
} from '../../lib/search.ts';
import { fromPaise, iso, nextNumber, toPaise } from './common.ts';
import { transaction } from '../../lib/transaction.ts';

type Buyer = typeof buyers.$inferSelect;

export interface OrderLine {
  productId: string | null;
  name: string;
  brand: string | null;
  category: string | null;
  hsnCode: string | null;
  unit: string | null;
  quantity: number;
  unitPaise: number;
  gstPercentage: number;
}

export interface NewOrder {
  manufacturerId: string;
  buyer: Buyer;
  buyerEmail: string;
  lines: OrderLine[];
  shipping: ShippingAddress;
  paymentMethod: string;
  rfqId?: string;
  /** Catalogue orders take their units from stock; RFQ orders are made to order and do not. */
  takeStock: boolean;
  actorUserId: string;
  createdAt?: Date;
}

/** Line, tax and order totals in paise: GST per line at the line's own rate. */
export function priceLines(lines: OrderLine[]) {
  const priced = lines.map((l) => {
    const line = l.unitPaise * l.quantity;
    const tax = Math.round((line * l.gstPercentage) / 100);
    return { ...l, linePaise: line, taxPaise: tax };
  });
  const subtotal = priced.reduce((s, l) => s + l.linePaise, 0);
  const tax = priced.reduce((s, l) => s + l.taxPaise, 0);
  return { priced, subtotal, tax, shipping: 0, total: subtotal + tax };
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
  app: FastifyInstance,
  buyer: Buyer,
  buyerUser: { id: string; email: string },
  input: z.output<typeof orderCreateSchema>,
) {
  const m = await orderableManufacturer(app.db, input.manufacturerId);
  const ids = input.items.map((i) => i.productId);
  const dup = ids.findIndex((id, i) => ids.indexOf(id) !== i);
  if (dup >= 0) {
    throw badRequest('Each product can appear on one line only.', {
      [`items.${dup}.productId`]: 'This product is already on another line.',
    });
  }
  const rows = await app.db
    .select()
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.manufacturerId, m.id)));
  const byId = new Map(rows.map((p) => [p.id, p]));
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
    if (p.moderationStatus !== 'approved' || p.status !== 'active' || p.hsnCode === null || p.gstPercentage === null) {
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
  if (Object.keys(fields).length) throw badRequest(Object.values(fields)[0] as string, fields);
  return transaction(app.db, async (tx) => {
    const order = await insertOrder(tx, {
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
      title: 'New order',
      message: `${buyer.companyName} placed order ${order.orderNumber} for ${formatInr(order.total)}.`,
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
  db: Db,
  scope: { manufacturerId?: string; buyerId?: string },
  orderId: string,
  change: StatusChange,
  actorUserId: string,
  sellerStatus?: ManufacturerStatus | null,
) {
  const [order] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        scope.manufacturerId ? eq(orders.manufacturerId, scope.manufacturerId) : undefined,
        scope.buyerId ? eq(orders.buyerId, scope.buyerId) : undefined,
      ),
    )
    .limit(1);
  if (!order) throw notFound('Order not found');
  const from = order.status;
  const to = change.status;
  if (sellerStatus !== undefined) {
    assertSellerMay(sellerStatus, order.paymentStatus === 'paid' && to !== 'cancelled' ? 'fulfil' : 'trade');
  }
  if (!ORDER_TRANSITIONS[from].includes(to)) {
    throw conflict(`An order that is ${ORDER_STATUS_LABELS[from]} cannot be changed to ${ORDER_STATUS_LABELS[to]}.`);
  }
  return transaction(db, async (tx) => {
    const now = new Date();
    const patch: Partial<typeof orders.$inferInsert> = { status: to, updatedAt: now };
    let note: string | null = null;
    if (to === 'shipped') {
      patch.carrier = change.carrier;
      patch.trackingNumber = change.trackingNumber;
      patch.estimatedDelivery = change.estimatedDelivery ?? null;
      // The tax invoice is issued when the goods leave (CGST Act s.31), so its number is taken at dispatch.
      patch.invoiceNumber = order.invoiceNumber ?? (await nextNumber(tx, 'INV', now));
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
    if (to === 'cancelled') {
      if (!order.rfqId) {
        await tx.execute(sql`
          update products p set stock = p.stock + i.qty, updated_at = now()
          from (select product_id, sum(quantity)::int as qty from order_items
                where order_id = ${order.id} and product_id is not null group by product_id) i
          where p.id = i.product_id`);
      }
      await tx.delete(payments).where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending')));
    }
    await tx.insert(orderEvents).values({ orderId: order.id, fromStatus: from, toStatus: to, note, actorUserId });
    return updated;
  });
}

export interface OrderListQuery {
  tab: OrderTab;
  search?: string;
  page: number;
}

interface OrderListRow {
  id: string;
  order_number: string;
  buyer_id: string;
  customer: string;
  created_at: Date | string;
  status: OrderStatus;
  total: string;
}

/**
 * One page of a seller's orders: tab, search (order number, customer, product: words, see lib/search.ts) and
 * paging all in SQL. A tab's total is exact, from the per-status counters; a search's is counted a few pages ahead.
 */
export async function listOrders(app: FastifyInstance, manufacturerId: string, q: OrderListQuery) {
  const statuses = ORDER_TAB_STATUSES[q.tab];
  // Literal values from a fixed list: lets the planner match the (manufacturer, status, created_at) index.
  const statusSql = statuses ? ` and o.status in (${statuses.map((s) => `'${s}'`).join(', ')})` : '';
  const offset = (q.page - 1) * ORDER_PAGE_SIZE;
  const columns = 'o.id, o.order_number, o.buyer_id, o.created_at, o.status, o.total';
  const newest = 'order by o.created_at desc, o.id desc';
  // The buyer's name is looked up for the page's rows only.
  const withCustomer = (pageSql: string) =>
    `select o.*, b.company_name as customer from (${pageSql}) o join buyers b on b.id = o.buyer_id ${newest}`;
  const page = { orders: [] as OrderListItem[], page: q.page, pageSize: ORDER_PAGE_SIZE };

  if (!q.search) {
    const counters = statuses ? statuses.map((s) => `orders.${s}`) : ['orders'];
    const { rows, total } = await pageWithTotal<OrderListRow>(
      app.database,
      'select coalesce(sum(value), 0) from seller_counters where manufacturer_id = $1 and counter = any($2::text[])',
      (totalColumn) =>
        withCustomer(
          `select ${columns}, ${totalColumn} from orders o where o.manufacturer_id = $1${statusSql} ${newest}
            limit ${ORDER_PAGE_SIZE} offset ${offset}`,
        ),
      [manufacturerId, counters],
    );
    return { ...page, orders: rows.map(toListItem), total, totalCapped: false };
  }

  const words = searchQuery(manufacturerId, q.search);
  if (!words) return { ...page, total: 0, totalCapped: false };
  // The words are keyed by seller, so they only match this seller's orders; the manufacturer check after the
  // match is a second fence that costs nothing and leaves the planner's choice of index alone.
  const params = [manufacturerId, words];
  const cap = (q.page + COUNT_AHEAD_PAGES) * ORDER_PAGE_SIZE;
  const { rows, total, exact } = await searchPage<OrderListRow>(app.database, {
    params,
    offset,
    limit: ORDER_PAGE_SIZE,
    cap,
    countSql: `select count(*)::int from (select o.manufacturer_id from orders o
                  where o.search_doc @@ $2::tsquery${statusSql} limit ${cap + 1}) o
                where o.manufacturer_id = $1`,
    windowSql: (max, need, counted) =>
      withCustomer(
        `select *, ${counted} from (select ${columns}, count(*) over () as matched
            from (select ${columns}, o.search_doc from orders o where o.manufacturer_id = $1${statusSql}
                   ${newest} limit ${SEARCH_WINDOW}) o
           where o.search_doc @@ $2::tsquery ${newest} limit ${max}) o
          ${newest} limit ${need}`,
      ),
    allSql: withCustomer(
      `select ${columns}, count(*) over () as matched from (select ${columns}, o.manufacturer_id from orders o
          where o.search_doc @@ $2::tsquery${statusSql} offset 0) o
        where o.manufacturer_id = $1 ${newest} limit ${ORDER_PAGE_SIZE} offset ${offset}`,
    ),
  });
  return { ...page, orders: rows.map(toListItem), total, totalCapped: !exact };
}

function toListItem(r: OrderListRow): OrderListItem {
  return {
    id: r.id,
    orderId: r.order_number,
    customer: r.customer,
    orderDate: iso(r.created_at) as string,
    status: r.status,
    total: String(r.total),
  };
}

/** Everything the Order Details modal shows, scoped to the seller (or buyer) who may see it. */
export async function orderDetail(
  db: Db,
  scope: { manufacturerId?: string; buyerId?: string },
  orderId: string,
): Promise<OrderDetail> {
  const [row] = await db
    .select({ o: orders, b: buyers, email: users.email, rfqNumber: rfqs.rfqNumber })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(users, eq(users.id, buyers.userId))
    .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
    .where(
      and(
        eq(orders.id, orderId),
        scope.manufacturerId ? eq(orders.manufacturerId, scope.manufacturerId) : undefined,
        scope.buyerId ? eq(orders.buyerId, scope.buyerId) : undefined,
      ),
    )
    .limit(1);
  if (!row) throw notFound('Order not found');
  const { o, b } = row;
  const [items, events, pays] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.name)),
    db.select().from(orderEvents).where(eq(orderEvents.orderId, o.id)).orderBy(asc(orderEvents.createdAt)),
    db.select().from(payments).where(eq(payments.orderId, o.id)).orderBy(asc(payments.createdAt)),
  ]);
  const pay = pays.at(-1);
  return {
    id: o.id,
    orderId: o.orderNumber,
    orderDate: o.createdAt.toISOString(),
    status: o.status,
    nextStatuses: [...ORDER_TRANSITIONS[o.status]],
    rfqNumber: row.rfqNumber,
    cancelReason: o.cancelReason,
    invoiceNumber: o.invoiceNumber,
    customer: { name: b.contactName, company: b.companyName, email: row.email, phone: b.phone },
    shippingAddress: {
      street: o.shipStreet,
      apartment: o.shipApartment,
      city: o.shipCity,
      state: o.shipState,
      zipCode: o.shipZipCode,
      country: o.shipCountry,
    },
    products: items.map((i) => ({
      id: i.id,
      name: i.name,
      brand: i.brand,
      category: i.category,
      unit: i.unit,
      hsnCode: i.hsnCode,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      gstPercentage: i.gstPercentage,
      taxAmount: i.taxAmount,
      totalPrice: i.lineTotal,
    })),
    payment: {
      id: pay?.id ?? null,
      paymentId: pay?.paymentNumber ?? null,
      method: pay?.method ?? null,
      reference: pay?.reference ?? null,
      status: o.paymentStatus,
      paidAt: iso(pay?.paidAt),
      subtotal: o.subtotal,
      shipping: o.shipping,
      tax: o.tax,
      total: o.total,
    },
    tracking: { carrier: o.carrier, trackingNumber: o.trackingNumber, estimatedDelivery: o.estimatedDelivery },
    timeline: events.map((e) => ({ from: e.fromStatus, to: e.toStatus, note: e.note, at: e.createdAt.toISOString() })),
  };
}

/** The buyer cancels their own pending or processing order; the seller is told. */
export async function cancelByBuyer(
  app: FastifyInstance,
  buyer: Buyer,
  orderId: string,
  reason: string,
  actorUserId: string,
) {
  return transaction(app.db, async (tx) => {
    const order = await changeOrderStatus(
      tx,
      { buyerId: buyer.id },
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
        title: 'Order cancelled',
        message: `${buyer.companyName} cancelled order ${order.orderNumber}: ${reason}`,
        link: `/dashboard/orders/${order.id}`,
      });
    }
    return order;
  });
}
