import {
  ADMIN_BUYER_RECORD_ROWS,
  type AdminBuyerDetail,
  type AdminBuyerListItem,
  BUYER_MESSAGES,
  BUYER_STATUS_LABELS,
  type BuyerDashboard,
  type BuyerProfile,
  type BuyerStatusFilter,
} from '@ub/shared';
import { and, asc, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyers, disputes, manufacturers, orders, requirements, rfqs, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/search.ts';
import { offsetOf } from '../admin/common.ts';
import { toBuyerOrderRow } from '../orders/queries.ts';

/** RFQs still being negotiated: neither accepted nor rejected. */
const OPEN_RFQ_STATUSES = ['pending', 'quoted', 'negotiating'] as const;
/** Orders the seller still has to deliver. */
const IN_PROGRESS = ['pending', 'processing', 'shipped'] as const;

/** The buyer's dashboard figures and newest orders. */
export async function buyerDashboard(db: Db, buyerId: string): Promise<BuyerDashboard> {
  const [[rfqCount], [requirementCount], [orderFigures], recent] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(rfqs)
      .where(and(eq(rfqs.buyerId, buyerId), inArray(rfqs.status, [...OPEN_RFQ_STATUSES]))),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(requirements)
      .where(and(eq(requirements.buyerId, buyerId), eq(requirements.status, 'open'))),
    db
      .select({
        inProgress: sql<number>`count(*) filter (where ${inArray(orders.status, [...IN_PROGRESS])})::int`,
        dueCount: sql<number>`count(*) filter (where ${orders.paymentStatus} = 'pending')::int`,
        dueAmount: sql<string>`coalesce(sum(${orders.total}) filter (where ${orders.paymentStatus} = 'pending'), 0)::numeric(14,2)::text`,
      })
      .from(orders)
      .where(and(eq(orders.buyerId, buyerId), ne(orders.status, 'cancelled'))),
    db
      .select({ o: orders, seller: manufacturers.companyName })
      .from(orders)
      .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
      .where(eq(orders.buyerId, buyerId))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(5),
  ]);
  return {
    openRfqs: rfqCount?.n ?? 0,
    openRequirements: requirementCount?.n ?? 0,
    ordersInProgress: orderFigures?.inProgress ?? 0,
    paymentsDue: { count: orderFigures?.dueCount ?? 0, amount: orderFigures?.dueAmount ?? '0.00' },
    recentOrders: recent.map(toBuyerOrderRow),
  };
}

/** The buyer's company profile with the account's e-mail. */
export async function buyerProfile(db: Db, buyerId: string): Promise<BuyerProfile> {
  const [row] = await db
    .select({ b: buyers, email: users.email })
    .from(buyers)
    .innerJoin(users, eq(users.id, buyers.userId))
    .where(eq(buyers.id, buyerId))
    .limit(1);
  if (!row) throw notFound('Buyer account not found');
  const { b } = row;
  return {
    companyName: b.companyName,
    contactName: b.contactName,
    email: row.email,
    phone: b.phone,
    gstNumber: b.gstNumber,
    address: b.address,
    state: b.state,
  };
}

type BuyerRow = typeof buyers.$inferSelect;
type UserRow = typeof users.$inferSelect;

function statusCondition(filter: BuyerStatusFilter): SQL | undefined {
  if (filter === 'active') return isNull(buyers.blockedAt);
  if (filter === 'blocked') return isNotNull(buyers.blockedAt);
  return undefined;
}

export function toAdminBuyer(b: BuyerRow, u: UserRow): AdminBuyerListItem {
  const status = b.blockedAt ? 'blocked' : 'active';
  return {
    id: b.id,
    company: b.companyName,
    contactName: b.contactName,
    email: u.email,
    phone: b.phone ?? u.phone,
    gst: b.gstNumber,
    state: b.state,
    joinedAt: b.createdAt.toISOString(),
    status,
    statusLabel: BUYER_STATUS_LABELS[status],
    blockedAt: b.blockedAt?.toISOString() ?? null,
    blockedReason: b.blockedReason,
  };
}

