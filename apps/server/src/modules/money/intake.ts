import diagnosticsChannel from 'node:diagnostics_channel';
import { formatInr } from '@ub/shared/format';
import { and, desc, eq, inArray, lt, gt } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { manufacturers, orders, paymentAttempts, payments, webhookEvents } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { buyerLinks, notifyBuyer } from '../buyers/notify.ts';
import { label, notice, notify } from '../notifications/notify.ts';
import { notifyAdmins } from '../notifications/notify-admins.ts';
import type { GatewayEvent, PaymentGateway } from '../payments/providers/types.ts';
import { WebhookFormatError } from '../payments/providers/razorpay-webhook.ts';
import { toPaise } from '../trade/common.ts';
import { post } from './ledger.ts';
import { markUnmatchedRefundedInTx, recordUnmatchedCaptureInTx, unmatchedByProviderRefund } from './unmatched.ts';
import { issueRefundInTx, lockAttempt, markRefundProcessedInTx, refundFlaggedCaptureInTx } from './refunds.ts';
import { refunds } from '../../db/schema/index.ts';

type Attempt = typeof paymentAttempts.$inferSelect;

/** UTR formats are the shared contract's (packages/shared: utrMode); re-exported for the money module's callers. */
export { UTR_HELP as UTR_MESSAGE, utrMode } from '@ub/shared';
import { UTR_HELP as UTR_MESSAGE, utrMode } from '@ub/shared';

/**
 * Published right before a capture's transaction commits (`{ attemptId }`): an observation point, free when nobody
 * listens. The fault scenario subscribes from its own preload and kills the process there (scripts/faults).
 */
const captureBeforeCommit = diagnosticsChannel.channel('ub.money.capture.beforeCommit');

export interface BankAccount {
  name: string;
  accountNumber: string;
  ifsc: string;
  bank: string;
}
export const bankAccountOf = (c: Config): BankAccount => ({
  name: c.BANK_ACCOUNT_NAME,
  accountNumber: c.BANK_ACCOUNT_NUMBER,
  ifsc: c.BANK_IFSC,
  bank: c.BANK_NAME,
});

export function attemptView(a: Attempt) {
  return {
    id: a.id,
    provider: a.provider as 'test' | 'razorpay' | 'bank_transfer',
    status: a.status,
    reference: a.reference,
    amountPaise: a.amountPaise,
    providerOrderId: a.providerOrderId,
    utr: a.utr,
    transferMode: a.transferMode,
    failureReason: a.failureReason,
    createdAt: a.createdAt.toISOString(),
  };
}

async function payableOrder(db: Db, buyerId: string, orderId: string) {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
    .limit(1);
  if (!o) throw notFound('Order not found');
  if (o.status === 'cancelled') throw conflict('This order was cancelled and cannot be paid.');
  if (o.awaitingBuyerConfirmation) throw conflict('Confirm the order before paying it.');
  if (o.paymentStatus === 'paid') throw conflict('This order is already paid.');
  const [pending] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, o.id), eq(payments.status, 'pending')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  if (!pending) throw conflict('This order has no payment due.');
  return { o, pending };
}

/**
 * The buyer starts paying an order. The amount is the order's total as the server has it, never the client's.
 * `gateway`: a gateway order for exactly that amount, and where the browser goes (the test checkout page) or the
 * key Checkout.js needs (Razorpay). `bank_transfer`: the platform's account and the reference to quote; the buyer
 * then enters the UTR. An unfinished attempt of the same kind and amount is reused (a reload makes no new order).
 */
