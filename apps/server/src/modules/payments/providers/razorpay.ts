import type { Config } from '../../../config.ts';
import {
  assertId,
  assertPaise,
  createRazorpayHttp,
  GatewayError,
  idempotencyKey,
  invalidInput,
  type RazorpayHttpConfig,
} from './razorpay-http.ts';
import { hexSignatureMatches, parseWebhookBody, paymentSignature, verifyWebhookSignature } from './razorpay-webhook.ts';
import type { GatewayPayment, PaymentGateway } from './types.ts';

export { GatewayError, type GatewayErrorKind } from './razorpay-http.ts';

/**
 * The Razorpay payment gateway over its REST API (Orders, Payments, Refunds), with Node's fetch. Checkout runs in
 * the browser with Razorpay's Checkout.js and `keyId`; its success handler's signature is checked here, and the
 * money is believed only from a signed webhook or from `fetchOrderPayments` (reconciliation).
 *
 * Which calls are retried (after a timeout, a network failure, 429 or 5xx):
 * - GET /v1/orders/:id/payments and GET /v1/payments/:id: reads.
 * - POST /v1/payments/:id/refund: sent with `X-Refund-Idempotency` derived from our refund receipt; Razorpay
 *   answers a repeat with the same refund (docs: "Create a Normal Refund (Idempotent Request)"), never a second one.
 * - POST /v1/orders: Razorpay does not deduplicate orders by receipt, so a retry after a lost answer can leave an
 *   extra order on Razorpay's side. It is retried anyway because an order holds no money: nobody can pay the
 *   orphan, since its id only ever reached us in the answer we lost, and Checkout needs the id. Only the id
 *   returned here is stored and shown to the buyer.
 */
export interface RazorpayGatewayConfig extends Omit<RazorpayHttpConfig, 'keyId' | 'keySecret'> {
  keyId: string;
  keySecret: string;
  webhookSecret: string;
  /**
   * The webhook secret before the last change in the Dashboard, accepted too: Razorpay signs redeliveries of
   * events made before the change with the old secret (docs: webhooks FAQ, "Secret changed recently").
   */
  previousWebhookSecret?: string;
}

/** Razorpay's payment entity, the fields we read. */
interface RazorpayPaymentEntity {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: string;
  order_id: string | null;
  method?: string;
  amount_refunded?: number;
  error_code?: string | null;
  error_description?: string | null;
}

interface RazorpayOrderEntity {
  id: string;
  entity: 'order';
  amount: number;
  currency: string;
  receipt: string | null;
  status: string;
}

interface RazorpayRefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  payment_id: string;
  status: string;
}

const PAYMENT_STATUSES = new Set<GatewayPayment['status']>(['created', 'authorized', 'captured', 'refunded', 'failed']);
const REFUND_STATUSES = new Set(['pending', 'processed', 'failed']);
/** Razorpay: X-Refund-Idempotency is at least 10 characters of letters, digits, hyphens and underscores. */
const REFUND_KEY = /^[A-Za-z0-9_-]{10,40}$/;

export interface RazorpayGateway extends PaymentGateway {
  readonly name: 'razorpay';
  /** One payment as Razorpay holds it now (GET /v1/payments/:id), for reconciliation of a single payment. */
  fetchPayment(providerPaymentId: string): Promise<GatewayPayment>;
}

function toGatewayPayment(p: RazorpayPaymentEntity, operation: string): GatewayPayment {
  if (
    p?.entity !== 'payment' ||
    typeof p.id !== 'string' ||
    !Number.isSafeInteger(p.amount) ||
    !PAYMENT_STATUSES.has(p.status as GatewayPayment['status'])
  ) {
    throw new GatewayError({
      code: 'INVALID_RESPONSE',
      kind: 'invalid_response',
      retryable: false,
      operation,
      description: 'not a Razorpay payment entity',
    });
  }
  if (p.currency !== 'INR') {
    throw new GatewayError({
      code: 'UNEXPECTED_CURRENCY',
      kind: 'invalid_response',
      retryable: false,
      operation,
      description: `payment ${p.id} is in ${p.currency}, not INR`,
    });
  }
  return {
    providerPaymentId: p.id,
    providerOrderId: p.order_id ?? '',
    status: p.status as GatewayPayment['status'],
    amountPaise: p.amount,
    ...(p.method ? { method: p.method } : {}),
  };
}

