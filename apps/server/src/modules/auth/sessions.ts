import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { SESSION, type ManufacturerStatus, type Role, type SessionUser } from '@ub/shared';
import type { Db } from '../../db/client.ts';
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

/** The user behind a live (unexpired, unrevoked) token of an active account, or undefined. */
export async function findSessionUser(db: Db, token: string): Promise<AuthUser | undefined> {
  const rows = await db
    .select({
      sessionId: sessions.id,
      id: users.id,
      role: users.role,
      name: users.fullName,
      email: users.email,
      phone: users.phone,
      manufacturerId: manufacturers.id,
      manufacturerStatus: manufacturers.status,
      companyName: manufacturers.companyName,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(manufacturers, eq(manufacturers.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...row,
    role: row.role as Role,
    manufacturerStatus: (row.manufacturerStatus as ManufacturerStatus | null) ?? null,
  };
}

export async function revokeSession(db: Db, sessionId: string): Promise<void> {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeAllSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export function toSessionUser(u: AuthUser): SessionUser {
  const { sessionId: _sessionId, ...rest } = u;
  return rest;
}
