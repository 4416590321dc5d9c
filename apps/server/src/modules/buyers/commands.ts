import type { buyerProfileUpdateSchema, buyerRegisterSchema } from '@ub/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { buyers, users } from '../../db/schema/index.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { assertAccountFree } from '../auth/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { transaction } from '../../lib/transaction.ts';

type BuyerRegistration = z.output<typeof buyerRegisterSchema>;

/** Creates a buyer account (role buyer) and its company record in one transaction. */
export async function registerBuyer(db: Db, input: BuyerRegistration) {
  await assertAccountFree(db, input.email, input.phone);
  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ role: 'buyer', email: input.email, phone: input.phone, fullName: input.contact_name, passwordHash })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      const [buyer] = await tx
        .insert(buyers)
        .values({
          userId: user.id,
          companyName: input.company_name,
          contactName: input.contact_name,
          phone: input.phone,
          gstNumber: input.gst_number,
          address: input.address,
          state: input.state,
        })
        .returning({ id: buyers.id });
      if (!buyer) throw new Error('buyer insert returned nothing');
      return { userId: user.id, buyerId: buyer.id };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('An account with this email or phone number already exists.');
    throw err;
  }
}

/** The buyer record of a signed-in buyer user. */
export async function buyerOfUser(db: Db, userId: string) {
  const [buyer] = await db.select().from(buyers).where(eq(buyers.userId, userId)).limit(1);
  if (!buyer) throw notFound('Buyer account not found');
  return buyer;
}

/** Saves the buyer's company profile; the account's name follows the contact name. */
export async function updateBuyerProfile(
  deps: Deps,
  buyerId: string,
  input: z.output<typeof buyerProfileUpdateSchema>,
) {
  await transaction(deps.db, async (tx) => {
    const [b] = await tx
      .update(buyers)
      .set({
        companyName: input.company_name,
        contactName: input.contact_name,
        gstNumber: input.gst_number ?? null,
        address: input.address,
        state: input.state,
      })
      .where(eq(buyers.id, buyerId))
      .returning({ userId: buyers.userId });
    if (!b) throw notFound('Buyer account not found');
    await tx.update(users).set({ fullName: input.contact_name }).where(eq(users.id, b.userId));
  });
}