function checkNotes(notes: Record<string, string> | undefined, operation: string): void {
  if (!notes) return;
  const entries = Object.entries(notes);
  if (entries.length > 15) throw invalidInput(operation, 'Razorpay takes at most 15 notes');
  for (const [k, v] of entries) {
    if (typeof v !== 'string' || v.length > 256) {
      throw invalidInput(operation, `note ${k} must be a string of at most 256 characters`);
    }
  }
}

export function createRazorpayGateway(config: RazorpayGatewayConfig): RazorpayGateway {
  if (!config.webhookSecret) throw new Error('Razorpay needs a webhook secret (RAZORPAY_WEBHOOK_SECRET)');
  const http = createRazorpayHttp(config);
  const { keySecret, webhookSecret, previousWebhookSecret } = config;

  return {
    name: 'razorpay',
    keyId: config.keyId,

    async createOrder({ receipt, amountPaise, notes }) {
      const operation = 'create order';
      assertPaise(amountPaise, operation);
      if (!receipt || receipt.length > 40) throw invalidInput(operation, 'receipt must be 1 to 40 characters');
      checkNotes(notes, operation);
      const order = await http.request<RazorpayOrderEntity>({
        method: 'POST',
        path: '/v1/orders',
        body: { amount: amountPaise, currency: 'INR', receipt, ...(notes ? { notes } : {}) },
        retry: true,
        operation,
      });
      if (order?.entity !== 'order' || typeof order.id !== 'string' || !order.id.startsWith('order_')) {
        throw new GatewayError({
          code: 'INVALID_RESPONSE',
          kind: 'invalid_response',
          retryable: false,
          operation,
          description: 'not a Razorpay order entity',
        });
      }
      if (order.amount !== amountPaise || order.currency !== 'INR') {
        throw new GatewayError({
          code: 'AMOUNT_MISMATCH',
          kind: 'invalid_response',
          retryable: false,
          operation,
          description: `order ${order.id} is for ${order.amount} ${order.currency}, not ${amountPaise} INR`,
        });
      }
      return { providerOrderId: order.id };
    },

    verifyPaymentSignature({ providerOrderId, providerPaymentId, signature }) {
      if (!providerOrderId || !providerPaymentId) return false;
      return hexSignatureMatches(paymentSignature(providerOrderId, providerPaymentId, keySecret), signature);
    },

    verifyWebhook(rawBody, signature) {
      if (verifyWebhookSignature(rawBody, signature, webhookSecret)) return true;
      return previousWebhookSecret ? verifyWebhookSignature(rawBody, signature, previousWebhookSecret) : false;
    },

    parseWebhook(rawBody, eventId) {
      return parseWebhookBody(rawBody, eventId);
    },

    checkoutUrl() {
      return null;
    },

    async fetchOrderPayments(providerOrderId) {
      const operation = 'fetch order payments';
      assertId(providerOrderId, 'order', operation);
      const list = await http.request<{ entity?: string; items?: RazorpayPaymentEntity[] }>({
        method: 'GET',
        path: `/v1/orders/${providerOrderId}/payments`,
        retry: true,
        operation,
      });
      if (list?.entity !== 'collection' || !Array.isArray(list.items)) {
        throw new GatewayError({
          code: 'INVALID_RESPONSE',
          kind: 'invalid_response',
          retryable: false,
          operation,
          description: 'not a Razorpay collection',
        });
      }
      return list.items.map((p) => toGatewayPayment(p, operation));
    },

    async fetchPayment(providerPaymentId) {
      const operation = 'fetch payment';
      assertId(providerPaymentId, 'pay', operation);
      const p = await http.request<RazorpayPaymentEntity>({
        method: 'GET',
        path: `/v1/payments/${providerPaymentId}`,
        retry: true,
        operation,
      });
      return toGatewayPayment(p, operation);
    },

    async refund({ providerPaymentId, amountPaise, receipt, notes }) {
      const operation = 'refund';
      assertId(providerPaymentId, 'pay', operation);
      assertPaise(amountPaise, operation);
      if (!receipt || receipt.length > 40) throw invalidInput(operation, 'receipt must be 1 to 40 characters');
      checkNotes(notes, operation);
      const refund = await http.request<RazorpayRefundEntity>({
        method: 'POST',
        path: `/v1/payments/${providerPaymentId}/refund`,
        headers: { 'X-Refund-Idempotency': idempotencyKey(receipt, REFUND_KEY, 'ub-refund-') },
        body: { amount: amountPaise, speed: 'normal', receipt, ...(notes ? { notes } : {}) },
        retry: true,
        operation,
      });
      if (refund?.entity !== 'refund' || typeof refund.id !== 'string' || !REFUND_STATUSES.has(refund.status)) {
        throw new GatewayError({
          code: 'INVALID_RESPONSE',
          kind: 'invalid_response',
          retryable: false,
          operation,
          description: 'not a Razorpay refund entity',
        });
      }
      if (refund.amount !== amountPaise || refund.payment_id !== providerPaymentId) {
        throw new GatewayError({
          code: 'AMOUNT_MISMATCH',
          kind: 'invalid_response',
          retryable: false,
          operation,
          description: `refund ${refund.id} is ${refund.amount} paise of ${refund.payment_id}, not ${amountPaise} of ${providerPaymentId}`,
        });
      }
      return { providerRefundId: refund.id, status: refund.status as 'pending' | 'processed' | 'failed' };
    },
  };
}

