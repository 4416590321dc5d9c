import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { depsOf } from '../src/lib/deps.ts';
import { isCheckViolation } from '../src/lib/errors.ts';
import { transaction } from '../src/lib/transaction.ts';
import { platformOf } from '../src/modules/money/commission-invoice.ts';
import { releaseDue } from '../src/modules/money/escrow.ts';
import { checkLedger, heldForOrder } from '../src/modules/money/ledger.ts';
import { runSettlements } from '../src/modules/money/settlements.ts';
import { razorpayEventBody, type TestGateway } from '../src/modules/payments/providers/test-gateway.ts';
import { call, loginAdmin, useTestApp } from './helpers.ts';
import { payOrder, placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

/**
 * Every command that moves money, run several times at once and against the commands it races, on PostgreSQL
 * (ADR 0038). The embedded database runs one statement at a time, so these races cannot happen there: the suite
 * runs in the server-pg project only. After each race the money is conserved, per order and overall.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const t = useTestApp();
const gw = () => t.app.gateway as TestGateway;
const rows = async <T>(sql: string, params: unknown[] = []) => (await t.database.query<T>(sql, params)) as T[];

/** A paid order of Rs 236.83 (10 x Rs 20.07 + 18 % GST), by default delivered long enough ago to be released. */
async function paidOrder(
  opts: { deliveredDaysAgo?: number | null; setup?: Awaited<ReturnType<typeof tradeSetup>> } = {},
) {
  const s = opts.setup ?? (await tradeSetup(t.app, { price: '20.07', stock: 100_000 }));
  const placed = await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id);
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().id as string;
  expect((await payOrder(t.app, s.buyer.token, orderId)).json()).toEqual({ status: 'paid' });
  if (opts.deliveredDaysAgo !== null) await deliver(s.seller.token, orderId, opts.deliveredDaysAgo ?? 10);
  const [o] = await rows<{ total: string }>('select total from orders where id = $1', [orderId]);
  return { ...s, orderId, totalPaise: Math.round(Number(o?.total) * 100) };
}

async function deliver(sellerToken: string, orderId: string, daysAgo: number) {
  for (const status of ['processing', 'shipped', 'delivered'] as const) {
    const r = await setStatus(t.app, sellerToken, orderId, {
      status,
      ...(status === 'shipped' ? { carrier: 'Blue Dart', trackingNumber: 'BD123456789' } : {}),
    });
    expect(r.statusCode, r.body).toBe(200);
  }
  await t.database.query(
    `update order_events set created_at = now() - ($2::int * interval '1 day') where order_id = $1 and to_status = 'delivered'`,
    [orderId, daysAgo],
  );
}

const settle = (manufacturerId?: string) =>
  runSettlements(depsOf(t.app), {
    holdDays: 7,
    platform: platformOf(t.app.config),
    ...(manufacturerId ? { manufacturerId } : {}),
  });

/** A settled (nothing raised) call: a 4xx refusal is an answer; a thrown error or a 5xx fails the test. */
const statusOf = async (p: Promise<{ statusCode: number; body: string }>) => {
  const r = await p;
  expect(r.statusCode, r.body).toBeLessThan(500);
  return r.statusCode;
};

/** The money is conserved: per order, per payment, per seller and per settlement. */
async function assertConserved() {
  const check = await checkLedger(t.app.db);
  expect(check, JSON.stringify(check)).toMatchObject({ ok: true, total: 0 });
  const overRefunded = await rows(
    `select a.id from payment_attempts a join refunds r on r.attempt_id = a.id
      group by a.id having sum(r.amount_paise) > coalesce(a.flagged_paise, a.amount_paise)`,
  );
  expect(overRefunded).toEqual([]);
  // What the ledger owes each seller is exactly the earning lines no settlement has taken.
  const payable = await rows<{ id: string; ledger: string; lines: string }>(
    `select m.id,
            coalesce((select -sum(l.amount_paise) from journal_lines l
                       where l.account = 'seller_payable' and l.manufacturer_id = m.id), 0)::text as ledger,
            coalesce((select sum(e.net_paise) from seller_earnings e
                       where e.manufacturer_id = m.id and e.settlement_id is null), 0)::text as lines
       from manufacturers m`,
  );
  for (const p of payable) expect(Number(p.ledger), `seller ${p.id}`).toBe(Number(p.lines));
  // A settlement's figure is the sum of its lines; each release is settled once; each payout posted once.
  expect(
    await rows(
      `select s.id from settlements s left join seller_earnings e on e.settlement_id = s.id
        group by s.id having coalesce(sum(e.net_paise), 0) <> s.net_paise`,
    ),
  ).toEqual([]);
  expect(
    await rows(
      `select s.id from settlements s join journal_entries e on e.key = 'payout:' || s.id or e.key like 'payout:' || s.id || ':%'
        group by s.id having count(*) > 1 + (select count(*) from journal_entries r where r.key like 'payout-reversal:' || s.id || ':%')`,
    ),
  ).toEqual([]);
  expect(
    await rows(`select order_id from journal_entries where kind = 'capture' group by order_id having count(*) > 1`),
  ).toEqual([]);
}

