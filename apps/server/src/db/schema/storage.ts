import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stored files that may exist without the row that owns them: written ahead of an upload's commit, or left by a
 * deletion. A key is entered (and committed) before its file is written and removed in the transaction that
 * records the owning row, so a crash at any point leaves either the row or this entry; the start-up sweep
 * (lib/stored-files.ts) deletes the files of entries no live upload holds locked.
 */
export const pendingFiles = pgTable('pending_files', {
  storageKey: text('storage_key').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
