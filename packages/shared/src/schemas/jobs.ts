import { z } from 'zod';

/** queued (waiting, perhaps to retry), running, done, dead (failed its last attempt: the dead letter). */
export const JOB_STATES = ['queued', 'running', 'done', 'dead'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The admin's lists: the dead letter, and jobs that failed and wait to retry. */
export const JOB_LIST_STATES = ['dead', 'retrying'] as const;

export const adminJobsQuery = z.object({
  state: z.enum(JOB_LIST_STATES, { error: 'Choose dead or retrying.' }).default('dead'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const adminJobItem = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  /** When it failed for the last time (dead) or will try again (retrying). */
  at: z.string(),
});
export type AdminJobItem = z.infer<typeof adminJobItem>;

export const adminJobsResponse = z.object({
  jobs: z.array(adminJobItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  /** How many jobs are in each state; `retrying` counts the queued ones that have failed before. */
  counts: z.object({
    queued: z.number(),
    running: z.number(),
    done: z.number(),
    dead: z.number(),
    retrying: z.number(),
  }),
});
export type AdminJobsResponse = z.infer<typeof adminJobsResponse>;

export const JOB_MESSAGES = {
  notFound: 'Job not found',
  notDead: 'Only a job in the dead letter can be retried.',
  retried: 'The job will run again shortly.',
} as const;
