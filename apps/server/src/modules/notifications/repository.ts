import type { Language } from '@ub/shared/i18n';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/index.ts';
import { toNotificationItem } from './notify.ts';

export async function listNotifications(
  db: Db,
  userId: string,
  q: { page: number; pageSize: number; filter: 'all' | 'unread' },
  /** The reader's language, each notification is said in. */
  lang: Language,
) {
  const mine = eq(notifications.userId, userId);
  const where = q.filter === 'unread' ? and(mine, eq(notifications.isRead, false)) : mine;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db
      .select({
        total: q.filter === 'unread' ? sql<number>`count(*) filter (where not ${notifications.isRead})` : count(),
        unread: sql<number>`count(*) filter (where not ${notifications.isRead})`,
      })
      .from(notifications)
      .where(mine),
  ]);
  return {
    notifications: rows.map((row) => toNotificationItem(row, lang)),
    unread: Number(totals?.unread ?? 0),
    total: Number(totals?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** Marks one of the user's notifications read; false when the user has no such notification. */
export async function markRead(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function markAllRead(db: Db, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export async function deleteNotification(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

export async function clearNotifications(db: Db, userId: string): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(eq(notifications.userId, userId))
    .returning({ id: notifications.id });
  return rows.length;
}
