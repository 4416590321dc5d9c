import {
  type AdminStatusFilter,
  adminStatusLabel,
  DOCUMENT_MESSAGES,
  MANUFACTURER_TRANSITIONS,
  type ManufacturerAction,
  type ManufacturerStatus,
  missingDocuments,
} from '@ub/shared';
import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { manufacturerDocuments, manufacturers, users } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { forgetSessionsOf } from '../auth/sessions.ts';
import { type NotificationType, notice, notify } from '../notifications/notify.ts';
import { getSiteSettings } from '../site/site-settings.ts';
import { offsetOf } from '../admin/common.ts';
import { recordDocumentReview } from '../admin/documents.ts';
import { containsPattern } from '../../lib/search.ts';
import { transaction } from '../../lib/transaction.ts';

const PENDING: ManufacturerStatus[] = ['received', 'under_review'];

/** The labels of the documents verification needs (site settings) that the manufacturer has not uploaded. */
async function missingForVerification(db: Db, manufacturerId: string, kinds?: string[]): Promise<string[]> {
  const [settings, present] = await Promise.all([
    getSiteSettings(db),
    kinds ??
      db
        .select({ kind: manufacturerDocuments.kind })
        .from(manufacturerDocuments)
        .where(eq(manufacturerDocuments.manufacturerId, manufacturerId))
        .then((rows) => rows.map((r) => r.kind)),
  ]);
  return missingDocuments(settings.requiredDocuments, present);
}

export function manufacturerStatusCondition(filter: AdminStatusFilter): SQL | undefined {
  switch (filter) {
    case 'all':
      return ne(manufacturers.status, 'rejected');
    case 'pending':
      return inArray(manufacturers.status, PENDING);
    default:
      return eq(manufacturers.status, filter);
  }
}

function toItem(m: typeof manufacturers.$inferSelect, u: typeof users.$inferSelect) {
  return {
    id: m.id,
    name: m.companyName,
    contactPerson: u.fullName,
    email: u.email,
    contact: u.phone,
    regDate: m.createdAt.toISOString().slice(0, 10),
    status: m.status,
    statusLabel: adminStatusLabel(m.status),
    statusReason: m.statusReason,
    gst: m.gstNumber,
    address: m.companyAddress,
    state: m.state,
    category: m.category,
  };
}

export async function listManufacturers(
  db: Db,
  opts: { q?: string; status: AdminStatusFilter; page: number; pageSize: number },
) {
  const pattern = opts.q ? containsPattern(opts.q) : undefined;
  const where = and(
    manufacturerStatusCondition(opts.status),
    pattern
      ? or(ilike(manufacturers.companyName, pattern), ilike(users.email, pattern), ilike(users.phone, pattern))
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ m: manufacturers, u: users })
      .from(manufacturers)
      .innerJoin(users, eq(users.id, manufacturers.userId))
      .where(where)
      .orderBy(desc(manufacturers.createdAt), asc(manufacturers.id))
      .limit(opts.pageSize)
      .offset(offsetOf(opts.page, opts.pageSize)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(manufacturers)
      .innerJoin(users, eq(users.id, manufacturers.userId))
      .where(where),
  ]);
  return {
    manufacturers: rows.map(({ m, u }) => toItem(m, u)),
    total: totalRow?.n ?? 0,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

/** The admin's view of one manufacturer; opening a Received request starts its review (the seller's tracker moves). */
export async function openManufacturer(deps: Deps, actorUserId: string, id: string) {
  const started = await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(manufacturers)
      .set({ status: 'under_review', updatedAt: new Date() })
      .where(and(eq(manufacturers.id, id), eq(manufacturers.status, 'received')))
      .returning({ id: manufacturers.id });
    if (row) {
      await audit(tx, {
        actorUserId,
        action: 'manufacturer.review_started',
        entityType: 'manufacturer',
        entityId: id,
        before: { status: 'received' },
        after: { status: 'under_review' },
      });
    }
    return Boolean(row);
  });
  const [row] = await deps.db
    .select({ m: manufacturers, u: users })
    .from(manufacturers)
    .innerJoin(users, eq(users.id, manufacturers.userId))
    .where(eq(manufacturers.id, id))
    .limit(1);
  if (!row) throw notFound('Manufacturer not found');
  if (started) forgetSessionsOf(row.u.id);
  const docs = await deps.db
    .select()
    .from(manufacturerDocuments)
    .where(eq(manufacturerDocuments.manufacturerId, id))
    .orderBy(asc(manufacturerDocuments.createdAt));
  return {
    ...toItem(row.m, row.u),
    reviewStarted: started,
    missingDocuments: await missingForVerification(
      deps.db,
      id,
      docs.map((d) => d.kind),
    ),
    certificates: docs.map((d) => ({
      id: d.id,
      kind: d.kind,
      mime: d.mime,
      name: d.originalName,
      url: `/api/admin/manufacturers/${id}/documents/${d.id}`,
    })),
  };
}