export async function startPayment(
  deps: Deps,
  ctx: { gateway: PaymentGateway; config: Config },
  buyerId: string,
  orderId: string,
  input: { method: 'gateway' | 'bank_transfer'; returnUrl: string },
) {
  const { o, pending } = await payableOrder(deps.db, buyerId, orderId);
  const amountPaise = toPaise(o.total);
  const provider = input.method === 'bank_transfer' ? 'bank_transfer' : ctx.gateway.name;
  const open = await deps.db
    .select()
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.orderId, o.id),
        inArray(paymentAttempts.status, ['created', 'awaiting_utr', 'awaiting_confirmation']),
      ),
    )
    .orderBy(desc(paymentAttempts.createdAt));
  if (open.some((a) => a.status === 'awaiting_confirmation')) {
    throw conflict('Your bank transfer for this order is awaiting confirmation by our finance team.');
  }
  let attempt = open.find((a) => a.provider === provider && a.amountPaise === amountPaise);
  if (!attempt) {
    const count = (
      await deps.db.select({ id: paymentAttempts.id }).from(paymentAttempts).where(eq(paymentAttempts.orderId, o.id))
    ).length;
    const [created] = await deps.db
      .insert(paymentAttempts)
      .values({
        paymentId: pending.id,
        orderId: o.id,
        buyerId,
        manufacturerId: o.manufacturerId,
        provider,
        reference: count ? `${pending.paymentNumber}-${count + 1}` : pending.paymentNumber,
        amountPaise,
        status: provider === 'bank_transfer' ? 'awaiting_utr' : 'created',
      })
      .returning();
    if (!created) throw new Error('attempt insert returned nothing');
    attempt = created;
    if (provider !== 'bank_transfer') {
      try {
        const { providerOrderId } = await ctx.gateway.createOrder({
          receipt: created.reference,
          amountPaise,
          notes: { order: o.orderNumber },
        });
        const [withOrder] = await deps.db
          .update(paymentAttempts)
          .set({ providerOrderId, updatedAt: deps.clock() })
          .where(eq(paymentAttempts.id, created.id))
          .returning();
        attempt = withOrder ?? created;
      } catch (err) {
        deps.log.error({ err: (err as Error).message, attemptId: created.id }, 'gateway order could not be created');
        await deps.db
          .update(paymentAttempts)
          .set({ status: 'failed', failureReason: 'The payment gateway could not be reached.' })
          .where(eq(paymentAttempts.id, created.id));
        throw new AppError('unavailable', 'The payment gateway could not be reached. Try again in a minute.');
      }
    }
  }
  const returnUrl = `${input.returnUrl}${input.returnUrl.includes('?') ? '&' : '?'}attempt=${attempt.id}`;
  return {
    attempt: attemptView(attempt),
    orderNumber: o.orderNumber,
    checkoutUrl:
      provider === 'bank_transfer' || !attempt.providerOrderId
        ? null
        : ctx.gateway.checkoutUrl({ providerOrderId: attempt.providerOrderId, returnUrl }),
    keyId: provider === 'bank_transfer' ? null : ctx.gateway.keyId,
    bankAccount: provider === 'bank_transfer' ? bankAccountOf(ctx.config) : null,
  };
}

export type CaptureOutcome = 'captured' | 'duplicate' | 'amount_mismatch' | 'second_capture' | 'unknown_order';

/**
 * Records a capture the provider reported (webhook, browser return, reconciliation, admin's UTR confirmation), in
 * `tx`: the attempt becomes captured, the order paid, the money goes into escrow (ledger), buyer and seller hear of
 * it. Keyed by the attempt: a second report of the same payment changes nothing. A wrong amount is refused and
 * flagged to admins; a second, different capture of a paid order is flagged and refunded by the admin.
 */
