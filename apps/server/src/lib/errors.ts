export type ErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media'
  | 'rate_limited'
  | 'unavailable';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media: 415,
  rate_limited: 429,
  unavailable: 503,
};

/** The one error the server throws on purpose; the error handler turns it into `{ error, fields? }`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Sent as the Retry-After header (429), so a client can count down. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.statusCode = STATUS[code];
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError('bad_request', message, fields);
export const notFound = (message = 'Not found') => new AppError('not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);
export const forbidden = (message = 'Forbidden') => new AppError('forbidden', message);
export const rateLimited = (message: string, retryAfterSeconds?: number) =>
  new AppError('rate_limited', message, undefined, retryAfterSeconds);
export const unauthorized = (message = 'Authentication required') => new AppError('unauthorized', message);

/** True when a database error is a unique-constraint violation (PostgreSQL code 23505), optionally on one constraint. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = findPgError(err);
  return Boolean(e && e.code === '23505' && (!constraint || e.constraint === constraint));
}

/** True when a database error is a check violation (23514) raised for `constraint`, e.g. by an upload cap trigger. */
export function isCheckViolation(err: unknown, constraint: string): boolean {
  const e = findPgError(err);
  return Boolean(e && e.code === '23514' && e.constraint === constraint);
}

function findPgError(err: unknown): { code?: string; constraint?: string } | undefined {
  let cur: unknown = err;
  for (let i = 0; i < 4 && cur && typeof cur === 'object'; i++) {
    const c = cur as { code?: string; constraint?: string; cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code)) return c;
    cur = c.cause;
  }
  return undefined;
}
