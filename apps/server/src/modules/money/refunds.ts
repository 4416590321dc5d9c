import { creditNoteForRefund } from '../tax-documents/commands.ts';
import { formatInr } from '@ub/shared/format';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { manufacturers, orders, paymentAttempts, refunds, sellerEarnings } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { audit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { buyerLinks, notifyBuyer } from '../buyers/notify.ts';
import { type NotificationParam, notice, notify } from '../notifications/notify.ts';
import { notifyAdmins } from '../notifications/notify-admins.ts';
import type { PaymentGateway } from '../payments/providers/types.ts';
import { nextNumber } from '../trade/common.ts';
import { invoiceCarryingOrder, issueCommissionCreditNoteInTx } from './commission-invoice.ts';
import { heldForOrder, post } from './ledger.ts';

export const REFUND_JOB = 'money.refund';

/**
 * The hook the GST work points at the credit-note issuer (merge): called in the refund's own transaction, so a
 * credit note exists exactly when the refund does. A no-op until then.
 */
export async function onRefundIssued(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  refund: { orderId: string; refundId: string; amountPaise: number; reason: string },
): Promise<void> {
  // The GST credit note for the refunded value (tax included): at most what is still billed, nothing when the
  // order has no invoice or a cancellation already credited it in full.
  await creditNoteForRefund(tx, deps, {
    orderId: refund.orderId,
    amountPaise: refund.amountPaise,
    reason: refund.reason,
  });
}

const NO_REVERSAL = {
  taxablePaise: 0,
  commissionPaise: 0,
  gstOnCommissionPaise: 0,
  tcsPaise: 0,
  tdsPaise: 0,
  tcsInterState: 0,
};

/**
 * What a refund of `fromSeller` (money already released to the seller) reverses of the commission, GST on it, TCS
 * and TDS withheld at the order's release: the refunded share of what was released, cumulatively (every refund
 * after release so far, this one included, against the release's gross, less what earlier refunds reversed), so
 * refunds that add up to the whole release reverse exactly what was withheld, to the paisa.
 */
export async function withholdingsToReverse(tx: Db, orderId: string, fromSeller: number) {
  const [rel] = await tx
    .select()
    .from(sellerEarnings)
    .where(and(eq(sellerEarnings.orderId, orderId), eq(sellerEarnings.kind, 'release')));
  if (!rel || rel.grossPaise <= 0) return NO_REVERSAL;
  const [prev] = await tx
    .select({
      refunds: sql<string>`coalesce(sum(${sellerEarnings.refundsPaise}), 0)`,
      taxable: sql<string>`coalesce(-sum(${sellerEarnings.taxablePaise}), 0)`,
      commission: sql<string>`coalesce(-sum(${sellerEarnings.commissionPaise}), 0)`,
      gst: sql<string>`coalesce(-sum(${sellerEarnings.gstOnCommissionPaise}), 0)`,
      tcs: sql<string>`coalesce(-sum(${sellerEarnings.tcsPaise}), 0)`,
      tds: sql<string>`coalesce(-sum(${sellerEarnings.tdsPaise}), 0)`,
    })
    .from(sellerEarnings)
    .where(and(eq(sellerEarnings.orderId, orderId), eq(sellerEarnings.kind, 'refund_recovery')));
  const refunded = Math.min(Number(prev?.refunds ?? 0) + fromSeller, rel.grossPaise);
  const part = (total: number, already: string | undefined) =>
    Math.max(0, Math.round((total * refunded) / rel.grossPaise) - Number(already ?? 0));
  return {
    taxablePaise: part(rel.taxablePaise, prev?.taxable),
    commissionPaise: part(rel.commissionPaise, prev?.commission),
    gstOnCommissionPaise: part(rel.gstOnCommissionPaise, prev?.gst),
    tcsPaise: part(rel.tcsPaise, prev?.tcs),
    tdsPaise: part(rel.tdsPaise, prev?.tds),
    tcsInterState: rel.tcsInterState,
  };
}

/** Takes the order's row lock, the first lock of every command that moves the order's money (ADR 0038). */
export async function lockOrder(tx: Db, orderId: string) {
  const [o] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  if (!o) throw notFound('Order not found');
}

/** A payment try's row, locked after its order's (ADR 0038); 404 when there is none. */
export async function lockAttempt(tx: Db, attemptId: string) {
  const [peek] = await tx
    .select({ orderId: paymentAttempts.orderId })
    .from(paymentAttempts)
    .where(eq(paymentAttempts.id, attemptId));
  if (!peek) throw notFound('Payment not found');
  await lockOrder(tx, peek.orderId);
  const [a] = await tx.select().from(paymentAttempts).where(eq(paymentAttempts.id, attemptId)).for('update');
  if (!a) throw notFound('Payment not found');
  return a;
}

/** What is left to refund of an order: captured less every refund issued. */
export async function refundableOf(db: Db, orderId: string) {
  const [a] = await db
    .select()
    .from(paymentAttempts)
    .where(and(eq(paymentAttempts.orderId, orderId), eq(paymentAttempts.status, 'captured')));
  if (!a) return { attempt: null, refundable: 0 };
  const [r] = await db
    .select({ n: sql<string>`coalesce(sum(${refunds.amountPaise}), 0)` })
    .from(refunds)
    .where(eq(refunds.attemptId, a.id));
  return { attempt: a, refundable: a.amountPaise - Number(r?.n ?? 0) };
}

/**
 * Issues a refund of `amountPaise` of an order in `tx` (the cancellation's or the dispute's transaction). What is
 * still in escrow is refunded from escrow; the rest (money already released to the seller) is taken from the
 * seller's payable and shows as a negative line in their next settlement. A gateway refund is sent to the provider
 * that took the payment by a job; a bank transfer refund waits for the admin to pay it and enter the UTR.
 */
export async function issueRefundInTx(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  input: {
    orderId: string;
    amountPaise: number;
    reason: string;
    /** The reason as notifications say it in the reader's language, when the platform wrote it (not a person). */
    reasonNotice?: NotificationParam;
  },
) {
  // The order's row first (ADR 0038): refunds of one order, its release and its cancellation run one at a time, and
  // what is refundable and held is read under that lock, so concurrent refunds never add up to more than was paid.
  await lockOrder(tx, input.orderId);
  const { attempt, refundable } = await refundableOf(tx, input.orderId);
  if (!attempt) return null;
  if (!Number.isSafeInteger(input.amountPaise) || input.amountPaise <= 0) {
    throw conflict('The refund must be a positive amount.');
  }
  if (input.amountPaise > refundable) {
    throw conflict(`At most ${formatInr(refundable / 100)} can be refunded on this order.`);
  }
  const now = deps.clock();
  const held = await heldForOrder(tx, input.orderId);
  const fromEscrow = Math.min(held, input.amountPaise);
  const fromSeller = input.amountPaise - fromEscrow;
  const [o] = await tx
    .select({ o: orders, sellerUserId: manufacturers.userId })
    .from(orders)
    .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
    .where(eq(orders.id, input.orderId));
  if (!o) throw notFound('Order not found');
  const [r] = await tx
    .insert(refunds)
    .values({
      refundNumber: await nextNumber(tx, 'RFD', now),
      orderId: input.orderId,
      attemptId: attempt.id,
      manufacturerId: o.o.manufacturerId,
      buyerId: o.o.buyerId,
      provider: attempt.provider,
      amountPaise: input.amountPaise,
      reason: input.reason,
      fromSeller,
      createdAt: now,
    })
    .returning();
  if (!r) throw new Error('refund insert returned nothing');
  // The part of released money refunded takes back its share of what was withheld on it at release.
  const rev = fromSeller > 0 ? await withholdingsToReverse(tx, input.orderId, fromSeller) : NO_REVERSAL;
  const reversed = rev.commissionPaise + rev.gstOnCommissionPaise + rev.tcsPaise + rev.tdsPaise;
  await post(tx, {
    key: `refund:${r.id}`,
    kind: 'refund',
    orderId: input.orderId,
    manufacturerId: o.o.manufacturerId,
    memo: `Refund ${r.refundNumber} of order ${o.o.orderNumber}: ${input.reason}`,
    at: now,
    lines: [
      { account: 'escrow', amountPaise: fromEscrow },
      { account: 'seller_payable', amountPaise: fromSeller - reversed },
      { account: 'commission', amountPaise: rev.commissionPaise },
      { account: 'gst_on_commission', amountPaise: rev.gstOnCommissionPaise },
      { account: 'tcs_payable', amountPaise: rev.tcsPaise },
      { account: 'tds_payable', amountPaise: rev.tdsPaise },
      { account: 'refunds_payable', amountPaise: -input.amountPaise },
    ],
  });
  if (fromSeller > 0) {
    await tx.insert(sellerEarnings).values({
      manufacturerId: o.o.manufacturerId,
      orderId: input.orderId,
      kind: 'refund_recovery',
      grossPaise: 0,
      taxablePaise: -rev.taxablePaise,
      commissionPaise: -rev.commissionPaise,
      gstOnCommissionPaise: -rev.gstOnCommissionPaise,
      tcsPaise: -rev.tcsPaise,
      tcsInterState: rev.tcsInterState,
      tdsPaise: -rev.tdsPaise,
      refundsPaise: fromSeller,
      netPaise: reversed - fromSeller,
      postedAt: now,
    });
    // Commission already invoiced in a settlement: a credit note against that invoice; else the next settlement's
    // invoice carries the commission net of this reversal.
    const invoice = rev.commissionPaise > 0 ? await invoiceCarryingOrder(tx, input.orderId) : null;
    if (invoice) {
      await issueCommissionCreditNoteInTx(tx, {
        invoice,
        orderId: input.orderId,
        orderNumber: o.o.orderNumber,
        refundId: r.id,
        refundNumber: r.refundNumber,
        reason: input.reason,
        commissionPaise: rev.commissionPaise,
        gstPaise: rev.gstOnCommissionPaise,
        at: now,
      });
    }
  }
  if (attempt.provider === 'bank_transfer') {
    await notifyAdmins(tx, {
      type: 'admin_payment_review',
      ...notice('admin.refundByTransfer', {
        refund: r.refundNumber,
        amount: formatInr(input.amountPaise / 100),
        order: o.o.orderNumber,
        utr: attempt.utr ?? '',
      }),
      link: '/admin/finance',
    });
  } else {
    await enqueue(tx, REFUND_JOB, { refundId: r.id }, { uniqueKey: `refund:${r.id}`, maxAttempts: 10 });
  }
  await notifyBuyer(tx, o.o.buyerId, {
    type: 'refund_update',
    ...notice('refund.issued', {
      amount: formatInr(input.amountPaise / 100),
      order: o.o.orderNumber,
      reason: input.reasonNotice ?? input.reason,
    }),
    link: buyerLinks.order(input.orderId),
  });
  await notify(tx, {
    userId: o.sellerUserId,
    type: 'refund_update',
    ...notice(fromSeller ? 'refund.orderRefundedDeducted' : 'refund.orderRefunded', {
      amount: formatInr(input.amountPaise / 100),
      order: o.o.orderNumber,
      reason: input.reasonNotice ?? input.reason,
      ...(fromSeller ? { deducted: formatInr((fromSeller - reversed) / 100) } : {}),
    }),
    link: `/dashboard/orders/${input.orderId}`,
  });
  await onRefundIssued(tx, deps, {
    orderId: input.orderId,
    refundId: r.id,
    amountPaise: input.amountPaise,
    reason: input.reason,
  });
  return r;
}

/** The refund reached the buyer (provider said processed, or the admin paid it): money leaves the platform. */
export async function markRefundProcessedInTx(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  refundId: string,
  patch: { providerRefundId?: string; utr?: string } = {},
): Promise<string> {
  const [r] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!r) return 'unknown_refund';
  if (r.status === 'processed') return 'duplicate';
  const now = deps.clock();
  await tx
    .update(refunds)
    .set({ status: 'processed', processedAt: now, ...patch })
    .where(eq(refunds.id, r.id));
  await post(tx, {
    key: `refund-paid:${r.id}`,
    kind: 'refund_paid',
    orderId: r.orderId,
    manufacturerId: r.manufacturerId,
    memo: `Refund ${r.refundNumber} paid to the buyer`,
    at: now,
    lines: [
      { account: 'refunds_payable', amountPaise: r.amountPaise },
      { account: 'buyer_payments', amountPaise: -r.amountPaise },
    ],
  });
  await notifyBuyer(tx, r.buyerId, {
    type: 'refund_update',
    ...notice(patch.utr ? 'refund.paidUtr' : 'refund.paid', {
      refund: r.refundNumber,
      amount: formatInr(r.amountPaise / 100),
      ...(patch.utr ? { utr: patch.utr } : {}),
    }),
    link: buyerLinks.order(r.orderId),
  });
  return 'refund_processed';
}

