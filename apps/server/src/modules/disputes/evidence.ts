import { randomUUID } from 'node:crypto';
import { DISPUTE_EVIDENCE_LIMITS, type DisputeEvidenceItem, EVIDENCE_MESSAGES } from '@ub/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { disputeEvidence, disputes } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { storeFilesWithRows } from '../../lib/stored-files.ts';
import type { ReadFile } from '../../lib/uploads.ts';
import { cleanDocument, sniffDocument } from '../admin/documents.ts';

type EvidenceRow = typeof disputeEvidence.$inferSelect;

/**
 * Where each side opens an evidence file: the buyer through the buyer API, the seller of the order through the
 * seller's orders API, the admin through the admin API.
 */
const EVIDENCE_URL = {
  buyer: (e: EvidenceRow) => `/api/buyer/disputes/${e.disputeId}/evidence/${e.id}`,
  seller: (e: EvidenceRow) => `/api/orders/disputes/${e.disputeId}/evidence/${e.id}`,
  admin: (e: EvidenceRow) => `/api/admin/disputes/${e.disputeId}/evidence/${e.id}`,
} as const;
type Viewer = keyof typeof EVIDENCE_URL;

export const toEvidenceItem = (e: EvidenceRow, viewer: Viewer = 'buyer'): DisputeEvidenceItem => ({
  id: e.id,
  name: e.originalName,
  mime: e.mime,
  size: e.size,
  url: EVIDENCE_URL[viewer](e),
  createdAt: e.createdAt.toISOString(),
});

/** The evidence files of these disputes, oldest first, by dispute. */
export async function evidenceOf(
  db: Db,
  disputeIds: string[],
  viewer: Viewer = 'buyer',
): Promise<Map<string, DisputeEvidenceItem[]>> {
  const byDispute = new Map<string, DisputeEvidenceItem[]>();
  if (!disputeIds.length) return byDispute;
  const rows = await db
    .select()
    .from(disputeEvidence)
    .where(inArray(disputeEvidence.disputeId, disputeIds))
    .orderBy(asc(disputeEvidence.createdAt), asc(disputeEvidence.id));
  for (const r of rows) byDispute.set(r.disputeId, [...(byDispute.get(r.disputeId) ?? []), toEvidenceItem(r, viewer)]);
  return byDispute;
}

async function buyersDispute(db: Db, buyerId: string, disputeId: string) {
  const [d] = await db
    .select()
    .from(disputes)
    .where(and(eq(disputes.id, disputeId), eq(disputes.buyerId, buyerId)))
    .limit(1);
  if (!d) throw notFound('Dispute not found');
  return d;
}

export interface CleanedFile {
  name: string;
  data: Buffer;
  mime: string;
  ext: string;
}

/**
 * Checks and cleans uploaded photos and PDFs (dispute evidence, requirement attachments): each file's type comes from
 * its bytes; images are decoded under the pixel cap and re-encoded, a PDF must be complete (the same cleaning as
 * seller documents), so what anyone opens is never a disguised script. Throws the first file's problem as a 400
 * (413 when too large) with the caller's messages, under the field `files`.
 */
export async function cleanEvidenceFiles(
  files: ReadFile[],
  maxBytes: number,
  messages: {
    tooLarge: (name: string) => string;
    badType: (name: string) => string;
    unreadable: (name: string) => string;
  },
): Promise<CleanedFile[]> {
  const out: CleanedFile[] = [];
  for (const f of files) {
    if (f.tooBig || f.data.length > maxBytes) {
      const message = messages.tooLarge(f.name);
      throw new AppError('payload_too_large', message, { files: message });
    }
    const type = sniffDocument(f.data);
    if (!type) throw badRequest(messages.badType(f.name), { files: messages.badType(f.name) });
    let data: Buffer;
    try {
      data = await cleanDocument(f.data, type.ext, f.name);
    } catch {
      throw badRequest(messages.unreadable(f.name), { files: messages.unreadable(f.name) });
    }
    out.push({ name: f.name, data, mime: type.mime, ext: type.ext });
  }
  return out;
}

