import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../src/modules/money/ledger.ts';
import { PAYOUT_RECONCILE_AFTER_MS, reconcilePayouts, sendPayout } from '../src/modules/money/provider-payouts.ts';
import { GatewayError } from '../src/modules/payments/providers/razorpay-http.ts';
import type { PayoutProvider } from '../src/modules/payments/providers/types.ts';
import { startRazorpayFake } from './fakes/razorpay-fake.ts';
import { call, count, useTestApp } from './helpers.ts';
import { pendingSettlement } from './trade-fixtures.ts';

/**
 * Settlements paid through RazorpayX (PAYOUT_PROVIDER=razorpayx) against the local fake of Razorpay's API: the
 * admin's "Pay via RazorpayX", the payout job, the webhooks and the reconciliation. Nothing here reaches Razorpay;
 * the fake proves only that we speak the documented shapes.
 */
const SECRET = 'razorpayx_webhook_secret_test';
const fake = await startRazorpayFake({ webhookSecret: SECRET });
const t = useTestApp({
  PAYOUT_PROVIDER: 'razorpayx',
  RAZORPAY_KEY_ID: fake.keyId,
  RAZORPAY_KEY_SECRET: fake.keySecret,
  RAZORPAYX_ACCOUNT_NUMBER: fake.accountNumber,
  RAZORPAY_API_BASE: fake.url,
  RAZORPAYX_WEBHOOK_SECRET: SECRET,
});

beforeAll(() => {
  fake.webhooks.transport = async (body, headers) =>
    (await call(t.app, 'POST', '/api/payments/webhooks/razorpayx', { headers, body })).statusCode;
});
afterAll(async () => {
  await fake.close();
});

interface Row {
  status: string;
  reference: string | null;
  payout_status: string | null;
  provider_payout_id: string | null;
  payout_failure_reason: string | null;
  payout_attempts: number;
}
const row = async (id: string) =>
  (
    await t.database.query<Row>(
      `select status, reference, payout_status, provider_payout_id, payout_failure_reason, payout_attempts
         from settlements where id = $1`,
      [id],
    )
  )[0] as Row;

/** A pending settlement whose seller has bank details (`ifsc` overrides the IFSC on record). */
async function payable(bank: { ifsc?: string | null; accountNumber?: string | null } = {}) {
  const s = await pendingSettlement(t);
  await t.database.query(
    'update manufacturers set account_holder_name = $2, account_number = $3, ifsc_code = $4 where id = $1',
    [
      s.manufacturerId,
      'Patil Plastics Pvt Ltd',
      bank.accountNumber === undefined ? '50100123456789' : bank.accountNumber,
      bank.ifsc === undefined ? 'HDFC0000053' : bank.ifsc,
    ],
  );
  return s;
}

const startPayout = (s: { token: string; settlementId: string }) =>
  call(t.app, 'POST', `/api/admin/settlements/${s.settlementId}/payout`, { token: s.token });

const payoutsOf = (number: string) => [...fake.payouts.values()].filter((p) => p.reference_id === number);
const payoutEntries = (id: string) => count(t.database, `journal_entries where key like 'payout:${id}%'`);
const deps = (at: Date) => ({ db: t.app.db, events: t.app.events, log: t.app.log, clock: () => at });

