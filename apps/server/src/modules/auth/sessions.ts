import { isLanguage, type Language } from '@ub/shared/i18n';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SESSION, type ManufacturerStatus, type Role, type SessionUser } from '@ub/shared';
import { type Db, lostConnection } from '../../db/client.ts';
import { manufacturers, sessions, users } from '../../db/schema/index.ts';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Opens a session and returns the opaque bearer token; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: string,
  opts: { remember: boolean; ip?: string; userAgent?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const ttlMs = opts.remember ? SESSION.rememberDays * 86_400_000 : SESSION.shortHours * 3_600_000;
  const expiresAt = new Date(Date.now() + ttlMs);
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    remember: opts.remember,
    expiresAt,
    ip: opts.ip,
    userAgent: opts.userAgent?.slice(0, 300),
  });
  return { token, expiresAt };
}

export interface AuthUser extends SessionUser {
  sessionId: string;
}

/**
 * Sessions verified in the last SESSION_CACHE_MS, by token hash, so that a busy seller's requests do not each pay a
 * database round trip (on two cores it was a third of a list request's cost). Whatever ends or changes a session
 * through the application forgets the user's entries at once in this process (`forgetSessionsOf`: logout,
 * revoking all sessions, deactivation, a manufacturer status change), and an entry never outlives its session's
 * expiry. With REDIS_URL every other server process is told at once too (app.ts); without it another process, or
 * a change made straight in the database, is seen within SESSION_CACHE_MS.
 * Entries remember their database, so test apps sharing this process never see each other's sessions.
 */
export const SESSION_CACHE_MS = 5_000;
const SESSION_CACHE_MAX = 10_000;
const sessionCache = new Map<string, { db: Db; user: AuthUser; until: number }>();
/**
 * Moves on at every forgetting. A lookup that read the database before a revocation committed may finish after
 * the forgetting: it answers, but only caches what it read if nothing was forgotten meanwhile.
 */
let generation = 0;

/** What a revocation names: every session of a user, or one session. */
export type Revoked = { userId: string } | { sessionId: string };

/** The channel on which processes tell each other of revocations (app.ts, with REDIS_URL). */
export const SESSIONS_REVOKED_CHANNEL = 'sessions:revoked';

const revocationListeners = new Set<(revoked: Revoked) => void>();

/** Hears every revocation made in this process, to pass it on to the others; returns the unsubscribe. */
export function onSessionsRevoked(listener: (revoked: Revoked) => void): () => void {
  revocationListeners.add(listener);
  return () => revocationListeners.delete(listener);
}

/** Drops cached entries in this process only: what a revocation heard from another process does. */
export function forgetCachedSessions(revoked: Revoked): void {
  generation++;
  const matches =
    'userId' in revoked
      ? (user: AuthUser) => user.id === revoked.userId
      : (user: AuthUser) => user.sessionId === revoked.sessionId;
  for (const [key, entry] of sessionCache) if (matches(entry.user)) sessionCache.delete(key);
}

function revoked(what: Revoked): void {
  forgetCachedSessions(what);
  for (const listener of revocationListeners) listener(what);
}

export function forgetSessionsOf(userId: string): void {
  revoked({ userId });
}

/** Empties the cache: for tests that change sessions or accounts straight in the database. */
export function forgetAllSessions(): void {
  generation++;
  sessionCache.clear();
}

/** The user behind a live (unexpired, unrevoked) token of an active account, or undefined. */
export async function findSessionUser(db: Db, token: string): Promise<AuthUser | undefined> {
  const key = hashToken(token);
  const now = Date.now();
  const cached = sessionCache.get(key);
  if (cached && cached.db === db && cached.until > now) return cached.user;
  if (cached) sessionCache.delete(key);
  const readAt = generation;
  const read = () =>
    db
      .select({
        expiresAt: sessions.expiresAt,
        sessionId: sessions.id,
        id: users.id,
        role: users.role,
        name: users.fullName,
        email: users.email,
        phone: users.phone,
        manufacturerId: manufacturers.id,
        manufacturerStatus: manufacturers.status,
        companyName: manufacturers.companyName,
        language: users.language,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .leftJoin(manufacturers, eq(manufacturers.userId, users.id))
      .where(
        and(
          eq(sessions.tokenHash, key),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, new Date()),
          eq(users.isActive, true),
        ),
      )
      .limit(1);
  // A read, so safe to send again: the first query after a database restart may meet a connection the pool still
  // held to the old server; that failure drops the other stale ones (db/client.ts) and the retry opens a fresh one.
  const rows = await read().catch((err: unknown) => {
    if (lostConnection(err)) return read();
    throw err;
  });
  const row = rows[0];
  if (!row) return undefined;
  const { expiresAt, ...fields } = row;
  const user: AuthUser = {
    ...fields,
    role: row.role as Role,
    manufacturerStatus: (row.manufacturerStatus as ManufacturerStatus | null) ?? null,
    language: isLanguage(row.language) ? row.language : 'en',
  };
  if (readAt !== generation) return user;
  if (sessionCache.size >= SESSION_CACHE_MAX) {
    const oldest = sessionCache.keys().next().value;
    if (oldest !== undefined) sessionCache.delete(oldest);
  }
  sessionCache.set(key, { db, user, until: Math.min(now + SESSION_CACHE_MS, expiresAt.getTime()) });
  return user;
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  revoked({ sessionId });
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  forgetSessionsOf(userId);
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export function toSessionUser(u: AuthUser): SessionUser {
  const { sessionId: _sessionId, ...rest } = u;
  return rest;
}

/** The account's language (ADR 0028); its cached sessions are forgotten so the next request reads it. */
export async function setLanguage(db: Db, userId: string, language: Language): Promise<void> {
  await db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId));
  forgetSessionsOf(userId);
}
