import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { claimJobs, enqueue, retryDeadJob } from '../src/jobs/queue.ts';
import { createJobRunner, type JobDefinition } from '../src/jobs/runner.ts';
import { type JobDeps, jobDefinitions, SWEEP_EXPIRED } from '../src/jobs/definitions.ts';
import { enqueueSlot, SCHEDULES } from '../src/jobs/schedules.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { createSeller } from '../src/seed/factories.ts';
import { freshDatabase } from './helpers.ts';

const silent = pino({ level: 'silent' });

describe('job runner', () => {
  let database: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database.drop();
  });

  const jobRow = async (id: string | undefined) => {
    const [row] = await database.query<{ state: string; attempts: number; last_error: string | null; run_at: Date }>(
      'select state, attempts, last_error, run_at from jobs where id = $1',
      [id],
    );
    return row;
  };

  it('runs each of 40 jobs exactly once with two runners claiming at the same time', async () => {
    const seen = new Map<string, number>();
    const definitions: Record<string, JobDefinition> = {
      'test.count': {
        async run(payload) {
          const key = String(payload.n);
          seen.set(key, (seen.get(key) ?? 0) + 1);
          await sleep(2);
        },
      },
    };
    const ids = [];
    for (let n = 0; n < 40; n++) ids.push(await enqueue(database.db, 'test.count', { n }));
    const a = createJobRunner({ db: database.db, log: silent, definitions, concurrency: 3, worker: 'a' });
    const b = createJobRunner({ db: database.db, log: silent, definitions, concurrency: 3, worker: 'b' });
    const [ranA, ranB] = await Promise.all([a.drain(), b.drain()]);
    expect(ranA + ranB).toBe(40);
    expect(seen.size).toBe(40);
    expect([...seen.values()].every((times) => times === 1)).toBe(true);
    const states = await database.query<{ state: string; n: number }>(
      "select state, count(*)::int as n from jobs where name = 'test.count' group by state",
    );
    expect(states).toEqual([{ state: 'done', n: 40 }]);
    expect(ids.every(Boolean)).toBe(true);
  });

  it('retries a failing job with exponential backoff, then puts it in the dead letter; a retry revives it', async () => {
    let now = Date.now() + 60_000;
    let failing = true;
    let runs = 0;
    const runner = createJobRunner({
      db: database.db,
      log: silent,
      now: () => new Date(now),
      definitions: {
        'test.flaky': {
          backoffMs: 100,
          async run() {
            runs++;
            if (failing) throw new Error('receiver answered 503');
          },
        },
      },
    });
    const id = await enqueue(database.db, 'test.flaky', {}, { maxAttempts: 3, runAt: new Date(now) });
    expect(await runner.runOnce()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'queued', attempts: 1, last_error: 'receiver answered 503' });
    now += 99;
    expect(await runner.runOnce()).toBe(0);
    now += 1;
    expect(await runner.runOnce()).toBe(1);
    // The second retry waits four times longer.
    now += 399;
    expect(await runner.runOnce()).toBe(0);
    now += 1;
    expect(await runner.runOnce()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'dead', attempts: 3 });
    now += 86_400_000;
    expect(await runner.runOnce()).toBe(0);
    expect(runs).toBe(3);

    expect(await retryDeadJob(database.db, id ?? '', new Date(now))).toBe(true);
    expect(await retryDeadJob(database.db, id ?? '', new Date(now))).toBe(false);
    failing = false;
    expect(await runner.runOnce()).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1 });
  });

  it('takes over a job whose worker died once its lease has passed, not before', async () => {
    const start = Date.now() + 120_000;
    const id = await enqueue(database.db, 'test.lease', {}, { runAt: new Date(start) });
    // A worker claims it and dies without finishing.
    const [claimed] = await claimJobs(database.db, 'dead-worker', 1, new Date(start), 1000);
    expect(claimed?.id).toBe(id);
    let now = start + 999;
    let runs = 0;
    const runner = createJobRunner({
      db: database.db,
      log: silent,
      leaseMs: 1000,
      now: () => new Date(now),
      definitions: {
        'test.lease': {
          async run() {
            runs++;
          },
        },
      },
    });
    expect(await runner.runOnce()).toBe(0);
    now += 1;
    expect(await runner.runOnce()).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('enqueues one job per unique key, so each scheduled slot runs once however many processes fire it', async () => {
    const first = await enqueue(database.db, 'test.unique', { n: 1 }, { uniqueKey: 'test.unique:slot-1' });
    const second = await enqueue(database.db, 'test.unique', { n: 2 }, { uniqueKey: 'test.unique:slot-1' });
    expect(first).toBeTruthy();
    expect(second).toBeUndefined();

    const settlements = SCHEDULES.find((s) => s.job === 'settlements.weekly');
    if (!settlements) throw new Error('no weekly settlement schedule');
    // Monday 02:00 IST is Sunday 20:30 UTC.
    const slot = new Date('2026-11-22T20:30:00.000Z');
    const fired = await Promise.all([0, 1, 2].map(() => enqueueSlot(database.db, settlements, slot)));
    expect(fired.filter(Boolean)).toHaveLength(1);
    const [row] = await database.query<{ payload: { until: string } }>(
      "select payload from jobs where name = 'settlements.weekly'",
    );
    // It settles what was paid before Monday 00:00 IST.
    expect(row?.payload.until).toBe('2026-11-22T18:30:00.000Z');
  });

  it('hands a running job back untried when it stops, and polls in the background while started', async () => {
    let entered = false;
    const done: string[] = [];
    const runner = createJobRunner({
      db: database.db,
      log: silent,
      pollMs: 50,
      definitions: {
        'test.slow': {
          run: (_payload, { signal }) =>
            new Promise<void>((_resolve, reject) => {
              entered = true;
              signal.addEventListener('abort', () => reject(new Error('stopped')), { once: true });
            }),
        },
        'test.quick': {
          async run(payload) {
            done.push(String(payload.n));
          },
        },
      },
    });
    runner.start();
    const quick = await enqueue(database.db, 'test.quick', { n: 'q' });
    const slow = await enqueue(database.db, 'test.slow', {});
    await expect.poll(() => entered).toBe(true);
    await expect.poll(() => done).toEqual(['q']);
    expect(await jobRow(quick)).toMatchObject({ state: 'done' });
    await runner.stop(50);
    expect(await jobRow(slow)).toMatchObject({ state: 'queued', attempts: 0 });
  });

  it('sweeps sessions and reset codes a day past their end, and week-old finished jobs, keeping the rest', async () => {
    const seller = await createSeller(database.db);
    for (let i = 0; i < 3; i++) await createSession(database.db, seller.user.id, { remember: false });
    const sessions = await database.query<{ id: string }>('select id from sessions where user_id = $1', [
      seller.user.id,
    ]);
    const [expired, revoked, live] = sessions.map((s) => s.id);
    await database.query("update sessions set expires_at = now() - interval '25 hours' where id = $1", [expired]);
    await database.query("update sessions set revoked_at = now() - interval '25 hours' where id = $1", [revoked]);
    await database.query(
      `insert into otp_codes (phone, code_hash, expires_at) values
         ('9000000001', 'x', now() - interval '25 hours'), ('9000000002', 'y', now() - interval '1 hour')`,
    );
    const oldJob = await enqueue(database.db, 'test.old', {});
    await database.query("update jobs set state = 'done', finished_at = now() - interval '8 days' where id = $1", [
      oldJob,
    ]);
    const definitions = jobDefinitions({ db: database.db, log: silent } as unknown as JobDeps);
    await definitions[SWEEP_EXPIRED]?.run({}, { now: new Date(), signal: new AbortController().signal } as never);

    const left = await database.query<{ id: string }>('select id from sessions where user_id = $1', [seller.user.id]);
    expect(left.map((s) => s.id)).toEqual([live]);
    const codes = await database.query<{ phone: string }>("select phone from otp_codes where phone like '900000000%'");
    expect(codes.map((c) => c.phone)).toEqual(['9000000002']);
    expect(await jobRow(oldJob)).toBeUndefined();
  });
});
