import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { jobs, notifications, otpCodes, sessions, streamTickets } from '../db/schema/index.ts';
import type { EventBus } from '../lib/events.ts';
import { LEAD_WEBHOOK_JOB, postLead } from '../modules/leads/webhook.ts';
import { enqueueEmail, type Mailer, SEND_EMAIL } from '../modules/notifications/mailer.ts';
import {
  DELIVER_NOTIFICATION,
  languageOfUser,
  notice,
  notificationChannel,
  toNotificationItem,
} from '../modules/notifications/notify.ts';
import { notificationEmail } from '../modules/notifications/preferences.ts';
import { releaseDue } from '../modules/money/escrow.ts';
import { handleWebhook, reconcileOpenAttempts } from '../modules/money/intake.ts';
import { checkLedger } from '../modules/money/ledger.ts';
import { REFUND_JOB, sendRefundToGateway } from '../modules/money/refunds.ts';
import { refundUnmatched, UNMATCHED_REFUND_JOB } from '../modules/money/unmatched.ts';
import { platformOf } from '../modules/money/commission-invoice.ts';
import { runSettlements } from '../modules/money/settlements.ts';
import { notifyAdmins } from '../modules/notifications/notify-admins.ts';
import type { PaymentGateway, PayoutProvider } from '../modules/payments/providers/types.ts';
import { PAYOUT_JOB, reconcilePayouts, sendPayout } from '../modules/money/provider-payouts.ts';
import { systemClock } from '../lib/deps.ts';
import {
  expireRequirements,
  notifySellersOfRequirement,
  REQUIREMENT_FANOUT,
} from '../modules/requirements/commands.ts';
import { REGISTER_EINVOICE, registerEinvoice } from '../modules/tax-documents/einvoice-register.ts';
import type { JobDefinition } from './runner.ts';

/** What the jobs need from the application: the same things routes use, never the Fastify app itself. */
export interface JobDeps {
  db: Db;
  events: EventBus;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
  /** The payment gateway (the app's); jobs that need it fail without one. */
  gateway?: PaymentGateway;
  /** Seller payouts (the app's): the payout job and its reconciliation do nothing with `manual` or none. */
  payouts?: PayoutProvider;
}

export const WEEKLY_SETTLEMENTS = 'settlements.weekly';
export const SWEEP_EXPIRED = 'sweep.expired';
export const EXPIRE_REQUIREMENTS = 'requirements.expire';
export const RELEASE_ESCROW = 'money.release';
export const RECONCILE_PAYMENTS = 'money.reconcile';
export const CHECK_LEDGER = 'money.ledger-check';
export const RECONCILE_PAYOUTS = 'money.reconcile-payouts';
/** The local test gateway's webhook delivery: the same handler (signature, event id, effect) as Razorpay's. */
export const TEST_GATEWAY_WEBHOOK = 'money.test-webhook';

/** Sessions, codes and finished jobs are kept this long after they stop mattering (support can still look). */
const KEEP_EXPIRED_MS = 86_400_000;
const KEEP_DONE_JOBS_MS = 7 * 86_400_000;

