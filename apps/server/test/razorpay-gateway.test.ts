import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { GatewayError } from '../src/modules/payments/providers/razorpay-http.ts';
import {
  createRazorpayGateway,
  type RazorpayGateway,
  razorpayGatewayFromConfig,
} from '../src/modules/payments/providers/razorpay.ts';
import { signWebhook } from '../src/modules/payments/providers/razorpay-webhook.ts';
import { type RazorpayFake, startRazorpayFake, startWebhookReceiver } from './fakes/razorpay-fake.ts';
import { paymentCapturedSample, paymentFailedSample, refundProcessedSample } from './fakes/razorpay-samples.ts';

/**
 * The Razorpay adapter against the local fake of Razorpay's API (test/fakes/razorpay-fake.ts). These tests prove
 * the adapter speaks the documented shapes and handles failures; they do not reach Razorpay.
 */
let fake: RazorpayFake;
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let waits: number[];

function gateway(over: Partial<Parameters<typeof createRazorpayGateway>[0]> = {}): RazorpayGateway {
  return createRazorpayGateway({
    keyId: fake.keyId,
    keySecret: fake.keySecret,
    webhookSecret: fake.webhookSecret,
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

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver.close();
});
beforeEach(async () => {
  fake = await startRazorpayFake();
  fake.webhooks.url = receiver.url;
  receiver.received.length = 0;
  waits = [];
});
afterEach(async () => {
  await fake.close();
});

describe('Razorpay gateway: orders', () => {
  it('creates an order for the amount in paise, in INR, with our receipt and notes, over basic auth', async () => {
    const { providerOrderId } = await gateway().createOrder({
      receipt: 'PAY-2026-000123',
      amountPaise: 1_18_000_00,
      notes: { order: 'UB-000123' },
    });
    expect(providerOrderId).toMatch(/^order_[A-Za-z0-9]{14}$/);
    expect(fake.orders.get(providerOrderId)).toMatchObject({
      amount: 1_18_000_00,
      currency: 'INR',
      receipt: 'PAY-2026-000123',
      notes: { order: 'UB-000123' },
      status: 'created',
    });
    const sent = fake.requests[0];
    expect(sent?.headers.authorization).toBe(
      `Basic ${Buffer.from(`${fake.keyId}:${fake.keySecret}`).toString('base64')}`,
    );
  });

  it('refuses an amount that is not whole paise, below ₹1, or a receipt over 40 characters, sending nothing', async () => {
    const g = gateway();
    for (const amountPaise of [100.5, 99, 0, -100, Number.NaN, 2 ** 60]) {
      const err = await caught(g.createOrder({ receipt: 'PAY-1', amountPaise }));
      expect(err.kind).toBe('invalid_input');
      expect(err.code).toBe('INVALID_AMOUNT');
    }
    expect((await caught(g.createOrder({ receipt: 'R'.repeat(41), amountPaise: 100 }))).kind).toBe('invalid_input');
    expect((await caught(g.createOrder({ receipt: '', amountPaise: 100 }))).kind).toBe('invalid_input');
    expect(fake.requests).toHaveLength(0);
  });

  it('answers null for checkoutUrl: the page opens Checkout.js with the public key id', () => {
    const g = gateway();
    expect(g.checkoutUrl({ providerOrderId: 'order_X', returnUrl: 'http://x' })).toBeNull();
    expect(g.keyId).toBe(fake.keyId);
    expect(g.name).toBe('razorpay');
  });
});

describe('Razorpay gateway: payments and reconciliation', () => {
  it('lists the payments of an order, failed and captured, as Razorpay holds them', async () => {
    const g = gateway();
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-2', amountPaise: 50_000 });
    expect(await g.fetchOrderPayments(providerOrderId)).toEqual([]);
    const failed = await fake.pay(providerOrderId, { outcome: 'fail' });
    const paid = await fake.pay(providerOrderId, { outcome: 'capture', method: 'netbanking' });
    const payments = await g.fetchOrderPayments(providerOrderId);
    expect(payments).toEqual([
      {
        providerPaymentId: failed.payment.id,
        providerOrderId,
        status: 'failed',
        amountPaise: 50_000,
        method: 'upi',
      },
      {
        providerPaymentId: paid.payment.id,
        providerOrderId,
        status: 'captured',
        amountPaise: 50_000,
        method: 'netbanking',
      },
    ]);
    expect(await g.fetchPayment(paid.payment.id as string)).toEqual(payments[1]);
  });

  it('refuses ids that are not Razorpay ids before they reach a URL', async () => {
    const g = gateway();
    expect((await caught(g.fetchOrderPayments('order_x/../../payouts'))).kind).toBe('invalid_input');
    expect((await caught(g.fetchPayment('order_abc'))).kind).toBe('invalid_input');
    expect(fake.requests).toHaveLength(0);
  });

  it('surfaces an unknown order as Razorpay’s BAD_REQUEST_ERROR, not retried', async () => {
    const err = await caught(gateway().fetchOrderPayments('order_DoesNotExist01'));
    expect(err).toMatchObject({
      kind: 'invalid_request',
      code: 'BAD_REQUEST_ERROR',
      httpStatus: 400,
      retryable: false,
      description: 'The id provided does not exist',
    });
    expect(fake.requests).toHaveLength(1);
  });
});

describe('Razorpay gateway: refunds', () => {
  async function capturedPayment(amountPaise: number) {
    const g = gateway();
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-R', amountPaise });
    const { payment } = await fake.pay(providerOrderId);
    return { g, paymentId: payment.id as string };
  }

  it('refunds a payment in full: processed, and the payment is refunded', async () => {
    const { g, paymentId } = await capturedPayment(75_000);
    const refund = await g.refund({ providerPaymentId: paymentId, amountPaise: 75_000, receipt: 'RF-2026-000001' });
    expect(refund.providerRefundId).toMatch(/^rfnd_/);
    expect(refund.status).toBe('processed');
    expect(fake.payments.get(paymentId)?.status).toBe('refunded');
    const sent = fake.requests.at(-1);
    expect(sent?.body).toEqual({ amount: 75_000, speed: 'normal', receipt: 'RF-2026-000001' });
    expect(sent?.headers['x-refund-idempotency']).toBe('RF-2026-000001');
    expect((await g.fetchPayment(paymentId)).status).toBe('refunded');
  });

  it('refunds in parts, and refuses a refund beyond what is left as a non-retryable error naming the amount', async () => {
    const { g, paymentId } = await capturedPayment(10_000);
    await g.refund({ providerPaymentId: paymentId, amountPaise: 4_000, receipt: 'RF-PART-0001' });
    await g.refund({ providerPaymentId: paymentId, amountPaise: 5_000, receipt: 'RF-PART-0002' });
    expect(fake.payments.get(paymentId)).toMatchObject({ status: 'captured', amount_refunded: 9_000 });
    const err = await caught(g.refund({ providerPaymentId: paymentId, amountPaise: 1_001, receipt: 'RF-PART-0003' }));
    expect(err).toMatchObject({ kind: 'invalid_request', retryable: false, field: 'amount', httpStatus: 400 });
    expect(err.description).toBe('The total refund amount is greater than the refund payment amount');
    expect(fake.refunds.size).toBe(2);
    await g.refund({ providerPaymentId: paymentId, amountPaise: 1_000, receipt: 'RF-PART-0003' });
    expect(fake.payments.get(paymentId)?.status).toBe('refunded');
  });

  it('sends a short or odd receipt as a derived idempotency key Razorpay accepts, the same on every try', async () => {
    const { g, paymentId } = await capturedPayment(10_000);
    await g.refund({ providerPaymentId: paymentId, amountPaise: 100, receipt: 'R/1' });
    const key = fake.requests.at(-1)?.headers['x-refund-idempotency'];
    expect(key).toMatch(/^ub-refund-[0-9a-f]{32}$/);
    await g.refund({ providerPaymentId: paymentId, amountPaise: 100, receipt: 'R/1' });
    expect(fake.requests.at(-1)?.headers['x-refund-idempotency']).toBe(key);
    expect(fake.refunds.size).toBe(1);
  });

  it('refunds once when the first answer is lost: the retry carries the same idempotency key', async () => {
    const { paymentId } = await capturedPayment(20_000);
    fake.fault({ kind: 'stall' }, { method: 'POST', path: /\/refund$/ });
    const g = gateway({ timeoutMs: 1_000 });
    const refund = await g.refund({ providerPaymentId: paymentId, amountPaise: 20_000, receipt: 'RF-LOST-0001' });
    expect(fake.refunds.size).toBe(1);
    expect(refund.providerRefundId).toBe([...fake.refunds.keys()][0]);
    const tries = fake.requests.filter((r) => r.path.endsWith('/refund'));
    expect(tries).toHaveLength(2);
    expect(tries.map((r) => r.headers['x-refund-idempotency'])).toEqual(['RF-LOST-0001', 'RF-LOST-0001']);
  });

  it('refuses a refund of a payment that was never captured', async () => {
    const g = gateway();
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-F', amountPaise: 10_000 });
    const { payment } = await fake.pay(providerOrderId, { outcome: 'fail' });
    const err = await caught(
      g.refund({ providerPaymentId: payment.id as string, amountPaise: 10_000, receipt: 'RF-FAILED-01' }),
    );
    expect(err.kind).toBe('invalid_request');
  });
});

describe('Razorpay gateway: checkout signature', () => {
  it('accepts the signature Checkout returns and refuses a bad, missing, short or swapped one', async () => {
    const g = gateway();
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-S', amountPaise: 10_000 });
    const { payment, signature } = await fake.pay(providerOrderId);
    const providerPaymentId = payment.id as string;
    expect(g.verifyPaymentSignature({ providerOrderId, providerPaymentId, signature })).toBe(true);
    expect(g.verifyPaymentSignature({ providerOrderId, providerPaymentId, signature: signature.toUpperCase() })).toBe(
      true,
    );
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    for (const bad of [flipped, '', signature.slice(0, 32), `${signature}00`, 'z'.repeat(64)]) {
      expect(g.verifyPaymentSignature({ providerOrderId, providerPaymentId, signature: bad })).toBe(false);
    }
    // Signed for another order, or with the order and payment swapped.
    expect(g.verifyPaymentSignature({ providerOrderId: 'order_Other0000000', providerPaymentId, signature })).toBe(
      false,
    );
    expect(
      g.verifyPaymentSignature({ providerOrderId: providerPaymentId, providerPaymentId: providerOrderId, signature }),
    ).toBe(false);
    // Signed with another key secret.
    const other = gateway({ keySecret: 'another_secret' });
    expect(other.verifyPaymentSignature({ providerOrderId, providerPaymentId, signature })).toBe(false);
  });
});

describe('Razorpay gateway: webhooks', () => {
  it('verifies and parses the payment.captured webhook the fake sends when the buyer pays', async () => {
    const g = gateway();
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-W1', amountPaise: 2_50_000 });
    const { payment, eventId } = await fake.pay(providerOrderId, { method: 'card' });
    expect(receiver.received).toHaveLength(1);
    const w = receiver.received[0];
    if (!w) throw new Error('no webhook');
    expect(w.eventId).toBe(eventId);
    expect(g.verifyWebhook(w.rawBody, w.signature)).toBe(true);
    expect(g.parseWebhook(w.rawBody, w.eventId)).toEqual({
      id: eventId,
      type: 'payment.captured',
      providerOrderId,
      providerPaymentId: payment.id,
      amountPaise: 2_50_000,
      method: 'card',
    });
  });

  it('parses payment.failed with the reason the buyer is shown', async () => {
    const g = gateway();
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-W2', amountPaise: 10_000 });
    await fake.pay(providerOrderId, { outcome: 'fail' });
    const w = receiver.received[0];
    if (!w) throw new Error('no webhook');
    expect(g.verifyWebhook(w.rawBody, w.signature)).toBe(true);
    expect(g.parseWebhook(w.rawBody, w.eventId)).toMatchObject({
      type: 'payment.failed',
      providerOrderId,
      amountPaise: 10_000,
      errorDescription: 'Payment failed because the customer cancelled it on the UPI app.',
    });
  });

  it('parses refund.processed, which may arrive before refund() has even answered, with the same refund id', async () => {
    const g = gateway();
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-W3', amountPaise: 30_000 });
    const { payment } = await fake.pay(providerOrderId);
    receiver.received.length = 0;
    const refund = await g.refund({
      providerPaymentId: payment.id as string,
      amountPaise: 12_000,
      receipt: 'RF-W3-000001',
    });
    const w = receiver.received[0];
    if (!w) throw new Error('no webhook');
    expect(g.verifyWebhook(w.rawBody, w.signature)).toBe(true);
    expect(g.parseWebhook(w.rawBody, w.eventId)).toEqual({
      id: w.eventId,
      type: 'refund.processed',
      providerPaymentId: payment.id,
      providerRefundId: refund.providerRefundId,
      amountPaise: 12_000,
    });
  });

  it('parses refund.failed when the bank returns a refund', async () => {
    const g = gateway();
    fake.refundStatus = 'pending';
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-W4', amountPaise: 30_000 });
    const { payment } = await fake.pay(providerOrderId);
    const refund = await g.refund({
      providerPaymentId: payment.id as string,
      amountPaise: 30_000,
      receipt: 'RF-W4-000001',
    });
    expect(refund.status).toBe('pending');
    receiver.received.length = 0;
    await fake.settleRefund(refund.providerRefundId, 'failed');
    const w = receiver.received[0];
    if (!w) throw new Error('no webhook');
    expect(g.parseWebhook(w.rawBody, w.eventId)).toMatchObject({
      type: 'refund.failed',
      providerRefundId: refund.providerRefundId,
      amountPaise: 30_000,
    });
  });

  it('refuses a webhook signed with another secret, with no signature, or with its body changed', async () => {
    const g = gateway();
    fake.webhooks.badSignature = true;
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-W5', amountPaise: 10_000 });
    await fake.pay(providerOrderId);
    const w = receiver.received[0];
    if (!w) throw new Error('no webhook');
    expect(g.verifyWebhook(w.rawBody, w.signature)).toBe(false);
    expect(g.verifyWebhook(w.rawBody, undefined)).toBe(false);
    expect(g.verifyWebhook(w.rawBody, '')).toBe(false);
    const good = signWebhook(w.rawBody, fake.webhookSecret);
    expect(g.verifyWebhook(w.rawBody, good)).toBe(true);
    const tampered = Buffer.from(w.rawBody.toString('utf8').replace('"amount":10000', '"amount":1'));
    expect(g.verifyWebhook(tampered, good)).toBe(false);
    expect(g.verifyWebhook(w.rawBody, good.slice(0, 63))).toBe(false);
  });

  it('sends a duplicate delivery with the same X-Razorpay-Event-Id, the key the flows deduplicate on', async () => {
    const g = gateway();
    fake.webhooks.duplicate = 2;
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-W6', amountPaise: 10_000 });
    await fake.pay(providerOrderId);
    expect(receiver.received).toHaveLength(2);
    const [a, b] = receiver.received.map((w) => g.parseWebhook(w.rawBody, w.eventId));
    expect(a).toEqual(b);
    expect(a?.id).toBe(receiver.received[1]?.eventId);
  });

  it('can hand its webhooks to a transport instead of a URL (the app’s route through inject)', async () => {
    const g = gateway();
    const seen: Array<{ body: string; headers: Record<string, string> }> = [];
    fake.webhooks.transport = async (body, headers) => {
      seen.push({ body, headers });
      return 200;
    };
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-W9', amountPaise: 10_000 });
    const { eventId } = await fake.pay(providerOrderId);
    expect(receiver.received).toHaveLength(0);
    const [d] = seen;
    if (!d) throw new Error('no delivery');
    expect(d.headers['x-razorpay-event-id']).toBe(eventId);
    expect(g.verifyWebhook(Buffer.from(d.body), d.headers['x-razorpay-signature'])).toBe(true);
    expect(fake.webhooks.deliveries).toEqual([{ eventId, event: 'payment.captured', status: 200 }]);
  });

  it('parses reordered deliveries (captured before the earlier failed attempt) each on its own', async () => {
    const g = gateway();
    fake.webhooks.hold = true;
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-W7', amountPaise: 10_000 });
    await fake.pay(providerOrderId, { outcome: 'fail' });
    await fake.pay(providerOrderId, { outcome: 'capture' });
    expect(receiver.received).toHaveLength(0);
    await fake.deliverHeld({ reverse: true });
    const events = receiver.received.map((w) => g.parseWebhook(w.rawBody, w.eventId));
    expect(events.map((e) => e.type)).toEqual(['payment.captured', 'payment.failed']);
    expect(new Set(events.map((e) => e.id)).size).toBe(2);
  });

  it('reports a paid amount different from the order’s as it is, for the flows to refuse (amount mismatch)', async () => {
    const g = gateway();
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-W8', amountPaise: 10_000 });
    await fake.pay(providerOrderId, { amountPaise: 100 });
    const w = receiver.received[0];
    if (!w) throw new Error('no webhook');
    expect(g.verifyWebhook(w.rawBody, w.signature)).toBe(true);
    expect(g.parseWebhook(w.rawBody, w.eventId)).toMatchObject({ providerOrderId, amountPaise: 100 });
    expect((await g.fetchOrderPayments(providerOrderId))[0]?.amountPaise).toBe(100);
  });

  it('passes over a payment made without an order of ours instead of refusing it (Razorpay would disable the hook)', () => {
    const g = gateway();
    const sample = JSON.parse(paymentCapturedSample) as { payload: { payment: { entity: { order_id: unknown } } } };
    sample.payload.payment.entity.order_id = null;
    expect(g.parseWebhook(Buffer.from(JSON.stringify(sample)), 'EvtQr0001')).toEqual({
      id: 'EvtQr0001',
      type: 'other',
      name: 'payment.captured',
    });
  });

  it('accepts the previous webhook secret while redeliveries signed with it are still coming', () => {
    const body = Buffer.from(paymentCapturedSample);
    const oldSignature = signWebhook(body, 'old-webhook-secret');
    expect(gateway().verifyWebhook(body, oldSignature)).toBe(false);
    expect(gateway({ previousWebhookSecret: 'old-webhook-secret' }).verifyWebhook(body, oldSignature)).toBe(true);
    expect(gateway({ previousWebhookSecret: 'old-webhook-secret' }).verifyWebhook(body, signWebhook(body, 'x'))).toBe(
      false,
    );
  });

  it('parses the samples of Razorpay’s webhook documentation', () => {
    const g = gateway();
    const captured = Buffer.from(paymentCapturedSample);
    expect(g.verifyWebhook(captured, signWebhook(captured, fake.webhookSecret))).toBe(true);
    expect(g.parseWebhook(captured, 'EvtCaptured0001')).toEqual({
      id: 'EvtCaptured0001',
      type: 'payment.captured',
      providerOrderId: 'order_DESlLckIVRkHWj',
      providerPaymentId: 'pay_DESlfW9H8K9uqM',
      amountPaise: 100,
      method: 'netbanking',
    });
    expect(g.parseWebhook(Buffer.from(paymentFailedSample), 'EvtFailed0001')).toEqual({
      id: 'EvtFailed0001',
      type: 'payment.failed',
      providerOrderId: 'order_DESmRDCAdJYLFd',
      providerPaymentId: 'pay_DESmgdyC9knAvX',
      amountPaise: 100,
      method: 'netbanking',
      errorDescription: 'Payment failed',
    });
    expect(g.parseWebhook(Buffer.from(refundProcessedSample), 'EvtRefund0001')).toEqual({
      id: 'EvtRefund0001',
      type: 'refund.processed',
      providerPaymentId: 'pay_EE3Rp2HXbcdQBv',
      providerRefundId: 'rfnd_EE3XHxMPGHGXvz',
      amountPaise: 100,
    });
    const orderPaid = Buffer.from(JSON.stringify({ entity: 'event', event: 'order.paid', payload: {} }));
    expect(g.parseWebhook(orderPaid, 'EvtOther0001')).toEqual({
      id: 'EvtOther0001',
      type: 'other',
      name: 'order.paid',
    });
  });
});

describe('Razorpay gateway: retries, timeouts and failures', () => {
  it('retries a 503 and succeeds, waiting 300 ms then 900 ms', async () => {
    fake.fault({ kind: 'status', status: 503 });
    fake.fault({ kind: 'status', status: 502 });
    const { providerOrderId } = await gateway().createOrder({ receipt: 'PAY-T1', amountPaise: 10_000 });
    expect(providerOrderId).toMatch(/^order_/);
    expect(fake.requests).toHaveLength(3);
    expect(fake.orders.size).toBe(1);
    expect(waits).toEqual([300, 900]);
  });

  it('waits what Retry-After says after a 429, then succeeds', async () => {
    fake.fault({ kind: 'status', status: 429, retryAfter: 2 });
    const g = gateway();
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-T2', amountPaise: 10_000 });
    fake.fault({ kind: 'status', status: 429 });
    expect(await g.fetchOrderPayments(providerOrderId)).toEqual([]);
    expect(waits).toEqual([2_000, 300]);
  });

  it('gives up after three attempts with a retryable server error the caller can try later', async () => {
    for (let i = 0; i < 3; i++) fake.fault({ kind: 'status', status: 500 });
    const err = await caught(gateway().fetchOrderPayments('order_Whatever000001'));
    expect(err).toMatchObject({ kind: 'server', code: 'SERVER_ERROR', retryable: true, httpStatus: 500 });
    expect(fake.requests).toHaveLength(3);
  });

  it('does not retry a request Razorpay refused as invalid', async () => {
    const g = gateway();
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-T3', amountPaise: 10_000 });
    const { payment } = await fake.pay(providerOrderId);
    fake.requests.length = 0;
    await caught(g.refund({ providerPaymentId: payment.id as string, amountPaise: 20_000, receipt: 'RF-T3-000001' }));
    expect(fake.requests).toHaveLength(1);
    expect(waits).toEqual([]);
  });

  it('times out a response slower than timeoutMs, retries, and reports a retryable timeout', async () => {
    fake.fault({ kind: 'hang' });
    fake.fault({ kind: 'hang' });
    const err = await caught(gateway({ timeoutMs: 100, maxAttempts: 2 }).fetchPayment('pay_Slow0000000001'));
    expect(err).toMatchObject({ kind: 'timeout', code: 'TIMEOUT', retryable: true });
    expect(err.message).toContain('no answer within 100 ms');
    expect(fake.requests).toHaveLength(2);
  });

  it('after a lost create-order answer, returns the retry’s order: the orphan holds no money and no one has its id', async () => {
    fake.fault({ kind: 'stall' }, { method: 'POST', path: '/v1/orders' });
    const { providerOrderId } = await gateway({ timeoutMs: 1_000 }).createOrder({
      receipt: 'PAY-T4',
      amountPaise: 10_000,
    });
    expect(fake.orders.size).toBe(2);
    const [orphan, kept] = [...fake.orders.values()];
    expect(kept?.id).toBe(providerOrderId);
    expect(orphan).toMatchObject({ status: 'created', amount_paid: 0 });
  });

  it('reports a network failure as retryable after trying three times', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await caught(gateway({ apiBase: `http://127.0.0.1:${port}` }).fetchPayment('pay_Nowhere00000001'));
    expect(err).toMatchObject({ kind: 'network', code: 'NETWORK_ERROR', retryable: true });
    expect(waits).toHaveLength(2);
  });

  it('says clearly when Razorpay refuses the keys, and does not retry', async () => {
    const err = await caught(gateway({ keySecret: 'wrong' }).createOrder({ receipt: 'PAY-T5', amountPaise: 10_000 }));
    expect(err).toMatchObject({ kind: 'auth', httpStatus: 401, retryable: false, code: 'BAD_REQUEST_ERROR' });
    expect(err.message).toContain('Authentication failed');
    expect(err.message).toContain('RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET');
    expect(fake.requests).toHaveLength(1);
  });

  it('refuses to start without the keys or the webhook secret', () => {
    expect(() => gateway({ keyId: '' })).toThrow(/RAZORPAY_KEY_ID/);
    expect(() => gateway({ webhookSecret: '' })).toThrow(/RAZORPAY_WEBHOOK_SECRET/);
  });
});

