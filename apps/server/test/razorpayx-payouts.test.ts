import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createManualPayouts } from '../src/modules/payments/providers/manual-payouts.ts';
import { GatewayError } from '../src/modules/payments/providers/razorpay-http.ts';
import { verifyWebhookSignature, WebhookFormatError } from '../src/modules/payments/providers/razorpay-webhook.ts';
import {
  createRazorpayXPayouts,
  IMPS_LIMIT_PAISE,
  mapPayoutStatus,
  parsePayoutWebhookBody,
  payoutMode,
  type RazorpayXPayouts,
  razorpayXFromConfig,
} from '../src/modules/payments/providers/razorpayx.ts';
import { type RazorpayFake, startRazorpayFake, startWebhookReceiver } from './fakes/razorpay-fake.ts';

/** RazorpayX payouts against the local fake of Razorpay's API; nothing here reaches Razorpay. */
let fake: RazorpayFake;
let waits: number[];

const account = { name: 'Patil Plastics Pvt Ltd', accountNumber: '50100123456789', ifsc: 'HDFC0000053' };

function payouts(over: Partial<Parameters<typeof createRazorpayXPayouts>[0]> = {}): RazorpayXPayouts {
  return createRazorpayXPayouts({
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    accountNumber: fake.accountNumber,
    apiBase: fake.url,
    timeoutMs: 2_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...over,
  });
}

async function caught(p: Promise<unknown>): Promise<GatewayError> {
  try {
    await p;
  } catch (err) {
    expect(err).toBeInstanceOf(GatewayError);
    return err as GatewayError;
  }
  throw new Error('expected a GatewayError');
}

beforeEach(async () => {
  fake = await startRazorpayFake();
  waits = [];
});
afterEach(async () => {
  await fake.close();
});

