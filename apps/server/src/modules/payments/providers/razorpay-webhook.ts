import { createHmac, timingSafeEqual } from 'node:crypto';
import type { GatewayEvent } from './types.ts';

/**
 * Razorpay's webhook format (https://razorpay.com/docs/webhooks/payments): a JSON body
 * `{ entity: 'event', event, contains, payload: { payment?: { entity }, refund?: { entity } }, created_at }`,
 * signed in `X-Razorpay-Signature` as the hex HMAC-SHA256 of the raw body with the webhook secret, with the event
 * id in `X-Razorpay-Event-Id`. The local `test` gateway signs and sends the same format, so its webhooks take the
 * same code path as Razorpay's.
 */
export function signWebhook(rawBody: Buffer | string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('hex');
}

/** Constant-time comparison of two hex signatures; false for a missing or malformed one. */
export function hexSignatureMatches(expected: string, given: string | undefined): boolean {
  if (!given || !/^[0-9a-f]+$/i.test(given) || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

export function verifyWebhookSignature(rawBody: Buffer, signature: string | undefined, secret: string): boolean {
  return hexSignatureMatches(signWebhook(rawBody, secret), signature);
}

/** The checkout's payment signature: HMAC_SHA256(order_id + "|" + payment_id, key_secret). */
export function paymentSignature(providerOrderId: string, providerPaymentId: string, keySecret: string): string {
  return createHmac('sha256', keySecret).update(`${providerOrderId}|${providerPaymentId}`).digest('hex');
}

interface RazorpayEventBody {
  entity?: string;
  event?: string;
  payload?: {
    payment?: {
      entity?: {
        id?: string;
        order_id?: string | null;
        amount?: number;
        method?: string;
        error_description?: string | null;
      };
    };
    refund?: { entity?: { id?: string; payment_id?: string; amount?: number } };
  };
}

export class WebhookFormatError extends Error {}

/** Reduces a verified body to the event we act on; throws WebhookFormatError on a body that is not Razorpay's shape. */
export function parseWebhookBody(rawBody: Buffer, eventId: string | undefined): GatewayEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookFormatError('webhook body is not JSON');
  }
  // A signed body is still any JSON: `null`, a number, a string or an array is not an event (400, never a 500).
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new WebhookFormatError('not an event');
  const body = parsed as RazorpayEventBody;
  if (body.entity !== 'event' || typeof body.event !== 'string') throw new WebhookFormatError('not an event');
  if (!eventId) throw new WebhookFormatError('missing X-Razorpay-Event-Id');
  const int = (n: unknown) => {
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) throw new WebhookFormatError('bad amount');
    return n;
  };
  const str = (s: unknown, what: string) => {
    if (typeof s !== 'string' || s === '') throw new WebhookFormatError(`missing ${what}`);
    return s;
  };
  switch (body.event) {
    case 'payment.captured':
    case 'payment.failed': {
      const p = body.payload?.payment?.entity;
      // Every payment we take is made against an order we created. A payment without an order (a QR code payment
      // on the same Razorpay account, say) is not ours to act on; refusing it as malformed would have Razorpay
      // retry it for 24 hours and then disable the webhook (docs: webhooks, best practices, disable logic).
      if (p && (p.order_id === null || p.order_id === undefined))
        return { id: eventId, type: 'other', name: body.event };
      return {
        id: eventId,
        type: body.event,
        providerPaymentId: str(p?.id, 'payment id'),
        providerOrderId: str(p?.order_id, 'order id'),
        amountPaise: int(p?.amount),
        ...(p?.method ? { method: p.method } : {}),
        ...(p?.error_description ? { errorDescription: p.error_description } : {}),
      };
    }
    case 'refund.processed':
    case 'refund.failed': {
      const r = body.payload?.refund?.entity;
      return {
        id: eventId,
        type: body.event,
        providerRefundId: str(r?.id, 'refund id'),
        providerPaymentId: str(r?.payment_id, 'payment id'),
        amountPaise: int(r?.amount),
      };
    }
    default:
      return { id: eventId, type: 'other', name: body.event };
  }
}
