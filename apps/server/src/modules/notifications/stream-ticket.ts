import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions, streamTickets, users } from '../../db/schema/index.ts';
import { hashToken } from '../auth/sessions.ts';

/**
 * EventSource cannot send an Authorization header, and a bearer token in a URL ends up in access logs. So the
 * client trades its token for a short-lived ticket (POST, bearer) and opens the stream with `?ticket=`. A ticket
 * is a random token stored hashed with its session; opening a stream deletes it (one DELETE ... RETURNING, so of
 * two opens racing with one ticket exactly one wins), and revoking the session (logout) invalidates it.
 */
export const STREAM_TICKET_TTL_MS = 60_000;

export async function issueStreamTicket(db: Db, sessionId: string): Promise<{ ticket: string; expiresAt: Date }> {
  const ticket = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + STREAM_TICKET_TTL_MS);
  // Tickets nobody used die here, so the table holds about a minute's worth.
  await db.delete(streamTickets).where(lt(streamTickets.expiresAt, new Date()));
  await db.insert(streamTickets).values({ tokenHash: hashToken(ticket), sessionId, expiresAt });
  return { ticket, expiresAt };
}

/**
 * Spends a ticket: the user and session behind it when it was unused, unexpired and of a live session of an active
 * account, else undefined. The session is the stream's too: signing it out ends the stream (lib/streams.ts).
 */
export async function redeemStreamTicket(
  db: Db,
  ticket: string,
): Promise<{ userId: string; sessionId: string } | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(ticket)) return undefined;
  const [spent] = await db
    .delete(streamTickets)
    .where(eq(streamTickets.tokenHash, hashToken(ticket)))
    .returning({ sessionId: streamTickets.sessionId, expiresAt: streamTickets.expiresAt });
  if (!spent || spent.expiresAt.getTime() <= Date.now()) return undefined;
  const [row] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, spent.sessionId),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.isActive, true),
      ),
    );
  return row ? { userId: row.userId, sessionId: spent.sessionId } : undefined;
}
