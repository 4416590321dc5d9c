import { formatInr } from '@ub/shared/format';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unmatchedCaptures } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { Deps } from '../../lib/deps.ts';
import { transaction } from '../../lib/transaction.ts';
import { notice } from '../notifications/notify.ts';
import { notifyAdmins } from '../notifications/notify-admins.ts';
import type { PaymentGateway } from '../payments/providers/types.ts';
import { post } from './ledger.ts';

export const UNMATCHED_REFUND_JOB = 'money.refundUnmatched';

/**
 * A capture for a gateway order no payment try matches (ADR 0038), in the webhook's transaction: recorded once per
 * provider payment, booked as held unmatched money (buyer payments / unmatched), the admin told ("Refund due"),
 * and a job asks the provider that took it to refund it in full. False when it was recorded before.
 */
export async function recordUnmatchedCaptureInTx(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  report: { provider: string; providerPaymentId: string; providerOrderId?: string; amountPaise: number },
): Promise<boolean> {
  if (!report.providerPaymentId || !Number.isSafeInteger(report.amountPaise) || report.amountPaise <= 0) return false;
  const now = deps.clock();
  const [row] = await tx
    .insert(unmatchedCaptures)
    .values({
      provider: report.provider,
      providerPaymentId: report.providerPaymentId,
      providerOrderId: report.providerOrderId ?? null,
      amountPaise: report.amountPaise,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) return false;
  await post(tx, {
    key: `unmatched:${row.id}`,
    kind: 'unmatched',
    memo: `Payment ${report.providerPaymentId} (${report.provider}) for an unknown order ${report.providerOrderId ?? ''}: refund due`,
    at: now,
    lines: [
      { account: 'buyer_payments', amountPaise: report.amountPaise },
      { account: 'unmatched', amountPaise: -report.amountPaise },
    ],
  });
  await notifyAdmins(tx, {
    type: 'admin_money_alert',
    ...notice('admin.unknownOrderPayment', {
      provider: report.provider,
      payment: report.providerPaymentId,
      amount: formatInr(report.amountPaise / 100),
    }),
    link: '/admin/finance',
  });
  await enqueue(tx, UNMATCHED_REFUND_JOB, { id: row.id }, { uniqueKey: `unmatched-refund:${row.id}`, maxAttempts: 10 });
  return true;
}

/** The refund reached the payer: the unmatched money leaves the platform (once). */
export async function markUnmatchedRefundedInTx(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  id: string,
  providerRefundId?: string,
): Promise<'refund_processed' | 'duplicate' | 'unknown_refund'> {
  const [u] = await tx.select().from(unmatchedCaptures).where(eq(unmatchedCaptures.id, id)).for('update');
  if (!u) return 'unknown_refund';
  if (u.status === 'refunded') return 'duplicate';
  const now = deps.clock();
  await tx
    .update(unmatchedCaptures)
    .set({ status: 'refunded', refundedAt: now, providerRefundId: providerRefundId ?? u.providerRefundId })
    .where(eq(unmatchedCaptures.id, id));
  await post(tx, {
    key: `unmatched-refund:${id}`,
    kind: 'unmatched_refund',
    memo: `Payment ${u.providerPaymentId} for an unknown order refunded to the payer`,
    at: now,
    lines: [
      { account: 'unmatched', amountPaise: u.amountPaise },
      { account: 'buyer_payments', amountPaise: -u.amountPaise },
    ],
  });
  return 'refund_processed';
}

/** The job: the provider that took the payment refunds it in full (receipt = our id, so a retry is the same refund). */
export async function refundUnmatched(deps: Deps, gateway: PaymentGateway, id: string) {
  const [u] = await deps.db.select().from(unmatchedCaptures).where(eq(unmatchedCaptures.id, id));
  if (!u || u.status === 'refunded') return;
  if (u.provider !== gateway.name) {
    throw new Error(
      `unmatched payment ${u.providerPaymentId} was taken by ${u.provider}, the gateway now is ${gateway.name}`,
    );
  }
  const res = await gateway.refund({
    providerPaymentId: u.providerPaymentId,
    amountPaise: u.amountPaise,
    receipt: `UNM-${u.id.slice(0, 8)}`,
    notes: { reason: 'Payment for an order we do not know' },
  });
  await transaction(deps.db, async (tx) => {
    if (res.status === 'processed') {
      await markUnmatchedRefundedInTx(tx, deps, u.id, res.providerRefundId);
    } else {
      await tx
        .update(unmatchedCaptures)
        .set({
          status: 'refund_pending',
          providerRefundId: res.providerRefundId,
          failureReason: res.status === 'failed' ? 'The provider refused the refund; it is retried.' : null,
        })
        .where(eq(unmatchedCaptures.id, u.id));
    }
  });
  if (res.status === 'failed') throw new Error(`refund of unmatched payment ${u.providerPaymentId} failed`);
}

/** The unmatched payment a provider refund id belongs to, if any (the refund webhook). */
export async function unmatchedByProviderRefund(db: Db, providerRefundId: string) {
  const [u] = await db
    .select({ id: unmatchedCaptures.id })
    .from(unmatchedCaptures)
    .where(eq(unmatchedCaptures.providerRefundId, providerRefundId));
  return u ?? null;
}

/** The admin's "Refund due" list: unmatched payments not yet refunded first, then the latest refunded. */
export async function unmatchedList(db: Db) {
  const rows = await db.select().from(unmatchedCaptures).orderBy(desc(unmatchedCaptures.createdAt)).limit(200);
  return rows
    .map((u) => ({
      id: u.id,
      provider: u.provider,
      providerPaymentId: u.providerPaymentId,
      providerOrderId: u.providerOrderId,
      amountPaise: u.amountPaise,
      status: u.status as 'refund_due' | 'refund_pending' | 'refunded',
      createdAt: u.createdAt.toISOString(),
      refundedAt: u.refundedAt?.toISOString() ?? null,
    }))
    .sort((a, b) => Number(a.status === 'refunded') - Number(b.status === 'refunded'));
}
