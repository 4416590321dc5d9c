import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyers } from '../../db/schema/index.ts';
import { type NotificationInput, notify } from '../notifications/notify.ts';

/** Where a buyer's notification points: the record's page in the buyer area. */
export const buyerLinks = {
  order: (id: string) => `/buyer/orders/${id}`,
  rfq: (id: string) => `/buyer/rfqs/${id}`,
} as const;

/**
 * Notifies the user who holds a buyer account, inside `tx` (the transaction of the change, see notify). A buyer
 * record without a user cannot exist (the foreign key), so an unknown id is a programming error.
 */
export async function notifyBuyer(tx: Db, buyerId: string, input: Omit<NotificationInput, 'userId'>) {
  const [b] = await tx.select({ userId: buyers.userId }).from(buyers).where(eq(buyers.id, buyerId)).limit(1);
  if (!b) throw new Error(`buyer ${buyerId} not found`);
  return notify(tx, { ...input, userId: b.userId });
}