/** The admin's Buyers list, newest first: search by company, contact, e-mail, phone or GSTIN; active or blocked. */
export async function listBuyers(
  db: Db,
  opts: { q?: string; status: BuyerStatusFilter; page: number; pageSize: number },
) {
  const pattern = opts.q ? containsPattern(opts.q) : undefined;
  const where = and(
    statusCondition(opts.status),
    pattern
      ? or(
          ilike(buyers.companyName, pattern),
          ilike(buyers.contactName, pattern),
          ilike(users.email, pattern),
          ilike(buyers.phone, pattern),
          ilike(users.phone, pattern),
          ilike(buyers.gstNumber, pattern),
        )
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ b: buyers, u: users })
      .from(buyers)
      .innerJoin(users, eq(users.id, buyers.userId))
      .where(where)
      .orderBy(desc(buyers.createdAt), asc(buyers.id))
      .limit(opts.pageSize)
      .offset(offsetOf(opts.page, opts.pageSize)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(buyers)
      .innerJoin(users, eq(users.id, buyers.userId))
      .where(where),
  ]);
  return {
    buyers: rows.map(({ b, u }) => toAdminBuyer(b, u)),
    total: totalRow?.n ?? 0,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

/** One buyer's record: profile, status, and the newest of their orders, RFQs and disputes with full counts. */
export async function buyerRecord(db: Db, id: string): Promise<AdminBuyerDetail> {
  const [row] = await db
    .select({ b: buyers, u: users })
    .from(buyers)
    .innerJoin(users, eq(users.id, buyers.userId))
    .where(eq(buyers.id, id))
    .limit(1);
  if (!row) throw notFound(BUYER_MESSAGES.notFound);
  const n = sql<number>`count(*)::int`;
  const [orderRows, rfqRows, disputeRows, [orderCount], [rfqCount], [disputeCount]] = await Promise.all([
    db
      .select({
        id: orders.id,
        orderNumber: orders.orderNumber,
        manufacturer: manufacturers.companyName,
        total: orders.total,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
      .where(eq(orders.buyerId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_BUYER_RECORD_ROWS),
    db
      .select({
        id: rfqs.id,
        rfqNumber: rfqs.rfqNumber,
        productName: rfqs.productName,
        manufacturer: manufacturers.companyName,
        status: rfqs.status,
        createdAt: rfqs.createdAt,
      })
      .from(rfqs)
      .innerJoin(manufacturers, eq(manufacturers.id, rfqs.manufacturerId))
      .where(eq(rfqs.buyerId, id))
      .orderBy(desc(rfqs.createdAt), desc(rfqs.id))
      .limit(ADMIN_BUYER_RECORD_ROWS),
    db
      .select({
        id: disputes.id,
        orderId: disputes.orderId,
        orderNumber: orders.orderNumber,
        reason: disputes.reason,
        status: disputes.status,
        createdAt: disputes.createdAt,
      })
      .from(disputes)
      .innerJoin(orders, eq(orders.id, disputes.orderId))
      .where(eq(disputes.buyerId, id))
      .orderBy(desc(disputes.createdAt), desc(disputes.id))
      .limit(ADMIN_BUYER_RECORD_ROWS),
    db.select({ n }).from(orders).where(eq(orders.buyerId, id)),
    db.select({ n }).from(rfqs).where(eq(rfqs.buyerId, id)),
    db.select({ n }).from(disputes).where(eq(disputes.buyerId, id)),
  ]);
  const iso = <T extends { createdAt: Date }>(r: T) => ({ ...r, createdAt: r.createdAt.toISOString() });
  return {
    ...toAdminBuyer(row.b, row.u),
    address: row.b.address,
    counts: { orders: orderCount?.n ?? 0, rfqs: rfqCount?.n ?? 0, disputes: disputeCount?.n ?? 0 },
    orders: orderRows.map(iso),
    rfqs: rfqRows.map(iso),
    disputes: disputeRows.map(iso),
  };
}
