import { ApiError } from '../../lib/api.ts';

/** A failed sign-in as the login pages say it: a refused burst says how long to wait (the 429's Retry-After). */
export function loginErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status === 429 && err.retryAfter) {
    const seconds = err.retryAfter;
    const wait = seconds < 60 ? plural(seconds, 'second') : plural(Math.ceil(seconds / 60), 'minute');
    return `Too many attempts. Try again in ${wait}.`;
  }
  return err instanceof Error ? err.message : fallback;
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