/**
 * Adds photos or PDFs to one of the buyer's disputes while it is open or under review. Each file's type comes
 * from its bytes; images are decoded under the pixel cap and re-encoded, a PDF must be complete (the same
 * cleaning as seller documents), so what the admin opens is never a disguised script. At most
 * DISPUTE_EVIDENCE_LIMITS.files per dispute; the files and their rows commit together.
 */
export async function addDisputeEvidence(
  deps: { db: Db; storage: Storage; clock: () => Date },
  buyerId: string,
  disputeId: string,
  files: ReadFile[],
): Promise<DisputeEvidenceItem[]> {
  const d = await buyersDispute(deps.db, buyerId, disputeId);
  if (d.status !== 'open' && d.status !== 'under_review') {
    throw conflict('This dispute is resolved: no more evidence can be added.');
  }
  if (!files.length) throw badRequest(EVIDENCE_MESSAGES.missing, { files: EVIDENCE_MESSAGES.missing });
  const [{ n } = { n: 0 }] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(disputeEvidence)
    .where(eq(disputeEvidence.disputeId, disputeId));
  if (n + files.length > DISPUTE_EVIDENCE_LIMITS.files) {
    throw badRequest(EVIDENCE_MESSAGES.tooMany, { files: EVIDENCE_MESSAGES.tooMany });
  }
  const stored = (await cleanEvidenceFiles(files, DISPUTE_EVIDENCE_LIMITS.bytes, EVIDENCE_MESSAGES)).map((c) => ({
    ...c,
    key: `disputes/${disputeId}/${randomUUID()}.${c.ext}`,
  }));
  // One millisecond apart, so the files keep the order they were sent in.
  const at = deps.clock().getTime();
  const rows = await storeFilesWithRows(
    deps.db,
    deps.storage,
    stored.map((s) => ({ key: s.key, data: s.data, mime: s.mime })),
    (tx) =>
      tx
        .insert(disputeEvidence)
        .values(
          stored.map((s, i) => ({
            disputeId,
            createdAt: new Date(at + i),
            storageKey: s.key,
            mime: s.mime,
            originalName: s.name,
            size: s.data.length,
          })),
        )
        .returning(),
  );
  return rows.map((r) => toEvidenceItem(r));
}

/** One evidence file of the buyer's own dispute (another buyer's is 404). */
export async function buyerEvidenceFile(db: Db, buyerId: string, disputeId: string, evidenceId: string) {
  await buyersDispute(db, buyerId, disputeId);
  const [e] = await db
    .select()
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.id, evidenceId), eq(disputeEvidence.disputeId, disputeId)))
    .limit(1);
  if (!e) throw notFound('Evidence not found');
  return e;
}

/** One evidence file of any dispute, for the admin. */
export async function adminEvidenceFile(db: Db, disputeId: string, evidenceId: string) {
  const [e] = await db
    .select()
    .from(disputeEvidence)
    .where(and(eq(disputeEvidence.id, evidenceId), eq(disputeEvidence.disputeId, disputeId)))
    .limit(1);
  if (!e) throw notFound('Evidence not found');
  return e;
}

/** One evidence file of a dispute on one of the seller's orders (any other dispute's is 404). */
export async function sellerEvidenceFile(db: Db, manufacturerId: string, disputeId: string, evidenceId: string) {
  const [e] = await db
    .select({ e: disputeEvidence })
    .from(disputeEvidence)
    .innerJoin(disputes, eq(disputes.id, disputeEvidence.disputeId))
    .where(
      and(
        eq(disputeEvidence.id, evidenceId),
        eq(disputeEvidence.disputeId, disputeId),
        eq(disputes.manufacturerId, manufacturerId),
      ),
    )
    .limit(1);
  if (!e) throw notFound('Evidence not found');
  return e.e;
}