export async function captureInTx(
  tx: Db,
  deps: Pick<Deps, 'clock' | 'log'>,
  report: {
    provider: string;
    providerOrderId?: string;
    attemptId?: string;
    providerPaymentId: string;
    amountPaise: number;
    method?: string;
    source: string;
  },
): Promise<CaptureOutcome> {
  const which = report.attemptId
    ? eq(paymentAttempts.id, report.attemptId)
    : eq(paymentAttempts.providerOrderId, report.providerOrderId ?? '');
  const [found] = await tx.select({ orderId: paymentAttempts.orderId }).from(paymentAttempts).where(which);
  // The locks every money command takes, in this order (ADR 0038): the order's row, then the payment try's.
  const [order] = found
    ? await tx
        .select({ o: orders, sellerUserId: manufacturers.userId })
        .from(orders)
        .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
        .where(eq(orders.id, found.orderId))
        .for('update', { of: orders })
    : [];
  const [a] = order ? await tx.select().from(paymentAttempts).where(which).for('update') : [];
  if (!a || !order) {
    deps.log.warn({ event: 'payment.unknown_order', ...report }, 'capture for an order we do not know');
    // Money we hold for nothing we sold: booked as unmatched and refunded through the provider that took it.
    await recordUnmatchedCaptureInTx(tx, deps, {
      provider: report.provider,
      providerPaymentId: report.providerPaymentId,
      ...(report.providerOrderId ? { providerOrderId: report.providerOrderId } : {}),
      amountPaise: report.amountPaise,
    });
    return 'unknown_order';
  }
  if (a.providerPaymentId === report.providerPaymentId && (a.status === 'captured' || a.status === 'flagged')) {
    return 'duplicate';
  }
  const now = deps.clock();
  if (a.status === 'captured') {
    // A second payment on the same gateway order: kept as its own flagged attempt, so the admin can refund it.
    const [known] = await tx
      .select({ id: paymentAttempts.id })
      .from(paymentAttempts)
      .where(eq(paymentAttempts.providerPaymentId, report.providerPaymentId));
    if (known) return 'duplicate';
    const reason = `A second payment ${report.providerPaymentId} was captured for this order: refunded.`;
    const [second] = await tx
      .insert(paymentAttempts)
      .values({
        paymentId: a.paymentId,
        orderId: a.orderId,
        buyerId: a.buyerId,
        manufacturerId: a.manufacturerId,
        provider: a.provider,
        reference: `${a.reference}-2`,
        providerPaymentId: report.providerPaymentId,
        amountPaise: report.amountPaise,
        flaggedPaise: report.amountPaise,
        status: 'flagged',
        flagReason: reason,
        method: report.method ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: paymentAttempts.id });
    await flag(tx, a, report.providerPaymentId);
    if (second) await refundFlaggedCaptureInTx(tx, deps, null, second.id);
    return 'second_capture';
  }
  if (report.amountPaise !== a.amountPaise) {
    deps.log.warn(
      { event: 'payment.amount_mismatch', attemptId: a.id, expected: a.amountPaise, got: report.amountPaise },
      'captured amount differs from the amount due',
    );
    await tx
      .update(paymentAttempts)
      .set({
        status: 'flagged',
        providerPaymentId: report.providerPaymentId,
        flaggedPaise: report.amountPaise,
        flagReason: `Captured ${formatInr(report.amountPaise / 100)}, due ${formatInr(a.amountPaise / 100)}.`,
        updatedAt: now,
      })
      .where(eq(paymentAttempts.id, a.id));
    await notifyAdmins(tx, {
      type: 'admin_money_alert',
      ...notice('admin.amountMismatch', {
        reference: a.reference,
        captured: formatInr(report.amountPaise / 100),
        due: formatInr(a.amountPaise / 100),
      }),
      link: '/admin/finance',
    });
    await refundFlaggedCaptureInTx(tx, deps, null, a.id);
    return 'amount_mismatch';
  }
  const { o } = order;
  if (o.paymentStatus === 'paid') {
    const reason = `The order was already paid by another attempt; payment ${report.providerPaymentId} must be refunded.`;
    await tx
      .update(paymentAttempts)
      .set({
        status: 'flagged',
        providerPaymentId: report.providerPaymentId,
        flaggedPaise: report.amountPaise,
        flagReason: reason,
        updatedAt: now,
      })
      .where(eq(paymentAttempts.id, a.id));
    await flag(tx, a, report.providerPaymentId);
    await refundFlaggedCaptureInTx(tx, deps, null, a.id);
    return 'second_capture';
  }
  await tx
    .update(paymentAttempts)
    .set({
      status: 'captured',
      providerPaymentId: report.providerPaymentId,
      method: report.method ?? a.method,
      capturedAt: now,
      updatedAt: now,
    })
    .where(eq(paymentAttempts.id, a.id));
  await tx.update(orders).set({ paymentStatus: 'paid', updatedAt: now }).where(eq(orders.id, o.id));
  const method =
    a.provider === 'bank_transfer'
      ? `Bank transfer (${a.transferMode ?? 'NEFT'})`
      : (report.method ?? a.provider).toUpperCase();
  // The pending payment row is gone when the order was cancelled while the buyer was at the checkout.
  if (a.paymentId) {
    await tx
      .update(payments)
      .set({
        status: 'paid',
        method: a.provider === 'bank_transfer' ? 'Bank Transfer' : method,
        reference: a.provider === 'bank_transfer' ? a.utr : report.providerPaymentId,
        paidAt: now,
        amount: o.total,
      })
      .where(eq(payments.id, a.paymentId));
  }
  await post(tx, {
    key: `capture:${a.id}`,
    kind: 'capture',
    orderId: o.id,
    manufacturerId: o.manufacturerId,
    memo: `Payment ${a.reference} for order ${o.orderNumber} (${a.provider}, ${report.source})`,
    at: now,
    lines: [
      { account: 'buyer_payments', amountPaise: a.amountPaise },
      { account: 'escrow', amountPaise: -a.amountPaise },
    ],
  });
  await notify(tx, {
    userId: order.sellerUserId,
    type: 'payment_received',
    ...notice('payment.receivedSeller', { amount: formatInr(o.total), order: o.orderNumber }),
    link: `/dashboard/orders/${o.id}`,
  });
  await notifyBuyer(tx, o.buyerId, {
    type: 'payment_recorded',
    ...notice('payment.receivedBuyer', { amount: formatInr(o.total), order: o.orderNumber }),
    link: buyerLinks.order(o.id),
  });
  if (o.status === 'cancelled') {
    // Paid after it was cancelled (the buyer was at the checkout while it was cancelled): the money goes back.
    await issueRefundInTx(tx, deps, {
      orderId: o.id,
      amountPaise: a.amountPaise,
      reason: 'Order cancelled before the payment arrived',
      reasonNotice: label('notify.label.refundReason.unpaidCancelled'),
    });
  }
  if (captureBeforeCommit.hasSubscribers) captureBeforeCommit.publish({ attemptId: a.id });
  return 'captured';
}

