import type { BuyerDashboard, BuyerProfile } from '@ub/shared';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyers, manufacturers, orders, rfqs, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { toBuyerOrderRow } from '../orders/queries.ts';

/** RFQs still being negotiated: neither accepted nor rejected. */
const OPEN_RFQ_STATUSES = ['pending', 'quoted', 'negotiating'] as const;
/** Orders the seller still has to deliver. */
const IN_PROGRESS = ['pending', 'processing', 'shipped'] as const;

/** The buyer's dashboard figures and newest orders. */
export async function buyerDashboard(db: Db, buyerId: string): Promise<BuyerDashboard> {
  const [[rfqCount], [orderFigures], recent] = await Promise.all([
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(rfqs)
      .where(and(eq(rfqs.buyerId, buyerId), inArray(rfqs.status, [...OPEN_RFQ_STATUSES]))),
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
    // The requirements board (its own module, another branch) provides this count: the lead connects it at merge.
    openRequirements: 0,
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
