import type { Language } from '@ub/shared/i18n';
import { and, eq, gt, or, sql } from 'drizzle-orm';
import { BUYER_MESSAGES, type ManufacturerStatus, type registerSchema } from '@ub/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { buyers, manufacturers, sessions, users } from '../../db/schema/index.ts';
import { AppError, conflict, isUniqueViolation, msg } from '../../lib/errors.ts';
import { categoryLabel, notice } from '../notifications/notify.ts';
import { notifyAdmins } from '../notifications/notify-admins.ts';
import { hashPassword, verifyDummy, verifyPassword } from './passwords.ts';
import { transaction } from '../../lib/transaction.ts';

type RegisterData = z.output<typeof registerSchema>;
type Role = 'seller' | 'admin' | 'buyer';

const DUPLICATE = {
  email: 'An account with this email already exists.',
  phone: 'An account with this phone number already exists.',
} as const;

/**
 * What a person may type as a username: an e-mail (matched case-insensitively) or a mobile number, with or
 * without +91, 0, spaces or dashes. Only a full 10-digit mobile counts as a phone, so a number that happens to
 * start with 91 is not cut short.
 */
export function parseUsername(username: string): { email: string; phone?: string } {
  const email = username.trim().toLowerCase();
  const m = /^(?:\+?91|0)?([6-9][0-9]{9})$/.exec(email.replace(/[\s()-]/g, ''));
  return m?.[1] ? { email, phone: m[1] } : { email };
}

/** 409 with a field message for each of the e-mail and phone that already belong to an account (any role). */
export async function assertAccountFree(db: Db, email: string, phone: string): Promise<void> {
  const existing = await db
    .select({ email: users.email, phone: users.phone })
    .from(users)
    .where(or(sql`lower(${users.email}) = ${email}`, eq(users.phone, phone)))
    .limit(2);
  const fields: Record<string, string> = {};
  for (const row of existing) {
    if (row.email.toLowerCase() === email) fields.email = DUPLICATE.email;
    if (row.phone === phone) fields.phone = DUPLICATE.phone;
  }
  const [firstError] = Object.values(fields);
  if (firstError) throw conflict(firstError, fields);
}

/** Creates a seller and their manufacturer record (verification status Received) in one transaction. */
export async function registerSeller(
  db: Db,
  input: RegisterData,
  /** The language the form was filled in, kept as the account's (ADR 0028). */
  language: Language = 'en',
): Promise<{ userId: string; manufacturerId: string; status: ManufacturerStatus }> {
  await assertAccountFree(db, input.email, input.phone);

  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          role: 'seller',
          email: input.email,
          phone: input.phone,
          fullName: input.full_name,
          passwordHash,
          language,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      const [mfr] = await tx
        .insert(manufacturers)
        .values({
          userId: user.id,
          companyName: input.company_name,
          companyAddress: input.company_address,
          state: input.state,
          category: input.category,
          gstNumber: input.gst_number,
        })
        .returning({ id: manufacturers.id, status: manufacturers.status });
      if (!mfr) throw new Error('manufacturer insert returned nothing');
      await notifyAdmins(tx, {
        type: 'admin_seller_registered',
        ...notice('admin.sellerRegistered', {
          company: input.company_name,
          category: categoryLabel(input.category),
          state: input.state,
        }),
        link: `/admin/manufacturers/${mfr.id}`,
      });
      return { userId: user.id, manufacturerId: mfr.id, status: mfr.status };
    });
  } catch (err) {
    // Two registrations racing for the same email or phone: the unique index decides.
    if (isUniqueViolation(err, 'users_email_key')) throw conflict(DUPLICATE.email, { email: DUPLICATE.email });
    if (isUniqueViolation(err, 'users_phone_key')) throw conflict(DUPLICATE.phone, { phone: DUPLICATE.phone });
    if (isUniqueViolation(err)) throw conflict('An account with this email or phone number already exists.');
    throw err;
  }
}

/** The limits on guessing a password (see signIn); RATE_LIMIT_SCALE multiplies them. */
export const LOGIN_LIMITS = {
  /** Tries at one account from one address. */
  perAddress: { name: 'login-account-ip', max: 10, minutes: 15 },
  /** Tries at one account from all the addresses it has not signed in from lately, together. */
  perAccount: { name: 'login-account', max: 20, minutes: 15 },
} as const;
/** An address the account signed in from within this many days is the owner's: the shared budget spares it. */
export const KNOWN_ADDRESS_DAYS = 90;

