import type { ContactMessageItem, ContactStatus } from '@ub/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { Deps } from '../../lib/deps.ts';
import type { Db } from '../../db/client.ts';
import { contactMessages, manufacturers } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { enqueueEmail } from '../notifications/mailer.ts';
import { t } from '../../lib/i18n.ts';
import { languageOfUser, notice, notify } from '../notifications/notify.ts';
import { notifyAdmins } from '../notifications/notify-admins.ts';

type Row = typeof contactMessages.$inferSelect;

function toItem(row: Row, companyName: string | null): ContactMessageItem {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    status: row.status as ContactStatus,
    reply: row.reply,
    repliedAt: row.repliedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    userId: row.userId,
    companyName,
  };
}

export async function createContactMessage(
  db: Db,
  input: { name: string; email: string; subject: string; message: string; userId?: string },
): Promise<string> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, userId: input.userId ?? null })
      .returning({ id: contactMessages.id });
    if (!row) throw new Error('contact message insert returned nothing');
    await notifyAdmins(tx, {
      type: 'admin_contact_message',
      // The admin list shows a line: the subject is cut so the name and subject stay within 200 characters.
      ...notice('admin.contactMessage', {
        name: input.name,
        subject: input.subject.slice(0, Math.max(0, 198 - input.name.length)),
      }),
      link: '/admin/content?tab=messages',
    });
    return row.id;
  });
}

export async function listContactMessages(db: Db, q: { page: number; pageSize: number; status?: ContactStatus }) {
  const where = q.status ? eq(contactMessages.status, q.status) : undefined;
  const [rows, [totals]] = await Promise.all([
    db
      .select({ m: contactMessages, companyName: manufacturers.companyName })
      .from(contactMessages)
      .leftJoin(manufacturers, eq(manufacturers.userId, contactMessages.userId))
      .where(where)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ total: count() }).from(contactMessages).where(where),
  ]);
  return {
    messages: rows.map((r) => toItem(r.m, r.companyName)),
    total: Number(totals?.total ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

async function findMessage(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
  if (!row) throw notFound('Message not found');
  return row;
}

/**
 * Stores the admin's reply and marks the message replied; the sender gets it by e-mail, and a seller who sent it
 * signed in also gets a notification in the app.
 */
export async function replyToContactMessage(
  deps: Deps,
  adminUserId: string,
  id: string,
  reply: string,
): Promise<ContactMessageItem> {
  const before = await findMessage(deps.db, id);
  if (before.status === 'closed') throw conflict('This message is closed.');
  const row = await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(contactMessages)
      .set({ reply, status: 'replied', repliedAt: deps.clock() })
      .where(eq(contactMessages.id, id))
      .returning();
    if (!row) throw notFound('Message not found');
    await audit(tx, {
      actorUserId: adminUserId,
      action: 'contact_message.reply',
      entityType: 'contact_message',
      entityId: id,
      before: { status: before.status, reply: before.reply },
      after: { status: row.status, reply: row.reply },
    });
    if (row.userId) {
      await notify(tx, {
        userId: row.userId,
        type: 'contact_reply',
        ...notice('contact.reply', {
          subject: row.subject.slice(0, 180),
          reply: reply.length > 280 ? `${reply.slice(0, 277)}...` : reply,
        }),
        link: '/dashboard/help',
      });
    }
    // A visitor's message has no account, so no language of its own: they wrote to us in English.
    const lang = row.userId ? await languageOfUser(tx, row.userId) : 'en';
    await enqueueEmail(tx, {
      to: row.email,
      subject: t(lang, 'notify.email.contactReply.subject', { subject: row.subject }),
      text: t(lang, 'notify.email.contactReply.body', {
        name: row.name,
        reply,
        quoted: `> ${row.message.replace(/\n/g, '\n> ')}`,
      }),
    });
    return row;
  });
  return toItem(row, null);
}

export async function closeContactMessage(db: Db, adminUserId: string, id: string): Promise<ContactMessageItem> {
  const before = await findMessage(db, id);
  const [row] = await db
    .update(contactMessages)
    .set({ status: 'closed' })
    .where(eq(contactMessages.id, id))
    .returning();
  if (!row) throw notFound('Message not found');
  await audit(db, {
    actorUserId: adminUserId,
    action: 'contact_message.close',
    entityType: 'contact_message',
    entityId: id,
    before: { status: before.status },
    after: { status: row.status },
  });
  return toItem(row, null);
}