/** The refund job: asks the gateway that took the payment to refund it (receipt = our refund number, idempotent). */
export async function sendRefundToGateway(deps: Deps, gateway: PaymentGateway, refundId: string) {
  const [r] = await deps.db
    .select({ r: refunds, paymentId: paymentAttempts.providerPaymentId })
    .from(refunds)
    .innerJoin(paymentAttempts, eq(paymentAttempts.id, refunds.attemptId))
    .where(eq(refunds.id, refundId));
  if (!r || r.r.status === 'processed') return;
  if (r.r.provider !== gateway.name) {
    throw new Error(`refund ${r.r.refundNumber} was taken by ${r.r.provider}, the gateway now is ${gateway.name}`);
  }
  const res = await gateway.refund({
    providerPaymentId: r.paymentId ?? '',
    amountPaise: r.r.amountPaise,
    receipt: r.r.refundNumber,
    notes: { reason: r.r.reason.slice(0, 200) },
  });
  await transaction(deps.db, async (tx) => {
    if (res.status === 'processed') {
      await markRefundProcessedInTx(tx, deps, r.r.id, { providerRefundId: res.providerRefundId });
    } else {
      await tx
        .update(refunds)
        .set({ providerRefundId: res.providerRefundId, status: res.status })
        .where(eq(refunds.id, r.r.id));
    }
  });
}

