import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { type NotificationInput, notify } from './notify.ts';

/**
 * Notifies every active admin, one row each, in `tx`, the transaction of the change it reports (the outbox, as
 * `notify`): a new seller registration, contact message, dispute or spam report. `link` is the admin console's
 * page of the record. Answers how many admins were told.
 */
export async function notifyAdmins(tx: Db, input: Omit<NotificationInput, 'userId'>): Promise<number> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
  for (const admin of admins) await notify(tx, { ...input, userId: admin.id });
  return admins.length;
}
