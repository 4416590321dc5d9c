import { NOTIFICATION_TYPES, type NotificationItem, type NotificationType } from '@ub/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { emailNotification } from './preferences.ts';

export { NOTIFICATION_TYPES, type NotificationType };

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  /** Where in the app the notification points, e.g. /dashboard/orders. */
  link?: string;
}

export const notificationChannel = (userId: string) => `notifications:${userId}`;

type NotificationRow = typeof notifications.$inferSelect;

/** The wire shape of a notification (spec section 3), shared by the list, the stream and the bus. */
export function toNotificationItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    title: row.title,
    message: row.message,
    type: row.type,
    link: row.link,
    is_read: row.isRead,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Records a notification, publishes it to the user's live stream and, when the user asked for this kind by
 * e-mail, sends the e-mail in the background (a mail failure is logged, never the caller's problem). Call it
 * after the change it reports has been committed; pass `tx` to record it inside the same transaction instead,
 * then call the returned `publish` after the commit (it also sends the e-mail).
 */
export async function notify(app: FastifyInstance, input: NotificationInput, tx?: Db) {
  const [row] = await (tx ?? app.db).insert(notifications).values(input).returning();
  if (!row) throw new Error('notification insert returned nothing');
  const publish = async () => {
    void emailNotification(app, row).catch((err: Error) =>
      app.log.warn({ err: err.message, notificationId: row.id }, 'notification e-mail failed'),
    );
    await app.events.publish(notificationChannel(input.userId), toNotificationItem(row));
  };
  if (!tx) await publish().catch((err) => app.log.warn({ err }, 'notification publish failed'));
  return { row, publish };
}