/** A second payment was captured for an order already paid: an admin refunds it. */
async function flag(tx: Db, a: Attempt, secondPaymentId: string) {
  await notifyAdmins(tx, {
    type: 'admin_money_alert',
    ...notice('admin.secondPayment', { reference: a.reference, payment: secondPaymentId }),
    link: '/admin/finance',
  });
}

/** The provider says a payment failed: an unfinished attempt becomes failed (a capture is never undone by it). */
export async function failInTx(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  report: { providerOrderId: string; providerPaymentId: string; reason?: string },
) {
  const [a] = await tx
    .update(paymentAttempts)
    .set({
      status: 'failed',
      failureReason: report.reason ?? 'The payment failed at the gateway.',
      updatedAt: deps.clock(),
    })
    .where(and(eq(paymentAttempts.providerOrderId, report.providerOrderId), eq(paymentAttempts.status, 'created')))
    .returning();
  if (a) {
    await notifyBuyer(tx, a.buyerId, {
      type: 'payment_update',
      ...notice(report.reason ? 'payment.failed' : 'payment.failedPlain', {
        reference: a.reference,
        ...(report.reason ? { reason: report.reason } : {}),
      }),
      link: buyerLinks.order(a.orderId),
    });
  }
  return a ? 'failed' : 'ignored';
}

/**
 * The webhook handler (POST /api/payments/webhooks/razorpay, and the test gateway's deliveries): signature over the
 * raw body first (a bad one is refused 400, logged, and changes nothing), then each event once by its id, in the
 * same transaction as its effect, so a redelivery after a crash either finds the event done or does it whole.
 */
