import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

export const jobState = pgEnum('job_state', ['queued', 'running', 'done', 'dead']);

/**
 * The durable job queue (jobs/queue.ts): deliveries of the outbox, e-mails, webhooks and scheduled runs. A worker
 * claims due rows with FOR UPDATE SKIP LOCKED and holds a lease (`locked_until`); a row whose worker died is
 * claimed again once the lease has passed. `unique_key` makes an enqueue idempotent (one scheduled run per slot).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: jobState('state').notNull().default('queued'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    uniqueKey: text('unique_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey),
    // What a worker scans: only the rows still to run (or to take over), by due time.
    index('jobs_due_idx').on(t.runAt).where(sql`${t.state} in ('queued', 'running')`),
    index('jobs_state_created_idx').on(t.state, t.createdAt),
  ],
);
