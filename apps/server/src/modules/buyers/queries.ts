import {
  ADMIN_BUYER_RECORD_ROWS,
  type AdminBuyerDetail,
  type AdminBuyerListItem,
  BUYER_MESSAGES,
  BUYER_STATUS_LABELS,
  type BuyerStatusFilter,
} from '@ub/shared';
import { and, asc, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyers, disputes, manufacturers, orders, rfqs, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/search.ts';
import { offsetOf } from '../admin/common.ts';

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
