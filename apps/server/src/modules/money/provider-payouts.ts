import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { manufacturers, settlements } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { audit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { notice } from '../notifications/notify.ts';
import { notifyAdmins } from '../notifications/notify-admins.ts';
import { toSettlement } from './admin-payments.ts';
import { GatewayError } from '../payments/providers/razorpay-http.ts';
import type { PayoutProvider } from '../payments/providers/types.ts';
import { markPayoutPaidInTx } from './settlements.ts';

/**
 * Settlements paid through the payout provider (PAYOUT_PROVIDER=razorpayx, ADR 0033). The admin's "Pay via
 * RazorpayX" marks the settlement's payout `requested` and queues PAYOUT_JOB in the same transaction; the job calls
 * the provider (idempotency key = the settlement number, or number-n for the n-th payout after earlier ones failed)
 * and records what it answered: processed pays the settlement (markPayoutPaidInTx, as the webhook does), pending or
 * processing waits for the webhook or the reconciliation, failed puts it back to be paid with the reason.
 */
export const PAYOUT_JOB = 'money.payout';
/** A payout under way longer than this is asked about by the reconciliation (its webhook may never come). */
export const PAYOUT_RECONCILE_AFTER_MS = 10 * 60_000;

type Settlement = typeof settlements.$inferSelect;
const UNDER_WAY = ['requested', 'processing'] as const;
const underWay = (s: Settlement) => s.payoutStatus === 'requested' || s.payoutStatus === 'processing';

/** A provider payout of this settlement is started and not finished: the admin must not pay it by hand as well. */
export function payoutUnderWay(s: Settlement): boolean {
  return s.status === 'pending' && underWay(s);
}

function bankAccountOf(m: typeof manufacturers.$inferSelect) {
  const accountNumber = m.accountNumber?.trim();
  const ifsc = m.ifscCode?.trim();
  const name = (m.accountHolderName ?? '').trim();
  if (!accountNumber || !ifsc || !name) return null;
  return { name, accountNumber, ifsc };
}

/** The idempotency key of a settlement's n-th payout: the settlement number first, then number-n. */
export const payoutKeyOf = (settlementNumber: string, attempt: number) =>
  attempt <= 1 ? settlementNumber : `${settlementNumber}-${attempt}`;

/**
 * The admin's "Pay via RazorpayX": refused with the manual provider, for a paid settlement, one already under way,
 * nothing to pay, or a seller without bank details (nothing is sent). Otherwise the payout is recorded as requested
 * and its job queued, under the row lock, so a second click finds it under way and starts nothing.
 */
export async function startProviderPayout(
  deps: Deps,
  provider: PayoutProvider,
  actorUserId: string,
  settlementId: string,
) {
  if (provider.name === 'manual') {
    throw conflict(
      'Payouts are not sent through a provider here (PAYOUT_PROVIDER=manual): download the payout file, pay through the bank and mark each settlement paid with its UTR.',
    );
  }
  return transaction(deps.db, async (tx) => {
    const [s] = await tx.select().from(settlements).where(eq(settlements.id, settlementId)).for('update');
    if (!s) throw notFound('Settlement not found');
    if (s.status === 'paid') throw conflict('This settlement is already paid.');
    if (underWay(s)) {
      throw conflict(
        `A payout of ${s.settlementNumber} is already under way (${s.providerPayoutId ?? 'not yet sent'}): wait for its outcome.`,
      );
    }
    if (s.netPaise <= 0) throw conflict('This settlement has nothing to pay out.');
    const [m] = await tx.select().from(manufacturers).where(eq(manufacturers.id, s.manufacturerId));
    if (!m) throw notFound('Settlement not found');
    if (!bankAccountOf(m)) {
      throw conflict(
        `${m.companyName} has no bank account on record (account holder name, account number and IFSC): the seller must add it before the payout can be sent.`,
      );
    }
    const attempt = s.payoutAttempts + 1;
    const now = deps.clock();
    const [after] = await tx
      .update(settlements)
      .set({
        payoutStatus: 'requested',
        payoutAttempts: attempt,
        payoutKey: payoutKeyOf(s.settlementNumber, attempt),
        providerPayoutId: null,
        payoutFailureReason: null,
        payoutStartedAt: now,
      })
      .where(eq(settlements.id, s.id))
      .returning();
    if (!after) throw notFound('Settlement not found');
    await enqueue(
      tx,
      PAYOUT_JOB,
      { settlementId: s.id, attempt },
      { uniqueKey: `payout:${s.id}:${attempt}`, maxAttempts: 8 },
    );
    await audit(tx, {
      actorUserId,
      action: 'settlement.payout_started',
      entityType: 'settlement',
      entityId: s.id,
      reason: `${provider.name} payout ${attempt}`,
      before: { payoutStatus: s.payoutStatus },
      after: { payoutStatus: 'requested', payoutKey: after.payoutKey },
    });
    return toSettlement(after, m.companyName);
  });
}

/**
 * The provider paid the settlement (its answer, the webhook, or the reconciliation): marked paid with the UTR through
 * markPayoutPaidInTx (ledger payout, seller told), once. `s` must be locked by the caller.
 */
export async function recordPayoutProcessedInTx(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  s: Settlement,
  providerPayoutId: string | undefined,
  utr: string | undefined,
): Promise<'paid' | 'ignored'> {
  if (s.status === 'paid') return 'ignored';
  await markPayoutPaidInTx(tx, deps, null, s.id, utr ?? providerPayoutId ?? s.settlementNumber);
  await tx
    .update(settlements)
    .set({
      payoutStatus: 'processed',
      payoutFailureReason: null,
      ...(providerPayoutId ? { providerPayoutId } : {}),
    })
    .where(eq(settlements.id, s.id));
  return 'paid';
}

/**
 * The payout failed (refused before it was made, failed, rejected or returned by the bank): the settlement is to be
 * paid again, the reason kept for the admin, the admins told. `s` must be locked by the caller.
 */
export async function recordPayoutFailedInTx(
  tx: Db,
  s: Settlement,
  input: { reason: string; providerPayoutId?: string; refused?: boolean },
): Promise<void> {
  const reason = input.reason.slice(0, 500);
  await tx
    .update(settlements)
    .set({
      payoutStatus: 'failed',
      payoutFailureReason: reason,
      ...(input.providerPayoutId ? { providerPayoutId: input.providerPayoutId } : {}),
    })
    .where(eq(settlements.id, s.id));
  await audit(tx, {
    actorUserId: null,
    action: 'settlement.payout_failed',
    entityType: 'settlement',
    entityId: s.id,
    reason,
    before: { payoutStatus: s.payoutStatus, providerPayoutId: s.providerPayoutId },
    after: { payoutStatus: 'failed', providerPayoutId: input.providerPayoutId ?? s.providerPayoutId },
  });
  await notifyAdmins(tx, {
    type: 'admin_money_alert',
    ...notice(input.refused ? 'admin.payoutRefused' : 'admin.payoutFailed', { settlement: s.settlementNumber, reason }),
    link: '/admin/finance',
  });
}

type PayResult = Awaited<ReturnType<PayoutProvider['pay']>>;

/** What the provider answered for payout `attempt` of a settlement, recorded unless something newer already was. */
async function applyPayResult(deps: Deps, settlementId: string, attempt: number, res: PayResult) {
  return transaction(deps.db, async (tx) => {
    const [s] = await tx.select().from(settlements).where(eq(settlements.id, settlementId)).for('update');
    if (!s || s.payoutAttempts !== attempt || !payoutUnderWay(s)) return 'ignored';
    if (res.status === 'processed') return recordPayoutProcessedInTx(tx, deps, s, res.providerPayoutId, res.utr);
    if (res.status === 'failed') {
      await recordPayoutFailedInTx(tx, s, {
        reason: res.failureReason ?? 'the provider failed the payout',
        ...(res.providerPayoutId ? { providerPayoutId: res.providerPayoutId } : {}),
      });
      return 'failed';
    }
    await tx
      .update(settlements)
      .set({ payoutStatus: 'processing', providerPayoutId: res.providerPayoutId ?? s.providerPayoutId })
      .where(eq(settlements.id, s.id));
    return 'processing';
  });
}

async function failRefused(deps: Deps, settlementId: string, attempt: number, reason: string) {
  await transaction(deps.db, async (tx) => {
    const [s] = await tx.select().from(settlements).where(eq(settlements.id, settlementId)).for('update');
    if (!s || s.payoutAttempts !== attempt || !payoutUnderWay(s)) return;
    await recordPayoutFailedInTx(tx, s, { reason, refused: true });
  });
}

/**
 * A refusal that proves no payout was made under this key: our own input check, the keys, or Razorpay refusing the
 * request (4xx). A timeout, network failure, 5xx or an answer we could not read may hide a payout that exists, so
 * those are retried with the same key, never given up as failed.
 */
function refused(err: unknown): err is GatewayError {
  return err instanceof GatewayError && !err.retryable && err.kind !== 'invalid_response';
}

/**
 * The payout job (and the reconciliation of a payout still `requested`): sends payout `attempt` of the settlement
 * to the provider and records its answer. A refusal puts the settlement back to be paid with the reason; anything
 * else that fails is thrown, so the job runner tries again with the same idempotency key.
 */
export async function sendPayout(
  deps: Deps,
  provider: PayoutProvider,
  settlementId: string,
  attempt: number,
  opts: { lastTry?: boolean } = {},
): Promise<string> {
  const [row] = await deps.db
    .select({ s: settlements, m: manufacturers })
    .from(settlements)
    .innerJoin(manufacturers, eq(manufacturers.id, settlements.manufacturerId))
    .where(eq(settlements.id, settlementId));
  if (!row || row.s.payoutAttempts !== attempt || !payoutUnderWay(row.s)) return 'ignored';
  const { s, m } = row;
  const account = bankAccountOf(m);
  if (!account) {
    await failRefused(deps, s.id, attempt, 'the seller has no bank account on record');
    return 'failed';
  }
  let res: PayResult;
  try {
    res = await provider.pay({
      reference: s.settlementNumber,
      idempotencyKey: s.payoutKey ?? payoutKeyOf(s.settlementNumber, attempt),
      amountPaise: s.netPaise,
      account,
    });
  } catch (err) {
    if (refused(err)) {
      await failRefused(deps, s.id, attempt, err.description || err.message);
      return 'failed';
    }
    if (opts.lastTry) {
      await notifyAdmins(deps.db, {
        type: 'admin_money_alert',
        ...notice('admin.payoutUnreachable', {
          settlement: s.settlementNumber,
          reason: (err as Error).message.slice(0, 300),
        }),
        link: '/admin/finance',
      });
    }
    throw err;
  }
  return applyPayResult(deps, s.id, attempt, res);
}

/**
 * Every five minutes: payouts under way for longer than PAYOUT_RECONCILE_AFTER_MS are asked about, so one whose
 * webhook never came is found. Processing: the provider's state now (fetchPayout), applied as its webhook would be.
 * Requested (the job never got an answer): sent again with the same idempotency key, which answers the payout made,
 * if any, instead of paying twice. One settlement's failure does not stop the others.
 */
export async function reconcilePayouts(deps: Deps, provider: PayoutProvider) {
  const result = { checked: 0, paid: 0, failed: 0 };
  if (provider.name === 'manual') return result;
  const before = new Date(deps.clock().getTime() - PAYOUT_RECONCILE_AFTER_MS);
  const due = await deps.db
    .select()
    .from(settlements)
    .where(
      and(
        eq(settlements.status, 'pending'),
        inArray(settlements.payoutStatus, [...UNDER_WAY]),
        lt(settlements.payoutStartedAt, before),
      ),
    )
    .limit(100);
  for (const s of due) {
    result.checked++;
    try {
      let outcome: string;
      if (s.payoutStatus === 'processing' && s.providerPayoutId && provider.fetchPayout) {
        const now = await provider.fetchPayout(s.providerPayoutId);
        outcome = await applyPayResult(deps, s.id, s.payoutAttempts, {
          ...now,
          providerPayoutId: s.providerPayoutId,
        });
      } else {
        outcome = await sendPayout(deps, provider, s.id, s.payoutAttempts);
      }
      if (outcome === 'paid') result.paid++;
      if (outcome === 'failed') result.failed++;
    } catch (err) {
      deps.log.warn(
        { event: 'payouts.reconcile_failed', settlement: s.settlementNumber, err: (err as Error).message },
        'payout reconciliation failed for one settlement; tried again at the next run',
      );
    }
  }
  return result;
}
