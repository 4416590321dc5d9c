import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLedger, flowTotals } from '../src/modules/money/ledger.ts';
import { createRazorpayXPayouts } from '../src/modules/payments/providers/razorpayx.ts';
import { type RazorpayFake, startRazorpayFake } from './fakes/razorpay-fake.ts';
import { call, count, useTestApp } from './helpers.ts';
import { pendingSettlement } from './trade-fixtures.ts';

/** RazorpayX payout webhooks against the local fake of Razorpay's API, delivered to the app; nothing reaches Razorpay. */
const SECRET = 'razorpayx_webhook_secret_test';
const t = useTestApp({ RAZORPAYX_WEBHOOK_SECRET: SECRET });
let fake: RazorpayFake;

beforeAll(async () => {
  fake = await startRazorpayFake({ webhookSecret: SECRET });
  fake.webhooks.transport = async (body, headers) =>
    (await call(t.app, 'POST', '/api/payments/webhooks/razorpayx', { headers, body })).statusCode;
});
afterAll(async () => {
  await fake.close();
});

const settledOrder = () => pendingSettlement(t);

const settlement = async (id: string) =>
  (
    await t.database.query<{ status: string; reference: string | null }>(
      'select status, reference from settlements where id = $1',
      [id],
    )
  )[0];

describe('RazorpayX payout webhooks', () => {
  it('marks the settlement paid on payout.processed, once, and pending again on payout.reversed', async () => {
    const s = await settledOrder();
    const payouts = createRazorpayXPayouts({
      keyId: fake.keyId,
      keySecret: fake.keySecret,
      accountNumber: fake.accountNumber,
      apiBase: fake.url,
      timeoutMs: 2_000,
    });
    const account = { name: 'Patil Plastics Pvt Ltd', accountNumber: '50100123456789', ifsc: 'HDFC0000053' };
    const payout = await payouts.pay({ reference: s.number, amountPaise: s.netPaise, account });
    const processed = await fake.settlePayout(payout.providerPayoutId ?? '', 'processed', '123456789012');
    expect(await settlement(s.settlementId)).toEqual({ status: 'paid', reference: '123456789012' });
    expect(await count(t.database, `journal_entries where key = 'payout:${s.settlementId}'`)).toBe(1);
    // Razorpay retries a webhook: nothing changes the second time.
    expect(await fake.redeliver(processed)).toBe(200);
    expect(await count(t.database, `journal_entries where key like 'payout:${s.settlementId}%'`)).toBe(1);

    await fake.settlePayout(payout.providerPayoutId ?? '', 'reversed');
    expect(await settlement(s.settlementId)).toEqual({ status: 'pending', reference: null });
    expect(await count(t.database, `journal_entries where key = 'payout-reversal:${s.settlementId}:1'`)).toBe(1);
    expect(await count(t.database, `audit_log where action = 'settlement.payout_reversed'`)).toBe(1);
    const totals = await flowTotals(t.app.db);
    expect(totals.received).toBe(
      totals.paidOut +
        totals.commission +
        totals.gstOnCommission +
        totals.tcs +
        totals.tds +
        totals.refunded +
        totals.held,
    );
    // Paid again by the admin: a second payout entry, under its own key.
    const again = await call(t.app, 'POST', `/api/admin/settlements/${s.settlementId}/mark-paid`, {
      token: s.token,
      body: { reference: 'HDFCN52026112499' },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await count(t.database, `journal_entries where key = 'payout:${s.settlementId}:1'`)).toBe(1);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('refuses a bad signature and records nothing for a payout of another amount', async () => {
    const s = await settledOrder();
    const body = JSON.stringify({
      entity: 'event',
      event: 'payout.processed',
      payload: {
        payout: { entity: { id: 'pout_X', status: 'processed', amount: s.netPaise + 1, reference_id: s.number } },
      },
    });
    const bad = await call(t.app, 'POST', '/api/payments/webhooks/razorpayx', {
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': 'f'.repeat(64),
        'x-razorpay-event-id': 'e1',
      },
      body,
    });
    expect(bad.statusCode).toBe(400);
    const { createHmac } = await import('node:crypto');
    const signature = createHmac('sha256', SECRET).update(body).digest('hex');
    const wrong = await call(t.app, 'POST', '/api/payments/webhooks/razorpayx', {
      headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature, 'x-razorpay-event-id': 'e2' },
      body,
    });
    expect(wrong.json().outcome).toBe('amount_mismatch');
    expect((await settlement(s.settlementId))?.status).toBe('pending');
  });
});

describe('payouts with PAYOUT_PROVIDER=manual (the default)', () => {
  it('refuses "Pay via RazorpayX" with a clear 409, changes nothing, and keeps the bank file and the UTR form', async () => {
    const s = await settledOrder();
    const res = await call(t.app, 'POST', `/api/admin/settlements/${s.settlementId}/payout`, { token: s.token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/PAYOUT_PROVIDER=manual.*payout file.*UTR/);
    const [row] = await t.database.query<{ payout_status: string | null; payout_attempts: number }>(
      'select payout_status, payout_attempts from settlements where id = $1',
      [s.settlementId],
    );
    expect(row).toEqual({ payout_status: null, payout_attempts: 0 });
    expect(await count(t.database, `jobs where unique_key like 'payout:${s.settlementId}:%'`)).toBe(0);
    const overview = await call(t.app, 'GET', '/api/admin/finance', { token: s.token });
    expect(overview.json().payoutProvider).toBe('manual');
    const file = await call(t.app, 'GET', '/api/admin/finance/payout-file.csv', { token: s.token });
    expect(file.body).toContain(s.number);
    const paid = await call(t.app, 'POST', `/api/admin/settlements/${s.settlementId}/mark-paid`, {
      token: s.token,
      body: { reference: 'HDFCN52026112400' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', reference: 'HDFCN52026112400', payoutStatus: null });
  });
});