export async function handleWebhook(
  deps: Deps,
  gateway: PaymentGateway,
  rawBody: Buffer,
  headers: { signature?: string; eventId?: string },
): Promise<{ status: number; body: { ok: boolean; outcome: string } }> {
  if (!gateway.verifyWebhook(rawBody, headers.signature)) {
    deps.log.warn({ event: 'webhook.bad_signature', eventId: headers.eventId }, 'webhook refused: bad signature');
    return { status: 400, body: { ok: false, outcome: 'bad_signature' } };
  }
  let event: GatewayEvent;
  try {
    event = gateway.parseWebhook(rawBody, headers.eventId);
  } catch (err) {
    if (!(err instanceof WebhookFormatError)) throw err;
    deps.log.warn({ event: 'webhook.bad_body', why: err.message }, 'webhook refused: not an event');
    return { status: 400, body: { ok: false, outcome: 'bad_body' } };
  }
  const outcome = await transaction(deps.db, async (tx) => {
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({
        eventId: event.id,
        provider: gateway.name,
        type: event.type === 'other' ? event.name : event.type,
        outcome: 'processing',
      })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return 'duplicate';
    let result: string;
    switch (event.type) {
      case 'payment.captured':
        result = await captureInTx(tx, deps, {
          provider: gateway.name,
          providerOrderId: event.providerOrderId,
          providerPaymentId: event.providerPaymentId,
          amountPaise: event.amountPaise,
          ...(event.method ? { method: event.method } : {}),
          source: 'webhook',
        });
        break;
      case 'payment.failed':
        result = await failInTx(tx, deps, {
          providerOrderId: event.providerOrderId,
          providerPaymentId: event.providerPaymentId,
          ...(event.errorDescription ? { reason: event.errorDescription } : {}),
        });
        break;
      case 'refund.processed':
      case 'refund.failed': {
        const [r] = await tx.select().from(refunds).where(eq(refunds.providerRefundId, event.providerRefundId));
        const unmatched = r ? null : await unmatchedByProviderRefund(tx, event.providerRefundId);
        if (unmatched) {
          result =
            event.type === 'refund.processed'
              ? await markUnmatchedRefundedInTx(tx, deps, unmatched.id)
              : 'refund_failed_noted';
          break;
        }
        if (!r) {
          // Our refund job has not stored the provider's id yet: undo, so the provider's retry finds it later.
          throw new RefundNotYetKnown();
        }
        result =
          event.type === 'refund.processed' ? await markRefundProcessedInTx(tx, deps, r.id) : 'refund_failed_noted';
        break;
      }
      default:
        result = 'ignored';
    }
    await tx.update(webhookEvents).set({ outcome: result }).where(eq(webhookEvents.eventId, event.id));
    return result;
  }).catch((err: unknown) => {
    if (err instanceof RefundNotYetKnown) return 'retry_later';
    throw err;
  });
  deps.log.info({ event: 'webhook.processed', eventId: event.id, type: event.type, outcome }, 'webhook processed');
  if (outcome === 'retry_later') return { status: 503, body: { ok: false, outcome } };
  return { status: 200, body: { ok: true, outcome } };
}

class RefundNotYetKnown extends Error {}

/**
 * The browser came back from the checkout with Razorpay's three parameters: the signature must match, and then the
 * gateway is asked what it holds for the order (the amount comes from the gateway, never from the browser).
 */
export async function verifyReturn(
  deps: Deps,
  gateway: PaymentGateway,
  buyerId: string,
  input: { attemptId: string; providerOrderId: string; providerPaymentId: string; signature: string },
) {
  const [a] = await deps.db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.id, input.attemptId), eq(paymentAttempts.buyerId, buyerId)));
  if (!a) throw notFound('Payment not found');
  if (a.providerOrderId !== input.providerOrderId || !gateway.verifyPaymentSignature(input)) {
    deps.log.warn({ event: 'payment.bad_return_signature', attemptId: a.id }, 'checkout return refused: bad signature');
    throw badRequest(
      'This payment could not be verified. If money left your account, it will be matched automatically.',
    );
  }
  await reconcileAttempt(deps, gateway, a.id, 'checkout');
  const [after] = await deps.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, a.id));
  return attemptView(after ?? a);
}

