import { and, eq, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { jobs, notifications, otpCodes, sessions, streamTickets } from '../db/schema/index.ts';
import type { EventBus } from '../lib/events.ts';
import { LEAD_WEBHOOK_JOB, postLead } from '../modules/leads/webhook.ts';
import { enqueueEmail, type Mailer, SEND_EMAIL } from '../modules/notifications/mailer.ts';
import { DELIVER_NOTIFICATION, notificationChannel, toNotificationItem } from '../modules/notifications/notify.ts';
import { notificationEmail } from '../modules/notifications/preferences.ts';
import { generateWeeklySettlements } from '../modules/payments/settlements.ts';
import {
  expireRequirements,
  notifySellersOfRequirement,
  REQUIREMENT_FANOUT,
} from '../modules/requirements/commands.ts';
import type { JobDefinition } from './runner.ts';

/** What the jobs need from the application: the same things routes use, never the Fastify app itself. */
export interface JobDeps {
  db: Db;
  events: EventBus;
  mailer: Mailer;
  config: Config;
  log: FastifyBaseLogger;
}

export const WEEKLY_SETTLEMENTS = 'settlements.weekly';
export const SWEEP_EXPIRED = 'sweep.expired';
export const EXPIRE_REQUIREMENTS = 'requirements.expire';

/** Sessions, codes and finished jobs are kept this long after they stop mattering (support can still look). */
const KEEP_EXPIRED_MS = 86_400_000;
const KEEP_DONE_JOBS_MS = 7 * 86_400_000;

export function jobDefinitions(deps: JobDeps): Record<string, JobDefinition> {
  return {
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
        const email = await notificationEmail(deps.db, deps.config.PUBLIC_URL, row);
        if (email) await enqueueEmail(deps.db, email, `notification-email:${row.id}`);
        await deps.events.publish(notificationChannel(row.userId), toNotificationItem(row));
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
    /** Monday 02:00 IST: everything paid before Monday 00:00 IST (the `until` of the slot) is settled. */
    [WEEKLY_SETTLEMENTS]: {
      async run(payload) {
        const created = await generateWeeklySettlements(deps.db, { until: new Date(String(payload.until)) });
        deps.log.info({ event: 'settlements.generated', created: created.length }, 'weekly settlements generated');
      },
      backoffMs: 60_000,
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
