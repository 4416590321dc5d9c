import { formatInr } from '@ub/shared/format';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { settlements, webhookEvents } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { transaction } from '../../lib/transaction.ts';
import { notice } from '../notifications/notify.ts';
import { notifyAdmins } from '../notifications/notify-admins.ts';
import { verifyWebhookSignature, WebhookFormatError } from '../payments/providers/razorpay-webhook.ts';
import { type PayoutEvent, parsePayoutWebhookBody } from '../payments/providers/razorpayx.ts';
import { post } from './ledger.ts';
import { recordPayoutFailedInTx, recordPayoutProcessedInTx } from './provider-payouts.ts';
import { payoutReversals } from './settlements.ts';

type Outcome = 'paid' | 'reversed' | 'failed' | 'ignored' | 'unknown_settlement' | 'amount_mismatch';

/**
 * A RazorpayX payout event for the settlement its reference names (reference_id = settlement number), in `tx`:
 * processed marks the settlement paid with the bank's UTR (ledger payout, seller told); reversed, after it was
 * paid, puts the money back in settlements payable (a new entry) and the settlement back to pending for the admin;
 * failed or rejected puts a payout under way back to be paid, with the reason, and tells the admins. A payout for another amount than the settlement's is refused and flagged.
 */
export async function applyPayoutEventInTx(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  event: Exclude<PayoutEvent, { type: 'other' }>,
): Promise<Outcome> {
  const [s] = event.reference
    ? await tx.select().from(settlements).where(eq(settlements.settlementNumber, event.reference)).for('update')
    : [];
  if (!s) {
    await notifyAdmins(tx, {
      type: 'admin_money_alert',
      ...notice('admin.payoutUnknown', {
        payout: event.providerPayoutId,
        event: event.type,
        reference: event.reference ?? '—',
      }),
      link: '/admin/finance',
    });
    return 'unknown_settlement';
  }
  if (event.amountPaise !== s.netPaise) {
    await notifyAdmins(tx, {
      type: 'admin_money_alert',
      ...notice('admin.payoutAmount', {
        payout: event.providerPayoutId,
        settlement: s.settlementNumber,
        amount: formatInr(event.amountPaise / 100),
        due: formatInr(s.netPaise / 100),
      }),
      link: '/admin/finance',
    });
    return 'amount_mismatch';
  }
  if (event.type === 'payout.processed') {
    return recordPayoutProcessedInTx(tx, deps, s, event.providerPayoutId, event.utr);
  }
  if (event.type === 'payout.reversed') {
    if (s.status !== 'paid') return 'ignored';
    const now = deps.clock();
    const n = (await payoutReversals(tx, s.id)) + 1;
    await post(tx, {
      key: `payout-reversal:${s.id}:${n}`,
      kind: 'payout',
      manufacturerId: s.manufacturerId,
      memo: `Payout of settlement ${s.settlementNumber} returned by the bank (RazorpayX ${event.providerPayoutId})`,
      at: now,
      lines: [
        { account: 'settlements_payable', amountPaise: -s.netPaise },
        { account: 'buyer_payments', amountPaise: s.netPaise },
      ],
    });
    const reason = event.failureReason ?? 'reversed by the beneficiary bank';
    await tx
      .update(settlements)
      .set({
        status: 'pending',
        reference: null,
        paidAt: null,
        payoutStatus: 'failed',
        payoutFailureReason: reason,
        providerPayoutId: event.providerPayoutId,
      })
      .where(eq(settlements.id, s.id));
    await audit(tx, {
      actorUserId: null,
      action: 'settlement.payout_reversed',
      entityType: 'settlement',
      entityId: s.id,
      reason,
      before: { status: s.status, reference: s.reference },
      after: { status: 'pending', reference: null },
    });
    await notifyAdmins(tx, {
      type: 'admin_money_alert',
      ...notice('admin.payoutReturned', { settlement: s.settlementNumber, amount: formatInr(s.netPaise / 100) }),
      link: '/admin/finance',
    });
    return 'reversed';
  }
  if (event.type === 'payout.failed' || event.type === 'payout.rejected') {
    // The payout under way for this settlement failed: it is to be paid again, with the reason on its row. An
    // event of an earlier payout (a new one was started since) changes nothing.
    const current = !s.providerPayoutId || s.providerPayoutId === event.providerPayoutId;
    if (s.status === 'pending' && (s.payoutStatus === 'requested' || s.payoutStatus === 'processing') && current) {
      await recordPayoutFailedInTx(tx, s, {
        reason: event.failureReason ?? event.type.replace('payout.', 'payout '),
        providerPayoutId: event.providerPayoutId,
      });
      return 'failed';
    }
    if (s.payoutStatus === 'failed' && s.providerPayoutId === event.providerPayoutId) return 'ignored';
    await notifyAdmins(tx, {
      type: 'admin_money_alert',
      ...notice('admin.payoutFailed', { settlement: s.settlementNumber, reason: event.failureReason ?? event.type }),
      link: '/admin/finance',
    });
    return 'failed';
  }
  return 'ignored';
}

/**
 * POST /api/payments/webhooks/razorpayx: signature over the raw body with the RazorpayX webhook secret (400 for a bad
 * one, or when none is configured), each event once by its id in the transaction of its effect.
 */
export async function handlePayoutWebhook(
  deps: Deps,
  secret: string | undefined,
  rawBody: Buffer,
  headers: { signature?: string; eventId?: string },
): Promise<{ status: number; body: { ok: boolean; outcome: string } }> {
  // Without a configured secret no event can be authentic: refused like a bad signature.
  if (!secret || !verifyWebhookSignature(rawBody, headers.signature, secret)) {
    deps.log.warn({ event: 'payout_webhook.bad_signature', eventId: headers.eventId }, 'payout webhook refused');
    return { status: 400, body: { ok: false, outcome: 'bad_signature' } };
  }
  let event: PayoutEvent;
  try {
    event = parsePayoutWebhookBody(rawBody, headers.eventId);
  } catch (err) {
    if (!(err instanceof WebhookFormatError)) throw err;
    return { status: 400, body: { ok: false, outcome: 'bad_body' } };
  }
  const outcome = await transaction(deps.db, async (tx) => {
    const type = event.type === 'other' ? event.name : event.type;
    const [fresh] = await tx
      .insert(webhookEvents)
      .values({ eventId: `razorpayx:${event.id}`, provider: 'razorpayx', type, outcome: 'processing' })
      .onConflictDoNothing()
      .returning();
    if (!fresh) return 'duplicate';
    const result = event.type === 'other' ? 'ignored' : await applyPayoutEventInTx(tx, deps, event);
    await tx
      .update(webhookEvents)
      .set({ outcome: result })
      .where(eq(webhookEvents.eventId, `razorpayx:${event.id}`));
    return result;
  });
  return { status: 200, body: { ok: true, outcome } };
}
