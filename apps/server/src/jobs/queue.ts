import { EventEmitter } from 'node:events';
import { and, asc, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';

export type JobRow = typeof jobs.$inferSelect;

export interface EnqueueOptions {
  /** When the job may run first; default now. */
  runAt?: Date;
  /** Tries in all, the first included, before the job is dead; default 5. */
  maxAttempts?: number;
  /** At most one job ever exists with this key: a second enqueue with it does nothing (one run per slot). */
  uniqueKey?: string;
}

/**
 * Runners of this process listen here, so a job enqueued here starts without waiting for the next poll. The
 * enqueue is usually inside the caller's transaction, still uncommitted when this fires: the runner looks a
 * moment later (see runner.ts), and the poll is the backstop.
 */
export const jobWake = new EventEmitter();
jobWake.setMaxListeners(0);

/**
 * Adds a job. Pass the transaction of the change the job belongs to: the job then exists exactly when the change
 * does (the outbox). Returns the job's id, or undefined when `uniqueKey` was taken already.
 */
export async function enqueue(
  db: Db,
  name: string,
  payload: Record<string, unknown>,
  opts: EnqueueOptions = {},
): Promise<string | undefined> {
  const [row] = await db
    .insert(jobs)
    .values({
      name,
      payload,
      runAt: opts.runAt ?? new Date(),
      maxAttempts: opts.maxAttempts ?? 5,
      uniqueKey: opts.uniqueKey,
    })
    .onConflictDoNothing({ target: jobs.uniqueKey })
    .returning({ id: jobs.id });
  if (row) jobWake.emit('enqueued');
  return row?.id;
}

/**
 * Claims up to `limit` due jobs for `worker` in one statement: queued ones whose time has come, and running ones
 * whose lease has passed (their worker died). SKIP LOCKED lets several workers claim at once without waiting on
 * or taking each other's rows; the attempt is counted at the claim, so a job that kills its worker still ends dead.
 */
export async function claimJobs(db: Db, worker: string, limit: number, now: Date, leaseMs: number): Promise<JobRow[]> {
  if (limit <= 0) return [];
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.state, 'queued'), lte(jobs.runAt, now)),
        and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, now)),
      ),
    )
    .orderBy(asc(jobs.runAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(jobs)
    .set({
      state: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedBy: worker,
      lockedUntil: new Date(now.getTime() + leaseMs),
    })
    .where(inArray(jobs.id, due))
    .returning();
}

/** Conditional on the lease still being this worker's: a worker that lost its job to another does not overwrite. */
const heldBy = (job: JobRow) =>
  and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, job.lockedBy ?? ''));

export async function completeJob(db: Db, job: JobRow, now: Date): Promise<void> {
  await db.update(jobs).set({ state: 'done', finishedAt: now, lockedBy: null, lockedUntil: null }).where(heldBy(job));
}

/** Exponential backoff: base, 4 x base, 16 x base, ... capped at an hour. */
export function backoffMs(attempt: number, baseMs: number): number {
  return Math.min(baseMs * 4 ** Math.max(0, attempt - 1), 3_600_000);
}

/** A failed try: queued again after the backoff, or dead (the dead letter) when it was the last one. */
export async function failJob(
  db: Db,
  job: JobRow,
  error: string,
  now: Date,
  baseDelayMs: number,
): Promise<'retry' | 'dead'> {
  const dead = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set(
      dead
        ? { state: 'dead', lastError: error.slice(0, 2000), finishedAt: now, lockedBy: null, lockedUntil: null }
        : {
            state: 'queued',
            lastError: error.slice(0, 2000),
            runAt: new Date(now.getTime() + backoffMs(job.attempts, baseDelayMs)),
            lockedBy: null,
            lockedUntil: null,
          },
    )
    .where(heldBy(job));
  return dead ? 'dead' : 'retry';
}

/** Hands a claimed job back untried (the process is stopping): it does not count as an attempt. */
export async function releaseJob(db: Db, job: JobRow, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({
      state: 'queued',
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      runAt: now,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(heldBy(job));
}

/** The admin's retry of a dead job: a fresh set of attempts from now. False when no dead job has that id. */
export async function retryDeadJob(db: Db, id: string, now: Date = new Date()): Promise<boolean> {
  const rows = await db
    .update(jobs)
    .set({ state: 'queued', attempts: 0, runAt: now, finishedAt: null })
    .where(and(eq(jobs.id, id), eq(jobs.state, 'dead')))
    .returning({ id: jobs.id });
  if (rows.length) jobWake.emit('enqueued');
  return rows.length > 0;
}
