import { createHmac, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the parts of Razorpay's API that our adapters call, for tests only: it is not Razorpay and
 * proves nothing about Razorpay's servers, only that our adapters speak the documented shapes. It listens on
 * 127.0.0.1 on a free port, checks basic auth, keeps orders, payments, refunds, contacts, fund accounts and
 * payouts in memory, answers with Razorpay's entity and error shapes, and (when given a URL) signs and POSTs
 * Razorpay-format webhooks with X-Razorpay-Signature and X-Razorpay-Event-Id.
 *
 * Error descriptions marked (docs) are Razorpay's documented text; the others are close paraphrases of what the
 * live API answers, with the documented `code` and HTTP status.
 *
 * Knobs: `fault()` makes the next matching request answer an HTTP error (5xx, 429 with Retry-After), hang without
 * acting ("slow past the timeout"), or act and then hang (the answer is lost after Razorpay did the work).
 * Webhooks: `webhooks.duplicate` sends each event that many times, `webhooks.badSignature` signs with a wrong
 * secret, `webhooks.hold` keeps events until `deliverHeld({ reverse })` (reordered delivery), and `pay()` can pay
 * an amount different from the order's (amount mismatch, which real Razorpay would refuse).
 */
export interface RazorpayFakeOptions {
  keyId?: string;
  keySecret?: string;
  webhookSecret?: string;
  /** The RazorpayX account number payouts must be paid from. */
  accountNumber?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

type Json = Record<string, unknown>;

type Fault =
  | { kind: 'status'; status: number; retryAfter?: number; body?: Json }
  /** Never answers and does not act: a request lost on the way in, or a server too slow to reach it. */
  | { kind: 'hang' }
  /** Acts (creates the order, refund, payout), then never answers: the answer is lost on the way back. */
  | { kind: 'stall' };

interface PendingFault {
  fault: Fault;
  match?: (method: string, path: string) => boolean;
}

export interface Delivery {
  eventId: string;
  event: string;
  status: number | 'error';
}

interface HeldEvent {
  eventId: string;
  body: string;
  event: string;
}

export interface RazorpayFake {
  /** Base URL to give the adapter as apiBase. */
  url: string;
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  accountNumber: string;
  requests: RecordedRequest[];
  orders: Map<string, Json>;
  payments: Map<string, Json>;
  refunds: Map<string, Json>;
  contacts: Map<string, Json>;
  fundAccounts: Map<string, Json>;
  payouts: Map<string, Json>;
  webhooks: {
    /** Where events are POSTed; without it (and without `transport`) events are held. */
    url?: string;
    /**
     * Delivers instead of POSTing to `url`, answering the HTTP status: for tests that hand the webhook to the app
     * with `app.inject` (the real route, no port). Gets the raw body and the headers Razorpay sends.
     */
    transport?: (body: string, headers: Record<string, string>) => Promise<number>;
    /** Times each event is sent (2 = a duplicate delivery). */
    duplicate: number;
    badSignature: boolean;
    hold: boolean;
    deliveries: Delivery[];
  };
  /** Status new refunds get; `processed` also emits refund.processed at once. */
  refundStatus: 'pending' | 'processed';
  /** Status new payouts get. */
  payoutStatus: 'queued' | 'processing' | 'processed';
  fault(fault: Fault, match?: { method?: string; path?: RegExp | string }): void;
  /** The customer pays an order in Checkout: the payment is captured or fails, and its webhook is sent. */
  pay(
    orderId: string,
    opts?: { outcome?: 'capture' | 'fail'; method?: string; amountPaise?: number },
  ): Promise<{ payment: Json; eventId: string; signature: string }>;
  /** The bank settles a refund: processed or failed, with its webhook. */
  settleRefund(refundId: string, status: 'processed' | 'failed'): Promise<string>;
  /** The bank settles a payout; its RazorpayX webhook (payout.processed, .reversed, .failed) is sent. */
  settlePayout(payoutId: string, status: 'processed' | 'reversed' | 'failed', utr?: string): Promise<string>;
  /** Sends the held events, in the order they were made or reversed. */
  deliverHeld(opts?: { reverse?: boolean }): Promise<void>;
  /** Sends one held or sent event again (Razorpay retries a webhook our server did not answer 2xx). */
  redeliver(eventId: string): Promise<number | 'error'>;
  close(): Promise<void>;
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
function rzpId(prefix: string): string {
  let s = '';
  for (let i = 0; i < 14; i++) s += BASE62[randomInt(BASE62.length)];
  return prefix ? `${prefix}_${s}` : s;
}
const now = () => Math.floor(Date.now() / 1000);

function error(
  status: number,
  description: string,
  extra: { code?: string; field?: string | null; reason?: string; source?: string; step?: string } = {},
): { status: number; body: Json } {
  return {
    status,
    body: {
      error: {
        code: extra.code ?? (status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR'),
        description,
        source: extra.source ?? 'business',
        step: extra.step ?? 'payment_initiation',
        reason: extra.reason ?? 'input_validation_failed',
        metadata: {},
        field: extra.field ?? null,
      },
    },
  };
}

const notFound = () => error(400, 'The id provided does not exist', { field: 'id' });

export async function startRazorpayFake(options: RazorpayFakeOptions = {}): Promise<RazorpayFake> {
  const keyId = options.keyId ?? 'rzp_test_FakeKey000001';
  const keySecret = options.keySecret ?? 'fake_key_secret';
  const webhookSecret = options.webhookSecret ?? 'fake_webhook_secret';
  const accountNumber = options.accountNumber ?? '7878780080316316';
  const faults: PendingFault[] = [];
  const held: HeldEvent[] = [];
  const sent = new Map<string, HeldEvent>();
  const refundKeys = new Map<string, { body: string; refundId: string }>();
  const payoutKeys = new Map<string, { body: string; payoutId: string }>();
  const hanging = new Set<ServerResponse>();

  const fake: RazorpayFake = {
    url: '',
    keyId,
    keySecret,
    webhookSecret,
    accountNumber,
    requests: [],
    orders: new Map(),
    payments: new Map(),
    refunds: new Map(),
    contacts: new Map(),
    fundAccounts: new Map(),
    payouts: new Map(),
    webhooks: { duplicate: 1, badSignature: false, hold: false, deliveries: [] },
    refundStatus: 'processed',
    payoutStatus: 'processing',
    fault(fault, match) {
      const m = match
        ? (method: string, path: string) =>
            (!match.method || match.method === method) &&
            (!match.path || (typeof match.path === 'string' ? path === match.path : match.path.test(path)))
        : undefined;
      faults.push({ fault, ...(m ? { match: m } : {}) });
    },
    async pay(orderId, opts = {}) {
      const order = fake.orders.get(orderId);
      if (!order) throw new Error(`fake: no order ${orderId}`);
      const outcome = opts.outcome ?? 'capture';
      const amount = opts.amountPaise ?? (order.amount as number);
      const failed = outcome === 'fail';
      const payment: Json = {
        id: rzpId('pay'),
        entity: 'payment',
        amount,
        currency: 'INR',
        status: failed ? 'failed' : 'captured',
        order_id: orderId,
        invoice_id: null,
        international: false,
        method: opts.method ?? 'upi',
        amount_refunded: 0,
        refund_status: null,
        captured: !failed,
        description: null,
        card_id: null,
        bank: null,
        wallet: null,
        vpa: 'buyer@okaxis',
        email: 'buyer@example.com',
        contact: '+919876543210',
        notes: [],
        fee: failed ? null : Math.round(amount * 0.02),
        tax: failed ? null : Math.round(amount * 0.0036),
        error_code: failed ? 'BAD_REQUEST_ERROR' : null,
        error_description: failed ? 'Payment failed because the customer cancelled it on the UPI app.' : null,
        error_source: failed ? 'customer' : null,
        error_step: failed ? 'payment_authorization' : null,
        error_reason: failed ? 'payment_cancelled' : null,
        acquirer_data: { rrn: failed ? null : String(randomInt(100_000_000_000, 999_999_999_999)) },
        created_at: now(),
      };
      fake.payments.set(payment.id as string, payment);
      order.attempts = (order.attempts as number) + 1;
      if (failed) {
        if (order.status === 'created') order.status = 'attempted';
      } else {
        order.amount_paid = (order.amount_paid as number) + amount;
        order.amount_due = Math.max(0, (order.amount as number) - (order.amount_paid as number));
        order.status = 'paid';
      }
      const eventId = await emit(failed ? 'payment.failed' : 'payment.captured', { payment: { entity: payment } });
      const signature = createHmac('sha256', keySecret)
        .update(`${orderId}|${payment.id as string}`)
        .digest('hex');
      return { payment, eventId, signature };
    },
    async settleRefund(refundId, status) {
      const refund = fake.refunds.get(refundId);
      if (!refund) throw new Error(`fake: no refund ${refundId}`);
      refund.status = status;
      const payment = fake.payments.get(refund.payment_id as string) as Json;
      if (status === 'failed') {
        payment.amount_refunded = (payment.amount_refunded as number) - (refund.amount as number);
        payment.status = 'captured';
        payment.refund_status = (payment.amount_refunded as number) > 0 ? 'partial' : null;
      }
      return emit(`refund.${status}`, { refund: { entity: refund }, payment: { entity: payment } });
    },
    async settlePayout(payoutId, status, utr) {
      const payout = fake.payouts.get(payoutId);
      if (!payout) throw new Error(`fake: no payout ${payoutId}`);
      payout.status = status;
      if (status === 'processed') payout.utr = utr ?? String(randomInt(100_000_000_000, 999_999_999_999));
      if (status !== 'processed') {
        payout.status_details = {
          source: 'beneficiary_bank',
          reason: status === 'reversed' ? 'beneficiary_bank_rejected' : 'payout_failed',
          description: 'The beneficiary bank returned the payout. Check the account details and try again.',
        };
      }
      return emit(`payout.${status}`, { payout: { entity: payout } });
    },
    async deliverHeld(opts = {}) {
      const batch = held.splice(0, held.length);
      if (opts.reverse) batch.reverse();
      for (const e of batch) await send(e);
    },
    async redeliver(eventId) {
      const e = sent.get(eventId);
      if (!e) throw new Error(`fake: no event ${eventId}`);
      return post(e);
    },
    async close() {
      for (const res of hanging) res.destroy();
      hanging.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  async function post(e: HeldEvent): Promise<number | 'error'> {
    const { url, transport } = fake.webhooks;
    if (!url && !transport) return 'error';
    const secret = fake.webhooks.badSignature ? `${webhookSecret}-wrong` : webhookSecret;
    const headers = {
      'content-type': 'application/json',
      'x-razorpay-signature': createHmac('sha256', secret).update(e.body).digest('hex'),
      'x-razorpay-event-id': e.eventId,
      'user-agent': 'Razorpay-Webhook/v1',
    };
    let status: number | 'error';
    try {
      if (transport) status = await transport(e.body, headers);
      else {
        const res = await fetch(url as string, { method: 'POST', headers, body: e.body });
        await res.arrayBuffer();
        status = res.status;
      }
    } catch {
      status = 'error';
    }
    fake.webhooks.deliveries.push({ eventId: e.eventId, event: e.event, status });
    return status;
  }

  async function send(e: HeldEvent): Promise<void> {
    sent.set(e.eventId, e);
    for (let i = 0; i < fake.webhooks.duplicate; i++) await post(e);
  }

  /** Builds an event in Razorpay's webhook envelope and sends it (or holds it); answers the event id. */
  async function emit(event: string, payload: Json): Promise<string> {
    const body = JSON.stringify({
      entity: 'event',
      account_id: 'acc_FakeAccount0001',
      event,
      contains: Object.keys(payload),
      payload,
      created_at: now(),
    });
    const e: HeldEvent = { eventId: rzpId(''), body, event };
    sent.set(e.eventId, e);
    if (fake.webhooks.hold || !(fake.webhooks.url || fake.webhooks.transport)) held.push(e);
    else await send(e);
    return e.eventId;
  }

  function authorised(req: IncomingMessage): boolean {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const [id, ...rest] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return id === keyId && rest.join(':') === keySecret;
  }

  async function route(
    method: string,
    path: string,
    body: Json,
    req: IncomingMessage,
  ): Promise<{ status: number; body: Json }> {
    const at = (re: RegExp) => (method === 'GET' || method === 'POST' ? path.match(re)?.[1] : undefined);
    const orderPaymentsOf = at(/^\/v1\/orders\/([^/]+)\/payments$/);
    const orderId = at(/^\/v1\/orders\/([^/]+)$/);
    const paymentId = at(/^\/v1\/payments\/([^/]+)$/);
    const refundOf = at(/^\/v1\/payments\/([^/]+)\/refund$/);
    const refundId = at(/^\/v1\/refunds\/([^/]+)$/);
    const payoutId = at(/^\/v1\/payouts\/([^/]+)$/);
    if (method === 'POST' && path === '/v1/orders') {
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount)) {
        return error(400, 'The amount must be an integer.', { field: 'amount' });
      }
      if (amount < 100) return error(400, 'The amount must be at least INR 1.00', { field: 'amount' }); // (docs)
      if (body.currency !== 'INR') return error(400, 'The currency is invalid.', { field: 'currency' });
      if (typeof body.receipt === 'string' && body.receipt.length > 40) {
        return error(400, 'The receipt may not be greater than 40 characters.', { field: 'receipt' });
      }
      const order: Json = {
        id: rzpId('order'),
        entity: 'order',
        amount,
        amount_paid: 0,
        amount_due: amount,
        currency: 'INR',
        receipt: body.receipt ?? null,
        offer_id: null,
        status: 'created',
        attempts: 0,
        notes: body.notes ?? [],
        created_at: now(),
      };
      fake.orders.set(order.id as string, order);
      return { status: 200, body: order };
    }
    if (method === 'GET' && orderPaymentsOf) {
      if (!fake.orders.has(orderPaymentsOf)) return notFound();
      const items = [...fake.payments.values()].filter((p) => p.order_id === orderPaymentsOf);
      return { status: 200, body: { entity: 'collection', count: items.length, items } };
    }
    if (method === 'GET' && orderId) {
      const order = fake.orders.get(orderId);
      return order ? { status: 200, body: order } : notFound();
    }
    if (method === 'GET' && paymentId) {
      const payment = fake.payments.get(paymentId);
      return payment ? { status: 200, body: payment } : notFound();
    }
    if (method === 'POST' && refundOf) {
      const payment = fake.payments.get(refundOf);
      if (!payment) return notFound();
      const key = req.headers['x-refund-idempotency'];
      const bodyText = JSON.stringify(body);
      if (typeof key === 'string') {
        if (!/^[A-Za-z0-9_-]{10,}$/.test(key)) {
          return error(400, 'The idempotency key is invalid.', { field: 'X-Refund-Idempotency' });
        }
        const seen = refundKeys.get(key);
        if (seen) {
          if (seen.body !== bodyText) {
            return error(400, 'Different request body sent for the same idempotency key.', {
              field: 'X-Refund-Idempotency',
            });
          }
          return { status: 200, body: fake.refunds.get(seen.refundId) as Json };
        }
      }
      if (payment.status !== 'captured') {
        return error(400, 'Refunds can be made only on captured payments.', { field: 'payment_id' });
      }
      const amount =
        body.amount === undefined ? (payment.amount as number) - (payment.amount_refunded as number) : body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount)) {
        return error(400, 'The amount must be an integer.', { field: 'amount' });
      }
      if (amount < 100) return error(400, 'The amount must be at least INR 1.00', { field: 'amount' });
      if ((payment.amount_refunded as number) + amount > (payment.amount as number)) {
        return error(400, 'The total refund amount is greater than the refund payment amount', { field: 'amount' });
      }
      const refund: Json = {
        id: rzpId('rfnd'),
        entity: 'refund',
        amount,
        currency: 'INR',
        payment_id: payment.id,
        notes: body.notes ?? [],
        receipt: body.receipt ?? null,
        acquirer_data: { arn: null },
        created_at: now(),
        batch_id: null,
        status: fake.refundStatus,
        speed_processed: 'normal',
        speed_requested: body.speed ?? 'normal',
      };
      fake.refunds.set(refund.id as string, refund);
      payment.amount_refunded = (payment.amount_refunded as number) + amount;
      const full = payment.amount_refunded === payment.amount;
      payment.refund_status = full ? 'full' : 'partial';
      if (full) payment.status = 'refunded';
      if (typeof key === 'string') refundKeys.set(key, { body: bodyText, refundId: refund.id as string });
      // Sent before the answer, as can happen with Razorpay: the webhook may reach us before our refund row does.
      if (fake.refundStatus === 'processed') {
        await emit('refund.processed', { refund: { entity: refund }, payment: { entity: payment } });
      }
      return { status: 200, body: refund };
    }
    if (method === 'GET' && refundId) {
      const refund = fake.refunds.get(refundId);
      return refund ? { status: 200, body: refund } : notFound();
    }
    if (method === 'POST' && path === '/v1/contacts') {
      if (typeof body.name !== 'string' || body.name.length < 3) {
        return error(400, 'The name field is required.', { field: 'name' });
      }
      const same = [...fake.contacts.values()].find(
        (c) =>
          c.name === body.name &&
          c.type === (body.type ?? null) &&
          c.reference_id === (body.reference_id ?? null) &&
          c.email === (body.email ?? null) &&
          c.contact === (body.contact ?? null),
      );
      if (same) return { status: 200, body: same };
      const contact: Json = {
        id: rzpId('cont'),
        entity: 'contact',
        name: body.name,
        contact: body.contact ?? null,
        email: body.email ?? null,
        type: body.type ?? null,
        reference_id: body.reference_id ?? null,
        batch_id: null,
        active: true,
        notes: body.notes ?? [],
        created_at: now(),
      };
      fake.contacts.set(contact.id as string, contact);
      return { status: 201, body: contact };
    }
    if (method === 'POST' && path === '/v1/fund_accounts') {
      const bank = body.bank_account as Json | undefined;
      if (typeof body.contact_id !== 'string' || !fake.contacts.has(body.contact_id)) {
        return error(400, 'The contact id provided is incorrect.', { field: 'contact_id' });
      }
      if (body.account_type !== 'bank_account' || !bank) {
        return error(400, 'The account type field is required.', { field: 'account_type' });
      }
      if (typeof bank.ifsc !== 'string' || !/^[A-Z]{4}0[A-Z0-9]{6}$/.test(bank.ifsc)) {
        return error(400, 'The ifsc must be 11 characters.', { field: 'ifsc' });
      }
      const same = [...fake.fundAccounts.values()].find((f) => {
        const b = f.bank_account as Json;
        return (
          f.contact_id === body.contact_id &&
          b.name === bank.name &&
          b.ifsc === bank.ifsc &&
          b.account_number === bank.account_number
        );
      });
      if (same) return { status: 200, body: same };
      const fundAccount: Json = {
        id: rzpId('fa'),
        entity: 'fund_account',
        contact_id: body.contact_id,
        account_type: 'bank_account',
        bank_account: {
          ifsc: bank.ifsc,
          bank_name: 'HDFC Bank',
          name: bank.name,
          account_number: bank.account_number,
          notes: [],
        },
        active: true,
        batch_id: null,
        created_at: now(),
      };
      fake.fundAccounts.set(fundAccount.id as string, fundAccount);
      return { status: 201, body: fundAccount };
    }
    if (method === 'POST' && path === '/v1/payouts') {
      const key = req.headers['x-payout-idempotency'];
      if (typeof key !== 'string' || key === '') {
        // (docs)
        return error(400, 'Idempotency key is missing. Include idempotency header and key in the request.', {
          field: 'X-Payout-Idempotency',
          reason: 'null',
        });
      }
      if (!/^[A-Za-z0-9 _-]{4,36}$/.test(key)) {
        return error(400, 'The idempotency key is invalid.', { field: 'X-Payout-Idempotency' });
      }
      const bodyText = JSON.stringify(body);
      const seen = payoutKeys.get(key);
      if (seen) {
        if (seen.body !== bodyText) {
          return error(400, 'Different request body sent for the same idempotency key.', {
            field: 'X-Payout-Idempotency',
          });
        }
        return { status: 200, body: fake.payouts.get(seen.payoutId) as Json };
      }
      if (body.account_number !== accountNumber) {
        return error(400, 'The account number is invalid.', { field: 'account_number' });
      }
      if (typeof body.fund_account_id !== 'string' || !fake.fundAccounts.has(body.fund_account_id)) {
        return error(400, 'The id provided does not exist', { field: 'fund_account_id' });
      }
      const amount = body.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 100) {
        return error(400, 'The amount must be at least 100.', { field: 'amount' });
      }
      if (body.mode === 'IMPS' && amount > 5_00_000_00) {
        return error(400, 'Amount exceeds the maximum amount allowed for IMPS.', { field: 'amount' });
      }
      if (body.mode === 'RTGS' && amount < 2_00_000_00) {
        return error(400, 'Amount is less than the minimum amount allowed for RTGS.', { field: 'amount' });
      }
      if (!['IMPS', 'NEFT', 'RTGS', 'UPI'].includes(body.mode as string)) {
        return error(400, 'The mode is invalid.', { field: 'mode' });
      }
      const payout: Json = {
        id: rzpId('pout'),
        entity: 'payout',
        fund_account_id: body.fund_account_id,
        amount,
        currency: 'INR',
        notes: body.notes ?? [],
        fees: 590,
        tax: 90,
        status: fake.payoutStatus,
        utr: fake.payoutStatus === 'processed' ? String(randomInt(100_000_000_000, 999_999_999_999)) : null,
        mode: body.mode,
        purpose: body.purpose,
        reference_id: body.reference_id ?? null,
        narration: body.narration ?? null,
        batch_id: null,
        status_details: null,
        created_at: now(),
      };
      fake.payouts.set(payout.id as string, payout);
      payoutKeys.set(key, { body: bodyText, payoutId: payout.id as string });
      return { status: 200, body: payout };
    }
    if (method === 'GET' && payoutId) {
      const payout = fake.payouts.get(payoutId);
      return payout ? { status: 200, body: payout } : notFound();
    }
    return error(404, 'The requested URL was not found on the server.', { code: 'NOT_FOUND', field: null });
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const method = req.method ?? 'GET';
      const path = (req.url ?? '/').split('?')[0] as string;
      const text = Buffer.concat(chunks).toString('utf8');
      let body: Json = {};
      try {
        body = text ? (JSON.parse(text) as Json) : {};
      } catch {
        body = {};
      }
      fake.requests.push({ method, path, headers: req.headers, body });
      const answer = (status: number, payload: Json, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers });
        res.end(JSON.stringify(payload));
      };
      if (!authorised(req)) {
        answer(401, {
          error: {
            code: 'BAD_REQUEST_ERROR',
            description: 'Authentication failed',
            source: 'NA',
            step: 'NA',
            reason: 'NA',
            metadata: {},
          },
        });
        return;
      }
      const i = faults.findIndex((f) => !f.match || f.match(method, path));
      const pending = i >= 0 ? faults.splice(i, 1)[0]?.fault : undefined;
      if (pending?.kind === 'hang') {
        hanging.add(res);
        return;
      }
      if (pending?.kind === 'status') {
        const e =
          pending.body ??
          (pending.status === 429
            ? error(429, 'Too many requests', { source: 'NA', step: 'NA', reason: 'NA' }).body
            : error(pending.status, 'The server encountered an error. The incident has been reported to admins.', {
                source: 'internal',
                step: 'NA',
                reason: 'server_error',
              }).body);
        answer(
          pending.status,
          e,
          pending.retryAfter === undefined ? {} : { 'retry-after': String(pending.retryAfter) },
        );
        return;
      }
      const result = await route(method, path, body, req);
      if (pending?.kind === 'stall') {
        hanging.add(res);
        return;
      }
      answer(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

export interface ReceivedWebhook {
  rawBody: Buffer;
  signature: string | undefined;
  eventId: string | undefined;
  status: number;
}

/**
 * Stands in for our webhook route in adapter tests: keeps each delivery's raw bytes and headers and answers what
 * `answer` says (200 by default), so a test can refuse a delivery and see the fake send it again.
 */
export async function startWebhookReceiver(
  answer: (w: Omit<ReceivedWebhook, 'status'>) => number = () => 200,
): Promise<{ url: string; received: ReceivedWebhook[]; close(): Promise<void> }> {
  const received: ReceivedWebhook[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const w = {
        rawBody: Buffer.concat(chunks),
        signature: header('x-razorpay-signature'),
        eventId: header('x-razorpay-event-id'),
      };
      const status = answer(w);
      received.push({ ...w, status });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/webhooks/razorpay`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