describe.skipIf(!onPostgres)('money commands under concurrency (PostgreSQL)', () => {
  it('six refunds of Rs 100 at once on a Rs 236.83 order: at most what was paid, the rest refused with 409', async () => {
    const o = await paidOrder({ deliveredDaysAgo: null });
    const { token } = await loginAdmin(t.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(t.app, 'POST', `/api/admin/orders/${o.orderId}/refund`, {
          token,
          body: { amountPaise: 10_000, reason: 'Part of the goods short' },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes, answers.map((a) => a.body).join('\n')).toEqual([200, 200, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json().error).toMatch(/At most/);
    expect(await heldForOrder(t.app.db, o.orderId)).toBe(o.totalPaise - 20_000);
    await assertConserved();
  });

  it('refunds racing the release of the same order never take more than was paid', async () => {
    const o = await paidOrder();
    const { token } = await loginAdmin(t.app);
    const refund = () =>
      statusOf(
        call(t.app, 'POST', `/api/admin/orders/${o.orderId}/refund`, {
          token,
          body: { amountPaise: o.totalPaise - 100, reason: 'Damaged in transit' },
        }),
      );
    const release = () => releaseDue(depsOf(t.app), { holdDays: 7, manufacturerId: o.seller.manufacturer.id });
    const [r1, , r2, , r3] = await Promise.all([refund(), release(), refund(), release(), refund()]);
    expect([r1, r2, r3].filter((c) => c === 200)).toHaveLength(1);
    await assertConserved();
  });

  it('releases racing settlement runs: every line settled once, and only the lines a settlement summed', async () => {
    const setup = await tradeSetup(t.app, { price: '20.07', stock: 100_000 });
    for (let i = 0; i < 4; i++) await paidOrder({ setup });
    const mid = setup.seller.manufacturer.id;
    await Promise.all([
      releaseDue(depsOf(t.app), { holdDays: 7, manufacturerId: mid }),
      settle(mid),
      releaseDue(depsOf(t.app), { holdDays: 7, manufacturerId: mid }),
      settle(mid),
      settle(),
    ]);
    await settle(mid);
    await assertConserved();
    const [left] = await rows<{ n: string }>(
      `select count(*)::text as n from seller_earnings where manufacturer_id = $1 and settlement_id is null`,
      [mid],
    );
    expect(left?.n).toBe('0');
  });

  it('a cancellation racing the gateway capture: a capture that lands on a cancelled order is refunded in full', async () => {
    const s = await tradeSetup(t.app, { price: '20.07', stock: 100_000 });
    for (let round = 0; round < 4; round++) {
      const orderId = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id)).json()
        .id as string;
      const start = await call(t.app, 'POST', `/api/buyer/orders/${orderId}/pay`, {
        token: s.buyer.token,
        body: { method: 'gateway' },
      });
      const { attempt } = start.json() as { attempt: { providerOrderId: string; amountPaise: number } };
      const body = razorpayEventBody('payment.captured', {
        paymentId: `pay_race${round}${Date.now()}`,
        orderId: attempt.providerOrderId,
        amountPaise: attempt.amountPaise,
      });
      const capture = () =>
        call(t.app, 'POST', '/api/payments/webhooks/razorpay', {
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': gw().signWebhook(body),
            'x-razorpay-event-id': `evt_race_${orderId}`,
          },
          body,
        });
      const cancel = () => setStatus(t.app, s.seller.token, orderId, { status: 'cancelled', reason: 'Out of stock' });
      const [c, w] =
        round % 2
          ? await Promise.all([cancel(), capture()])
          : await Promise.all([capture(), cancel()]).then(([a, b]) => [b, a]);
      expect(c?.statusCode, c?.body).toBe(200);
      expect(w?.json().outcome, w?.body).toBe('captured');
      const [o] = await rows<{ status: string; payment_status: string }>(
        'select status, payment_status from orders where id = $1',
        [orderId],
      );
      expect(o?.status).toBe('cancelled');
      const [r] = await rows<{ n: string }>(
        `select coalesce(sum(amount_paise), 0)::text as n from refunds where order_id = $1`,
        [orderId],
      );
      expect(Number(r?.n)).toBe(attempt.amountPaise);
      expect(await heldForOrder(t.app.db, orderId)).toBe(0);
    }
    await assertConserved();
  });

  it('a dispute resolved for the buyer while settlements run: refunded once, settled lines stay whole', async () => {
    const o = await paidOrder({ deliveredDaysAgo: 2 });
    const disputed = await call(t.app, 'POST', `/api/buyer/orders/${o.orderId}/disputes`, {
      token: o.buyer.token,
      body: { reason: 'Ten pieces were cracked on arrival' },
    });
    expect(disputed.statusCode, disputed.body).toBe(201);
    const disputeId = disputed.json().id as string;
    await t.database.query(
      `update order_events set created_at = now() - interval '10 days' where order_id = $1 and to_status = 'delivered'`,
      [o.orderId],
    );
    const { token } = await loginAdmin(t.app);
    const resolve = () =>
      statusOf(
        call(t.app, 'PATCH', `/api/admin/disputes/${disputeId}`, {
          token,
          body: { status: 'resolved_buyer', notes: 'Cracked pieces refunded', refundPaise: 5_000 },
        }),
      );
    const [a, , b] = await Promise.all([resolve(), settle(o.seller.manufacturer.id), resolve(), settle()]);
    expect([a, b].sort()).toEqual([200, 409]);
    await settle(o.seller.manufacturer.id);
    await assertConserved();
  });

  it('a payout marked paid twice at once is paid once', async () => {
    const o = await paidOrder();
    const [s] = await settle(o.seller.manufacturer.id);
    expect(s).toBeDefined();
    const { token } = await loginAdmin(t.app);
    const mark = (utr: string) =>
      call(t.app, 'POST', `/api/admin/settlements/${s?.id}/mark-paid`, { token, body: { reference: utr } });
    const answers = await Promise.all([mark('HDFCN52012345671'), mark('HDFCN52012345672'), mark('123456789012')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    await assertConserved();
  });

  it('a bank transfer confirmed by two admins at once, and a capture webhook delivered four times, capture once', async () => {
    const s = await tradeSetup(t.app, { price: '20.07', stock: 100_000 });
    const orderId = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id)).json()
      .id as string;
    const start = await call(t.app, 'POST', `/api/buyer/orders/${orderId}/pay`, {
      token: s.buyer.token,
      body: { method: 'bank_transfer' },
    });
    const attemptId = start.json().attempt.id as string;
    const utr = `${Date.now()}`.slice(-12).padStart(12, '7');
    expect(
      (await call(t.app, 'POST', `/api/buyer/payments/${attemptId}/utr`, { token: s.buyer.token, body: { utr } }))
        .statusCode,
    ).toBe(200);
    const { token } = await loginAdmin(t.app);
    const confirm = () => call(t.app, 'POST', `/api/admin/finance/payments/${attemptId}/confirm`, { token, body: {} });
    const answers = await Promise.all([confirm(), confirm(), confirm()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);

    const g = await paidOrder({ deliveredDaysAgo: null });
    const [attempt] = await rows<{ provider_order_id: string; provider_payment_id: string; amount_paise: string }>(
      `select provider_order_id, provider_payment_id, amount_paise from payment_attempts where order_id = $1`,
      [g.orderId],
    );
    const body = razorpayEventBody('payment.captured', {
      paymentId: attempt?.provider_payment_id ?? '',
      orderId: attempt?.provider_order_id ?? '',
      amountPaise: Number(attempt?.amount_paise),
    });
    const hooks = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        call(t.app, 'POST', '/api/payments/webhooks/razorpay', {
          headers: {
            'content-type': 'application/json',
            'x-razorpay-signature': gw().signWebhook(body),
            'x-razorpay-event-id': `evt_dup_${g.orderId}_${n}`,
          },
          body,
        }),
      ),
    );
    expect(hooks.map((h) => h.json().outcome)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate']);
    await assertConserved();
  });

  it('random interleavings of refunds, releases, settlements, disputes and cancellations conserve the money', async () => {
    const { token } = await loginAdmin(t.app);
    const setup = await tradeSetup(t.app, { price: '20.07', stock: 100_000 });
    const mid = setup.seller.manufacturer.id;
    type Cmd =
      | { kind: 'refund'; order: number; paise: number }
      | { kind: 'release' }
      | { kind: 'settle' }
      | { kind: 'cancel'; order: number }
      | { kind: 'resolve'; order: number; paise: number };
    const cmd: fc.Arbitrary<Cmd> = fc.oneof(
      fc.record({
        kind: fc.constant('refund' as const),
        order: fc.nat(2),
        paise: fc.integer({ min: 100, max: 24_000 }),
      }),
      fc.constant({ kind: 'release' as const }),
      fc.constant({ kind: 'settle' as const }),
      fc.record({ kind: fc.constant('cancel' as const), order: fc.nat(2) }),
      fc.record({
        kind: fc.constant('resolve' as const),
        order: fc.nat(2),
        paise: fc.integer({ min: 100, max: 24_000 }),
      }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(cmd, { minLength: 3, maxLength: 8 }), async (cmds) => {
        const orders: Array<Awaited<ReturnType<typeof paidOrder>> & { disputeId: string | null }> = [];
        for (let i = 0; i < 3; i++) {
          const o = await paidOrder({ setup, deliveredDaysAgo: i === 2 ? null : 10 });
          const d = await call(t.app, 'POST', `/api/buyer/orders/${o.orderId}/disputes`, {
            token: setup.buyer.token,
            body: { reason: 'Some pieces arrived damaged' },
          });
          orders.push({ ...o, disputeId: i === 1 ? (d.json().id as string) : null });
        }
        await Promise.all(
          cmds.map(async (c) => {
            const o = 'order' in c ? orders[c.order] : undefined;
            switch (c.kind) {
              case 'refund':
                return statusOf(
                  call(t.app, 'POST', `/api/admin/orders/${o?.orderId}/refund`, {
                    token,
                    body: { amountPaise: c.paise, reason: 'Random refund' },
                  }),
                );
              case 'release':
                return releaseDue(depsOf(t.app), { holdDays: 7, manufacturerId: mid });
              case 'settle':
                return settle(mid);
              case 'cancel':
                return statusOf(
                  setStatus(t.app, setup.seller.token, o?.orderId ?? '', { status: 'cancelled', reason: 'Random' }),
                );
              case 'resolve':
                return o?.disputeId
                  ? statusOf(
                      call(t.app, 'PATCH', `/api/admin/disputes/${o.disputeId}`, {
                        token,
                        body: { status: 'resolved_buyer', notes: 'Random resolution', refundPaise: c.paise },
                      }),
                    )
                  : null;
            }
          }),
        );
        await assertConserved();
      }),
      { numRuns: 6 },
    );
  });
});

