import {
  ORDER_PAGE_SIZE,
  ORDER_STATUS_LABELS,
  ORDER_TAB_STATUSES,
  ORDER_TRANSITIONS,
  type AdminOrderDetail,
  BUYER_ORDER_PAGE_SIZE,
  BUYER_ORDER_TAB_STATUSES,
  type BuyerOrderDetail,
  type BuyerOrderListResponse,
  type BuyerOrderRow,
  type BuyerOrderTab,
  type AdminOrderListItem,
  type OrderListItem,
  type OrderStatus,
  type PaymentStatus,
  type OrderTab,
} from '@ub/shared';
import { and, asc, desc, eq, exists, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import {
  buyers,
  disputes,
  manufacturers,
  orderEvents,
  orderItems,
  orders,
  payments,
  rfqs,
  users,
} from '../../db/schema/index.ts';
import type { Scope } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import {
  COUNT_AHEAD_PAGES,
  containsPattern,
  pageWithTotal,
  SEARCH_WINDOW,
  searchPage,
  searchQuery,
} from '../../lib/search.ts';
import { evidenceOf } from '../disputes/evidence.ts';
import { iso } from '../trade/common.ts';

/** The rows of `orders` a scope may see: a seller's own, a buyer's own, every order for the admin. */
export function orderScope(scope: Scope) {
  switch (scope.kind) {
    case 'seller':
      return eq(orders.manufacturerId, scope.manufacturerId);
    case 'buyer':
      return eq(orders.buyerId, scope.buyerId);
    case 'admin':
      return undefined;
  }
}

/**
 * The one read model of an order, for every scope: the seller's Order Details modal (spec section 7), the buyer's
 * order and the admin console's detail all answer these fields. The seller's and buyer's route schemas leave out
 * `manufacturer`, which only the admin needs (the other two already know who sold it). Another scope's order is
 * 404, never its data.
 */
export async function orderDetail(db: Db, scope: Scope, orderId: string): Promise<AdminOrderDetail> {
  const [row] = await db
    .select({
      o: orders,
      b: buyers,
      email: users.email,
      rfqNumber: rfqs.rfqNumber,
      manufacturer: manufacturers.companyName,
    })
    .from(orders)
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .innerJoin(users, eq(users.id, buyers.userId))
    .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
    .leftJoin(rfqs, eq(rfqs.id, orders.rfqId))
    .where(and(eq(orders.id, orderId), orderScope(scope)))
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
    // A buyer cancels only what has not left the seller; a shipped order is cancelled by the seller or platform.
    nextStatuses: o.awaitingBuyerConfirmation
      ? ORDER_TRANSITIONS[o.status].filter((s) => s === 'cancelled')
      : scope.kind === 'buyer' && o.status === 'shipped'
        ? ORDER_TRANSITIONS[o.status].filter((s) => s !== 'cancelled')
        : [...ORDER_TRANSITIONS[o.status]],
    rfqNumber: row.rfqNumber,
    cancelReason: o.cancelReason,
    invoiceNumber: o.invoiceNumber,
    awaitingBuyerConfirmation: o.awaitingBuyerConfirmation,
    manufacturer: row.manufacturer,
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
  payment_status: PaymentStatus;
  awaiting_buyer_confirmation: boolean;
}

/**
 * One page of a seller's orders: tab, search (order number, customer, product: words, see lib/search.ts) and
 * paging all in SQL. A tab's total is exact, from the per-status counters; a search's is counted a few pages ahead.
 */
export async function listSellerOrders(database: Database, manufacturerId: string, q: OrderListQuery) {
  const statuses = ORDER_TAB_STATUSES[q.tab];
  // Bound values are planned as constants (custom plans), so the (manufacturer, status, created_at) index matches.
  const statusSql = statuses
    ? sql` and o.status in (${sql.join(
        statuses.map((s) => sql`${s}`),
        sql`, `,
      )})`
    : sql``;
  const offset = (q.page - 1) * ORDER_PAGE_SIZE;
  const columns = sql`o.id, o.order_number, o.buyer_id, o.created_at, o.status, o.total, o.payment_status,
    o.awaiting_buyer_confirmation`;
  const newest = sql`order by o.created_at desc, o.id desc`;
  // The buyer's name is looked up for the page's rows only.
  const withCustomer = (pageSql: SQL) =>
    sql`select o.*, b.company_name as customer from (${pageSql}) o join buyers b on b.id = o.buyer_id ${newest}`;
  const page = { orders: [] as OrderListItem[], page: q.page, pageSize: ORDER_PAGE_SIZE };

  if (!q.search) {
    const counters = statuses ? statuses.map((s) => `orders.${s}`) : ['orders'];
    const { rows, total } = await pageWithTotal<OrderListRow>(
      database,
      sql`select coalesce(sum(value), 0) from seller_counters
           where manufacturer_id = ${manufacturerId} and counter = any(${sql.param(counters)}::text[])`,
      (totalColumn) =>
        withCustomer(
          sql`select ${columns}, ${totalColumn} from orders o where o.manufacturer_id = ${manufacturerId}${statusSql}
               ${newest} limit ${ORDER_PAGE_SIZE} offset ${offset}`,
        ),
    );
    return { ...page, orders: rows.map(toListItem), total, totalCapped: false };
  }

  const words = searchQuery(manufacturerId, q.search);
  if (!words) return { ...page, total: 0, totalCapped: false };
  // The words are keyed by seller, so they only match this seller's orders; the manufacturer check after the
  // match is a second fence that costs nothing and leaves the planner's choice of index alone.
  const cap = (q.page + COUNT_AHEAD_PAGES) * ORDER_PAGE_SIZE;
  const { rows, total, exact } = await searchPage<OrderListRow>(database, {
    offset,
    limit: ORDER_PAGE_SIZE,
    cap,
    countSql: sql`select count(*)::int from (select o.manufacturer_id from orders o
                  where o.search_doc @@ ${words}::tsquery${statusSql} limit ${cap + 1}) o
                where o.manufacturer_id = ${manufacturerId}`,
    windowSql: (max, need, counted) =>
      withCustomer(
        sql`select *, ${counted} from (select ${columns}, count(*) over () as matched
            from (select ${columns}, o.search_doc from orders o where o.manufacturer_id = ${manufacturerId}${statusSql}
                   ${newest} limit ${SEARCH_WINDOW}) o
           where o.search_doc @@ ${words}::tsquery ${newest} limit ${max}) o
          ${newest} limit ${need}`,
      ),
    allSql: withCustomer(
      sql`select ${columns}, count(*) over () as matched from (select ${columns}, o.manufacturer_id from orders o
          where o.search_doc @@ ${words}::tsquery${statusSql} offset 0) o
        where o.manufacturer_id = ${manufacturerId} ${newest} limit ${ORDER_PAGE_SIZE} offset ${offset}`,
    ),
  });
  return { ...page, orders: rows.map(toListItem), total, totalCapped: !exact };
}

function toListItem(r: OrderListRow): OrderListItem {
  return {
    id: r.id,
    orderId: r.order_number,
    customer: r.customer,
    orderDate: iso(r.created_at) ?? '',
    status: r.status,
    total: String(r.total),
    paymentStatus: r.payment_status,
    awaitingBuyerConfirmation: Boolean(r.awaiting_buyer_confirmation),
  };
}

/**
 * One page of a buyer's orders, newest first: a tab (in progress, delivered, cancelled) and a search over the
 * order number, the seller's name and the products ordered. A buyer's orders are few next to a seller's, so the
 * search is a plain contains-match over their own rows (the (buyer, created_at) index fences them first).
 */
export async function listBuyerOrders(
  db: Db,
  buyerId: string,
  q: { page: number; tab?: BuyerOrderTab; search?: string },
): Promise<BuyerOrderListResponse> {
  const statuses = BUYER_ORDER_TAB_STATUSES[q.tab ?? 'all'];
  const pattern = q.search ? containsPattern(q.search) : undefined;
  const where = and(
    eq(orders.buyerId, buyerId),
    statuses ? inArray(orders.status, [...statuses]) : undefined,
    pattern
      ? or(
          ilike(orders.orderNumber, pattern),
          ilike(manufacturers.companyName, pattern),
          exists(
            db
              .select({ one: sql`1` })
              .from(orderItems)
              .where(and(eq(orderItems.orderId, orders.id), ilike(orderItems.name, pattern))),
          ),
        )
      : undefined,
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select({ o: orders, seller: manufacturers.companyName })
      .from(orders)
      .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(BUYER_ORDER_PAGE_SIZE)
      .offset((q.page - 1) * BUYER_ORDER_PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
      .where(where),
  ]);
  return {
    page: q.page,
    pageSize: BUYER_ORDER_PAGE_SIZE,
    total: counted?.n ?? 0,
    orders: rows.map(toBuyerOrderRow),
  };
}

export function toBuyerOrderRow({ o, seller }: { o: typeof orders.$inferSelect; seller: string }): BuyerOrderRow {
  return {
    id: o.id,
    orderId: o.orderNumber,
    status: o.status,
    paymentStatus: o.paymentStatus,
    total: o.total,
    orderDate: o.createdAt.toISOString(),
    seller,
  };
}

/** The buyer's order: the one read model plus the seller (name, state, GSTIN) and the disputes raised on it. */
export async function buyerOrderDetail(db: Db, buyerId: string, orderId: string): Promise<BuyerOrderDetail> {
  const detail = await orderDetail(db, { kind: 'buyer', buyerId }, orderId);
  const [[seller], raised] = await Promise.all([
    db
      .select({ name: manufacturers.companyName, state: manufacturers.state, gstNumber: manufacturers.gstNumber })
      .from(orders)
      .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
      .where(eq(orders.id, orderId)),
    db
      .select()
      .from(disputes)
      .where(and(eq(disputes.orderId, orderId), eq(disputes.buyerId, buyerId)))
      .orderBy(desc(disputes.createdAt)),
  ]);
  if (!seller) throw notFound('Order not found');
  const evidence = await evidenceOf(
    db,
    raised.map((d) => d.id),
  );
  return {
    ...detail,
    seller: { ...seller, state: seller.state ?? '' },
    disputes: raised.map((d) => ({
      id: d.id,
      status: d.status,
      reason: d.reason,
      notes: d.notes,
      createdAt: d.createdAt.toISOString(),
      updatedAt: d.updatedAt.toISOString(),
      evidence: evidence.get(d.id) ?? [],
    })),
  };
}

/** Every seller's orders for the admin console, searched by order number, buyer or seller name. */
export async function listAdminOrders(
  db: Db,
  opts: { q?: string; status?: OrderStatus; page: number; pageSize: number },
): Promise<{ orders: AdminOrderListItem[]; total: number; page: number; pageSize: number }> {
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
  const [rows, [totalRow]] = await Promise.all([
    db
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
      .where(where)
      .orderBy(desc(orders.createdAt), asc(orders.id))
      .limit(opts.pageSize)
      .offset((opts.page - 1) * opts.pageSize),
    db
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