describe('RazorpayX payouts', () => {
  it('pays a seller: contact, bank fund account, then an IMPS payout keyed by our reference', async () => {
    const result = await payouts().pay({ reference: 'PO-2026-000042', amountPaise: 12_345_67, account });
    expect(result.status).toBe('processing');
    expect(result.providerPayoutId).toMatch(/^pout_/);
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/contacts',
      'POST /v1/fund_accounts',
      'POST /v1/payouts',
    ]);
    const sent = fake.requests[2];
    expect(sent?.headers['x-payout-idempotency']).toBe('PO-2026-000042');
    expect(sent?.body).toMatchObject({
      account_number: fake.accountNumber,
      amount: 12_345_67,
      currency: 'INR',
      mode: 'IMPS',
      purpose: 'payout',
      queue_if_low_balance: true,
      reference_id: 'PO-2026-000042',
      narration: 'Udyog Bazaar settlement',
    });
    expect([...fake.fundAccounts.values()][0]?.bank_account).toMatchObject({
      name: account.name,
      ifsc: account.ifsc,
      account_number: account.accountNumber,
    });
  });

  it('pays the same reference once: a second call answers the first payout, reusing contact and fund account', async () => {
    const p = payouts();
    const first = await p.pay({ reference: 'PO-2026-000043', amountPaise: 50_000, account });
    const again = await p.pay({ reference: 'PO-2026-000043', amountPaise: 50_000, account });
    expect(again.providerPayoutId).toBe(first.providerPayoutId);
    expect(fake.payouts.size).toBe(1);
    expect(fake.contacts.size).toBe(1);
    expect(fake.fundAccounts.size).toBe(1);
    await p.pay({ reference: 'PO-2026-000044', amountPaise: 70_000, account: { ...account, ifsc: 'hdfc0000053 ' } });
    expect(fake.payouts.size).toBe(2);
    expect(fake.contacts.size).toBe(1);
  });

  it('chooses IMPS up to ₹5,00,000 and RTGS above, or the configured mode', async () => {
    expect(payoutMode(IMPS_LIMIT_PAISE)).toBe('IMPS');
    expect(payoutMode(IMPS_LIMIT_PAISE + 1)).toBe('RTGS');
    const p = payouts();
    await p.pay({ reference: 'PO-MODE-1', amountPaise: IMPS_LIMIT_PAISE, account });
    await p.pay({ reference: 'PO-MODE-2', amountPaise: 6_00_000_00, account });
    await payouts({ mode: 'NEFT' }).pay({ reference: 'PO-MODE-3', amountPaise: 6_00_000_00, account });
    expect([...fake.payouts.values()].map((x) => x.mode)).toEqual(['IMPS', 'RTGS', 'NEFT']);
  });

  it('answers processed with the UTR when the bank settles at once, and reads a later state with fetchPayout', async () => {
    fake.payoutStatus = 'processed';
    const done = await payouts().pay({ reference: 'PO-UTR-1', amountPaise: 10_000, account });
    expect(done.status).toBe('processed');
    expect(done.utr).toMatch(/^[0-9]{12}$/);

    fake.payoutStatus = 'processing';
    const p = payouts();
    const started = await p.pay({ reference: 'PO-UTR-2', amountPaise: 10_000, account });
    const id = started.providerPayoutId as string;
    await fake.settlePayout(id, 'processed', '123456789012');
    expect(await p.fetchPayout(id)).toEqual({ status: 'processed', providerStatus: 'processed', utr: '123456789012' });
  });

  it('reports a payout the bank reversed as failed, with the reason', async () => {
    const p = payouts();
    const started = await p.pay({ reference: 'PO-REV-1', amountPaise: 10_000, account });
    await fake.settlePayout(started.providerPayoutId as string, 'reversed');
    expect(await p.fetchPayout(started.providerPayoutId as string)).toEqual({
      status: 'failed',
      providerStatus: 'reversed',
      failureReason: 'The beneficiary bank returned the payout. Check the account details and try again.',
    });
  });

  it('maps every RazorpayX payout state, and refuses one it does not know', () => {
    expect(
      ['queued', 'pending', 'scheduled', 'processing', 'processed', 'reversed', 'cancelled', 'rejected', 'failed'].map(
        mapPayoutStatus,
      ),
    ).toEqual(['pending', 'pending', 'pending', 'processing', 'processed', 'failed', 'failed', 'failed', 'failed']);
    expect(() => mapPayoutStatus('teleported')).toThrow(GatewayError);
  });

  it('pays once when the first payout answer is lost: the retry carries the same idempotency key', async () => {
    fake.fault({ kind: 'stall' }, { method: 'POST', path: '/v1/payouts' });
    const result = await payouts({ timeoutMs: 1_000 }).pay({ reference: 'PO-LOST-1', amountPaise: 10_000, account });
    expect(fake.payouts.size).toBe(1);
    expect(result.providerPayoutId).toBe([...fake.payouts.keys()][0]);
    const tries = fake.requests.filter((r) => r.path === '/v1/payouts');
    expect(tries.map((r) => r.headers['x-payout-idempotency'])).toEqual(['PO-LOST-1', 'PO-LOST-1']);
  });

  it('retries a 503 on the contact and a 429 on the payout, then pays once', async () => {
    fake.fault({ kind: 'status', status: 503 }, { path: '/v1/contacts' });
    fake.fault({ kind: 'status', status: 429, retryAfter: 1 }, { path: '/v1/payouts' });
    const result = await payouts().pay({ reference: 'PO-RETRY-1', amountPaise: 10_000, account });
    expect(result.status).toBe('processing');
    expect(fake.payouts.size).toBe(1);
    expect(waits).toEqual([300, 1_000]);
  });

  it('surfaces Razorpay refusing the payout (wrong RazorpayX account number) as a non-retryable error', async () => {
    const err = await caught(
      payouts({ accountNumber: '1111222233334444' }).pay({ reference: 'PO-BAD-1', amountPaise: 10_000, account }),
    );
    expect(err).toMatchObject({ kind: 'invalid_request', retryable: false, field: 'account_number', httpStatus: 400 });
    expect(fake.payouts.size).toBe(0);
  });

  it('refuses a bad IFSC, account number, name or amount before sending anything', async () => {
    const p = payouts();
    const cases = [
      { reference: 'PO-IN-1', amountPaise: 10_000, account: { ...account, ifsc: 'HDFC000053' } },
      { reference: 'PO-IN-2', amountPaise: 10_000, account: { ...account, accountNumber: '12-34' } },
      { reference: 'PO-IN-3', amountPaise: 10_000, account: { ...account, name: 'AB' } },
      { reference: 'PO-IN-4', amountPaise: 100.5, account },
      { reference: 'PO-IN-5', amountPaise: 99, account },
      { reference: '', amountPaise: 10_000, account },
    ];
    for (const c of cases) expect((await caught(p.pay(c))).kind).toBe('invalid_input');
    expect(fake.requests).toHaveLength(0);
  });

  it('says clearly when Razorpay refuses the keys', async () => {
    const err = await caught(
      payouts({ keySecret: 'nope' }).pay({ reference: 'PO-AUTH-1', amountPaise: 10_000, account }),
    );
    expect(err).toMatchObject({ kind: 'auth', retryable: false });
    expect(err.message).toContain('RAZORPAY_KEY_SECRET');
  });

  it('derives an accepted idempotency key from a reference Razorpay would refuse', async () => {
    await payouts().pay({ reference: 'PO/2026/000045', amountPaise: 10_000, account });
    expect(fake.requests.at(-1)?.headers['x-payout-idempotency']).toMatch(/^ub-[0-9a-f]{32}$/);
    expect(fake.payouts.size).toBe(1);
  });
});