/** The admin paid a bank-transfer refund and enters the UTR (audited). */
export async function markRefundPaid(deps: Deps, actorUserId: string, refundId: string, utr: string) {
  return transaction(deps.db, async (tx) => {
    const [r] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
    if (!r) throw notFound('Refund not found');
    if (r.status === 'processed') throw conflict('This refund is already paid.');
    if (r.provider !== 'bank_transfer') throw conflict('This refund goes back through the payment gateway.');
    await markRefundProcessedInTx(tx, deps, r.id, { utr });
    await audit(tx, {
      actorUserId,
      action: 'refund.paid',
      entityType: 'refund',
      entityId: r.id,
      reason: utr,
      before: { status: r.status },
      after: { status: 'processed', utr },
    });
    return { ok: true };
  });
}

/** Admin or dispute path: refund in its own transaction. */
export const issueRefund = (deps: Deps, input: { orderId: string; amountPaise: number; reason: string }) =>
  transaction(deps.db, (tx) => issueRefundInTx(tx, deps, input));

/**
 * The admin refunds a flagged capture (a second payment for a paid order, or a wrong amount): money the provider
 * took and the order never counted, so it never reached escrow. One entry books it as owed back (buyer payments /
 * refunds payable); the refund goes through the provider that took it (a job; a bank transfer waits for the
 * admin's UTR), and its payment closes the pair. The attempt becomes `refunded`. Audited; a second call refuses.
 */
