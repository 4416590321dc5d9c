import type { BuyerAddress } from '@ub/shared';
import { ADDRESS_LIMIT } from '@ub/shared';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyerAddresses } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

type Row = typeof buyerAddresses.$inferSelect;

export const toAddress = (r: Row): BuyerAddress => ({
  id: r.id,
  label: r.label,
  contactName: r.contactName,
  phone: r.phone,
  line1: r.line1,
  line2: r.line2,
  city: r.city,
  state: r.state,
  pinCode: r.pinCode,
  isDefault: r.isDefault,
});

/** The buyer's address book: the default first, then oldest first (the order they were added). */
export async function listAddresses(db: Db, buyerId: string) {
  const rows = await db
    .select()
    .from(buyerAddresses)
    .where(eq(buyerAddresses.buyerId, buyerId))
    .orderBy(desc(buyerAddresses.isDefault), asc(buyerAddresses.createdAt), asc(buyerAddresses.id));
  return { addresses: rows.map(toAddress), limit: ADDRESS_LIMIT };
}

/** One address of the buyer; another buyer's (or an unknown) id is 404. */
export async function addressOf(db: Db, buyerId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(buyerAddresses)
    .where(and(eq(buyerAddresses.id, id), eq(buyerAddresses.buyerId, buyerId)))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Address not found');
  return row;
}