describe('Razorpay gateway: a webhook our server is not ready for is delivered again and then matched', () => {
  it('matches a capture whose first delivery was refused because our order row was not stored yet', async () => {
    // Our side: the rows the flows keep, looked up by the provider's order id. The first delivery arrives before
    // the row is committed, is answered 503 (not 2xx, so Razorpay delivers it again, for up to 24 hours), and the
    // redelivery finds the row. The adapter's part: every event carries Razorpay's own ids, exactly those
    // createOrder and refund returned, so matching needs nothing but them.
    const stored = new Map<string, string>();
    const matched: string[] = [];
    const g = gateway();
    const late = await startWebhookReceiver((w) => {
      if (!g.verifyWebhook(w.rawBody, w.signature)) return 400;
      const event = g.parseWebhook(w.rawBody, w.eventId);
      if (event.type !== 'payment.captured') return 200;
      const ours = stored.get(event.providerOrderId);
      if (!ours) return 503;
      matched.push(ours);
      return 200;
    });
    try {
      fake.webhooks.url = late.url;
      const { providerOrderId } = await g.createOrder({ receipt: 'PAY-LATE-1', amountPaise: 10_000 });
      const { eventId } = await fake.pay(providerOrderId);
      expect(late.received.map((w) => w.status)).toEqual([503]);
      stored.set(providerOrderId, 'PAY-LATE-1');
      expect(await fake.redeliver(eventId)).toBe(200);
      expect(matched).toEqual(['PAY-LATE-1']);
      expect(late.received.map((w) => w.eventId)).toEqual([eventId, eventId]);
    } finally {
      await late.close();
    }
  });
});