/** Asks the gateway about one attempt and records what it says (captured, or all failed). */
export async function reconcileAttempt(deps: Deps, gateway: PaymentGateway, attemptId: string, source: string) {
  const [a] = await deps.db.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId));
  if (!a?.providerOrderId || a.status !== 'created') return 'skipped';
  const found = await gateway.fetchOrderPayments(a.providerOrderId);
  const captured = found.find((p) => p.status === 'captured' || p.status === 'refunded');
  if (captured) {
    return transaction(deps.db, (tx) =>
      captureInTx(tx, deps, {
        provider: gateway.name,
        attemptId: a.id,
        providerPaymentId: captured.providerPaymentId,
        amountPaise: captured.amountPaise,
        ...(captured.method ? { method: captured.method } : {}),
        source,
      }),
    );
  }
  const failed = found.find((p) => p.status === 'failed');
  if (failed && found.every((p) => p.status === 'failed')) {
    return transaction(deps.db, (tx) =>
      failInTx(tx, deps, { providerOrderId: a.providerOrderId ?? '', providerPaymentId: failed.providerPaymentId }),
    );
  }
  return 'open';
}

/**
 * The scheduled reconciliation: every gateway attempt still open after a minute (and less than a week old) is asked
 * about, so a capture whose webhook never came (or came while we were down) is found; capture is keyed by the
 * attempt, so a webhook arriving too changes nothing.
 */
export async function reconcileOpenAttempts(deps: Deps, gateway: PaymentGateway) {
  const now = deps.clock();
  const open = await deps.db
    .select({ id: paymentAttempts.id })
    .from(paymentAttempts)
    .where(
      and(
        eq(paymentAttempts.status, 'created'),
        eq(paymentAttempts.provider, gateway.name),
        lt(paymentAttempts.createdAt, new Date(now.getTime() - 60_000)),
        gt(paymentAttempts.createdAt, new Date(now.getTime() - 7 * 86_400_000)),
      ),
    );
  const outcomes: Record<string, number> = {};
  for (const a of open) {
    try {
      const o = await reconcileAttempt(deps, gateway, a.id, 'reconciliation');
      outcomes[o] = (outcomes[o] ?? 0) + 1;
    } catch (err) {
      deps.log.warn({ err: (err as Error).message, attemptId: a.id }, 'reconciliation of an attempt failed');
    }
  }
  return { checked: open.length, outcomes };
}

/** The buyer enters the UTR of their bank transfer: the payment waits for the admin's confirmation. */
export async function submitUtr(deps: Deps, buyerId: string, attemptId: string, rawUtr: string) {
  const parsed = utrMode(rawUtr);
  if (!parsed) throw badRequest(UTR_MESSAGE, { utr: UTR_MESSAGE });
  return transaction(deps.db, async (tx) => {
    const [a] = await tx
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.id, attemptId), eq(paymentAttempts.buyerId, buyerId)))
      .for('update');
    if (a?.provider !== 'bank_transfer') throw notFound('Payment not found');
    if (a.status !== 'awaiting_utr' && a.status !== 'rejected') {
      throw conflict('This bank transfer was already submitted.');
    }
    const [o] = await tx.select().from(orders).where(eq(orders.id, a.orderId));
    if (!o || o.paymentStatus === 'paid') throw conflict('This order is already paid.');
    const [after] = await tx
      .update(paymentAttempts)
      .set({
        status: 'awaiting_confirmation',
        utr: parsed.utr,
        transferMode: parsed.mode,
        failureReason: null,
        updatedAt: deps.clock(),
      })
      .where(eq(paymentAttempts.id, a.id))
      .returning()
      .catch((err: unknown) => {
        if (isUniqueViolation(err, 'payment_attempts_utr_key')) {
          throw conflict('This UTR was already used for another payment.', {
            utr: 'This UTR was already used for another payment.',
          });
        }
        throw err;
      });
    if (!after) throw notFound('Payment not found');
    await notifyAdmins(tx, {
      type: 'admin_payment_review',
      ...notice('admin.transferToConfirm', {
        amount: formatInr(a.amountPaise / 100),
        order: o.orderNumber,
        utr: parsed.utr,
        mode: parsed.mode,
        reference: a.reference,
      }),
      link: '/admin/finance',
    });
    return attemptView(after);
  });
}

