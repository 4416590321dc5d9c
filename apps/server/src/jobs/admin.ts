import { type AdminJobItem, type AdminJobsResponse, JOB_MESSAGES } from '@ub/shared';
import { and, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { jobs } from '../db/schema/index.ts';
import { audit } from '../lib/audit.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { transaction } from '../lib/transaction.ts';
import { type JobRow, retryDeadJob } from './queue.ts';

function toItem(row: JobRow): AdminJobItem {
  return {
    id: row.id,
    name: row.name,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    at: (row.state === 'dead' ? (row.finishedAt ?? row.runAt) : row.runAt).toISOString(),
  };
}

/** The dead letter (newest failure first) or the jobs waiting to retry (soonest first), with counts per state. */
export async function listJobs(
  db: Db,
  q: { state: 'dead' | 'retrying'; page: number; pageSize: number },
): Promise<AdminJobsResponse> {
  const where = q.state === 'dead' ? eq(jobs.state, 'dead') : and(eq(jobs.state, 'queued'), gt(jobs.attempts, 0));
  const order = q.state === 'dead' ? [desc(jobs.finishedAt), desc(jobs.id)] : [jobs.runAt, jobs.id];
  const [rows, [total], [counts]] = await Promise.all([
    db
      .select()
      .from(jobs)
      .where(where)
      .orderBy(...order)
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(jobs).where(where),
    db
      .select({
        queued: sql<number>`count(*) filter (where ${jobs.state} = 'queued')`,
        running: sql<number>`count(*) filter (where ${jobs.state} = 'running')`,
        done: sql<number>`count(*) filter (where ${jobs.state} = 'done')`,
        dead: sql<number>`count(*) filter (where ${jobs.state} = 'dead')`,
        retrying: sql<number>`count(*) filter (where ${jobs.state} = 'queued' and ${jobs.attempts} > 0)`,
      })
      .from(jobs),
  ]);
  return {
    jobs: rows.map(toItem),
    total: Number(total?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
    counts: {
      queued: Number(counts?.queued ?? 0),
      running: Number(counts?.running ?? 0),
      done: Number(counts?.done ?? 0),
      dead: Number(counts?.dead ?? 0),
      retrying: Number(counts?.retrying ?? 0),
    },
  };
}

/** The admin's retry of a dead job, audited; 404 for no such job, 409 for one that is not dead. */
export async function retryJob(db: Db, actorUserId: string, id: string): Promise<void> {
  await transaction(db, async (tx) => {
    if (!(await retryDeadJob(tx, id))) {
      const [row] = await tx.select({ id: jobs.id }).from(jobs).where(eq(jobs.id, id));
      throw row ? conflict(JOB_MESSAGES.notDead) : notFound(JOB_MESSAGES.notFound);
    }
    await audit(tx, { actorUserId, action: 'job.retry', entityType: 'job', entityId: id });
  });
}
