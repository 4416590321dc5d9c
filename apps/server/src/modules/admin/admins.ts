import { randomBytes } from 'node:crypto';
import type { AdminRole, InviteAdminInput } from '@ub/shared';
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { hashPassword } from '../auth/passwords.ts';
import { forgetSessionsOf, revokeAllSessions } from '../auth/sessions.ts';
import { offsetOf } from './common.ts';
import { transaction } from '../../lib/transaction.ts';

const toAdmin = (u: typeof users.$inferSelect) => ({
  id: u.id,
  fullName: u.fullName,
  email: u.email,
  role: u.adminRole ?? 'owner',
  isActive: u.isActive,
  createdAt: u.createdAt.toISOString(),
});

export async function listAdmins(db: Db) {
  const rows = await db.select().from(users).where(eq(users.role, 'admin')).orderBy(asc(users.createdAt));
  return rows.map(toAdmin);
}

/** A readable temporary password: shown once to the inviting admin, never stored in clear. */
function temporaryPassword(): string {
  return `${randomBytes(9).toString('base64url')}-${randomBytes(2).toString('hex')}`;
}

export async function inviteAdmin(deps: Deps, actorUserId: string, input: InviteAdminInput) {
  const temporary = temporaryPassword();
  const passwordHash = await hashPassword(temporary);
  try {
    const user = await transaction(deps.db, async (tx) => {
      const [u] = await tx
        .insert(users)
        .values({ role: 'admin', adminRole: input.role, email: input.email, fullName: input.fullName, passwordHash })
        .returning();
      if (!u) throw new Error('admin insert returned nothing');
      await audit(tx, {
        actorUserId,
        action: 'admin.invite',
        entityType: 'user',
        entityId: u.id,
        after: { email: u.email, fullName: u.fullName, role: 'admin', adminRole: input.role },
      });
      return u;
    });
    return { admin: toAdmin(user), temporaryPassword: temporary };
  } catch (err) {
    if (isUniqueViolation(err)) {
      const fields = { email: 'An account with this email already exists.' };
      throw conflict(fields.email, fields);
    }
    throw err;
  }
}

/**
 * Deactivation signs the admin out everywhere at once; nobody can lock themselves out. Both rows, the actor's and
 * the target's, are locked first and always in id order: two admins deactivating each other at the same moment
 * then queue instead of deadlocking (the audit row's foreign key to the actor would otherwise wait on the row the
 * other one holds), and the second finds that its own account has just been deactivated.
 */
export async function deactivateAdmin(deps: Deps, actorUserId: string, id: string) {
  if (id === actorUserId) throw badRequest('You cannot deactivate your own account.');
  const admin = await transaction(deps.db, async (tx) => {
    const locked = new Map<string, typeof users.$inferSelect>();
    for (const userId of [actorUserId, id].sort()) {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (row) locked.set(userId, row);
    }
    if (!locked.get(actorUserId)?.isActive) throw forbidden('Your account has been deactivated.');
    const before = locked.get(id);
    if (before?.role !== 'admin') throw notFound('Admin not found');
    if (!before.isActive) throw conflict('This admin is already deactivated.');
    const [after] = await tx
      .update(users)
      .set({ isActive: false, updatedAt: deps.clock() })
      .where(eq(users.id, id))
      .returning();
    if (!after) throw notFound('Admin not found');
    await revokeAllSessions(tx, id);
    await audit(tx, {
      actorUserId,
      action: 'admin.deactivate',
      entityType: 'user',
      entityId: id,
      before: { isActive: true },
      after: { isActive: false },
    });
    return after;
  });
  // Again once committed: a request between the first forgetting and the commit may have cached the session.
  forgetSessionsOf(id);
  return toAdmin(admin);
}

/**
 * An owner changes an admin's role (their own included), audited. The console always keeps an active owner: the
 * last one cannot step down. Both rows are locked in id order, as in deactivation, and the other owners are
 * counted under the lock.
 */
export async function changeAdminRole(deps: Deps, actorUserId: string, id: string, role: AdminRole) {
  const admin = await transaction(deps.db, async (tx) => {
    const locked = new Map<string, typeof users.$inferSelect>();
    for (const userId of [...new Set([actorUserId, id])].sort()) {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (row) locked.set(userId, row);
    }
    const actor = locked.get(actorUserId);
    if (!actor?.isActive) throw forbidden('Your account has been deactivated.');
    if (actor.adminRole !== 'owner') throw forbidden('Only an owner may change admin roles.');
    const before = locked.get(id);
    if (before?.role !== 'admin') throw notFound('Admin not found');
    if (before.adminRole === role) return before;
    if (before.adminRole === 'owner') {
      const owners = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.role, 'admin'), eq(users.adminRole, 'owner'), eq(users.isActive, true), ne(users.id, id)))
        .for('update');
      if (owners.length === 0)
        throw conflict('The console must keep an active owner: make another admin an owner first.');
    }
    const [after] = await tx
      .update(users)
      .set({ adminRole: role, updatedAt: deps.clock() })
      .where(eq(users.id, id))
      .returning();
    if (!after) throw notFound('Admin not found');
    await audit(tx, {
      actorUserId,
      action: 'admin.role',
      entityType: 'user',
      entityId: id,
      before: { adminRole: before.adminRole },
      after: { adminRole: role },
    });
    return after;
  });
  return toAdmin(admin);
}

export async function listAudit(db: Db, opts: { page: number; pageSize: number; entityType?: string }) {
  const where = opts.entityType ? eq(auditLog.entityType, opts.entityType) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ a: auditLog, actor: users.email })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorUserId))
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(opts.pageSize)
      .offset(offsetOf(opts.page, opts.pageSize)),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  return {
    entries: rows.map(({ a, actor }) => ({
      id: a.id,
      actor,
      action: a.action,
      entityType: a.entityType,
      entityId: a.entityId,
      reason: a.reason,
      before: a.before,
      after: a.after,
      createdAt: a.createdAt.toISOString(),
    })),
    total: totalRow?.n ?? 0,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}
