import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Deps } from '../src/lib/deps.ts';
import { systemClock } from '../src/lib/deps.ts';
import { transaction } from '../src/lib/transaction.ts';
import { releaseDue } from '../src/modules/money/escrow.ts';
import { captureInTx } from '../src/modules/money/intake.ts';
import { checkLedger, flowTotals } from '../src/modules/money/ledger.ts';
import { issueRefundInTx, markRefundProcessedInTx, refundableOf } from '../src/modules/money/refunds.ts';
import { platformOf } from '../src/modules/money/commission-invoice.ts';
import { markPayoutPaid, runSettlements } from '../src/modules/money/settlements.ts';
import { createAdmin, createBuyer, createProduct } from '../src/seed/factories.ts';
import { loginSeller, useTestApp } from './helpers.ts';
import { placeOrder } from './trade-fixtures.ts';
import { createSession } from '../src/modules/auth/sessions.ts';

const t = useTestApp();
const DAY = 86_400_000;

/** One step of a random history, applied to one of the orders made for the run. */
type Step =
  | { kind: 'pay'; order: number }
  | { kind: 'cancel'; order: number }
  | { kind: 'deliver'; order: number; daysAgo: number }
  | { kind: 'dispute'; order: number }
  | { kind: 'resolve'; order: number; forBuyer: boolean; part: number }
  | { kind: 'refund'; order: number; part: number }
  | { kind: 'settle' }
  | { kind: 'payout' }
  | { kind: 'refundsPaid' };