export function jobDefinitions(deps: JobDeps): Record<string, JobDefinition> {
  const gateway = () => {
    if (!deps.gateway) throw new Error('no payment gateway configured for jobs');
    return deps.gateway;
  };
  const money = () => ({ db: deps.db, events: deps.events, log: deps.log, clock: systemClock });
  return {
    /** An issued invoice or note of an e-invoicing seller is registered on the IRP; unreachable provider: retried. */
    [REGISTER_EINVOICE]: {
      async run(payload) {
        await registerEinvoice(deps.db, String(payload.documentId));
      },
      backoffMs: 60_000,
    },
    /**
     * The notification row committed with its change; this tells the user. The e-mail is its own job (queued at
     * most once per notification), so a mail failure retries the mail alone and the live event is not repeated.
     */
    [DELIVER_NOTIFICATION]: {
      async run(payload) {
        const [row] = await deps.db
          .select()
          .from(notifications)
          .where(eq(notifications.id, String(payload.notificationId)));
        // Deleted by the user before delivery: nothing left to tell.
        if (!row) return;
        // Said in the language the user reads now, on the stream and in the e-mail alike.
        const lang = await languageOfUser(deps.db, row.userId);
        const email = await notificationEmail(deps.db, deps.config.PUBLIC_URL, row, lang);
        if (email) await enqueueEmail(deps.db, email, `notification-email:${row.id}`);
        await deps.events.publish(notificationChannel(row.userId), toNotificationItem(row, lang));
      },
    },
    [SEND_EMAIL]: {
      async run(payload) {
        await deps.mailer.send({
          to: String(payload.to),
          subject: String(payload.subject),
          text: String(payload.text),
        });
      },
      backoffMs: 30_000,
    },
    [LEAD_WEBHOOK_JOB]: {
      async run(payload, { job, signal }) {
        const url = deps.config.LEAD_WEBHOOK_URL;
        // The webhook was switched off after this lead was stored: nothing to send to.
        if (!url) return;
        await postLead(
          { url, format: deps.config.LEAD_WEBHOOK_FORMAT, log: deps.log, signal },
          payload as Record<string, string>,
          job.attempts,
          job.maxAttempts,
        );
      },
      backoffMs: 1000,
    },
    /** A new requirement: every verified seller of its category is told (one job, however many sellers). */
    [REQUIREMENT_FANOUT]: {
      async run(payload) {
        const told = await notifySellersOfRequirement(deps.db, String(payload.requirementId));
        deps.log.info({ event: 'requirements.fanout', told }, 'sellers told of a new requirement');
      },
      backoffMs: 10_000,
    },
    /** Hourly: requirements whose deadline day (IST) has passed close, and their buyers are told. */
    [EXPIRE_REQUIREMENTS]: {
      async run(payload) {
        const closed = await expireRequirements(deps.db, new Date(String(payload.at)));
        if (closed) deps.log.info({ event: 'requirements.expired', closed }, 'requirements closed at their deadline');
      },
      backoffMs: 60_000,
    },
    /** Monday 02:00 IST: what is due is released, and each seller's released money is settled. */
    [WEEKLY_SETTLEMENTS]: {
      async run(payload) {
        // The schedule's period end (Monday 00:00 IST): what was released after it waits for next week.
        const until = typeof payload.until === 'string' ? new Date(payload.until) : undefined;
        const created = await runSettlements(money(), {
          holdDays: deps.config.SETTLEMENT_HOLD_DAYS,
          platform: platformOf(deps.config),
          ...(until && !Number.isNaN(until.getTime()) ? { until } : {}),
        });
        deps.log.info({ event: 'settlements.generated', created: created.length }, 'weekly settlements generated');
      },
      backoffMs: 60_000,
    },
    /** Hourly: orders delivered longer ago than the hold, with no dispute open, are released to their sellers. */
    [RELEASE_ESCROW]: {
      async run() {
        const released = await releaseDue(money(), { holdDays: deps.config.SETTLEMENT_HOLD_DAYS });
        if (released) deps.log.info({ event: 'escrow.released', released }, 'orders released from escrow');
      },
      backoffMs: 60_000,
    },
    /** Every five minutes: gateway attempts left open are asked about (a capture is never lost). */
    [RECONCILE_PAYMENTS]: {
      async run() {
        const r = await reconcileOpenAttempts(money(), gateway());
        if (r.checked) deps.log.info({ event: 'payments.reconciled', ...r }, 'open payments reconciled');
      },
      backoffMs: 60_000,
    },
    /** Daily: the ledger sums to zero and every order's trail closes; admins hear of a break. */
    [CHECK_LEDGER]: {
      async run() {
        const check = await checkLedger(deps.db);
        if (check.ok) return;
        deps.log.error({ event: 'ledger.break', ...check }, 'the ledger does not balance');
        await notifyAdmins(deps.db, {
          type: 'admin_money_alert',
          ...notice(check.brokenOrders[0] ? 'admin.ledgerBrokenFirst' : 'admin.ledgerBroken', {
            total: String(check.total),
            unbalanced: check.unbalancedEntries.length,
            broken: check.brokenOrders.length,
            ...(check.brokenOrders[0] ? { first: check.brokenOrders[0].problem } : {}),
          }),
          link: '/admin/finance',
        });
      },
      backoffMs: 60_000,
    },
    /** A settlement's payout through the payout provider; a refusal is recorded, anything else retried. */
    [PAYOUT_JOB]: {
      async run(payload, { job }) {
        if (!deps.payouts) throw new Error('no payout provider configured for jobs');
        await sendPayout(money(), deps.payouts, String(payload.settlementId), Number(payload.attempt), {
          lastTry: job.attempts >= job.maxAttempts,
        });
      },
      backoffMs: 30_000,
    },
    /** Every five minutes: payouts under way whose webhook has not come are asked about (RazorpayX only). */
    [RECONCILE_PAYOUTS]: {
      async run() {
        if (!deps.payouts) return;
        const r = await reconcilePayouts(money(), deps.payouts);
        if (r.checked) deps.log.info({ event: 'payouts.reconciled', ...r }, 'payouts under way reconciled');
      },
      backoffMs: 60_000,
    },
    /** A payment for an order we do not know goes back to the payer through the provider that took it. */
    [UNMATCHED_REFUND_JOB]: {
      async run(payload) {
        await refundUnmatched(money(), gateway(), String(payload.id));
      },
      backoffMs: 60_000,
    },
    [REFUND_JOB]: {
      async run(payload) {
        await sendRefundToGateway(money(), gateway(), String(payload.refundId));
      },
      backoffMs: 30_000,
    },
    [TEST_GATEWAY_WEBHOOK]: {
      async run(payload) {
        const body = Buffer.from(String(payload.body));
        const res = await handleWebhook(money(), gateway(), body, {
          signature: String(payload.signature),
          eventId: String(payload.eventId),
        });
        if (res.status >= 500) throw new Error(`webhook answered ${res.status}: ${res.body.outcome}`);
      },
      backoffMs: 2_000,
    },
    [SWEEP_EXPIRED]: {
      async run(_payload, { now }) {
        const before = new Date(now.getTime() - KEEP_EXPIRED_MS);
        await deps.db
          .delete(sessions)
          .where(
            or(lt(sessions.expiresAt, before), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, before))),
          );
        await deps.db.delete(otpCodes).where(lt(otpCodes.expiresAt, before));
        await deps.db.delete(streamTickets).where(lt(streamTickets.expiresAt, now));
        await deps.db
          .delete(jobs)
          .where(and(eq(jobs.state, 'done'), lt(jobs.finishedAt, new Date(now.getTime() - KEEP_DONE_JOBS_MS))));
      },
      backoffMs: 60_000,
    },
  };
}