export const refundFlaggedCapture = (deps: Deps, actorUserId: string, attemptId: string) =>
  transaction(deps.db, (tx) => refundFlaggedCaptureInTx(tx, deps, actorUserId, attemptId));

/**
 * Refunds a flagged capture in `tx`: the capture's own transaction refunds it at once (money the order cannot
 * count is never kept), and the admin's action remains for a flagged capture from before that.
 */
export async function refundFlaggedCaptureInTx(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  actorUserId: string | null,
  attemptId: string,
) {
  const a = await lockAttempt(tx, attemptId);
  if (a.status !== 'flagged' || !a.flaggedPaise || !a.providerPaymentId) {
    throw conflict('Only a flagged capture the provider took can be refunded here.');
  }
  const now = deps.clock();
  const [o] = await tx.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, a.orderId));
  const reason = `Flagged capture refunded: ${a.flagReason ?? 'not counted for the order'}`;
  const [r] = await tx
    .insert(refunds)
    .values({
      refundNumber: await nextNumber(tx, 'RFD', now),
      orderId: a.orderId,
      attemptId: a.id,
      manufacturerId: a.manufacturerId,
      buyerId: a.buyerId,
      provider: a.provider,
      amountPaise: a.flaggedPaise,
      reason: reason.slice(0, 500),
      createdAt: now,
    })
    .returning();
  if (!r) throw new Error('refund insert returned nothing');
  await tx.update(paymentAttempts).set({ status: 'refunded', updatedAt: now }).where(eq(paymentAttempts.id, a.id));
  await post(tx, {
    key: `flagged-refund:${a.id}`,
    kind: 'flagged_refund',
    orderId: a.orderId,
    manufacturerId: a.manufacturerId,
    memo: `Refund ${r.refundNumber} of flagged payment ${a.providerPaymentId} (order ${o?.orderNumber ?? ''})`,
    at: now,
    lines: [
      { account: 'buyer_payments', amountPaise: a.flaggedPaise },
      { account: 'refunds_payable', amountPaise: -a.flaggedPaise },
    ],
  });
  if (a.provider !== 'bank_transfer') {
    await enqueue(tx, REFUND_JOB, { refundId: r.id }, { uniqueKey: `refund:${r.id}`, maxAttempts: 10 });
  }
  await audit(tx, {
    actorUserId,
    action: 'refund.flagged_capture',
    entityType: 'payment_attempt',
    entityId: a.id,
    reason,
    before: { status: a.status },
    after: { status: 'refunded', refundId: r.id, amountPaise: a.flaggedPaise },
  });
  await notifyBuyer(tx, a.buyerId, {
    type: 'refund_update',
    ...notice('refund.extraPayment', { amount: formatInr(a.flaggedPaise / 100), order: o?.orderNumber ?? '' }),
    link: buyerLinks.order(a.orderId),
  });
  return { id: r.id, refundNumber: r.refundNumber };
}
