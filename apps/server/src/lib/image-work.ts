import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { rateLimited } from './errors.ts';

/**
 * Bounds the CPU that decoding and re-encoding images may take, so the rest of the API keeps its speed while
 * sellers upload large photos (three sellers with eight large JPEGs each once kept both cores busy for 72 s).
 *
 * - Each image is one job on a process-wide queue with `workers` jobs running at most, each job using one
 *   libvips thread (sharp.concurrency(1)); the default leaves one core to the event loop and the database.
 * - Jobs of one user run one at a time and users take turns, so a seller's batch of ten delays another seller's
 *   single image by at most one job.
 * - A user may have `perUser` upload requests in progress; one more is refused with 429 and Retry-After before
 *   its body is read, rather than held waiting with its files in memory.
 *
 * Per process: with several server processes each bounds its own share of its machine.
 */
export interface ImageWork {
  /** Runs `job` when a worker is free and it is `key`'s turn. */
  run<T>(key: string, job: () => Promise<T>): Promise<T>;
  /** Admits one more upload request of `key`, or throws 429; the answer releases the place when called. */
  admit(key: string): () => void;
  /** Requests of `key` in progress. */
  admitted(key: string): number;
  /** Jobs running and waiting, process-wide. */
  load(): { running: number; waiting: number };
}

export const DEFAULT_IMAGE_WORKERS = Math.max(1, availableParallelism() - 1);
export const UPLOADS_PER_USER = 2;
export const BUSY_RETRY_SECONDS = 5;
export const BUSY_MESSAGE = 'Your earlier uploads are still being processed. Please try again in a few seconds.';

// One libvips thread per image, so `workers` jobs use at most `workers` cores.
sharp.concurrency(1);

interface Job {
  start: () => void;
}

export function createImageWork({
  workers = DEFAULT_IMAGE_WORKERS,
  perUser = UPLOADS_PER_USER,
}: {
  workers?: number;
  perUser?: number;
} = {}): ImageWork {
  const waiting = new Map<string, Job[]>();
  /** Keys with waiting jobs and none running, in turn order. */
  const ready: string[] = [];
  const busy = new Set<string>();
  const requests = new Map<string, number>();
  let running = 0;
  let queued = 0;

  const pump = () => {
    while (running < workers && ready.length) {
      const key = ready.shift() as string;
      const jobs = waiting.get(key);
      const job = jobs?.shift();
      if (!job) continue;
      if (!jobs?.length) waiting.delete(key);
      queued--;
      running++;
      busy.add(key);
      job.start();
    }
  };

  const done = (key: string) => {
    running--;
    busy.delete(key);
    // To the back of the line: the other users' turns come first.
    if (waiting.has(key)) ready.push(key);
    pump();
  };

  return {
    run<T>(key: string, job: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        const start = () => {
          job()
            .then(resolve, reject)
            .finally(() => done(key));
        };
        const jobs = waiting.get(key);
        if (jobs) jobs.push({ start });
        else waiting.set(key, [{ start }]);
        queued++;
        if (!busy.has(key) && !ready.includes(key)) ready.push(key);
        pump();
      });
    },
    admit(key) {
      const n = requests.get(key) ?? 0;
      if (n >= perUser) throw rateLimited(BUSY_MESSAGE, BUSY_RETRY_SECONDS);
      requests.set(key, n + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (requests.get(key) ?? 1) - 1;
        if (left > 0) requests.set(key, left);
        else requests.delete(key);
      };
    },
    admitted: (key) => requests.get(key) ?? 0,
    load: () => ({ running, waiting: queued }),
  };
}
