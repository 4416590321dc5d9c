import { INDIAN_STATES, type OrderStatus } from '@ub/shared';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { buyers, notifications, orders, rfqs, users } from '../db/schema/index.ts';
import { hashPassword } from '../modules/auth/passwords.ts';
import { buyerLinks } from '../modules/buyers/notify.ts';
import { label, notice, notificationRow } from '../modules/notifications/notify.ts';
import type { DemoContext } from './demo-context.ts';
import { makeGstin } from './factories.ts';

/** The demo buyer's sign-in, printed in the start-up log beside the seller's and the admin's. */
export const DEMO_BUYER = { email: 'demo.buyer@example.in', password: 'DemoBuyer@123' } as const;

/** What the buyer was told when an order reached its current status (the live notices are in orders/commands.ts). */
const NOTICE: Record<OrderStatus, (order: string) => ReturnType<typeof notice>> = {
  pending: (order) => notice('order.status', { order, status: label('notify.label.orderStatus.pending') }),
  processing: (order) => notice('order.accepted', { order }),
  shipped: (order) => notice('order.shippedPlain', { order }),
  delivered: (order) => notice('order.delivered', { order }),
  cancelled: (order) => notice('order.cancelledPlain', { order }),
};

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
    .select({ user: users, buyerId: buyers.id, state: buyers.state })
    .from(users)
    .innerJoin(buyers, eq(buyers.userId, users.id))
    .where(eq(users.email, TRADE_DEMO_BUYER))
    .limit(1);
  if (!row) return;
  await db
    .update(users)
    .set({ email: DEMO_BUYER.email, passwordHash: await hashPassword(DEMO_BUYER.password) })
    .where(eq(users.id, row.user.id));
  // The trade demo's buyers carry a GSTIN of one state whatever their address: the demo buyer's must match its
  // state, or the first save of the company profile would be refused.
  const code = INDIAN_STATES.find((s) => s.name === row.state)?.code;
  if (code)
    await db
      .update(buyers)
      .set({ gstNumber: makeGstin(code) })
      .where(eq(buyers.id, row.buyerId));

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
      ...notificationRow({
        userId: row.user.id,
        type: 'order_update',
        ...NOTICE[o.status](o.orderNumber),
        link: buyerLinks.order(o.id),
      }),
      isRead: i > 2,
      createdAt: o.updatedAt,
    })),
    ...offers.map((r) => ({
      ...notificationRow({
        userId: row.user.id,
        type: 'rfq_quote',
        ...notice(r.status === 'accepted' ? 'rfq.answeredAccepted' : 'rfq.answered', {
          rfq: r.rfqNumber,
          product: r.productName,
        }),
        link: buyerLinks.rfq(r.id),
      }),
      isRead: false,
      createdAt: r.updatedAt,
    })),
  ];
  if (notices.length) await db.insert(notifications).values(notices);
}
