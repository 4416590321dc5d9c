import { NOTIFICATION_TYPES, type NotificationItem, type NotificationType } from '@ub/shared';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';

export { NOTIFICATION_TYPES, type NotificationType };

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  /** Where in the app the notification points, e.g. /dashboard/orders/<id>. */
  link?: string;
}

export const notificationChannel = (userId: string) => `notifications:${userId}`;

/** The job that delivers a recorded notification (live stream, then e-mail by preference): jobs/definitions.ts. */
export const DELIVER_NOTIFICATION = 'notification.deliver';

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
 * Records a notification and its delivery job in `tx`, the transaction of the change it reports (the outbox): both
 * exist exactly when the change committed, and delivery (live stream, e-mail) runs after the commit on the job
 * runner, so a slow or failing delivery never fails, or is lost by, the change.
 */
export async function notify(tx: Db, input: NotificationInput): Promise<NotificationRow> {
  const [row] = await tx.insert(notifications).values(input).returning();
  if (!row) throw new Error('notification insert returned nothing');
  await enqueue(tx, DELIVER_NOTIFICATION, { notificationId: row.id });
  return row;
}
