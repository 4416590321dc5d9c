import type { Language } from '@ub/shared/i18n';
import type { FastifyRequest } from 'fastify';
import { requestLanguage, t, translateText } from './i18n.ts';

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

/**
 * A catalogued message (ADR 0028): its id in packages/shared/src/i18n and its ICU values. The error handler
 * says it in the caller's language; a plain string is sent as it is, translated when it is a catalogued English
 * message, so modules not converted yet keep working.
 */
export interface Msg {
  readonly id: string;
  readonly values?: Record<string, string | number>;
}
export type Text = string | Msg;
export const msg = (id: string, values?: Record<string, string | number>): Msg => ({ id, values });

/** A message in `lang`: a catalogued one by its id, a plain string translated when catalogued. */
export function say(lang: Language, text: Text): string {
  return typeof text === 'string' ? translateText(lang, text) : t(lang, text.id, text.values);
}

/**
 * A success answer's `{ message }` in the caller's language (the account's, else Accept-Language), as errors are
 * said: a catalogue message only, so no route answers English text a reader of another language cannot read.
 */
export const replyMessage = (req: FastifyRequest, text: Msg): { message: string } => ({
  message: t(requestLanguage(req), text.id, text.values),
});

/** The one error the server throws on purpose; the error handler turns it into `{ error, fields? }`. */
export class AppError extends Error {
  readonly statusCode: number;
  /** The message and the fields' messages as thrown (the English `message` and `fields` are for logs and tests). */
  readonly text: Text;
  readonly fieldTexts?: Record<string, Text>;
  readonly fields?: Record<string, string>;
  constructor(
    readonly code: ErrorCode,
    message: Text,
    fields?: Record<string, Text>,
    /** Sent as the Retry-After header (429), so a client can count down. */
    readonly retryAfterSeconds?: number,
  ) {
    super(say('en', message));
    this.statusCode = STATUS[code];
    this.text = message;
    if (fields) {
      this.fieldTexts = fields;
      this.fields = Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, say('en', v)]));
    }
  }
}

export const badRequest = (message: Text, fields?: Record<string, Text>) =>
  new AppError('bad_request', message, fields);
export const notFound = (message: Text = 'Not found') => new AppError('not_found', message);
export const conflict = (message: Text, fields?: Record<string, Text>) => new AppError('conflict', message, fields);
export const forbidden = (message: Text = 'Forbidden') => new AppError('forbidden', message);
export const rateLimited = (message: Text, retryAfterSeconds?: number) =>
  new AppError('rate_limited', message, undefined, retryAfterSeconds);
export const unauthorized = (message: Text = 'Authentication required') => new AppError('unauthorized', message);

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
