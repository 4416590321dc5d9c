import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { pendingFiles } from '../db/schema/index.ts';
import { AppError } from './errors.ts';
import type { Storage } from './storage.ts';
import { transaction } from './transaction.ts';

/**
 * Files in storage and the rows that own them (product images, seller documents) kept in step through a crash.
 *
 * A file's key is entered in `pending_files` and committed before the file is written; the transaction that
 * inserts the owning row removes the entry, and holds it locked while the files are written. A SIGKILL at any
 * point therefore leaves either the row or an unlocked entry, and the start-up sweep deletes the files of
 * unlocked entries. An upload still running in another process holds its entries locked, so a sweep skips them.
 * Deletions go the other way: the rows go and the keys are entered in one transaction, then the files are
 * deleted and the entries with them.
 */

export interface FileToStore {
  key: string;
  data: Buffer;
  mime: string;
}

/** How many entries one sweep transaction takes. */
const SWEEP_BATCH = 100;

/**
 * Writes `files` and runs `record` (which inserts the rows owning them) in one transaction, so that the rows
 * commit only with their files written and no crash leaves a file nobody will delete. On any failure the files
 * written are deleted again and the error is rethrown.
 */
export async function storeFilesWithRows<T>(
  db: Db,
  storage: Storage,
  files: FileToStore[],
  record: (tx: Db) => Promise<T>,
): Promise<T> {
  const keys = files.map((f) => f.key);
  if (!keys.length) return transaction(db, record);
  await db.insert(pendingFiles).values(keys.map((storageKey) => ({ storageKey })));
  try {
    return await transaction(db, async (tx) => {
      const held = await tx
        .select({ key: pendingFiles.storageKey })
        .from(pendingFiles)
        .where(inArray(pendingFiles.storageKey, keys))
        .for('update');
      // Another process's start-up sweep took the entries between the two statements: nothing is written yet.
      if (held.length !== keys.length) {
        throw new AppError('unavailable', 'The upload was interrupted. Please try again.');
      }
      const result = await record(tx);
      await Promise.all(files.map((f) => storage.put(f.key, f.data, f.mime)));
      await tx.delete(pendingFiles).where(inArray(pendingFiles.storageKey, keys));
      return result;
    });
  } catch (err) {
    // Only keys still entered are deleted: if the commit went through after all, their entries are gone and the
    // files belong to rows. If the database is unreachable, the entries stay for the next sweep.
    await sweepPendingFiles(db, storage, keys).catch(() => undefined);
    throw err;
  }
}

/**
 * Runs `remove` (which deletes rows and answers the storage keys they owned) in a transaction that also enters
 * those keys, then deletes the files. A crash after the commit leaves the entries for the sweep.
 */
export async function deleteRowsThenFiles<T>(
  db: Db,
  storage: Storage,
  remove: (tx: Db) => Promise<{ keys: string[]; result: T }>,
): Promise<T> {
  const { keys, result } = await transaction(db, async (tx) => {
    const out = await remove(tx);
    if (out.keys.length) {
      await tx
        .insert(pendingFiles)
        .values(out.keys.map((storageKey) => ({ storageKey })))
        .onConflictDoNothing();
    }
    return out;
  });
  if (keys.length) await sweepPendingFiles(db, storage, keys);
  return result;
}

/**
 * Deletes the files of pending entries no live upload holds (all of them, or those among `keys`) and the
 * entries with them; answers how many were swept. Run at start-up: a process that was killed left them.
 */
export async function sweepPendingFiles(db: Db, storage: Storage, keys?: string[]): Promise<number> {
  let swept = 0;
  for (;;) {
    const n = await transaction(db, async (tx) => {
      const rows = await tx
        .select({ key: pendingFiles.storageKey })
        .from(pendingFiles)
        .where(keys ? inArray(pendingFiles.storageKey, keys) : undefined)
        .orderBy(asc(pendingFiles.createdAt))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true });
      if (!rows.length) return 0;
      // Deleting a missing file succeeds, so an entry whose file was never written goes too.
      await Promise.all(rows.map((r) => storage.delete(r.key)));
      await tx.delete(pendingFiles).where(
        inArray(
          pendingFiles.storageKey,
          rows.map((r) => r.key),
        ),
      );
      return rows.length;
    });
    swept += n;
    if (n < SWEEP_BATCH) return swept;
  }
}
