import { NOTIFICATION_TYPES, type NotificationItem, type NotificationType } from '@ub/shared';
import type { Language } from '@ub/shared/i18n';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type NotificationParam, type NotificationParams, notifications, users } from '../../db/schema/index.ts';
import { accountLanguage, hasMessage, t } from '../../lib/i18n.ts';
import { enqueue } from '../../jobs/queue.ts';

export { NOTIFICATION_TYPES, type NotificationParam, type NotificationParams, type NotificationType };

/** A catalogue message (ADR 0028) with its values; a value may itself be a catalogue message (a status, a category). */
export interface NoticeText {
  id: string;
  values?: NotificationParams;
}

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  title: NoticeText;
  message: NoticeText;
  /**
   * The page of the record the notification is about, in the reader's part of the app, e.g. /dashboard/orders/<id>:
   * the bell's item opens it and the e-mail carries it as an absolute URL. Every notice the server sends has one
   * (test/notification-links.test.ts walks every kind); only tests leave it out.
   */
  link?: string;
}

/** The title and message of `notify.<key>` (the `notify` namespace), both said with `values`. */
export function notice(key: string, values?: NotificationParams): Pick<NotificationInput, 'title' | 'message'> {
  return { title: { id: `notify.${key}.title`, values }, message: { id: `notify.${key}.message`, values } };
}

/** A value said in the reader's language: a catalogue label such as an order status. */
export const label = (id: string, values?: NotificationParams): NotificationParam => ({ id, values });

/** A product category's name, said in the reader's language (a code the catalogue does not know stays as it is). */
export const categoryLabel = (code: string): NotificationParam =>
  hasMessage(`common.categories.${code}`) ? label(`common.categories.${code}`) : code;

/** A unit of measure (piece, kg, box) for `count` of it, said in the reader's language (the app's own words). */
export const unitLabel = (code: string, count = 1): NotificationParam =>
  hasMessage(`common.units.${code}`) ? label(`common.units.${code}`, { count }) : code;

/**
 * Rows written before units and categories moved to `common` name `notify.label.unit.*` / `.category.*` in their
 * params; they are said through the same words now.
 */
function currentId(id: string): string {
  if (id.startsWith('notify.label.unit.')) return `common.units.${id.slice('notify.label.unit.'.length)}`;
  if (id.startsWith('notify.label.category.')) return `common.categories.${id.slice('notify.label.category.'.length)}`;
  return id;
}

export const notificationChannel = (userId: string) => `notifications:${userId}`;

/** The job that delivers a recorded notification (live stream, then e-mail by preference): jobs/definitions.ts. */
export const DELIVER_NOTIFICATION = 'notification.deliver';

type NotificationRow = typeof notifications.$inferSelect;

/** The language a user reads the product in now (a notification is said in it when delivered, an e-mail written in it). */
export async function languageOfUser(db: Db, userId: string): Promise<Language> {
  const [u] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId)).limit(1);
  return accountLanguage(u?.language);
}

function sayValues(lang: Language, values: NotificationParams | null | undefined): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values ?? {}).map(([k, v]) => [k, typeof v === 'object' ? say(lang, v) : v]),
  );
}

function say(lang: Language, text: NoticeText): string {
  return t(lang, currentId(text.id), sayValues(lang, text.values));
}

/**
 * A notification's title and message in `lang`: said from its catalogue messages, or as stored (English) for a row
 * written before notifications were catalogued or whose message has since left the catalogue.
 */
export function notificationText(row: NotificationRow, lang: Language): { title: string; message: string } {
  if (!row.titleKey || !row.messageKey || !hasMessage(row.titleKey) || !hasMessage(row.messageKey)) {
    return { title: row.title, message: row.message };
  }
  const values = row.params ?? undefined;
  return { title: say(lang, { id: row.titleKey, values }), message: say(lang, { id: row.messageKey, values }) };
}

/** The wire shape of a notification (spec section 3) in the reader's language: the list and the stream. */
export function toNotificationItem(row: NotificationRow, lang: Language): NotificationItem {
  return {
    id: row.id,
    ...notificationText(row, lang),
    type: row.type,
    link: row.link,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}

/** The row of a notification: its message ids and values, and the English beside them. */
export function notificationRow(input: NotificationInput): typeof notifications.$inferInsert {
  const { title, message, ...rest } = input;
  if (!hasMessage(title.id) || !hasMessage(message.id)) {
    throw new Error(`notification message missing from the catalogue: ${title.id}, ${message.id}`);
  }
  return {
    ...rest,
    title: say('en', title),
    message: say('en', message),
    titleKey: title.id,
    messageKey: message.id,
    params: { ...title.values, ...message.values },
  };
}

/**
 * Records a notification and its delivery job in `tx`, the transaction of the change it reports (the outbox): both
 * exist exactly when the change committed, and delivery (live stream, e-mail) runs after the commit on the job
 * runner, so a slow or failing delivery never fails, or is lost by, the change. The message ids and values are
 * stored, so each reader sees it in the language they read at the time; the English is stored beside them.
 */
export async function notify(tx: Db, input: NotificationInput): Promise<NotificationRow> {
  const [row] = await tx.insert(notifications).values(notificationRow(input)).returning();
  if (!row) throw new Error('notification insert returned nothing');
  await enqueue(tx, DELIVER_NOTIFICATION, { notificationId: row.id });
  return row;
}
