import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sessions, users } from './accounts.ts';

/** A notification's values: text as written (names, numbers, reasons), or a catalogue message said in the reader's language. */
export type NotificationParam = string | number | { id: string; values?: NotificationParams };
export type NotificationParams = { [name: string]: NotificationParam };

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    /**
     * The catalogue messages (ADR 0028) the title and message are said with, and their values, so each reader
     * sees them in their own language; `title` and `message` keep the English for logs, the admin and old rows.
     */
    titleKey: text('title_key'),
    messageKey: text('message_key'),
    params: jsonb('params').$type<NotificationParams>(),
    link: text('link'),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt)],
);

/**
 * Tickets that open one live notification stream each (EventSource cannot send the bearer header). Only the
 * token's hash is stored; opening a stream deletes the row, so a ticket works once, in whichever process.
 */
export const streamTickets = pgTable(
  'stream_tickets',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stream_tickets_expires_idx').on(t.expiresAt)],
);

/** Which notification kinds a user also wants by e-mail. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    email: boolean('email').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status').notNull().default('open'),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    gst: text('gst'),
    contact: text('contact').notNull(),
    email: text('email'),
    referredBy: text('referred_by'),
    sourcePage: text('source_page'),
    status: text('status').notNull().default('new'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('leads_contact_idx').on(t.contact, t.createdAt), index('leads_created_idx').on(t.createdAt)],
);

/**
 * A repeat of a lead's contact number within the merge window: recorded beside the lead, which keeps the first
 * submission as sent, so nobody who knows the number can rewrite the prospect's name, company or e-mail.
 */
export const leadSubmissions = pgTable(
  'lead_submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    company: text('company').notNull(),
    gst: text('gst'),
    email: text('email'),
    referredBy: text('referred_by'),
    sourcePage: text('source_page'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('lead_submissions_lead_idx').on(t.leadId, t.createdAt)],
);
