import { ApiError } from '../../lib/api.ts';
import { i18n, translateMessage } from '../../lib/i18n.tsx';

/** A failed sign-in as the login pages say it: a refused burst says how long to wait (the 429's Retry-After). */
export function loginErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status === 429 && err.retryAfter) {
    const seconds = err.retryAfter;
    return seconds < 60
      ? i18n._('auth.login.tooManySeconds', { n: seconds })
      : i18n._('auth.login.tooManyMinutes', { n: Math.ceil(seconds / 60) });
  }
  return err instanceof Error ? translateMessage(err.message) : fallback;
}
