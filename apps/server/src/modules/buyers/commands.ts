import {
  type AdminBuyerListItem,
  BUYER_MESSAGES,
  type buyerProfileUpdateSchema,
  type buyerRegisterSchema,
} from '@ub/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { buyers, users } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { assertAccountFree } from '../auth/accounts.ts';
import { hashPassword } from '../auth/passwords.ts';
import { forgetSessionsOf, revokeAllSessions } from '../auth/sessions.ts';
import { enqueueEmail } from '../notifications/mailer.ts';
import { t } from '../../lib/i18n.ts';
import { languageOfUser, notice, notify } from '../notifications/notify.ts';
import { transaction } from '../../lib/transaction.ts';
import { toAdminBuyer } from './queries.ts';

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

/**
 * An admin blocks a buyer: the account goes inactive (sign-in refused, every session revoked at once, in every
 * process through the revocation bus), the reason and time are kept on the buyer, an audit row is written and the
 * buyer is told by e-mail, all in one transaction under a row lock, so two admins cannot both block. The e-mail
 * goes whatever the buyer's notification settings: it is about the account itself. 409 when already blocked.
 */
export async function blockBuyer(deps: Deps, actorUserId: string, id: string, reason: string) {
  const { item, userId } = await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({ b: buyers, u: users })
      .from(buyers)
      .innerJoin(users, eq(users.id, buyers.userId))
      .where(eq(buyers.id, id))
      .for('update');
    if (!row) throw notFound(BUYER_MESSAGES.notFound);
    if (row.b.blockedAt) throw conflict(BUYER_MESSAGES.alreadyBlocked);
    const at = deps.clock();
    const [after] = await tx
      .update(buyers)
      .set({ blockedAt: at, blockedReason: reason })
      .where(eq(buyers.id, id))
      .returning();
    const [user] = await tx
      .update(users)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(users.id, row.u.id))
      .returning();
    if (!after || !user) throw notFound(BUYER_MESSAGES.notFound);
    await revokeAllSessions(tx, user.id);
    await audit(tx, {
      actorUserId,
      action: 'buyer.block',
      entityType: 'buyer',
      entityId: id,
      reason,
      before: { blocked: false, isActive: row.u.isActive },
      after: { blocked: true, isActive: false, blockedReason: reason },
    });
    await notify(tx, {
      userId: user.id,
      type: 'account_blocked',
      ...notice('account.blocked', { company: after.companyName, reason }),
      link: '/buyer',
    });
    const lang = await languageOfUser(tx, user.id);
    const values = { name: after.contactName, company: after.companyName, reason };
    await enqueueEmail(tx, {
      to: user.email,
      subject: t(lang, 'notify.email.buyerBlocked.subject'),
      text: t(lang, 'notify.email.buyerBlocked.body', values),
    });
    return { item: toAdminBuyer(after, user), userId: user.id };
  });
  // Again once committed: a request between the first forgetting and the commit may have cached the session.
  forgetSessionsOf(userId);
  return item;
}

/** Lifts a block: the account is active again (the buyer signs in afresh), audited, and the buyer told by e-mail. */
export async function unblockBuyer(deps: Deps, actorUserId: string, id: string): Promise<AdminBuyerListItem> {
  return transaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({ b: buyers, u: users })
      .from(buyers)
      .innerJoin(users, eq(users.id, buyers.userId))
      .where(eq(buyers.id, id))
      .for('update');
    if (!row) throw notFound(BUYER_MESSAGES.notFound);
    if (!row.b.blockedAt) throw conflict(BUYER_MESSAGES.notBlocked);
    const [after] = await tx
      .update(buyers)
      .set({ blockedAt: null, blockedReason: null })
      .where(eq(buyers.id, id))
      .returning();
    const [user] = await tx
      .update(users)
      .set({ isActive: true, updatedAt: new Date() })
      .where(eq(users.id, row.u.id))
      .returning();
    if (!after || !user) throw notFound(BUYER_MESSAGES.notFound);
    await audit(tx, {
      actorUserId,
      action: 'buyer.unblock',
      entityType: 'buyer',
      entityId: id,
      before: { blocked: true, isActive: false, blockedReason: row.b.blockedReason },
      after: { blocked: false, isActive: true },
    });
    await notify(tx, {
      userId: user.id,
      type: 'account_unblocked',
      ...notice('account.unblocked', { company: after.companyName }),
      link: '/buyer',
    });
    const lang = await languageOfUser(tx, user.id);
    await enqueueEmail(tx, {
      to: user.email,
      subject: t(lang, 'notify.email.buyerUnblocked.subject'),
      text: t(lang, 'notify.email.buyerUnblocked.body', { name: after.contactName, company: after.companyName }),
    });
    return toAdminBuyer(after, user);
  });
}