describe('Pay via RazorpayX', () => {
  it('starts one payout however often the admin asks, and pays the settlement on payout.processed', async () => {
    const s = await payable();
    const [a, b] = await Promise.all([startPayout(s), startPayout(s)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error).toMatch(/already under way/);
    expect((a.statusCode === 200 ? a : b).json()).toMatchObject({ status: 'pending', payoutStatus: 'requested' });
    expect(await count(t.database, `jobs where unique_key like 'payout:${s.settlementId}:%'`)).toBe(1);

    await t.app.jobs.drain();
    const [payout] = payoutsOf(s.number);
    expect(payoutsOf(s.number)).toHaveLength(1);
    expect(payout?.amount).toBe(s.netPaise);
    const sent = fake.requests.filter((r) => r.path === '/v1/payouts').at(-1);
    expect(sent?.headers['x-payout-idempotency']).toBe(s.number);
    expect(await row(s.settlementId)).toMatchObject({
      status: 'pending',
      payout_status: 'processing',
      provider_payout_id: payout?.id,
    });
    // Asked again while it is processing: nothing new is sent, and the UTR form is refused too.
    expect((await startPayout(s)).statusCode).toBe(409);
    const byHand = await call(t.app, 'POST', `/api/admin/settlements/${s.settlementId}/mark-paid`, {
      token: s.token,
      body: { reference: 'HDFCN52026112499' },
    });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().error).toMatch(/RazorpayX payout .* is under way/);
    const file = await call(t.app, 'GET', '/api/admin/finance/payout-file.csv', { token: s.token });
    expect(file.body).not.toContain(s.number);
    await t.app.jobs.drain();
    expect(payoutsOf(s.number)).toHaveLength(1);

    await fake.settlePayout(payout?.id as string, 'processed', '402912345678');
    expect(await row(s.settlementId)).toMatchObject({
      status: 'paid',
      reference: '402912345678',
      payout_status: 'processed',
    });
    expect(await payoutEntries(s.settlementId)).toBe(1);
    expect(
      await count(t.database, `notifications where user_id = '${s.sellerUserId}' and type = 'settlement_paid'`),
    ).toBe(1);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('pays at once, with the UTR and one ledger entry, when RazorpayX answers processed', async () => {
    const s = await payable();
    fake.payoutStatus = 'processed';
    try {
      expect((await startPayout(s)).statusCode).toBe(200);
      await t.app.jobs.drain();
    } finally {
      fake.payoutStatus = 'processing';
    }
    const [payout] = payoutsOf(s.number);
    expect(await row(s.settlementId)).toMatchObject({
      status: 'paid',
      reference: payout?.utr,
      payout_status: 'processed',
      provider_payout_id: payout?.id,
    });
    expect(await payoutEntries(s.settlementId)).toBe(1);
    // The reconciliation later finds nothing under way.
    const r = await reconcilePayouts(deps(new Date(Date.now() + 2 * PAYOUT_RECONCILE_AFTER_MS)), t.app.payouts);
    expect(await payoutEntries(s.settlementId)).toBe(1);
    expect(r.paid).toBe(0);
  });

  it('puts a refused payout (a bad IFSC) back to be paid with the reason, and pays it again under a new key', async () => {
    const s = await payable({ ifsc: 'HDFC000053' });
    const before = fake.requests.length;
    expect((await startPayout(s)).statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(fake.requests.length).toBe(before);
    const failed = await row(s.settlementId);
    expect(failed).toMatchObject({ status: 'pending', payout_status: 'failed' });
    expect(failed.payout_failure_reason).toMatch(/not an IFSC/);
    const [alert] = await t.database.query<{ title: string; message: string }>(
      `select title, message from notifications where type = 'admin_money_alert' and message like $1`,
      [`%${s.number}%`],
    );
    expect(alert?.title).toBe('Payout refused');
    const list = await call(t.app, 'GET', `/api/admin/settlements?q=${s.number}`, { token: s.token });
    expect(list.json().settlements[0]).toMatchObject({ payoutStatus: 'failed' });
    expect(list.json().settlements[0].payoutFailureReason).toMatch(/not an IFSC/);

    await t.database.query(`update manufacturers set ifsc_code = 'HDFC0000053' where id = $1`, [s.manufacturerId]);
    expect((await startPayout(s)).json()).toMatchObject({ payoutStatus: 'requested', payoutFailureReason: null });
    await t.app.jobs.drain();
    expect(fake.requests.filter((r) => r.path === '/v1/payouts').at(-1)?.headers['x-payout-idempotency']).toBe(
      `${s.number}-2`,
    );
    expect(await row(s.settlementId)).toMatchObject({ payout_status: 'processing', payout_attempts: 2 });
  });

  it('puts the settlement back to be paid with the reason on payout.failed', async () => {
    const s = await payable();
    await startPayout(s);
    await t.app.jobs.drain();
    const [payout] = payoutsOf(s.number);
    await fake.settlePayout(payout?.id as string, 'failed');
    expect(await row(s.settlementId)).toMatchObject({
      status: 'pending',
      payout_status: 'failed',
      provider_payout_id: payout?.id,
      payout_failure_reason: 'The beneficiary bank returned the payout. Check the account details and try again.',
    });
    expect(await payoutEntries(s.settlementId)).toBe(0);
    expect(
      await count(
        t.database,
        `audit_log where action = 'settlement.payout_failed' and entity_id = '${s.settlementId}'`,
      ),
    ).toBe(1);
    // Paid again: a new idempotency key, because RazorpayX failed every attempt under the first one.
    await startPayout(s);
    await t.app.jobs.drain();
    expect(payoutsOf(s.number)).toHaveLength(2);
  });

  it('finds a processed payout whose webhook never came, at the reconciliation, and pays it once', async () => {
    const s = await payable();
    await startPayout(s);
    await t.app.jobs.drain();
    const [payout] = payoutsOf(s.number);
    fake.webhooks.hold = true;
    try {
      await fake.settlePayout(payout?.id as string, 'processed', '512345678901');
    } finally {
      fake.webhooks.hold = false;
    }
    expect((await row(s.settlementId)).payout_status).toBe('processing');
    // Too recent to ask about yet.
    await reconcilePayouts(deps(new Date()), t.app.payouts);
    expect((await row(s.settlementId)).status).toBe('pending');

    const later = await reconcilePayouts(
      deps(new Date(Date.now() + PAYOUT_RECONCILE_AFTER_MS + 60_000)),
      t.app.payouts,
    );
    expect(later.paid).toBeGreaterThanOrEqual(1);
    expect(await row(s.settlementId)).toMatchObject({ status: 'paid', reference: '512345678901' });
    // The webhook arrives late: nothing is paid twice.
    await fake.deliverHeld();
    expect(await payoutEntries(s.settlementId)).toBe(1);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('retries only what may succeed: RazorpayX down leaves the payout under way, sent again with the same key', async () => {
    const s = await payable();
    for (let i = 0; i < 3; i++) fake.fault({ kind: 'status', status: 503 }, { path: '/v1/contacts' });
    await startPayout(s);
    await t.app.jobs.drain();
    expect(await row(s.settlementId)).toMatchObject({ status: 'pending', payout_status: 'requested' });
    const [job] = await t.database.query<{ state: string; last_error: string }>(
      `select state, last_error from jobs where unique_key = $1`,
      [`payout:${s.settlementId}:1`],
    );
    expect(job?.state).toBe('queued');
    expect(job?.last_error).toMatch(/SERVER_ERROR/);
    // The reconciliation sends it again (same key): RazorpayX answers, nothing is paid twice.
    await reconcilePayouts(deps(new Date(Date.now() + PAYOUT_RECONCILE_AFTER_MS + 60_000)), t.app.payouts);
    expect(await row(s.settlementId)).toMatchObject({ payout_status: 'processing' });
    expect(payoutsOf(s.number)).toHaveLength(1);
  });

  it('never gives up an answer it could not read as failed, and tells the admins when the last try found no answer', async () => {
    const s = await payable();
    await startPayout(s);
    const unreadable: PayoutProvider = {
      name: 'razorpayx',
      async pay() {
        throw new GatewayError({
          code: 'INVALID_RESPONSE',
          kind: 'invalid_response',
          retryable: false,
          operation: 'payout',
          description: 'not a RazorpayX payout entity',
        });
      },
    };
    const at = new Date();
    await expect(sendPayout(deps(at), unreadable, s.settlementId, 1)).rejects.toThrow(/INVALID_RESPONSE/);
    expect((await row(s.settlementId)).payout_status).toBe('requested');
    const down: PayoutProvider = {
      name: 'razorpayx',
      async pay() {
        throw new GatewayError({ code: 'SERVER_ERROR', kind: 'server', retryable: true, description: 'down' });
      },
    };
    await expect(sendPayout(deps(at), down, s.settlementId, 1, { lastTry: true })).rejects.toThrow(/SERVER_ERROR/);
    expect((await row(s.settlementId)).payout_status).toBe('requested');
    const [alert] = await t.database.query<{ title: string }>(
      `select title from notifications where type = 'admin_money_alert' and message like $1`,
      [`%${s.number}%`],
    );
    expect(alert?.title).toBe('Payout not confirmed');
  });

  it('refuses a seller without bank details before anything is sent', async () => {
    const s = await payable({ accountNumber: null });
    const before = fake.requests.length;
    const res = await startPayout(s);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/no bank account on record/);
    expect(fake.requests.length).toBe(before);
    expect(await row(s.settlementId)).toMatchObject({ payout_status: null, payout_attempts: 0 });
    expect(await count(t.database, `jobs where unique_key like 'payout:${s.settlementId}:%'`)).toBe(0);
  });

  it('tells the admin screen that payouts go through RazorpayX', async () => {
    const s = await payable();
    const overview = await call(t.app, 'GET', '/api/admin/finance', { token: s.token });
    expect(overview.json().payoutProvider).toBe('razorpayx');
    expect(overview.json().payouts.find((p: { id: string }) => p.id === s.settlementId)).toMatchObject({
      payoutStatus: null,
      providerPayoutId: null,
    });
  });
});