/**
 * The gateway from the loaded configuration (config.ts has already refused PAYMENT_PROVIDER=razorpay without the
 * three secrets; this throws the same message if called without them anyway).
 */
export function razorpayGatewayFromConfig(
  config: Pick<
    Config,
    | 'RAZORPAY_KEY_ID'
    | 'RAZORPAY_KEY_SECRET'
    | 'RAZORPAY_WEBHOOK_SECRET'
    | 'RAZORPAY_WEBHOOK_SECRET_PREVIOUS'
    | 'RAZORPAY_API_BASE'
  >,
): RazorpayGateway {
  const { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET } = config;
  if (!RAZORPAY_KEY_ID || !RAZORPAY_KEY_SECRET || !RAZORPAY_WEBHOOK_SECRET) {
    throw new Error('PAYMENT_PROVIDER=razorpay needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET');
  }
  return createRazorpayGateway({
    keyId: RAZORPAY_KEY_ID,
    keySecret: RAZORPAY_KEY_SECRET,
    webhookSecret: RAZORPAY_WEBHOOK_SECRET,
    apiBase: config.RAZORPAY_API_BASE,
    ...(config.RAZORPAY_WEBHOOK_SECRET_PREVIOUS
      ? { previousWebhookSecret: config.RAZORPAY_WEBHOOK_SECRET_PREVIOUS }
      : {}),
  });
}

/**
 * What the Content-Security-Policy adds for Checkout.js when PAYMENT_PROVIDER=razorpay (app.ts; else only 'self'): the script
 * from checkout.razorpay.com (Razorpay requires it be loaded from there, never bundled), Checkout's iframe, and its
 * calls home. Razorpay publishes no list; this is what integrations in use allow, to be confirmed in the browser
 * with test keys before going live.
 */
export const RAZORPAY_CHECKOUT_CSP = {
  scriptSrc: ['https://checkout.razorpay.com'],
  frameSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  connectSrc: ['https://api.razorpay.com', 'https://checkout.razorpay.com', 'https://lumberjack.razorpay.com'],
  formAction: ['https://api.razorpay.com'],
} as const;
