import { ADMIN_ROLES, type AdminRole } from '@ub/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * The console role of an active administrator, read fresh on every admin request (a role an owner changes applies
 * to the next request, with no session to end); undefined for anyone else.
 */
export async function adminRoleOf(db: Db, userId: string): Promise<AdminRole | undefined> {
  const [row] = await db
    .select({ adminRole: users.adminRole })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'admin'), eq(users.isActive, true)))
    .limit(1);
  const role = row?.adminRole;
  return role && (ADMIN_ROLES as readonly string[]).includes(role) ? role : undefined;
}
