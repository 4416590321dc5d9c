import { ADDRESS_LIMIT, type buyerAddressInputSchema } from '@ub/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { buyerAddresses, buyers } from '../../db/schema/index.ts';
import type { Deps } from '../../lib/deps.ts';
import { conflict } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { addressOf, toAddress } from './queries.ts';

type AddressInput = z.output<typeof buyerAddressInputSchema>;

/** Locks the buyer's row so two address writes of one buyer (count, default) happen one after the other. */
async function lockBuyer(tx: Db, buyerId: string) {
  await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyerId)).for('update');
}

async function clearDefault(tx: Db, buyerId: string, exceptId?: string) {
  await tx
    .update(buyerAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(buyerAddresses.buyerId, buyerId),
        eq(buyerAddresses.isDefault, true),
        exceptId ? ne(buyerAddresses.id, exceptId) : undefined,
      ),
    );
}

/** Adds an address; the first one becomes the default, and a new default replaces the old one. */
export async function createAddress(deps: Deps, buyerId: string, input: AddressInput) {
  return transaction(deps.db, async (tx) => {
    await lockBuyer(tx, buyerId);
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(buyerAddresses)
      .where(eq(buyerAddresses.buyerId, buyerId));
    const n = Number(row?.n ?? 0);
    if (n >= ADDRESS_LIMIT) {
      throw conflict(`Your address book holds at most ${ADDRESS_LIMIT} addresses. Delete one you no longer use.`);
    }
    const isDefault = input.isDefault || n === 0;
    if (isDefault) await clearDefault(tx, buyerId);
    const now = deps.clock();
    const [created] = await tx
      .insert(buyerAddresses)
      .values({ buyerId, ...fields(input), isDefault, createdAt: now, updatedAt: now })
      .returning();
    if (!created) throw new Error('address insert returned nothing');
    return toAddress(created);
  });
}

/** Replaces an address. Unsetting the default is not possible directly: another address is made default instead. */
export async function updateAddress(deps: Deps, buyerId: string, id: string, input: AddressInput) {
  return transaction(deps.db, async (tx) => {
    await lockBuyer(tx, buyerId);
    const before = await addressOf(tx, buyerId, id, true);
    const isDefault = before.isDefault || input.isDefault;
    if (isDefault) await clearDefault(tx, buyerId, id);
    const [updated] = await tx
      .update(buyerAddresses)
      .set({ ...fields(input), isDefault, updatedAt: deps.clock() })
      .where(eq(buyerAddresses.id, id))
      .returning();
    if (!updated) throw new Error('address update returned nothing');
    return toAddress(updated);
  });
}

/** Deletes an address; when it was the default, the oldest remaining one becomes the default. */
export async function deleteAddress(deps: Deps, buyerId: string, id: string) {
  await transaction(deps.db, async (tx) => {
    await lockBuyer(tx, buyerId);
    const before = await addressOf(tx, buyerId, id, true);
    await tx.delete(buyerAddresses).where(eq(buyerAddresses.id, id));
    if (!before.isDefault) return;
    const [next] = await tx
      .select({ id: buyerAddresses.id })
      .from(buyerAddresses)
      .where(eq(buyerAddresses.buyerId, buyerId))
      .orderBy(asc(buyerAddresses.createdAt), asc(buyerAddresses.id))
      .limit(1);
    if (next) await tx.update(buyerAddresses).set({ isDefault: true }).where(eq(buyerAddresses.id, next.id));
  });
}

function fields(input: AddressInput) {
  return {
    label: input.label,
    contactName: input.contactName,
    phone: input.phone,
    line1: input.line1,
    line2: input.line2 ?? null,
    city: input.city,
    state: input.state,
    pinCode: input.pinCode,
  };
}
