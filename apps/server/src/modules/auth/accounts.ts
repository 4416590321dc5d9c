import { eq, or, sql } from 'drizzle-orm';
import { MESSAGES, type ManufacturerStatus, type registerSchema } from '@ub/shared';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { manufacturers, users } from '../../db/schema/index.ts';
import { AppError, conflict, isUniqueViolation } from '../../lib/errors.ts';
import { hashPassword, verifyDummy, verifyPassword } from './passwords.ts';
import { transaction } from '../../lib/transaction.ts';

type RegisterData = z.output<typeof registerSchema>;

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
  if (Object.keys(fields).length) throw conflict(Object.values(fields)[0] as string, fields);
}

/** Creates a seller and their manufacturer record (verification status Received) in one transaction. */
export async function registerSeller(
  db: Db,
  input: RegisterData,
): Promise<{ userId: string; manufacturerId: string; status: ManufacturerStatus }> {
  await assertAccountFree(db, input.email, input.phone);

  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(db, async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ role: 'seller', email: input.email, phone: input.phone, fullName: input.full_name, passwordHash })
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

/** Checks a username (email or 10-digit phone) and password; any mismatch is the same 401 "Invalid Credentials". */
export async function checkCredentials(
  db: Db,
  username: string,
  password: string,
  role: 'seller' | 'admin' | 'buyer',
): Promise<{ id: string }> {
  const { email, phone } = parseUsername(username);
  const byEmail = sql`lower(${users.email}) = ${email}`;
  const [user] = await db
    .select({ id: users.id, role: users.role, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(phone ? or(byEmail, eq(users.phone, phone)) : byEmail)
    .limit(1);
  const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyDummy(password);
  if (!user || !ok || user.role !== role || !user.isActive) {
    throw new AppError('unauthorized', MESSAGES.invalidCredentials);
  }
  return { id: user.id };
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