describe('Razorpay configuration', () => {
  function configError(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('loadConfig accepted a bad value');
  }
  const keys = {
    RAZORPAY_KEY_ID: 'rzp_live_AbCdEfGh123456',
    RAZORPAY_KEY_SECRET: 'live-secret-0123456789',
    RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-0123',
  };

  it('stops start-up naming what PAYMENT_PROVIDER=razorpay is missing', () => {
    expect(configError({ PAYMENT_PROVIDER: 'razorpay' })).toContain(
      'RAZORPAY_KEY_ID: PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET',
    );
    expect(configError({ PAYMENT_PROVIDER: 'razorpay', ...keys, RAZORPAY_WEBHOOK_SECRET: '' })).toContain(
      'PAYMENT_PROVIDER=razorpay needs RAZORPAY_WEBHOOK_SECRET',
    );
    expect(configError({ PAYMENT_PROVIDER: 'stripe' })).toContain('PAYMENT_PROVIDER: must be test or razorpay');
    expect(configError({ ...keys, RAZORPAY_KEY_ID: 'key_123' })).toContain(
      'RAZORPAY_KEY_ID: must be a Razorpay key id',
    );
  });

  it('accepts Razorpay with its three keys, and the API address defaults to Razorpay’s', () => {
    const c = loadConfig({ PAYMENT_PROVIDER: 'razorpay', ...keys });
    expect(c).toMatchObject({
      PAYMENT_PROVIDER: 'razorpay',
      ...keys,
      RAZORPAY_API_BASE: 'https://api.razorpay.com/v1',
    });
    expect(loadConfig({}).PAYOUT_PROVIDER).toBe('manual');
    expect(loadConfig({}).PAYMENT_PROVIDER).toBeUndefined();
  });

  it('builds the gateway from the loaded configuration', async () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'razorpay',
      RAZORPAY_KEY_ID: fake.keyId,
      RAZORPAY_KEY_SECRET: fake.keySecret,
      RAZORPAY_WEBHOOK_SECRET: fake.webhookSecret,
      RAZORPAY_API_BASE: `${fake.url}/v1`,
    });
    const g = razorpayGatewayFromConfig(config);
    expect(g.keyId).toBe(fake.keyId);
    const { providerOrderId } = await g.createOrder({ receipt: 'PAY-CONF-1', amountPaise: 10_000 });
    expect(fake.orders.has(providerOrderId)).toBe(true);
    expect(() => razorpayGatewayFromConfig(loadConfig({}))).toThrow(/needs RAZORPAY_KEY_ID/);
  });

  it('needs the keys and the account number for PAYOUT_PROVIDER=razorpayx', () => {
    expect(configError({ PAYOUT_PROVIDER: 'razorpayx' })).toContain(
      'PAYOUT_PROVIDER=razorpayx needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET',
    );
    expect(configError({ PAYOUT_PROVIDER: 'razorpayx', ...keys })).toContain(
      'RAZORPAYX_ACCOUNT_NUMBER: PAYOUT_PROVIDER=razorpayx needs RAZORPAYX_ACCOUNT_NUMBER',
    );
    expect(
      loadConfig({ PAYOUT_PROVIDER: 'razorpayx', ...keys, RAZORPAYX_ACCOUNT_NUMBER: '7878780080316316' })
        .RAZORPAYX_ACCOUNT_NUMBER,
    ).toBe('7878780080316316');
  });
});
