import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { testGatewayOrders, testGatewayPayments, testGatewayRefunds } from '../../../db/schema/index.ts';
import { transaction } from '../../../lib/transaction.ts';
import { parseWebhookBody, paymentSignature, signWebhook, verifyWebhookSignature } from './razorpay-webhook.ts';
import { hexSignatureMatches } from './razorpay-webhook.ts';
import type { GatewayPayment, PaymentGateway } from './types.ts';

const id = (prefix: string) => `${prefix}_test${randomBytes(7).toString('hex')}`;

/** A Razorpay-format webhook body the test gateway sends (and tests send as a fake Razorpay would). */
export function razorpayEventBody(
  event: 'payment.captured' | 'payment.failed' | 'refund.processed',
  entity: {
    paymentId: string;
    orderId?: string;
    amountPaise: number;
    refundId?: string;
    method?: string;
    error?: string;
  },
  at = new Date(),
): string {
  const payment = {
    id: entity.paymentId,
    entity: 'payment',
    amount: entity.amountPaise,
    currency: 'INR',
    status: event === 'payment.failed' ? 'failed' : 'captured',
    order_id: entity.orderId ?? null,
    method: entity.method ?? 'upi',
    captured: event !== 'payment.failed',
    error_description: entity.error ?? null,
  };
  const payload =
    event === 'refund.processed'
      ? {
          refund: {
            entity: {
              id: entity.refundId,
              entity: 'refund',
              amount: entity.amountPaise,
              currency: 'INR',
              payment_id: entity.paymentId,
              status: 'processed',
            },
          },
        }
      : { payment: { entity: payment } };
  return JSON.stringify({
    entity: 'event',
    account_id: 'acc_test',
    event,
    contains: Object.keys(payload),
    payload,
    created_at: Math.floor(at.getTime() / 1000),
  });
}

/**
 * The local `test` gateway: a stand-in for Razorpay in development, tests and the demo, never a real payment. Its
 * orders, payments and refunds live in its own tables (so reconciliation asks it like it would ask Razorpay, and
 * a restart loses nothing). The buyer pays on its checkout page (routes/pay/test.ts), which records the payment
 * here, sends the browser back with Razorpay's three signed parameters, and queues a Razorpay-format webhook
 * signed with `secret` to our own webhook handler.
 */
export function createTestGateway(opts: { db: Db; secret: string; publicUrl?: string }): PaymentGateway & {
  /** The checkout page's Succeed / Fail: records the gateway-side payment, returns what the browser and webhook carry. */
  pay(
    providerOrderId: string,
    outcome: 'succeed' | 'fail',
  ): Promise<{ providerPaymentId: string; amountPaise: number; signature: string | null; webhookBody: string }>;
  order(providerOrderId: string): Promise<typeof testGatewayOrders.$inferSelect | undefined>;
  signWebhook(body: string): string;
} {
  const { db, secret } = opts;
  return {
    name: 'test',
    keyId: 'rzp_test_local',
    async createOrder({ receipt, amountPaise }) {
      if (!Number.isSafeInteger(amountPaise) || amountPaise < 100) throw new Error('amount must be at least 100 paise');
      const providerOrderId = id('order');
      await db.insert(testGatewayOrders).values({ id: providerOrderId, receipt, amountPaise });
      return { providerOrderId };
    },
    verifyPaymentSignature({ providerOrderId, providerPaymentId, signature }) {
      return hexSignatureMatches(paymentSignature(providerOrderId, providerPaymentId, secret), signature);
    },
    verifyWebhook: (rawBody, signature) => verifyWebhookSignature(rawBody, signature, secret),
    parseWebhook: (rawBody, eventId) => parseWebhookBody(rawBody, eventId),
    checkoutUrl({ providerOrderId, returnUrl }) {
      return `/pay/test/${encodeURIComponent(providerOrderId)}?return=${encodeURIComponent(returnUrl)}`;
    },
    async fetchOrderPayments(providerOrderId) {
      const rows = await db.select().from(testGatewayPayments).where(eq(testGatewayPayments.orderId, providerOrderId));
      return rows.map(
        (r): GatewayPayment => ({
          providerPaymentId: r.id,
          providerOrderId: r.orderId,
          status: r.status as GatewayPayment['status'],
          amountPaise: r.amountPaise,
          method: 'upi',
        }),
      );
    },
    async refund({ providerPaymentId, amountPaise, receipt }) {
      return transaction(db, async (tx) => {
        const [done] = await tx.select().from(testGatewayRefunds).where(eq(testGatewayRefunds.receipt, receipt));
        if (done) return { providerRefundId: done.id, status: 'processed' as const };
        const [p] = await tx
          .select()
          .from(testGatewayPayments)
          .where(eq(testGatewayPayments.id, providerPaymentId))
          .for('update');
        if (!p || p.status === 'failed') throw new Error(`test gateway: no captured payment ${providerPaymentId}`);
        if (p.refundedPaise + amountPaise > p.amountPaise) throw new Error('test gateway: refund exceeds the payment');
        const providerRefundId = id('rfnd');
        await tx.insert(testGatewayRefunds).values({ id: providerRefundId, paymentId: p.id, receipt, amountPaise });
        await tx
          .update(testGatewayPayments)
          .set({
            refundedPaise: sql`${testGatewayPayments.refundedPaise} + ${amountPaise}`,
            status: p.refundedPaise + amountPaise === p.amountPaise ? 'refunded' : p.status,
          })
          .where(eq(testGatewayPayments.id, p.id));
        return { providerRefundId, status: 'processed' as const };
      });
    },
    order: async (providerOrderId) =>
      (await db.select().from(testGatewayOrders).where(eq(testGatewayOrders.id, providerOrderId)))[0],
    async pay(providerOrderId, outcome) {
      return transaction(db, async (tx) => {
        const [o] = await tx
          .select()
          .from(testGatewayOrders)
          .where(eq(testGatewayOrders.id, providerOrderId))
          .for('update');
        if (!o) throw new Error('unknown test gateway order');
        if (o.status === 'paid') throw new Error('this order is already paid');
        const providerPaymentId = id('pay');
        const status = outcome === 'succeed' ? 'captured' : 'failed';
        await tx.insert(testGatewayPayments).values({
          id: providerPaymentId,
          orderId: o.id,
          amountPaise: o.amountPaise,
          status,
        });
        if (outcome === 'succeed') {
          await tx.update(testGatewayOrders).set({ status: 'paid' }).where(eq(testGatewayOrders.id, o.id));
        }
        const webhookBody = razorpayEventBody(outcome === 'succeed' ? 'payment.captured' : 'payment.failed', {
          paymentId: providerPaymentId,
          orderId: o.id,
          amountPaise: o.amountPaise,
          ...(outcome === 'fail' ? { error: 'The buyer chose Fail on the test checkout.' } : {}),
        });
        return {
          providerPaymentId,
          amountPaise: o.amountPaise,
          signature: outcome === 'succeed' ? paymentSignature(o.id, providerPaymentId, secret) : null,
          webhookBody,
        };
      });
    },
    signWebhook: (body) => signWebhook(body, secret),
  };
}

export type TestGateway = ReturnType<typeof createTestGateway>;
