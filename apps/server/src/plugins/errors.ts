import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, badRequest, say } from '../lib/errors.ts';
import { requestLanguage, translateText } from '../lib/i18n.ts';
import { multipartFailure } from '../lib/uploads.ts';
import { isRetryableConflict } from '../lib/transaction.ts';

/** One error shape on the wire: `{ error, fields? }`; 5xx details stay in the log. */
export default fp(
  async (app: FastifyInstance) => {
    // PostgreSQL cannot store a NUL character in text, so a request carrying one can never be valid: it gets a 400
    // naming the field before any handler runs, instead of a database error.
    app.addHook('preValidation', async (req) => {
      const json = /json/i.test(String(req.headers['content-type'] ?? ''));
      const where = (json ? nulAt(req.body, 'body') : undefined) ?? nulAt(req.query, 'query');
      if (where)
        throw badRequest('Text must not contain NUL characters.', { [where]: 'Text must not contain NUL characters.' });
    });

    app.setErrorHandler((caught: FastifyError, req, reply) => {
      // A body that is not readable multipart (no boundary, cut off) is the client's fault on every upload route.
      const err = (req.isMultipart?.() && multipartFailure(caught)) || caught;
      let status = 500;
      let body: { error: string; fields?: Record<string, string>; message?: string };

      if (hasZodFastifySchemaValidationErrors(err)) {
        status = 400;
        const fields: Record<string, string> = {};
        for (const v of err.validation) {
          const key =
            v.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(v.params?.missingProperty ?? 'body');
          fields[key] ??= v.message ?? 'Invalid value';
        }
        body = { error: Object.values(fields)[0] ?? 'Invalid request', fields };
      } else if (err instanceof AppError) {
        status = err.statusCode;
        const lang = requestLanguage(req);
        body = {
          error: say(lang, err.text),
          ...(err.fieldTexts
            ? { fields: Object.fromEntries(Object.entries(err.fieldTexts).map(([k, v]) => [k, say(lang, v)])) }
            : {}),
        };
        if (err.retryAfterSeconds) reply.header('retry-after', String(err.retryAfterSeconds));
      } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        status = err.statusCode;
        body = { error: status === 429 ? 'Too many requests. Please try again later.' : err.message };
        if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
          body = { error: 'The request body is not valid JSON.' };
        }
      } else if (isRetryableConflict(err)) {
        // A deadlock or serialization failure that outlasted the transaction's retries: a race, not a fault.
        status = 409;
        body = { error: CONCURRENT_CHANGE_MESSAGE };
        req.log.warn({ err }, 'transaction conflict after retries');
      } else if (isConnectionError(err)) {
        status = 503;
        body = { error: 'The service is temporarily unavailable. Please try again shortly.' };
        req.log.error({ err }, 'database unavailable');
      } else {
        req.log.error({ err }, 'unhandled error');
        body = { error: 'Something went wrong. Please try again.' };
      }
      if (status >= 500 && status !== 503) req.log.error({ err }, 'request failed');
      if (!(err instanceof AppError)) {
        // Plain English messages (zod's from the shared schemas, the ones above) in the caller's language.
        const lang = requestLanguage(req);
        body.error = translateText(lang, body.error);
        if (body.fields)
          body.fields = Object.fromEntries(Object.entries(body.fields).map(([k, v]) => [k, translateText(lang, v)]));
      }
      if (req.routeOptions.config?.errorAsMessage) body.message = body.error;
      return reply.status(status).send(body);
    });
  },
  { name: 'errors' },
);

export const CONCURRENT_CHANGE_MESSAGE = 'Someone else changed this at the same moment. Please try again.';

/** The path of the first string holding a NUL character in a parsed JSON body or query, or undefined. */
export function nulAt(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return `${path}.${k.replaceAll('\u0000', '')}`;
    const found = nulAt(v, path === 'body' || path === 'query' ? k : `${path}.${k}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * True when the database (or the network to it) is unavailable rather than the request being wrong. Drizzle wraps
 * driver errors ("Failed query: ..." with the driver's error as `cause`), so the whole cause chain is examined.
 */
export function isConnectionError(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const { code, message, cause } = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && CONNECTION_MESSAGE.test(message)) return true;
    cur = cause;
  }
  return false;
}

/** Socket errors, and PostgreSQL's admin_shutdown, crash_shutdown, cannot_connect_now, too_many_connections. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);
const CONNECTION_MESSAGE =
  /^(Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed)/i;
