import { DISPUTE_STATUS_LABELS, DISPUTE_TRANSITIONS, type DisputeStatus } from '@ub/shared';
import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyers, disputes, manufacturers, orders } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/search.ts';
import { offsetOf } from '../admin/common.ts';
import { refundableOf } from '../money/refunds.ts';
import { evidenceOf } from './evidence.ts';

/** The admin's queue of disputes raised on orders, newest first. */
export async function listDisputes(
  db: Db,
  opts: { q?: string; status?: DisputeStatus; page: number; pageSize: number },
) {
  const pattern = opts.q ? containsPattern(opts.q) : undefined;
  const where = and(
    opts.status ? eq(disputes.status, opts.status) : undefined,
    pattern
      ? or(
          ilike(orders.orderNumber, pattern),
          ilike(buyers.companyName, pattern),
          ilike(manufacturers.companyName, pattern),
          ilike(disputes.reason, pattern),
        )
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        d: disputes,
        orderNumber: orders.orderNumber,
        buyer: buyers.companyName,
        manufacturer: manufacturers.companyName,
      })
      .from(disputes)
      .innerJoin(orders, eq(orders.id, disputes.orderId))
      .innerJoin(buyers, eq(buyers.id, disputes.buyerId))
      .innerJoin(manufacturers, eq(manufacturers.id, disputes.manufacturerId))
      .where(where)
      .orderBy(desc(disputes.createdAt), asc(disputes.id))
      .limit(opts.pageSize)
      .offset(offsetOf(opts.page, opts.pageSize)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(disputes)
      .innerJoin(orders, eq(orders.id, disputes.orderId))
      .innerJoin(buyers, eq(buyers.id, disputes.buyerId))
      .innerJoin(manufacturers, eq(manufacturers.id, disputes.manufacturerId))
      .where(where),
  ]);
  return {
    disputes: rows.map((r) => toDispute(r.d, r)),
    total: totalRow?.n ?? 0,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

export function toDispute(
  d: typeof disputes.$inferSelect,
  names: { orderNumber: string; buyer: string; manufacturer: string },
) {
  return {
    id: d.id,
    orderId: d.orderId,
    orderNumber: names.orderNumber,
    buyer: names.buyer,
    manufacturer: names.manufacturer,
    reason: d.reason,
    status: d.status,
    statusLabel: DISPUTE_STATUS_LABELS[d.status],
    nextStatuses: [...DISPUTE_TRANSITIONS[d.status]],
    notes: d.notes,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

/** One dispute as the admin console shows it, whether or not it is on the list page at hand. */
export async function disputeById(db: Db, id: string) {
  const [row] = await db
    .select({
      d: disputes,
      orderNumber: orders.orderNumber,
      buyer: buyers.companyName,
      manufacturer: manufacturers.companyName,
    })
    .from(disputes)
    .innerJoin(orders, eq(orders.id, disputes.orderId))
    .innerJoin(buyers, eq(buyers.id, disputes.buyerId))
    .innerJoin(manufacturers, eq(manufacturers.id, disputes.manufacturerId))
    .where(eq(disputes.id, id))
    .limit(1);
  if (!row) throw notFound('Dispute not found');
  const evidence = await evidenceOf(db, [row.d.id], 'admin');
  const { refundable } = await refundableOf(db, row.d.orderId);
  return { ...toDispute(row.d, row), evidence: evidence.get(row.d.id) ?? [], refundablePaise: refundable };
}

/**
 * The disputes the buyer raised on one of the seller's orders, newest first, with the buyer's evidence files (opened
 * through the seller's API). Another seller's order is 404.
 */
export async function sellerOrderDisputes(db: Db, manufacturerId: string, orderId: string) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.manufacturerId, manufacturerId)))
    .limit(1);
  if (!order) throw notFound('Order not found');
  const raised = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.orderId, orderId), eq(disputes.manufacturerId, manufacturerId)))
    .orderBy(desc(disputes.createdAt));
  const evidence = await evidenceOf(
    db,
    raised.map((d) => d.id),
    'seller',
  );
  return {
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