/** What must never happen is refused by the database itself, on either database (migration 0042). */
describe('the database refuses money that does not add up', () => {
  it('refuses a journal entry whose lines do not balance, at commit', async () => {
    const { sql } = await import('drizzle-orm');
    await expect(
      transaction(t.app.db, async (tx) => {
        await tx.execute(
          sql`with e as (insert into journal_entries (key, kind, memo, posted_at) values ('bad:unbalanced', 'capture', 'x', now()) returning id)
              insert into journal_lines (entry_id, account, amount_paise)
              select id, 'buyer_payments', 100 from e union all select id, 'escrow', -99 from e`,
        );
      }),
    ).rejects.toSatisfy((e) => isCheckViolation(e, 'journal_entry_balances'));
    expect(await rows(`select 1 from journal_entries where key = 'bad:unbalanced'`)).toEqual([]);
  });

  it("refuses a line that takes an order's escrow below zero, and refunds above the capture", async () => {
    const { sql } = await import('drizzle-orm');
    const o = await paidOrder({ deliveredDaysAgo: null });
    await expect(
      transaction(t.app.db, async (tx) => {
        await tx.execute(
          sql`with e as (insert into journal_entries (key, kind, order_id, memo, posted_at)
                         values ('bad:escrow', 'refund', ${o.orderId}, 'x', now()) returning id)
              insert into journal_lines (entry_id, account, order_id, amount_paise)
              select id, 'escrow', ${o.orderId}::uuid, ${o.totalPaise + 1}::bigint from e
              union all select id, 'refunds_payable', ${o.orderId}::uuid, ${-(o.totalPaise + 1)}::bigint from e`,
        );
      }),
    ).rejects.toSatisfy((e) => isCheckViolation(e, 'order_escrow_not_negative'));
    await expect(
      transaction(t.app.db, async (tx) => {
        await tx.execute(
          sql`insert into refunds (refund_number, order_id, attempt_id, manufacturer_id, buyer_id, provider, amount_paise, reason)
              select 'RFD-BAD-1', a.order_id, a.id, a.manufacturer_id, a.buyer_id, a.provider, a.amount_paise + 1, 'x'
                from payment_attempts a where a.order_id = ${o.orderId} and a.status = 'captured'`,
        );
      }),
    ).rejects.toSatisfy((e) => isCheckViolation(e, 'refunds_within_capture'));
    expect(await rows(`select 1 from refunds where refund_number = 'RFD-BAD-1'`)).toEqual([]);
    expect(await heldForOrder(t.app.db, o.orderId)).toBe(o.totalPaise);
  });
});
