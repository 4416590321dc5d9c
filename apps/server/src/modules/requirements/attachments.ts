import { randomUUID } from 'node:crypto';
import {
  REQUIREMENT_ATTACHMENT_LIMITS,
  REQUIREMENT_ATTACHMENT_MESSAGES,
  type RequirementAttachmentItem,
} from '@ub/shared';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { requirementAttachments, requirementQuotes, requirements } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import type { Storage } from '../../lib/storage.ts';
import { storeFilesWithRows } from '../../lib/stored-files.ts';
import type { ReadFile } from '../../lib/uploads.ts';
import { cleanEvidenceFiles } from '../disputes/evidence.ts';
import { onBoardOf, requireVerifiedSeller } from './rules.ts';

/**
 * A requirement's attachments (photos, PDFs, drawings as PDF): checked, cleaned and stored like dispute evidence
 * (modules/disputes/evidence.ts), at most REQUIREMENT_ATTACHMENT_LIMITS.files per requirement. The buyer who posted
 * it, the sellers who can see it (on their board, or quoted on it) and the admin open them, each through their own
 * API; anyone else gets 404.
 */

type AttachmentRow = typeof requirementAttachments.$inferSelect;

const ATTACHMENT_URL = {
  buyer: (a: AttachmentRow) => `/api/buyer/requirements/${a.requirementId}/attachments/${a.id}`,
  seller: (a: AttachmentRow) => `/api/requirements/${a.requirementId}/attachments/${a.id}`,
  admin: (a: AttachmentRow) => `/api/admin/requirements/${a.requirementId}/attachments/${a.id}`,
} as const;
type Viewer = keyof typeof ATTACHMENT_URL;

const toItem = (a: AttachmentRow, viewer: Viewer): RequirementAttachmentItem => ({
  id: a.id,
  name: a.originalName,
  mime: a.mime,
  size: a.size,
  url: ATTACHMENT_URL[viewer](a),
  createdAt: a.createdAt.toISOString(),
});

/** The attachments of these requirements, in the order they were added, by requirement. */
export async function attachmentsOf(
  db: Db,
  requirementIds: string[],
  viewer: Viewer,
): Promise<Map<string, RequirementAttachmentItem[]>> {
  const out = new Map<string, RequirementAttachmentItem[]>();
  if (!requirementIds.length) return out;
  const rows = await db
    .select()
    .from(requirementAttachments)
    .where(inArray(requirementAttachments.requirementId, requirementIds))
    .orderBy(asc(requirementAttachments.createdAt), asc(requirementAttachments.id));
  for (const r of rows) out.set(r.requirementId, [...(out.get(r.requirementId) ?? []), toItem(r, viewer)]);
  return out;
}

/** Adds files to one of the buyer's open requirements; the files and their rows commit together. */
export async function addRequirementAttachments(
  deps: { db: Db; storage: Storage; clock: () => Date },
  buyerId: string,
  requirementId: string,
  files: ReadFile[],
): Promise<RequirementAttachmentItem[]> {
  const M = REQUIREMENT_ATTACHMENT_MESSAGES;
  const [r] = await deps.db
    .select({ status: requirements.status })
    .from(requirements)
    .where(and(eq(requirements.id, requirementId), eq(requirements.buyerId, buyerId)));
  if (!r) throw notFound('Requirement not found');
  if (r.status !== 'open') throw conflict(M.notOpen);
  if (!files.length) throw badRequest(M.missing, { files: M.missing });
  const cleaned = await cleanEvidenceFiles(files, REQUIREMENT_ATTACHMENT_LIMITS.bytes, M);
  const stored = cleaned.map((c) => ({ ...c, key: `requirements/${requirementId}/${randomUUID()}.${c.ext}` }));
  // One millisecond apart, so the files keep the order they were sent in.
  const at = deps.clock().getTime();
  const rows = await storeFilesWithRows(
    deps.db,
    deps.storage,
    stored.map((s) => ({ key: s.key, data: s.data, mime: s.mime })),
    async (inner) => {
      // The requirement's row is the lock that keeps parallel uploads under the limit.
      await inner
        .select({ id: requirements.id })
        .from(requirements)
        .where(eq(requirements.id, requirementId))
        .for('update');
      const [{ n } = { n: 0 }] = await inner
        .select({ n: sql<number>`count(*)::int` })
        .from(requirementAttachments)
        .where(eq(requirementAttachments.requirementId, requirementId));
      if (Number(n) + stored.length > REQUIREMENT_ATTACHMENT_LIMITS.files) {
        throw badRequest(M.tooMany, { files: M.tooMany });
      }
      return inner
        .insert(requirementAttachments)
        .values(
          stored.map((s, i) => ({
            requirementId,
            createdAt: new Date(at + i),
            storageKey: s.key,
            mime: s.mime,
            originalName: s.name,
            size: s.data.length,
          })),
        )
        .returning();
    },
  );
  return rows.map((row) => toItem(row, 'buyer'));
}

async function attachment(db: Db, requirementId: string, attachmentId: string) {
  const [a] = await db
    .select()
    .from(requirementAttachments)
    .where(and(eq(requirementAttachments.id, attachmentId), eq(requirementAttachments.requirementId, requirementId)));
  if (!a) throw notFound('Attachment not found');
  return a;
}

/** One attachment of the buyer's own requirement (another buyer's is 404). */
export async function buyerAttachmentFile(db: Db, buyerId: string, requirementId: string, attachmentId: string) {
  const [r] = await db
    .select({ id: requirements.id })
    .from(requirements)
    .where(and(eq(requirements.id, requirementId), eq(requirements.buyerId, buyerId)));
  if (!r) throw notFound('Requirement not found');
  return attachment(db, requirementId, attachmentId);
}

/**
 * One attachment of a requirement the seller can see: on its board, or one it quoted on (the same rule as the
 * seller's requirement detail). Anything else is 404.
 */
export async function sellerAttachmentFile(
  db: Db,
  manufacturerId: string,
  requirementId: string,
  attachmentId: string,
  now: Date,
) {
  await requireVerifiedSeller(db, manufacturerId);
  const [r] = await db
    .select({ id: requirements.id })
    .from(requirements)
    .leftJoin(
      requirementQuotes,
      and(eq(requirementQuotes.requirementId, requirements.id), eq(requirementQuotes.manufacturerId, manufacturerId)),
    )
    .where(
      and(
        eq(requirements.id, requirementId),
        or(onBoardOf(manufacturerId, now), sql`${requirementQuotes.id} is not null`),
      ),
    );
  if (!r) throw notFound('Requirement not found');
  return attachment(db, requirementId, attachmentId);
}

/** One attachment of any requirement, for the admin. */
export async function adminAttachmentFile(db: Db, requirementId: string, attachmentId: string) {
  return attachment(db, requirementId, attachmentId);
}