export interface LoginLimits {
  hit(name: string, max: number, minutes: number, key: string): Promise<void>;
  reset(name: string, key: string): Promise<void>;
}

/**
 * Who the login limits count against: the account, whichever of its e-mail or phone is typed; a username that
 * matches no account is counted under its normalised form, so the limits behave the same and reveal nothing.
 */
const limitSubject = (account: { id: string } | undefined, username: string) => {
  const { email, phone } = parseUsername(username);
  return account ? `user:${account.id}` : `name:${phone ?? email}`;
};

/**
 * Checks a username (email or 10-digit phone) and password; any mismatch is the same 401 "Invalid Credentials".
 * Every try is counted before the password is checked, so parallel guesses cannot slip past a limit:
 * at most LOGIN_LIMITS.perAddress tries per account from one address, and LOGIN_LIMITS.perAccount from all
 * addresses it has not signed in from lately. So a stranger who types a real user's e-mail from many machines
 * locks out only other strangers: the user still signs in from where they did before, and anywhere after a
 * password reset by SMS (resetLoginLimits). A right password forgives the address's earlier mistakes.
 */
export async function signIn(
  deps: { db: Db; limits: LoginLimits },
  input: { username: string; password: string; role: Role | readonly Role[]; ip: string },
): Promise<{ id: string; role: Role }> {
  const { db, limits } = deps;
  const { email, phone } = parseUsername(input.username);
  const byEmail = sql`lower(${users.email}) = ${email}`;
  const [user] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(phone ? or(byEmail, eq(users.phone, phone)) : byEmail)
    .limit(1);
  const knownAddress = user ? await signedInFrom(db, user.id, input.ip) : false;

  const subject = limitSubject(user, input.username);
  const { perAddress, perAccount } = LOGIN_LIMITS;
  await limits.hit(perAddress.name, perAddress.max, perAddress.minutes, `${subject}@${input.ip}`);
  if (!knownAddress) await limits.hit(perAccount.name, perAccount.max, perAccount.minutes, subject);

  const ok = user ? await verifyPassword(user.passwordHash, input.password) : await verifyDummy(input.password);
  const roles: readonly Role[] = typeof input.role === 'string' ? [input.role] : input.role;
  if (!user || !ok || !roles.includes(user.role))
    throw new AppError('unauthorized', msg('errors.auth.invalidCredentials'));
  if (!user.isActive) {
    // Only the owner, who typed the right password, learns that the account is blocked and whom to ask; any other
    // inactive account answers like a wrong password.
    if (user.role === 'buyer' && (await isBlockedBuyer(db, user.id))) {
      throw new AppError('unauthorized', BUYER_MESSAGES.blockedSignIn);
    }
    throw new AppError('unauthorized', msg('errors.auth.invalidCredentials'));
  }
  await limits.reset(perAddress.name, `${subject}@${input.ip}`);
  return { id: user.id, role: user.role };
}

async function isBlockedBuyer(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ blockedAt: buyers.blockedAt }).from(buyers).where(eq(buyers.userId, userId));
  return Boolean(row?.blockedAt);
}

/** True when the account signed in from this address within KNOWN_ADDRESS_DAYS (sessions keep their address). */
async function signedInFrom(db: Db, userId: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000);
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.ip, ip), gt(sessions.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

/** After the user proved who they are another way (an SMS code): their failed sign-ins no longer hold them back. */
export async function resetLoginLimits(limits: LoginLimits, userId: string, ip: string): Promise<void> {
  const subject = limitSubject({ id: userId }, '');
  await limits.reset(LOGIN_LIMITS.perAccount.name, subject);
  await limits.reset(LOGIN_LIMITS.perAddress.name, `${subject}@${ip}`);
}

/** Creates the administrator named by ADMIN_EMAIL / ADMIN_PASSWORD when no account has that e-mail yet. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (existing) return false;
  await db.insert(users).values({
    role: 'admin',
    email: email.toLowerCase(),
    fullName: 'Administrator',
    passwordHash: await hashPassword(password),
  });
  return true;
}

/** The account (user id) behind a buyer or a manufacturer, e.g. to end its live streams; undefined when none. */
export async function accountOf(
  db: Db,
  party: { buyerId: string } | { manufacturerId: string },
): Promise<string | undefined> {
  const [row] =
    'buyerId' in party
      ? await db.select({ userId: buyers.userId }).from(buyers).where(eq(buyers.id, party.buyerId))
      : await db
          .select({ userId: manufacturers.userId })
          .from(manufacturers)
          .where(eq(manufacturers.id, party.manufacturerId));
  return row?.userId;
}
