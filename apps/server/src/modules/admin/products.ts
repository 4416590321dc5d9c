import {
  type AdminStatusFilter,
  approvalBlocker,
  type ModerationStatus,
  moderationLabel,
  PRODUCT_TRANSITIONS,
  type ProductAction,
} from '@ub/shared';
import { and, asc, desc, eq, ilike, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Deps } from '../../lib/deps.ts';
import { manufacturers, productMedia, products } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { type NotificationType, notice, notify } from '../notifications/notify.ts';
import { offsetOf } from './common.ts';
import { containsPattern } from '../../lib/search.ts';
import { transaction } from '../../lib/transaction.ts';

/** Product media is served by the catalog's media route. */
export const mediaUrl = (key: string) => `/api/media/${key}`;

function statusCondition(filter: AdminStatusFilter): SQL | undefined {
  if (filter === 'all') return ne(products.moderationStatus, 'rejected');
  return eq(products.moderationStatus, filter);
}

const firstThumb = sql<
  string | null
>`(select pm.thumb_key from product_media pm where pm.product_id = ${products.id} order by pm.position, pm.created_at limit 1)`;

function toItem(p: typeof products.$inferSelect, manufacturerName: string) {
  return {
    id: p.id,
    name: p.name,
    manufacturer: manufacturerName,
    manufacturerId: p.manufacturerId,
    category: p.category,
    price: p.price,
    sku: p.sku,
    description: p.description,
    status: p.moderationStatus,
    statusLabel: moderationLabel(p.moderationStatus),
    moderationReason: p.moderationReason,
    listingStatus: p.status,
    hsnCode: p.hsnCode,
    gstPercentage: p.gstPercentage === null ? null : Number(p.gstPercentage),
  };
}

export async function listProducts(
  db: Db,
  opts: { q?: string; category?: string; status: AdminStatusFilter; page: number; pageSize: number },
) {
  const pattern = opts.q ? containsPattern(opts.q) : undefined;
  const where = and(
    statusCondition(opts.status),
    opts.category ? eq(products.category, opts.category) : undefined,
    pattern
      ? or(
          ilike(products.name, pattern),
          ilike(manufacturers.companyName, pattern),
          // Categories are stored as keys (electronic_components) and shown as words.
          sql`replace(${products.category}, '_', ' ') ilike ${pattern}`,
        )
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({ p: products, manufacturer: manufacturers.companyName, thumb: firstThumb })
      .from(products)
      .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
      .where(where)
      .orderBy(desc(products.createdAt), asc(products.id))
      .limit(opts.pageSize)
      .offset(offsetOf(opts.page, opts.pageSize)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
      .where(where),
  ]);
  return {
    products: rows.map((r) => ({ ...toItem(r.p, r.manufacturer), image: r.thumb ? mediaUrl(r.thumb) : null })),
    total: totalRow?.n ?? 0,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

/** The distinct categories that products actually use, for the filter dropdown. */
export async function productCategories(db: Db): Promise<string[]> {
  const rows = await db
    .selectDistinct({ category: products.category })
    .from(products)
    .where(isNotNull(products.category))
    .orderBy(asc(products.category));
  return rows.flatMap((r) => (r.category ? [r.category] : []));
}

export async function getProduct(db: Db, id: string) {
  const [row] = await db
    .select({ p: products, manufacturer: manufacturers.companyName })
    .from(products)
    .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .where(eq(products.id, id));
  if (!row) throw notFound('Product not found');
  const media = await db
    .select()
    .from(productMedia)
    .where(eq(productMedia.productId, id))
    .orderBy(asc(productMedia.position), asc(productMedia.createdAt));
  return {
    ...toItem(row.p, row.manufacturer),
    images: media.map((m) => ({ url: mediaUrl(m.storageKey), thumb: mediaUrl(m.thumbKey) })),
  };
}

/** What the seller is told of each move: the kind, and the `notify.product.*` message (`<key>Reason` with a reason). */
const NOTICES: Record<ProductAction, { type: NotificationType; key: string }> = {
  flag: { type: 'product_flagged', key: 'product.flagged' },
  approve: { type: 'product_approved', key: 'product.approved' },
  reject: { type: 'product_rejected', key: 'product.rejected' },
  suspend: { type: 'product_suspended', key: 'product.suspended' },
  activate: { type: 'product_approved', key: 'product.activated' },
};

/**
 * One moderation move of spec section 4 under a row lock; the reason is stored and sent to the seller. Approving
 * (or activating) needs the product's HSN code and GST rate, and records the price approved for the seller's
 * price-error guard.
 */
export async function moderateProduct(
  deps: Deps,
  actorUserId: string,
  id: string,
  action: ProductAction,
  reason: string | null,
) {
  const rule = PRODUCT_TRANSITIONS[action];
  await transaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw notFound('Product not found');
    if (!rule.from.includes(before.moderationStatus)) {
      throw conflict(`A product that is ${moderationLabel(before.moderationStatus)} cannot be ${pastTense(action)}.`);
    }
    const next: ModerationStatus = rule.to ?? before.moderationStatus;
    const approving = rule.to === 'approved';
    if (approving) {
      const blocker = approvalBlocker(
        { hsn_code: before.hsnCode, gst_percentage: before.gstPercentage },
        action === 'activate' ? 'activated' : 'approved',
      );
      if (blocker) throw conflict(blocker);
    }
    const [after] = await tx
      .update(products)
      .set({
        moderationStatus: next,
        moderationReason: reason,
        ...(approving ? { approvedPrice: before.price } : {}),
        updatedAt: deps.clock(),
      })
      .where(eq(products.id, id))
      .returning();
    if (!after) throw notFound('Product not found');
    await audit(tx, {
      actorUserId,
      action: `product.${action}`,
      entityType: 'product',
      entityId: id,
      reason,
      before: { moderationStatus: before.moderationStatus, moderationReason: before.moderationReason },
      after: { moderationStatus: after.moderationStatus, moderationReason: after.moderationReason },
    });
    const [owner] = await tx
      .select({ userId: manufacturers.userId })
      .from(manufacturers)
      .where(eq(manufacturers.id, after.manufacturerId));
    if (!owner) throw notFound('Product not found');
    const told = NOTICES[action];
    await notify(tx, {
      userId: owner.userId,
      type: told.type,
      ...notice(reason ? `${told.key}Reason` : told.key, {
        name: after.name,
        sku: after.sku,
        ...(reason ? { reason } : {}),
      }),
      link: `/dashboard/products/${id}`,
    });
  });
  return getProduct(deps.db, id);
}

function pastTense(action: ProductAction): string {
  return { flag: 'flagged', approve: 'approved', reject: 'rejected', suspend: 'suspended', activate: 'activated' }[
    action
  ];
}