/** The admin found the transfer on the bank statement: it is captured like a gateway payment. */
export async function confirmBankTransfer(deps: Deps, actorUserId: string, attemptId: string) {
  return transaction(deps.db, async (tx) => {
    const a = await lockAttempt(tx, attemptId);
    if (a.provider !== 'bank_transfer') throw notFound('Payment not found');
    if (a.status !== 'awaiting_confirmation') throw conflict('This bank transfer is not awaiting confirmation.');
    const outcome = await captureInTx(tx, deps, {
      provider: 'bank_transfer',
      attemptId: a.id,
      providerPaymentId: a.utr ?? '',
      amountPaise: a.amountPaise,
      method: 'bank_transfer',
      source: 'admin confirmation',
    });
    if (outcome !== 'captured') throw conflict('This order is already paid by another payment.');
    await tx.update(paymentAttempts).set({ decidedBy: actorUserId }).where(eq(paymentAttempts.id, a.id));
    await audit(tx, {
      actorUserId,
      action: 'payment.confirm',
      entityType: 'payment_attempt',
      entityId: a.id,
      before: { status: a.status, utr: a.utr },
      after: { status: 'captured' },
    });
    return { ok: true };
  });
}

/** The admin could not find the transfer: rejected with a reason; buyer and seller are told, the buyer may retry. */
export async function rejectBankTransfer(deps: Deps, actorUserId: string, attemptId: string, reason: string) {
  return transaction(deps.db, async (tx) => {
    const a = await lockAttempt(tx, attemptId);
    if (a.provider !== 'bank_transfer') throw notFound('Payment not found');
    if (a.status !== 'awaiting_confirmation') throw conflict('This bank transfer is not awaiting confirmation.');
    await tx
      .update(paymentAttempts)
      .set({ status: 'rejected', failureReason: reason, decidedBy: actorUserId, updatedAt: deps.clock() })
      .where(eq(paymentAttempts.id, a.id));
    await audit(tx, {
      actorUserId,
      action: 'payment.reject',
      entityType: 'payment_attempt',
      entityId: a.id,
      reason,
      before: { status: a.status, utr: a.utr },
      after: { status: 'rejected' },
    });
    const [o] = await tx
      .select({ orderNumber: orders.orderNumber, sellerUserId: manufacturers.userId })
      .from(orders)
      .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
      .where(eq(orders.id, a.orderId));
    await notifyBuyer(tx, a.buyerId, {
      type: 'payment_update',
      ...notice('payment.transferNotConfirmedBuyer', { utr: a.utr ?? '', order: o?.orderNumber ?? '', reason }),
      link: buyerLinks.order(a.orderId),
    });
    if (o) {
      await notify(tx, {
        userId: o.sellerUserId,
        type: 'payment_update',
        ...notice('payment.transferNotConfirmedSeller', { order: o.orderNumber, reason }),
        link: `/dashboard/orders/${a.orderId}`,
      });
    }
    return { ok: true };
  });
}

/** The buyer's view of an order's payment attempts (newest first). */
export async function attemptsForOrder(db: Db, orderId: string) {
  const rows = await db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.orderId, orderId))
    .orderBy(desc(paymentAttempts.createdAt));
  return rows.map(attemptView);
}

/** The buyer's payment panel of an order: amount due, the gateway in use, attempts and refunds. */
export async function orderPayments(db: Db, gatewayName: 'test' | 'razorpay', buyerId: string, orderId: string) {
  const [o] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)));
  if (!o) throw notFound('Order not found');
  const rs = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(desc(refunds.createdAt));
  return {
    amountDuePaise: o.paymentStatus === 'paid' || o.status === 'cancelled' ? 0 : toPaise(o.total),
    paymentStatus: o.paymentStatus,
    gateway: gatewayName,
    attempts: await attemptsForOrder(db, orderId),
    refunds: rs.map((r) => ({
      id: r.id,
      refundNumber: r.refundNumber,
      amountPaise: r.amountPaise,
      reason: r.reason,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}
