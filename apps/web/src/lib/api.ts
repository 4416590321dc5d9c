import { clearSession, currentRealm, getToken, type Realm } from './auth-storage.ts';
import { currentLanguage, translateMessage } from './i18n.tsx';

/** Every failed call becomes this one error; `fields` maps form fields to the server's messages. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly fields: Record<string, string> = {},
    /** Seconds to wait before retrying, from a 429's Retry-After header. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const NETWORK_ERROR = 'Network error. Please try again.';
/** Dispatched on window when a signed-in call is refused (403), so the app can re-read what the account may do. */
export const FORBIDDEN_EVENT = 'api:forbidden';

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  /** Whose token to send; defaults to the realm of the current page. */
  realm?: Realm;
  /** Send no token (public endpoints). */
  anonymous?: boolean;
  /** Shown when the server gives no message of its own. */
  fallbackError?: string;
}

/**
 * Calls the API with the bearer token of the current realm. A 401 on an authenticated call means the session is
 * gone (expired, revoked): the token is dropped and the user is sent to the matching login page.
 */
export async function api<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  const realm = opts.realm ?? currentRealm();
  const headers = new Headers(opts.headers);
  const token = opts.anonymous ? null : getToken(realm);
  if (token) headers.set('authorization', `Bearer ${token}`);
  // The server answers errors in this language when the account has none (ADR 0028).
  if (!headers.has('accept-language')) headers.set('accept-language', currentLanguage());
  let body: BodyInit | undefined;
  if (opts.body instanceof FormData || typeof opts.body === 'string') body = opts.body;
  else if (opts.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { ...opts, headers, body });
  } catch {
    throw new ApiError(translateMessage(NETWORK_ERROR), 0);
  }
  const text = await res.text();
  let data: unknown;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }
  if (!res.ok) {
    const d = (data ?? {}) as { error?: string; message?: string; fields?: Record<string, string> };
    if (res.status === 401 && token) {
      clearSession(realm);
      const login = realm === 'admin' ? '/admin/login' : '/login';
      if (!window.location.pathname.startsWith(login)) window.location.assign(login);
    }
    if (res.status === 403 && token) window.dispatchEvent(new CustomEvent(FORBIDDEN_EVENT, { detail: { realm } }));
    const retryAfter = Number(res.headers.get('retry-after')) || undefined;
    throw new ApiError(
      d.error ?? d.message ?? opts.fallbackError ?? `Request failed (${res.status})`,
      res.status,
      d.fields,
      retryAfter,
    );
  }
  return data as T;
}