/** What the seller is told of each move: the kind, and the `notify.account.*` message. */
const NOTICES: Record<ManufacturerAction, { type: NotificationType; key: string }> = {
  approve: { type: 'account_verified', key: 'account.verified' },
  reject: { type: 'account_rejected', key: 'account.rejected' },
  suspend: { type: 'account_suspended', key: 'account.suspended' },
  activate: { type: 'account_verified', key: 'account.reactivated' },
};

/**
 * Applies one verification move of spec section 4 under a row lock, so two admins acting at once cannot both
 * succeed; anything else answers 409. A move to Approved (approve, activate) also needs the documents the site
 * settings require, else 409 naming the missing ones. Audit row and notification are written in the same
 * transaction.
 */
export async function transitionManufacturer(
  deps: Deps,
  actorUserId: string,
  id: string,
  action: ManufacturerAction,
  reason: string | null,
) {
  const rule = MANUFACTURER_TRANSITIONS[action];
  const { item, userId } = await transaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(manufacturers).where(eq(manufacturers.id, id)).for('update');
    if (!before) throw notFound('Manufacturer not found');
    if (!rule.from.includes(before.status)) {
      throw conflict(`A manufacturer that is ${adminStatusLabel(before.status)} cannot be ${pastTense(action)}.`);
    }
    if (rule.to === 'approved') {
      const missing = await missingForVerification(tx, id);
      if (missing.length) throw conflict(DOCUMENT_MESSAGES.missingForVerification(missing));
    }
    const [after] = await tx
      .update(manufacturers)
      .set({ status: rule.to, statusReason: reason, reviewedAt: deps.clock(), updatedAt: new Date() })
      .where(eq(manufacturers.id, id))
      .returning();
    if (!after) throw notFound('Manufacturer not found');
    if (action === 'approve' || action === 'reject') {
      await recordDocumentReview(tx, id, action === 'approve' ? 'approved' : 'rejected', reason);
    }
    await audit(tx, {
      actorUserId,
      action: `manufacturer.${action}`,
      entityType: 'manufacturer',
      entityId: id,
      reason,
      before: { status: before.status, statusReason: before.statusReason },
      after: { status: after.status, statusReason: after.statusReason },
    });
    const told = NOTICES[action];
    await notify(tx, {
      userId: after.userId,
      type: told.type,
      ...notice(told.key, { company: after.companyName, reason: reason ?? '' }),
      link: '/dashboard/settings',
    });
    const [u] = await tx.select().from(users).where(eq(users.id, after.userId));
    if (!u) throw notFound('Manufacturer not found');
    return { item: toItem(after, u), userId: after.userId };
  });
  // The seller's open sessions carry the manufacturer status: read it afresh on their next request.
  forgetSessionsOf(userId);
  return item;
}

function pastTense(action: ManufacturerAction): string {
  return { approve: 'approved', reject: 'rejected', suspend: 'suspended', activate: 'activated' }[action];
}
