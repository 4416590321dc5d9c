import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { isSameAsLogin, OTP, PASSWORD_MESSAGES } from '@ub/shared';
import type { Db } from '../../db/client.ts';
import { otpCodes, users } from '../../db/schema/index.ts';
import { AppError, badRequest, rateLimited, msg } from '../../lib/errors.ts';
import { hashPassword } from './passwords.ts';
import { forgetSessionsOf, revokeAllSessions } from './sessions.ts';
import type { SmsProvider } from './sms.ts';
import { transaction } from '../../lib/transaction.ts';
import { accountLanguage, t } from '../../lib/i18n.ts';

export const RESET_MESSAGES = {
  sent: 'If this number is registered, a 6-digit reset code has been sent to it.',
  invalid: 'Invalid verification code',
  expired: 'This code has expired. Please request a new one.',
  tooManyTries: 'Too many wrong attempts. Please request a new code.',
  verified: 'Code verified.',
  reset: 'Password reset successful.',
  failed: 'Failed to reset password',
  smsFailed: 'Failed to send reset SMS',
} as const;

const PER_PHONE_PER_HOUR = 5;

function codeHash(id: string, code: string): string {
  return createHash('sha256').update(`${id}:${code}`).digest('hex');
}

/**
 * Issues a reset code. A code row is written whether or not the phone is registered, and the answer is the same,
 * so neither the reply nor the cooldown reveals which numbers have accounts. Only registered numbers get an SMS.
 */
export async function requestResetCode(db: Db, sms: SmsProvider, phone: string): Promise<void> {
  const [last] = await db
    .select({ createdAt: otpCodes.createdAt })
    .from(otpCodes)
    .where(eq(otpCodes.phone, phone))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (last) {
    const waitMs = last.createdAt.getTime() + OTP.resendCooldownSeconds * 1000 - Date.now();
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw rateLimited(msg('errors.auth.waitSeconds', { seconds }), seconds);
    }
  }
  const [recent] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), sql`${otpCodes.createdAt} > now() - interval '1 hour'`));
  if ((recent?.n ?? 0) >= PER_PHONE_PER_HOUR) {
    throw rateLimited('Too many codes requested for this number. Please try again in an hour.', 3600);
  }

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const id = randomUUID();
  // Older unused codes for this phone die when a new one is issued.
  await db
    .update(otpCodes)
    .set({ consumedAt: new Date() })
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)));
  await db.insert(otpCodes).values({
    id,
    phone,
    codeHash: codeHash(id, code),
    expiresAt: new Date(Date.now() + OTP.ttlMinutes * 60_000),
  });
  const [user] = await db
    .select({ id: users.id, language: users.language })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  if (user) {
    const lang = accountLanguage(user.language);
    try {
      await sms.send({
        to: phone,
        body: t(lang, 'notify.sms.resetCode', { code, minutes: OTP.ttlMinutes }),
        lang,
        vars: { otp: code },
      });
    } catch {
      // The provider already logged why; the unsent code must not block a retry behind the cooldown.
      await db.delete(otpCodes).where(eq(otpCodes.id, id));
      throw new AppError('unavailable', RESET_MESSAGES.smsFailed);
    }
  }
}

/**
 * Checks a code against the phone's live code; throws the message the page shows. A try is claimed atomically
 * before comparing, so parallel guesses cannot get past the five-try limit; a right code gives its try back.
 */
async function checkCode(db: Db, phone: string, code: string) {
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt)))
    .orderBy(desc(otpCodes.createdAt))
    .limit(1);
  if (!row) throw badRequest(RESET_MESSAGES.invalid);
  if (row.expiresAt.getTime() < Date.now()) throw badRequest(RESET_MESSAGES.expired);
  const [claimed] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.id, row.id), lt(otpCodes.attempts, OTP.maxAttempts)))
    .returning({ attempts: otpCodes.attempts });
  if (!claimed) throw badRequest(RESET_MESSAGES.tooManyTries);
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(codeHash(row.id, code), 'hex');
  if (!timingSafeEqual(expected, actual)) {
    throw badRequest(claimed.attempts >= OTP.maxAttempts ? RESET_MESSAGES.tooManyTries : RESET_MESSAGES.invalid);
  }
  await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} - 1` })
    .where(eq(otpCodes.id, row.id));
  return row;
}

export async function verifyResetCode(db: Db, phone: string, code: string): Promise<void> {
  const row = await checkCode(db, phone, code);
  await db.update(otpCodes).set({ verifiedAt: new Date() }).where(eq(otpCodes.id, row.id));
}

/** Sets the new password, spends the code and signs the user out everywhere, all or nothing. */
export async function resetPassword(
  db: Db,
  phone: string,
  code: string,
  newPassword: string,
): Promise<{ userId: string }> {
  const row = await checkCode(db, phone, code);
  const [user] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.phone, phone))
    .limit(1);
  if (!user) throw badRequest(RESET_MESSAGES.invalid);
  // Only the server knows the account's e-mail; the shared schema already refused the phone. The code is not
  // spent, so the person picks another password with it.
  if (isSameAsLogin(newPassword, { email: user.email })) {
    throw badRequest(PASSWORD_MESSAGES.sameAsLogin, { newPassword: PASSWORD_MESSAGES.sameAsLogin });
  }
  const passwordHash = await hashPassword(newPassword);
  await transaction(db, async (tx) => {
    const spent = await tx
      .update(otpCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
      .returning({ id: otpCodes.id });
    if (!spent.length) throw badRequest(RESET_MESSAGES.invalid);
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, user.id));
    await revokeAllSessions(tx, user.id);
  });
  // Again once committed: a request between the first forgetting and the commit may have cached a session.
  forgetSessionsOf(user.id);
  return { userId: user.id };
}
