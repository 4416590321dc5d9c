import { createHash } from 'node:crypto';

/**
 * The one way we call Razorpay's REST API (https://razorpay.com/docs/api/): basic auth with key_id:key_secret,
 * JSON bodies, amounts in paise, and failures as `{ error: { code, description, field, source, step, reason,
 * metadata } }`. Shared by the payment gateway (razorpay.ts) and RazorpayX payouts (razorpayx.ts), which use the
 * same keys and the same error shape.
 *
 * Retries: only a call whose caller says it is safe to repeat (`retry: true`) is retried, on a network failure, a
 * timeout, 429 (rate limited: the request was refused, nothing happened), 409 (Razorpay's "a request with this
 * idempotency key is still being processed") and 5xx. Each caller documents why its call is safe to repeat.
 */
export const RAZORPAY_API_BASE = 'https://api.razorpay.com';

export type GatewayErrorKind =
  /** 401: the key id or secret is wrong, or the key was regenerated. Not retryable: fix the configuration. */
  | 'auth'
  /** Razorpay refused the request as invalid (4xx other than 401/409/429): retrying the same body cannot help. */
  | 'invalid_request'
  /** 429: too many requests. */
  | 'rate_limited'
  /** 409: the same idempotency key is still being processed by Razorpay. */
  | 'conflict'
  /** 5xx from Razorpay. */
  | 'server'
  /** No answer: connection refused or reset, DNS failure. */
  | 'network'
  /** No answer within the timeout; the request may or may not have been acted on. */
  | 'timeout'
  /** An answer that is not Razorpay's shape, or that contradicts what we asked for. */
  | 'invalid_response'
  /** Our own input check refused the call before anything was sent (amount not integer paise, receipt too long). */
  | 'invalid_input';

/** A Razorpay call that failed. `code` is Razorpay's error code (BAD_REQUEST_ERROR, SERVER_ERROR, ...) or ours. */
export class GatewayError extends Error {
  readonly code: string;
  readonly description: string;
  readonly kind: GatewayErrorKind;
  /** True when the same call may succeed if made again later (rate limit, 5xx, network, timeout). */
  readonly retryable: boolean;
  readonly httpStatus?: number;
  /** The request field Razorpay blamed, when it named one. */
  readonly field?: string;
  readonly reason?: string;
  constructor(input: {
    code: string;
    description: string;
    kind: GatewayErrorKind;
    retryable: boolean;
    httpStatus?: number;
    field?: string;
    reason?: string;
    operation?: string;
  }) {
    const where = input.operation ? `${input.operation}: ` : '';
    const status = input.httpStatus ? ` (HTTP ${input.httpStatus})` : '';
    super(`Razorpay ${where}${input.code}${status}: ${input.description}`);
    this.name = 'GatewayError';
    this.code = input.code;
    this.description = input.description;
    this.kind = input.kind;
    this.retryable = input.retryable;
    if (input.httpStatus !== undefined) this.httpStatus = input.httpStatus;
    if (input.field) this.field = input.field;
    if (input.reason) this.reason = input.reason;
  }
}

export interface RazorpayHttpConfig {
  keyId: string;
  keySecret: string;
  /** Default https://api.razorpay.com; a trailing /v1 is accepted (the paths carry it). */
  apiBase?: string;
  /** Default globalThis.fetch; tests pass their own. */
  fetch?: typeof fetch;
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  /** Attempts for a retryable call, first included; default 3. */
  maxAttempts?: number;
  /** Waits between attempts; tests pass one that records and returns at once. */
  sleep?: (ms: number) => Promise<void>;
}

