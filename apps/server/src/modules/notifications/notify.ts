import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';

/** Kinds of notification a user can receive; each can also go by e-mail when the user asks for it. */
export const NOTIFICATION_TYPES = [
  'account_verified',
  'account_rejected',
  'account_suspended',
  'product_approved',
  'product_rejected',
  'product_suspended',
  'product_flagged',
  'rfq_new',
  'rfq_buyer_response',
  'order_new',
  'order_cancelled',
  'payment_received',
  'settlement_paid',
  'dispute_raised',
  'contact_reply',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export interface NotificationInput {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  /** Where in the app the notification points, e.g. /dashboard/orders. */
  link?: string;
}

export const notificationChannel = (userId: string) => `notifications:${userId}`;

/**
 * Records a notification and publishes it to the user's live stream. Call it after the change it reports has
 * been committed; pass `tx` to record it inside the same transaction instead (then publish happens after).
 */
export async function notify(app: FastifyInstance, input: NotificationInput, tx?: Db) {
  const [row] = await (tx ?? app.db).insert(notifications).values(input).returning();
  if (!row) throw new Error('notification insert returned nothing');
  const publish = () =>
    app.events.publish(notificationChannel(input.userId), {
      id: row.id,
      title: row.title,
      message: row.message,
      type: row.type,
      link: row.link,
      is_read: row.isRead,
      created_at: row.createdAt.toISOString(),
    });
  if (!tx) await publish().catch((err) => app.log.warn({ err }, 'notification publish failed'));
  return { row, publish };
}
