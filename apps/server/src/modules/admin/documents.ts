import { randomUUID } from 'node:crypto';
import { DOCUMENT_KIND_LABELS, DOCUMENT_LIMITS, DOCUMENT_MESSAGES, type DocumentKind } from '@ub/shared';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ImageWork } from '../../lib/image-work.ts';
import type { Storage } from '../../lib/storage.ts';
import { manufacturerDocuments, pendingFiles } from '../../db/schema/index.ts';
import sharp from 'sharp';
import { AppError, badRequest, conflict, isCheckViolation, notFound } from '../../lib/errors.ts';
import { deleteRowsThenFiles, storeFilesWithRows, sweepPendingFiles } from '../../lib/stored-files.ts';
import { MAX_IMAGE_PIXELS } from '../../lib/uploads.ts';

const SIGNATURES: Array<{ mime: string; ext: string; test: (b: Buffer) => boolean }> = [
  { mime: 'application/pdf', ext: 'pdf', test: (b) => b.subarray(0, 5).toString('latin1') === '%PDF-' },
  { mime: 'image/jpeg', ext: 'jpg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    mime: 'image/png',
    ext: 'png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  },
  {
    mime: 'image/webp',
    ext: 'webp',
    test: (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
];

const refuse = (message: string) => badRequest(message, { file: message });

/**
 * What is stored for a document the admin will open in a browser: a PDF must end with its trailer, and an image
 * must decode completely under the pixel cap (no truncated files, no decompression bombs) and is re-encoded, so
 * bytes appended after the picture (an HTML or script polyglot) and metadata never reach storage.
 */
export async function cleanDocument(data: Buffer, ext: string, name: string): Promise<Buffer> {
  if (ext === 'pdf') {
    if (!data.subarray(-1024).includes('%%EOF')) throw refuse(DOCUMENT_MESSAGES.unreadable(name));
    return data;
  }
  let pixels: number;
  try {
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    pixels = (meta.width ?? 0) * (meta.height ?? 0);
  } catch {
    throw refuse(DOCUMENT_MESSAGES.unreadable(name));
  }
  if (pixels > MAX_IMAGE_PIXELS) throw refuse(DOCUMENT_MESSAGES.tooManyPixels(name));
  try {
    const image = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'truncated' }).rotate();
    const encoded =
      ext === 'png' ? image.png() : ext === 'webp' ? image.webp({ quality: 90 }) : image.jpeg({ quality: 90 });
    return await encoded.toBuffer();
  } catch {
    throw refuse(DOCUMENT_MESSAGES.unreadable(name));
  }
}

/** The real type of an upload from its first bytes; the file name and the browser's claim are not trusted. */
export function sniffDocument(data: Buffer): { mime: string; ext: string } | undefined {
  return SIGNATURES.find((s) => s.test(data));
}

const toItem = (d: typeof manufacturerDocuments.$inferSelect) => ({
  id: d.id,
  kind: d.kind,
  kindLabel: DOCUMENT_KIND_LABELS[d.kind as DocumentKind] ?? d.kind,
  name: d.originalName,
  mime: d.mime,
  url: `/api/settings/documents/${d.id}/file`,
  reviewStatus: d.reviewStatus,
  reviewReason: d.reviewReason,
  createdAt: d.createdAt.toISOString(),
});

export async function listDocuments(db: Db, manufacturerId: string) {
  const rows = await db
    .select()
    .from(manufacturerDocuments)
    .where(eq(manufacturerDocuments.manufacturerId, manufacturerId))
    .orderBy(asc(manufacturerDocuments.createdAt));
  return rows.map(toItem);
}

export async function saveDocument(
  files: { db: Db; storage: Storage; imageWork: ImageWork },
  manufacturerId: string,
  input: { kind: DocumentKind; fileName: string; data: Buffer },
) {
  const name = input.fileName.slice(0, 200) || 'document';
  if (input.data.length > DOCUMENT_LIMITS.maxBytes) {
    throw new AppError('payload_too_large', DOCUMENT_MESSAGES.tooLarge(name), {
      file: DOCUMENT_MESSAGES.tooLarge(name),
    });
  }
  const type = sniffDocument(input.data);
  if (!type) throw badRequest(DOCUMENT_MESSAGES.badType(name), { file: DOCUMENT_MESSAGES.badType(name) });
  // A quick refusal before the image work (a replacement does not add one); the database's cap trigger is what
  // holds when uploads race.
  const [{ n } = { n: 0 }] = await files.db
    .select({ n: sql<number>`count(*)::int` })
    .from(manufacturerDocuments)
    .where(and(eq(manufacturerDocuments.manufacturerId, manufacturerId), ne(manufacturerDocuments.kind, input.kind)));
  if (n >= DOCUMENT_LIMITS.maxPerSeller) throw conflict(DOCUMENT_MESSAGES.tooMany);
  const data = await files.imageWork.run(manufacturerId, () => cleanDocument(input.data, type.ext, name));
  const storageKey = `documents/${manufacturerId}/${randomUUID()}.${type.ext}`;
  let oldKeys: string[] = [];
  try {
    const row = await storeFilesWithRows(
      files.db,
      files.storage,
      [{ key: storageKey, data, mime: type.mime }],
      async (tx) => {
        // A new file of a type replaces the old one, whatever its review said: the admin reviews what is current.
        const replaced = await tx
          .delete(manufacturerDocuments)
          .where(
            and(eq(manufacturerDocuments.manufacturerId, manufacturerId), eq(manufacturerDocuments.kind, input.kind)),
          )
          .returning();
        oldKeys = replaced.flatMap((d) => [d.storageKey, ...(d.thumbKey ? [d.thumbKey] : [])]);
        if (oldKeys.length) {
          await tx
            .insert(pendingFiles)
            .values(oldKeys.map((storageKey) => ({ storageKey })))
            .onConflictDoNothing();
        }
        const [inserted] = await tx
          .insert(manufacturerDocuments)
          .values({ manufacturerId, kind: input.kind, storageKey, mime: type.mime, originalName: name })
          .returning();
        if (!inserted) throw new Error('document insert returned nothing');
        return inserted;
      },
    );
    // The replaced files were entered for deletion with the change, so a crash here leaves them to the sweep.
    if (oldKeys.length) await sweepPendingFiles(files.db, files.storage, oldKeys);
    return toItem(row);
  } catch (err) {
    if (isCheckViolation(err, 'manufacturer_documents_cap')) throw conflict(DOCUMENT_MESSAGES.tooMany);
    throw err;
  }
}

export async function findDocument(db: Db, manufacturerId: string, id: string) {
  const [row] = await db
    .select()
    .from(manufacturerDocuments)
    .where(and(eq(manufacturerDocuments.id, id), eq(manufacturerDocuments.manufacturerId, manufacturerId)));
  if (!row) throw notFound('Document not found');
  return row;
}

export async function deleteDocument(db: Db, storage: Storage, manufacturerId: string, id: string) {
  const row = await findDocument(db, manufacturerId, id);
  await deleteRowsThenFiles(db, storage, async (tx) => {
    await tx.delete(manufacturerDocuments).where(eq(manufacturerDocuments.id, row.id));
    return { keys: [row.storageKey, ...(row.thumbKey ? [row.thumbKey] : [])], result: undefined };
  });
}

/**
 * Records the admin's decision on a registration on every document still waiting for one: approval approves them,
 * rejection rejects them with its reason. Runs in the decision's transaction.
 */
export async function recordDocumentReview(
  tx: Db,
  manufacturerId: string,
  verdict: 'approved' | 'rejected',
  reason: string | null,
) {
  await tx
    .update(manufacturerDocuments)
    .set({ reviewStatus: verdict, reviewReason: verdict === 'rejected' ? reason : null, reviewedAt: new Date() })
    .where(
      and(eq(manufacturerDocuments.manufacturerId, manufacturerId), eq(manufacturerDocuments.reviewStatus, 'pending')),
    );
}