export interface RazorpayRequest {
  method: 'GET' | 'POST' | 'PATCH';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Safe to send again after a failure that may have been acted on (see the file comment). */
  retry: boolean;
  /** Names the call in error messages ("create order"). */
  operation: string;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Backoff before attempt n+1 (n from 1): 300 ms, 900 ms, 2.7 s ... capped at 5 s, or Retry-After when given. */
export function backoffMs(attempt: number, retryAfterHeader: string | null): number {
  const retryAfter = retryAfterHeader === null ? Number.NaN : Number(retryAfterHeader);
  if (Number.isFinite(retryAfter) && retryAfter >= 0) return Math.min(retryAfter * 1000, 30_000);
  return Math.min(300 * 3 ** (attempt - 1), 5_000);
}

interface RazorpayErrorBody {
  error?: { code?: unknown; description?: unknown; field?: unknown; reason?: unknown };
}

function errorFromResponse(status: number, body: unknown, operation: string): GatewayError {
  const e = (body as RazorpayErrorBody | null)?.error;
  const code = typeof e?.code === 'string' ? e.code : status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR';
  const given = typeof e?.description === 'string' ? e.description : '';
  const field = typeof e?.field === 'string' ? e.field : undefined;
  const reason = typeof e?.reason === 'string' && e.reason !== 'NA' ? e.reason : undefined;
  const base = { code, httpStatus: status, operation, ...(field ? { field } : {}), ...(reason ? { reason } : {}) };
  if (status === 401) {
    return new GatewayError({
      ...base,
      kind: 'auth',
      retryable: false,
      description: `${given || 'Authentication failed'}: check RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET (test keys start rzp_test_, live keys rzp_live_)`,
    });
  }
  if (status === 429) {
    return new GatewayError({
      ...base,
      kind: 'rate_limited',
      retryable: true,
      description: given || 'Too many requests',
    });
  }
  if (status === 409) {
    return new GatewayError({
      ...base,
      kind: 'conflict',
      retryable: true,
      description: given || 'A request with this idempotency key is still being processed',
    });
  }
  if (status >= 500) {
    return new GatewayError({
      ...base,
      kind: 'server',
      retryable: true,
      description: given || 'Razorpay server error',
    });
  }
  return new GatewayError({
    ...base,
    kind: 'invalid_request',
    retryable: false,
    description: given || `HTTP ${status}`,
  });
}

export interface RazorpayHttp {
  request<T>(req: RazorpayRequest): Promise<T>;
}

export function createRazorpayHttp(config: RazorpayHttpConfig): RazorpayHttp {
  if (!config.keyId || !config.keySecret) {
    throw new Error('Razorpay needs a key id and a key secret (RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET)');
  }
  const base = (config.apiBase ?? RAZORPAY_API_BASE).replace(/\/+$/, '').replace(/\/v1$/, '');
  const doFetch = config.fetch ?? globalThis.fetch;
  const timeoutMs = config.timeoutMs ?? 10_000;
  const maxAttempts = Math.max(1, config.maxAttempts ?? 3);
  const sleep = config.sleep ?? defaultSleep;
  const authorization = `Basic ${Buffer.from(`${config.keyId}:${config.keySecret}`).toString('base64')}`;

  async function attempt<T>(
    req: RazorpayRequest,
  ): Promise<{ ok: true; value: T } | { ok: false; error: GatewayError; retryAfter: string | null }> {
    let res: Response;
    try {
      res = await doFetch(`${base}${req.path}`, {
        method: req.method,
        headers: {
          authorization,
          accept: 'application/json',
          ...(req.body === undefined ? {} : { 'content-type': 'application/json' }),
          ...req.headers,
        },
        ...(req.body === undefined ? {} : { body: JSON.stringify(req.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      return {
        ok: false,
        retryAfter: null,
        error: new GatewayError({
          code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
          kind: timedOut ? 'timeout' : 'network',
          retryable: true,
          operation: req.operation,
          description: timedOut
            ? `no answer within ${timeoutMs} ms`
            : `could not reach ${base}: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`,
        }),
      };
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
      return {
        ok: false,
        retryAfter: null,
        error: new GatewayError({
          code: timedOut ? 'TIMEOUT' : 'NETWORK_ERROR',
          kind: timedOut ? 'timeout' : 'network',
          retryable: true,
          operation: req.operation,
          description: timedOut ? `no full answer within ${timeoutMs} ms` : 'the answer was cut off',
        }),
      };
    }
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (res.ok) {
      if (body === null || typeof body !== 'object') {
        return {
          ok: false,
          retryAfter: null,
          error: new GatewayError({
            code: 'INVALID_RESPONSE',
            kind: 'invalid_response',
            retryable: false,
            httpStatus: res.status,
            operation: req.operation,
            description: 'the answer was not a JSON object',
          }),
        };
      }
      return { ok: true, value: body as T };
    }
    return {
      ok: false,
      error: errorFromResponse(res.status, body, req.operation),
      retryAfter: res.headers.get('retry-after'),
    };
  }

  return {
    async request<T>(req: RazorpayRequest): Promise<T> {
      for (let n = 1; ; n++) {
        const result = await attempt<T>(req);
        if (result.ok) return result.value;
        if (!req.retry || !result.error.retryable || n >= maxAttempts) throw result.error;
        await sleep(backoffMs(n, result.retryAfter));
      }
    },
  };
}

/** Throws unless `amountPaise` is a whole number of paise from `min` (Razorpay's minimum is 100, ₹1). */
export function assertPaise(amountPaise: number, operation: string, min = 100): void {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < min) {
    throw new GatewayError({
      code: 'INVALID_AMOUNT',
      kind: 'invalid_input',
      retryable: false,
      operation,
      description: `amount must be a whole number of paise, at least ${min} (got ${String(amountPaise)})`,
    });
  }
}

export function invalidInput(operation: string, description: string): GatewayError {
  return new GatewayError({ code: 'INVALID_INPUT', kind: 'invalid_input', retryable: false, operation, description });
}

/**
 * An idempotency key Razorpay accepts, derived from our own reference so that every retry of the same refund or
 * payout, from any process, sends the same key. The reference itself is used when it already fits `pattern`
 * (readable in the dashboard); otherwise a SHA-256 of it, `prefix` + 32 hex characters.
 */
export function idempotencyKey(reference: string, fits: RegExp, prefix: string): string {
  if (fits.test(reference)) return reference;
  return `${prefix}${createHash('sha256').update(reference).digest('hex').slice(0, 32)}`;
}

/** Razorpay ids are a prefix and base62 characters; anything else never reaches a URL path. */
export function assertId(id: string, prefix: string, operation: string): void {
  if (!new RegExp(`^${prefix}_[A-Za-z0-9]{1,40}$`).test(id)) {
    throw invalidInput(operation, `not a Razorpay ${prefix}_ id: ${JSON.stringify(id.slice(0, 60))}`);
  }
}
