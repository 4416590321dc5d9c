import { ORDER_STATUS_LABELS } from '@ub/shared';
import { formatInr } from '@ub/shared/format';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { buyers, notifications, orders, rfqs, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { buyerLinks } from '../modules/buyers/notify.ts';
import type { DemoContext } from './demo-context.ts';

/** The demo buyer's sign-in, printed in the start-up log beside the seller's and the admin's. */
export const DEMO_BUYER = { email: 'demo.buyer@example.in', password: 'DemoBuyer@123' } as const;

/** The trade demo's first buyer, whose orders and RFQs the demo buyer account takes over. */
const TRADE_DEMO_BUYER = 'buyer1@demo-buyers.example.in';

/**
 * The demo buyer account: the trade demo's first buyer (orders in every state, RFQs, a dispute) gets a memorable
 * e-mail and password, and the notifications its orders and RFQs would have sent, so the buyer area and its bell
 * have content on first start.
 */
export async function seedBuyerDemo({ app }: DemoContext): Promise<void> {
  const db = app.db;
  const [row] = await db
    .select({ user: users, buyerId: buyers.id })
    .from(users)
    .innerJoin(buyers, eq(buyers.userId, users.id))
    .where(eq(users.email, TRADE_DEMO_BUYER))
    .limit(1);
  if (!row) return;
  await db
    .update(users)
    .set({ email: DEMO_BUYER.email, passwordHash: await hashPassword(DEMO_BUYER.password) })
    .where(eq(users.id, row.user.id));

  const recent = await db
    .select()
    .from(orders)
    .where(eq(orders.buyerId, row.buyerId))
    .orderBy(desc(orders.updatedAt))
    .limit(8);
  const offers = await db
    .select()
    .from(rfqs)
    .where(and(eq(rfqs.buyerId, row.buyerId), inArray(rfqs.status, ['quoted', 'negotiating', 'accepted'])))
    .orderBy(desc(rfqs.updatedAt))
    .limit(3);
  const notices: Array<typeof notifications.$inferInsert> = [
    ...recent.map((o, i) => ({
      userId: row.user.id,
      type: 'order_update',
      title: `Order ${ORDER_STATUS_LABELS[o.status].toLowerCase()}`,
      message: `Order ${o.orderNumber} for ${formatInr(o.total)} is ${ORDER_STATUS_LABELS[o.status].toLowerCase()}.`,
      link: buyerLinks.order(o.id),
      isRead: i > 2,
      createdAt: o.updatedAt,
    })),
    ...offers.map((r) => ({
      userId: row.user.id,
      type: 'rfq_quote',
      title: r.status === 'accepted' ? 'RFQ accepted' : 'New quote',
      message: `The seller answered your RFQ ${r.rfqNumber} for ${r.productName}.`,
      link: buyerLinks.rfq(r.id),
      isRead: false,
      createdAt: r.updatedAt,
    })),
  ];
  if (notices.length) await db.insert(notifications).values(notices);
}
