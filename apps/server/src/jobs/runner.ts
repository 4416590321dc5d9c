import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { claimJobs, completeJob, failJob, type JobRow, jobWake, releaseJob } from './queue.ts';

export interface JobContext {
  job: JobRow;
  /** Aborted when the runner stops: a handler that honours it is handed back untried, not failed. */
  signal: AbortSignal;
  now: Date;
}

export interface JobDefinition {
  run(payload: Record<string, unknown>, ctx: JobContext): Promise<void>;
  /** Wait before the first retry; later ones wait 4 times longer each time. Default 1 s. */
  backoffMs?: number;
}

export interface RunnerOptions {
  db: Db;
  log: FastifyBaseLogger;
  definitions: Record<string, JobDefinition>;
  /** Jobs run at once by this process. */
  concurrency?: number;
  pollMs?: number;
  /** How long a claimed job is this worker's; after that another worker may take it over. */
  leaseMs?: number;
  /** The clock; tests move it to reach backoffs and leases without sleeping. */
  now?: () => Date;
  worker?: string;
}

export interface JobRunner {
  readonly worker: string;
  /** Polls in the background until stop(). */
  start(): void;
  /** Stops polling; waits for running jobs, handing back any that take longer than `graceMs`. */
  stop(graceMs?: number): Promise<void>;
  /** Claims what is due now (up to the concurrency) and runs it; the number of jobs run. */
  runOnce(): Promise<number>;
  /** runOnce until nothing is due: what tests call instead of waiting. */
  drain(): Promise<number>;
}

/** After an enqueue in this process: long enough for the enqueuing transaction to commit, far below the poll. */
const WAKE_DELAY_MS = 20;

export function createJobRunner(opts: RunnerOptions): JobRunner {
  const concurrency = opts.concurrency ?? 2;
  const pollMs = opts.pollMs ?? 1000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  const now = opts.now ?? (() => new Date());
  const worker = opts.worker ?? `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const stopping = new AbortController();
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;

  async function execute(job: JobRow): Promise<void> {
    const definition = opts.definitions[job.name];
    const log = opts.log.child({ jobId: job.id, job: job.name, attempt: job.attempts });
    try {
      if (!definition) throw new Error(`no handler for job "${job.name}"`);
      // A worker that died holding the job used up its try: over the limit, it goes straight to the dead letter.
      if (job.attempts > job.maxAttempts) throw new Error('its worker stopped while running it too many times');
      await definition.run(job.payload, { job, signal: stopping.signal, now: now() });
      await completeJob(opts.db, job, now());
      log.debug({ event: 'job.done' }, 'job done');
    } catch (err) {
      if (stopping.signal.aborted) {
        await releaseJob(opts.db, job, now()).catch(() => undefined);
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      const outcome = await failJob(opts.db, job, message, now(), definition?.backoffMs ?? 1000);
      log[outcome === 'dead' ? 'error' : 'warn'](
        { event: outcome === 'dead' ? 'job.dead' : 'job.failed', err: message },
        outcome === 'dead' ? 'job failed for the last time; it is in the dead letter' : 'job failed; will retry',
      );
    }
  }

  async function claimAndRun(limit: number): Promise<JobRow[]> {
    const claimed = await claimJobs(opts.db, worker, limit, now(), leaseMs);
    for (const job of claimed) {
      const p = execute(job)
        .catch((err) => opts.log.error({ err, jobId: job.id }, 'job bookkeeping failed'))
        .finally(() => running.delete(p));
      running.add(p);
    }
    return claimed;
  }

  let ticking = false;
  async function tick(): Promise<void> {
    if (ticking || !started) return;
    ticking = true;
    try {
      // Keep every slot busy while work is due; come back at the poll or when a job frees a slot.
      while (started) {
        const free = concurrency - running.size;
        if (free <= 0) {
          await Promise.race(running);
          continue;
        }
        const claimed = await claimAndRun(free);
        if (claimed.length < free) break;
      }
    } catch (err) {
      opts.log.warn({ err: (err as Error).message }, 'job poll failed; trying again at the next');
    } finally {
      ticking = false;
      schedule(pollMs);
    }
  }

  function schedule(ms: number) {
    if (!started) return;
    clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
  }

  const onWake = () => {
    if (!ticking) schedule(WAKE_DELAY_MS);
  };

  return {
    worker,
    start() {
      if (started) return;
      started = true;
      jobWake.on('enqueued', onWake);
      schedule(0);
    },
    async stop(graceMs = 8000) {
      jobWake.off('enqueued', onWake);
      clearTimeout(timer);
      started = false;
      const grace = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([Promise.allSettled([...running]), grace]);
      stopping.abort();
      await Promise.allSettled([...running]);
    },
    async runOnce() {
      const claimed = await claimAndRun(concurrency);
      await Promise.allSettled([...running]);
      return claimed.length;
    },
    async drain() {
      let total = 0;
      for (let n = await this.runOnce(); n > 0; n = await this.runOnce()) total += n;
      return total;
    },
  };
}