describe('RazorpayX from configuration', () => {
  it('pays through the provider built from the loaded configuration', async () => {
    const provider = razorpayXFromConfig(
      loadConfig({
        PAYOUT_PROVIDER: 'razorpayx',
        RAZORPAY_KEY_ID: fake.keyId,
        RAZORPAY_KEY_SECRET: fake.keySecret,
        RAZORPAYX_ACCOUNT_NUMBER: fake.accountNumber,
        RAZORPAY_API_BASE: fake.url,
      }),
    );
    expect(provider.name).toBe('razorpayx');
    expect((await provider.pay({ reference: 'PO-CONF-1', amountPaise: 10_000, account })).status).toBe('processing');
    expect(() => razorpayXFromConfig(loadConfig({}))).toThrow(/needs RAZORPAY_KEY_ID/);
  });
});

describe('RazorpayX payout webhooks', () => {
  it('verifies and parses payout.processed with the UTR and payout.reversed with the reason', async () => {
    const receiver = await startWebhookReceiver();
    try {
      fake.webhooks.url = receiver.url;
      const p = payouts();
      const a = await p.pay({ reference: 'PO-HOOK-1', amountPaise: 25_000, account });
      const b = await p.pay({ reference: 'PO-HOOK-2', amountPaise: 35_000, account });
      await fake.settlePayout(a.providerPayoutId as string, 'processed', '402912345678');
      await fake.settlePayout(b.providerPayoutId as string, 'reversed');
      const [processed, reversed] = receiver.received;
      if (!processed || !reversed) throw new Error('no webhooks');
      expect(verifyWebhookSignature(processed.rawBody, processed.signature, fake.webhookSecret)).toBe(true);
      expect(parsePayoutWebhookBody(processed.rawBody, processed.eventId)).toEqual({
        id: processed.eventId,
        type: 'payout.processed',
        providerPayoutId: a.providerPayoutId,
        reference: 'PO-HOOK-1',
        amountPaise: 25_000,
        status: 'processed',
        utr: '402912345678',
      });
      expect(parsePayoutWebhookBody(reversed.rawBody, reversed.eventId)).toMatchObject({
        type: 'payout.reversed',
        reference: 'PO-HOOK-2',
        status: 'failed',
        failureReason: 'The beneficiary bank returned the payout. Check the account details and try again.',
      });
    } finally {
      await receiver.close();
    }
  });

  it('passes over events that are not payouts and refuses a body that is not Razorpay’s shape', () => {
    const other = Buffer.from(JSON.stringify({ entity: 'event', event: 'transaction.created', payload: {} }));
    expect(parsePayoutWebhookBody(other, 'Evt1')).toEqual({ id: 'Evt1', type: 'other', name: 'transaction.created' });
    expect(() => parsePayoutWebhookBody(Buffer.from('nope'), 'Evt2')).toThrow(WebhookFormatError);
    const noPayout = Buffer.from(JSON.stringify({ entity: 'event', event: 'payout.processed', payload: {} }));
    expect(() => parsePayoutWebhookBody(noPayout, 'Evt3')).toThrow(WebhookFormatError);
    expect(() => parsePayoutWebhookBody(other, undefined)).toThrow(WebhookFormatError);
  });
});

describe('manual payouts', () => {
  it('sends nothing and answers pending: the admin pays through the bank and enters the UTR', async () => {
    const manual = createManualPayouts();
    expect(manual.name).toBe('manual');
    expect(await manual.pay({ reference: 'PO-1', amountPaise: 10_000, account })).toEqual({ status: 'pending' });
    await expect(manual.pay({ reference: 'PO-2', amountPaise: 10.5, account })).rejects.toThrow(
      /whole number of paise/,
    );
  });
});
