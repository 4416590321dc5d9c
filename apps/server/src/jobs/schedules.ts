import { Cron } from 'croner';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import {
  CHECK_LEDGER,
  EXPIRE_REQUIREMENTS,
  RECONCILE_PAYMENTS,
  RECONCILE_PAYOUTS,
  RELEASE_ESCROW,
  SWEEP_EXPIRED,
  WEEKLY_SETTLEMENTS,
} from './definitions.ts';
import { enqueue } from './queue.ts';

export const SCHEDULE_TIMEZONE = 'Asia/Kolkata';

export interface Schedule {
  job: string;
  /** Cron pattern, read in IST. */
  pattern: string;
  payload(slot: Date): Record<string, unknown>;
}

export const SCHEDULES: Schedule[] = [
  {
    job: WEEKLY_SETTLEMENTS,
    pattern: '0 2 * * 1',
    // Monday 02:00 IST settles what was paid before Monday 00:00 IST: the week that just ended.
    payload: (slot) => ({ until: new Date(slot.getTime() - 2 * 3_600_000).toISOString() }),
  },
  { job: SWEEP_EXPIRED, pattern: '17 * * * *', payload: () => ({}) },
  { job: RELEASE_ESCROW, pattern: '35 * * * *', payload: () => ({}) },
  { job: RECONCILE_PAYMENTS, pattern: '*/5 * * * *', payload: () => ({}) },
  { job: RECONCILE_PAYOUTS, pattern: '*/5 * * * *', payload: () => ({}) },
  { job: CHECK_LEDGER, pattern: '45 3 * * *', payload: () => ({}) },
  // Hourly (five past), so a requirement closes within the hour after its deadline day ends in IST.
  { job: EXPIRE_REQUIREMENTS, pattern: '5 * * * *', payload: (slot) => ({ at: slot.toISOString() }) },
];

/**
 * Queues the run of one slot. Every process with a runner fires the same slot; the unique key lets the first
 * enqueue win and makes the others do nothing, so a slot runs once however many processes there are.
 */
export function enqueueSlot(db: Db, schedule: Schedule, slot: Date) {
  return enqueue(db, schedule.job, schedule.payload(slot), {
    uniqueKey: `${schedule.job}:${slot.toISOString()}`,
    maxAttempts: 3,
  });
}

/** Starts the timers; the returned function stops them. */
export function startSchedules(db: Db, log: FastifyBaseLogger): () => void {
  const timers = SCHEDULES.map(
    (schedule) =>
      new Cron(schedule.pattern, { timezone: SCHEDULE_TIMEZONE }, () => {
        // The minute the timer fired for, the same in every process whatever its small delay.
        const slot = new Date(Math.floor(Date.now() / 60_000) * 60_000);
        enqueueSlot(db, schedule, slot).catch((err: Error) =>
          log.error({ err: err.message, job: schedule.job }, 'could not queue a scheduled job'),
        );
      }),
  );
  return () => {
    for (const t of timers) t.stop();
  };
}
