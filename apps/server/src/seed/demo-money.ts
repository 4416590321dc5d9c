import { and, eq } from 'drizzle-orm';
import { buyers, orderEvents, orders, paymentAttempts, payments, products, users } from '../db/schema/index.ts';
import { type Deps, systemClock } from '../lib/deps.ts';
import { transaction } from '../lib/transaction.ts';
import { captureInTx } from '../modules/money/intake.ts';
import { platformOf } from '../modules/money/commission-invoice.ts';
import { markPayoutPaid, runSettlements } from '../modules/money/settlements.ts';
import { insertOrder } from '../modules/orders/commands.ts';
import { toPaise } from '../modules/trade/common.ts';
import type { DemoContext } from './demo-context.ts';

const DAY = 86_400_000;

/**
 * Money through the real flow, so the Payments and Finance screens have content: two orders paid by bank transfer
 * confirmed, delivered 12 days ago, released, settled and paid out; one delivered 2 days ago (in its hold); one paid
 * and still processing (awaiting delivery); one bank transfer waiting for the admin's confirmation.
 */
export async function seedMoneyDemo({ app, seller }: DemoContext): Promise<void> {
  const db = app.db;
  const deps = { db, events: app.events, log: app.log, clock: systemClock };
  const mid = seller.manufacturer.id;
  const [buyer] = await db.select().from(buyers).limit(1);
  const [product] = await db.select().from(products).where(eq(products.manufacturerId, mid)).limit(1);
  if (!buyer || !product) return;
  const [user] = await db.select().from(users).where(eq(users.id, buyer.userId));
  const plan: Array<{ deliveredDaysAgo: number | null; confirm: boolean }> = [
    { deliveredDaysAgo: 12, confirm: true },
    { deliveredDaysAgo: 13, confirm: true },
    { deliveredDaysAgo: 2, confirm: true },
    { deliveredDaysAgo: null, confirm: true },
    { deliveredDaysAgo: null, confirm: false },
  ];
  for (const [i, p] of plan.entries()) {
    const createdAt = new Date(Date.now() - (20 - i) * DAY);
    const order = await transaction(db, (tx) =>
      insertOrder(tx, {
        manufacturerId: mid,
        buyer,
        buyerEmail: user?.email ?? '',
        lines: [
          {
            productId: product.id,
            name: product.name,
            brand: product.brand,
            category: product.category,
            hsnCode: product.hsnCode,
            unit: product.unit,
            quantity: product.moq * (2 + i),
            unitPaise: toPaise(product.price),
            gstPercentage: Number(product.gstPercentage ?? 18),
          },
        ],
        shipping: {
          street: '12 Demo Road',
          apartment: undefined,
          city: 'Pune',
          state: 'Maharashtra',
          zipCode: '411001',
        },
        paymentMethod: 'Bank Transfer',
        takeStock: false,
        actorUserId: buyer.userId,
        createdAt,
      }),
    );
    const utr = `${String(Date.now()).slice(-9)}${100 + i}`;
    const paid = await payByBankTransfer(deps, order.id, { utr, at: createdAt, confirm: p.confirm });
    if (!paid) continue;
    const steps = p.deliveredDaysAgo === null ? ['processing'] : ['processing', 'shipped', 'delivered'];
    let from: 'pending' | 'processing' | 'shipped' = 'pending';
    for (const to of steps as Array<'processing' | 'shipped' | 'delivered'>) {
      const at = to === 'delivered' ? new Date(Date.now() - (p.deliveredDaysAgo ?? 0) * DAY) : createdAt;
      await db
        .update(orders)
        .set({ status: to })
        .where(and(eq(orders.id, order.id)));
      await db.insert(orderEvents).values({ orderId: order.id, fromStatus: from, toStatus: to, createdAt: at });
      if (to !== 'delivered') from = to;
    }
  }
  const settled = await runSettlements(deps, {
    holdDays: app.config.SETTLEMENT_HOLD_DAYS,
    platform: platformOf(app.config),
    manufacturerId: mid,
  });
  for (const s of settled)
    await markPayoutPaid(deps, null as unknown as string, s.id, `HDFCN52${String(Date.now()).slice(-9)}`);
}

/**
 * A demo order paid by bank transfer through the real intake: the attempt with the buyer's UTR, and (`confirm`) the
 * admin's confirmation at `at`, which captures it into escrow with its ledger entry. False when nothing is payable.
 */
export async function payByBankTransfer(
  deps: Omit<Deps, 'clock'> | Deps,
  orderId: string,
  opts: { utr: string; at: Date; confirm: boolean },
): Promise<boolean> {
  const { db } = deps;
  const [pay] = await db.select().from(payments).where(eq(payments.orderId, orderId));
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!pay || !order) return false;
  const [attempt] = await db
    .insert(paymentAttempts)
    .values({
      paymentId: pay.id,
      orderId,
      buyerId: order.buyerId,
      manufacturerId: order.manufacturerId,
      provider: 'bank_transfer',
      reference: pay.paymentNumber,
      amountPaise: toPaise(order.total),
      status: 'awaiting_confirmation',
      utr: opts.utr,
      transferMode: 'IMPS/UPI',
      createdAt: opts.at,
    })
    .returning();
  if (!attempt || !opts.confirm) return false;
  const outcome = await transaction(db, (tx) =>
    captureInTx(
      tx,
      { ...deps, clock: () => opts.at },
      {
        provider: 'bank_transfer',
        attemptId: attempt.id,
        providerPaymentId: opts.utr,
        amountPaise: attempt.amountPaise,
        source: 'demo',
      },
    ),
  );
  return outcome === 'captured';
}
