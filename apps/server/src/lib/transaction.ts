import { setTimeout as sleep } from 'node:timers/promises';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** serialization_failure and deadlock_detected: PostgreSQL rolled the whole transaction back; running it again is safe. */
const RETRYABLE = new Set(['40001', '40P01']);

/** True when a database error (or one it caused) is a serialization failure or a deadlock. */
export function isRetryableConflict(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const { code, cause } = cur as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && RETRYABLE.has(code)) return true;
    cur = cause;
  }
  return false;
}

/**
 * Runs `fn` in one transaction, and runs the whole of it again (up to three runs, after a short random pause) when
 * PostgreSQL aborts it for a deadlock or a serialization failure: the loser of such a race is rolled back
 * entirely, so nothing of its first run remains. Every transaction of the server goes through here, so `fn` must
 * only write through `tx` (and return what should happen after commit), never touch the outside world. Called
 * with a transaction, it opens a savepoint and leaves retrying to the outermost transaction: after a deadlock the
 * outer transaction is aborted too, and only running it again from the start helps.
 */
export async function transaction<T>(db: Db, fn: (tx: Db) => Promise<T>, attempts = 3): Promise<T> {
  const runs = db instanceof PgTransaction ? 1 : attempts;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => fn(tx));
    } catch (err) {
      if (attempt >= runs || !isRetryableConflict(err)) throw err;
      // Jitter, so that the two losers of one race do not collide again in step.
      await sleep(5 + Math.random() * 20 * attempt);
    }
  }
}

/** One transaction that is never run again, for a callback that cannot run twice (it reads a stream once). */
export function transactionOnce<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return transaction(db, fn, 1);
}
