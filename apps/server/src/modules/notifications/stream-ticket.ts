import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, users } from '../../db/schema/index.ts';

/**
 * EventSource cannot send an Authorization header, and a bearer token in a URL ends up in access logs. So the
 * client trades its token for a short-lived ticket (POST, bearer) and opens the stream with `?ticket=`. The ticket
 * is `<sessionId>.<expiry ms>.<HMAC>` keyed by the session's stored token hash: any server process can check it
 * without shared state, and revoking the session (logout) invalidates it.
 */
export const STREAM_TICKET_TTL_MS = 60_000;

const sign = (tokenHash: string, body: string) => createHmac('sha256', tokenHash).update(body).digest('base64url');

export async function issueStreamTicket(db: Db, sessionId: string): Promise<{ ticket: string; expiresAt: Date }> {
  const [session] = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.id, sessionId));
  if (!session) throw new Error('session vanished');
  const expiresAt = new Date(Date.now() + STREAM_TICKET_TTL_MS);
  const body = `${sessionId}.${expiresAt.getTime()}`;
  return { ticket: `${body}.${sign(session.tokenHash, body)}`, expiresAt };
}

/** The user id behind a valid, unexpired ticket of a live session, or undefined. */
export async function redeemStreamTicket(db: Db, ticket: string): Promise<string | undefined> {
  const match = /^([0-9a-f-]{36})\.(\d{10,16})\.([A-Za-z0-9_-]{43})$/.exec(ticket);
  if (!match) return undefined;
  const [, sessionId, expiry, mac] = match as unknown as [string, string, string, string];
  const expiresAt = Number(expiry);
  if (expiresAt < Date.now() || expiresAt > Date.now() + STREAM_TICKET_TTL_MS) return undefined;
  const [row] = await db
    .select({ userId: sessions.userId, tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.isActive, true),
      ),
    );
  if (!row) return undefined;
  const expected = Buffer.from(sign(row.tokenHash, `${sessionId}.${expiry}`));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given) ? row.userId : undefined;
}