const ORDERS = 4;
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), order: fc.nat(ORDERS - 1) }), weight: 4 },
  fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(ORDERS - 1) }),
  {
    arbitrary: fc.record({
      kind: fc.constant('deliver' as const),
      order: fc.nat(ORDERS - 1),
      daysAgo: fc.integer({ min: 0, max: 20 }),
    }),
    weight: 3,
  },
  fc.record({ kind: fc.constant('dispute' as const), order: fc.nat(ORDERS - 1) }),
  fc.record({
    kind: fc.constant('resolve' as const),
    order: fc.nat(ORDERS - 1),
    forBuyer: fc.boolean(),
    part: fc.double({ min: 0.01, max: 1, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('refund' as const),
    order: fc.nat(ORDERS - 1),
    part: fc.double({ min: 0.01, max: 1, noNaN: true }),
  }),
  { arbitrary: fc.constant({ kind: 'settle' as const }), weight: 2 },
  fc.constant({ kind: 'payout' as const }),
  fc.constant({ kind: 'refundsPaid' as const }),
);

describe('the ledger over random histories', () => {
  it('money received = paid out + commission + GST on commission + TCS + TDS + refunds + still held, to the paisa', async () => {
    const admin = await createAdmin(t.app.db);
    const deps: Deps = { db: t.app.db, events: t.app.events, log: t.app.log, clock: systemClock };
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(step, { minLength: 3, maxLength: 25 }),
        fc.integer({ min: 1, max: 97 }),
        async (steps, qty) => {
          run++;
          // A fresh seller per history, so each history's sums are its own (the ledger is shared across runs).
          const seller = await loginSeller(t.app, { gstNumber: run % 2 ? '27AAPFU0939F1ZV' : '29AAPFU0939F1ZV' });
          const buyer = await createBuyer(t.app.db);
          const { token } = await createSession(t.app.db, buyer.user.id, { remember: false });
          const product = await createProduct(t.app.db, seller.manufacturer.id, {
            price: `${(qty * 13.37).toFixed(2)}`,
            moq: 1,
            stock: 10_000,
          });
          const ids: string[] = [];
          for (let i = 0; i < ORDERS; i++) {
            const o = await placeOrder(t.app, token, seller.manufacturer.id, product.id, 1 + ((qty + i) % 7));
            ids.push(o.json().id);
          }
          const mid = seller.manufacturer.id;
          // Every history ends with a run; every other one with its payout too (the rest keep money settled, unpaid).
          const tail: Step[] = run % 2 ? [{ kind: 'settle' }] : [{ kind: 'settle' }, { kind: 'payout' }];
          for (const s of [...steps, ...tail]) {
            const id = 'order' in s ? (ids[s.order] as string) : '';
            const [o] = id
              ? await t.database.query<{ status: string; payment_status: string; total: string }>(
                  'select status, payment_status, total from orders where id = $1',
                  [id],
                )
              : [];
            switch (s.kind) {
              case 'pay': {
                if (!o || o.payment_status === 'paid' || o.status === 'cancelled') break;
                const [p] = await t.database.query<{ id: string; payment_number: string }>(
                  `select id, payment_number from payments where order_id = $1`,
                  [id],
                );
                const [a] = await t.database.query<{ id: string }>(
                  `insert into payment_attempts (payment_id, order_id, buyer_id, manufacturer_id, provider, reference,
                 amount_paise, status, utr, transfer_mode)
                 values ($1, $2, $3, $4, 'bank_transfer', $5, $6, 'awaiting_confirmation', $7, 'IMPS/UPI') returning id`,
                  [
                    p?.id,
                    id,
                    buyer.buyer.id,
                    mid,
                    p?.payment_number,
                    Math.round(Number(o.total) * 100),
                    `${Date.now()}${run}`.slice(-12),
                  ],
                );
                await transaction(t.app.db, (tx) =>
                  captureInTx(tx, deps, {
                    provider: 'bank_transfer',
                    attemptId: a?.id as string,
                    providerPaymentId: 'utr',
                    amountPaise: Math.round(Number(o.total) * 100),
                    source: 'property',
                  }),
                );
                break;
              }
              case 'cancel':
                if (o && (o.status === 'pending' || o.status === 'processing')) {
                  await t.database.query(`update orders set status = 'cancelled' where id = $1`, [id]);
                  const { refundable } = await refundableOf(t.app.db, id);
                  if (refundable > 0) {
                    await transaction(t.app.db, (tx) =>
                      issueRefundInTx(tx, deps, { orderId: id, amountPaise: refundable, reason: 'cancelled' }),
                    );
                  }
                }
                break;
              case 'deliver':
                if (o && o.status !== 'cancelled' && o.status !== 'delivered') {
                  await t.database.query(`update orders set status = 'delivered' where id = $1`, [id]);
                  await t.database.query(
                    `insert into order_events (order_id, to_status, created_at) values ($1, 'delivered', $2)`,
                    [id, new Date(Date.now() - s.daysAgo * DAY)],
                  );
                }
                break;
              case 'dispute':
                if (o?.payment_status === 'paid') {
                  await t.database
                    .query(
                      `insert into disputes (order_id, manufacturer_id, buyer_id, reason) values ($1, $2, $3, 'x')`,
                      [id, mid, buyer.buyer.id],
                    )
                    .catch(() => undefined);
                }
                break;
              case 'resolve': {
                const open = await t.database.query<{ id: string }>(
                  `select id from disputes where order_id = $1 and status = 'open'`,
                  [id],
                );
                if (!open.length) break;
                await t.database.query(`update disputes set status = $2 where order_id = $1 and status = 'open'`, [
                  id,
                  s.forBuyer ? 'resolved_buyer' : 'resolved_seller',
                ]);
                if (s.forBuyer) {
                  const { refundable } = await refundableOf(t.app.db, id);
                  const amount = Math.max(1, Math.floor(refundable * s.part));
                  if (refundable > 0) {
                    await transaction(t.app.db, (tx) =>
                      issueRefundInTx(tx, deps, { orderId: id, amountPaise: amount, reason: 'dispute' }),
                    );
                  }
                }
                break;
              }
              case 'refund': {
                const { refundable } = await refundableOf(t.app.db, id);
                if (refundable > 0) {
                  const amount = Math.max(1, Math.floor(refundable * s.part));
                  await transaction(t.app.db, (tx) =>
                    issueRefundInTx(tx, deps, { orderId: id, amountPaise: amount, reason: 'goodwill' }),
                  );
                }
                break;
              }
              case 'settle':
                await releaseDue(deps, { holdDays: 7, manufacturerId: mid });
                await runSettlements(deps, { holdDays: 7, platform: platformOf(t.app.config), manufacturerId: mid });
                break;
              case 'payout': {
                const due = await t.database.query<{ id: string }>(
                  `select id from settlements where manufacturer_id = $1 and status = 'pending'`,
                  [mid],
                );
                for (const d of due) {
                  const utr = `HDFC${d.id.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
                  await markPayoutPaid(deps, admin.user.id, d.id, utr);
                }
                break;
              }
              case 'refundsPaid': {
                const due = await t.database.query<{ id: string }>(
                  `select id from refunds where manufacturer_id = $1 and status = 'pending'`,
                  [mid],
                );
                for (const d of due) await transaction(t.app.db, (tx) => markRefundProcessedInTx(tx, deps, d.id));
                break;
              }
            }
          }
          const f = await flowTotals(t.app.db);
          expect(f.received).toBe(f.paidOut + f.commission + f.gstOnCommission + f.tcs + f.tds + f.refunded + f.held);
          for (const v of Object.values(f.tb)) expect(Number.isInteger(v)).toBe(true);
          const check = await checkLedger(t.app.db);
          expect(check.brokenOrders).toEqual([]);
          expect(check.ok).toBe(true);
          // Escrow never negative, and a seller is never paid more than was released to them.
          expect(f.tb.escrow).toBeLessThanOrEqual(0);
          expect(f.tb.settlements_payable).toBeLessThanOrEqual(0);
        },
      ),
      { numRuns: 25, seed: 20261124 },
    );
    // The histories reached every kind of movement (not 25 runs of nothing).
    const all = await flowTotals(t.app.db);
    expect(all.received).toBeGreaterThan(0);
    expect(all.commission).toBeGreaterThan(0);
    expect(all.tds).toBeGreaterThan(0);
    expect(all.refunded).toBeGreaterThan(0);
    expect(all.paidOut).toBeGreaterThan(0);
  }, 600_000);
});
