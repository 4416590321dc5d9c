import { NOTIFICATION_TYPES, type NotificationType, notificationTypesFor } from '@ub/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationPreferences, type notifications, users } from '../../db/schema/index.ts';
import { transaction } from '../../lib/transaction.ts';
import type { Language } from '@ub/shared/i18n';
import { t } from '../../lib/i18n.ts';
import type { MailMessage } from './mailer.ts';
import { notificationText } from './notify.ts';

/** The kinds of notification the user also wants by e-mail (none until they choose). */
export async function emailTypes(db: Db, userId: string): Promise<NotificationType[]> {
  const rows = await db
    .select({ type: notificationPreferences.type })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.email, true)));
  const wanted = new Set(rows.map((r) => r.type));
  return NOTIFICATION_TYPES.filter((t) => wanted.has(t));
}

type Role = Parameters<typeof notificationTypesFor>[0];

/** The user's e-mail choice among the kinds their role receives, and those kinds (the settings dialog's list). */
export async function preferencesOf(db: Db, userId: string, role: Role) {
  const kinds = notificationTypesFor(role);
  const own = new Set(kinds);
  return { email: (await emailTypes(db, userId)).filter((t) => own.has(t)), kinds };
}

/**
 * Stores one row per kind, so a kind turned off stays off explicitly. With a role, kinds the role never receives
 * are stored off whatever was sent.
 */
export async function saveEmailTypes(db: Db, userId: string, types: NotificationType[], role?: Role): Promise<void> {
  const own = role ? new Set(notificationTypesFor(role)) : undefined;
  const on = new Set(types.filter((t) => !own || own.has(t)));
  await transaction(db, async (tx) => {
    await tx.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await tx
      .insert(notificationPreferences)
      .values(NOTIFICATION_TYPES.map((type) => ({ userId, type, email: on.has(type) })));
  });
}

/**
 * The e-mail for a notification when the user's preference for its kind asks for one (and the account is active),
 * else undefined.
 */
export async function notificationEmail(
  db: Db,
  publicUrl: string | undefined,
  row: typeof notifications.$inferSelect,
  /** The reader's language: the e-mail is written in it. */
  lang: Language,
): Promise<MailMessage | undefined> {
  const [pref] = await db
    .select({ email: users.email })
    .from(notificationPreferences)
    .innerJoin(users, eq(users.id, notificationPreferences.userId))
    .where(
      and(
        eq(notificationPreferences.userId, row.userId),
        eq(notificationPreferences.type, row.type),
        eq(notificationPreferences.email, true),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  if (!pref) return undefined;
  const link = row.link && publicUrl ? new URL(row.link, publicUrl).toString() : undefined;
  const { title, message } = notificationText(row, lang);
  const text = [
    message,
    link ? `\n${t(lang, 'notify.email.openIt', { link })}` : '',
    `\n${t(lang, 'notify.email.why')}`,
  ].join('\n');
  return { to: pref.email, subject: title, text };
}
