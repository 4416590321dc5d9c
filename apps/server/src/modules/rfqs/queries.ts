import { type AdminRfqItem, LIMITS, RFQ_FINAL_STATUSES, type RfqItem, type RfqStatus } from '@ub/shared';
import { and, asc, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyers, manufacturers, productMedia, products, rfqOffers, rfqs } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/search.ts';
import { offsetOf } from '../admin/common.ts';
import { fromPaise, toPaise } from '../trade/common.ts';

type Rfq = typeof rfqs.$inferSelect;
type Offer = typeof rfqOffers.$inferSelect;

/** Where an uploaded product image is served from (the catalogue's media route). */
export const mediaUrl = (key: string) => `/api/media/${key}`;

export async function offersOf(db: Db, ids: string[]) {
  if (!ids.length) return new Map<string, Offer[]>();
  const rows = await db
    .select()
    .from(rfqOffers)
    .where(inArray(rfqOffers.rfqId, ids))
    .orderBy(asc(rfqOffers.createdAt), asc(rfqOffers.id));
  const map = new Map<string, Offer[]>();
  for (const r of rows) map.set(r.rfqId, [...(map.get(r.rfqId) ?? []), r]);
  return map;
}

const latestPriced = (offers: Offer[]) => [...offers].reverse().find((o) => o.pricePerUnit !== null);

function toItem(
  r: Rfq,
  buyer: { companyName: string; contactName: string; sellerCompany: string },
  product: { name: string; price: string; image: string | null; gstPercentage: string | null } | null,
  offers: Offer[],
): RfqItem {
  const last = latestPriced(offers);
  const price = r.agreedPrice ?? last?.pricePerUnit ?? r.targetPrice;
  const qty = r.agreedQuantity ?? last?.quantity ?? r.requestedQuantity;
  return {
    id: r.id,
    rfqNumber: r.rfqNumber,
    productName: r.productName,
    buyerCompany: buyer.companyName,
    buyerContact: buyer.contactName,
    sellerCompany: buyer.sellerCompany,
    category: r.category,
    requestedQuantity: r.requestedQuantity,
    targetPrice: r.targetPrice,
    estimatedValue: price ? fromPaise(toPaise(price) * qty) : null,
    deadline: r.deadline,
    description: r.description,
    specifications: r.specifications,
    status: r.status,
    rejectionReason: r.rejectionReason,
    agreedPrice: r.agreedPrice,
    agreedQuantity: r.agreedQuantity,
    agreedGstRate: r.agreedGstRate,
    orderId: r.orderId,
    createdAt: r.createdAt.toISOString(),
    originalProduct: product
      ? { name: product.name, image: product.image, yourPrice: product.price, gstPercentage: product.gstPercentage }
      : null,
    offers: offers.map((o) => ({
      id: o.id,
      by: o.byRole === 'seller' ? 'seller' : 'buyer',
      kind: o.kind,
      pricePerUnit: o.pricePerUnit,
      quantity: o.quantity,
      notes: o.notes,
      at: o.createdAt.toISOString(),
    })),
    waitingFor: RFQ_FINAL_STATUSES.includes(r.status) ? null : offers.at(-1)?.byRole === 'seller' ? 'buyer' : 'seller',
  };
}

/** A page (8) of RFQs, newest first, for a seller or a buyer, optionally of one status. */
export async function listRfqs(
  db: Db,
  scope: { manufacturerId?: string; buyerId?: string },
  q: { page: number; status?: RfqStatus; statuses?: readonly RfqStatus[]; q?: string },
) {
  const pageSize = LIMITS.rfqPageSize;
  const words = q.q ? `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = and(
    scope.manufacturerId ? eq(rfqs.manufacturerId, scope.manufacturerId) : undefined,
    scope.buyerId ? eq(rfqs.buyerId, scope.buyerId) : undefined,
    q.status ? eq(rfqs.status, q.status) : undefined,
    q.statuses ? inArray(rfqs.status, [...q.statuses]) : undefined,
    words ? or(ilike(rfqs.rfqNumber, words), ilike(rfqs.productName, words)) : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: rfqs.id })
      .from(rfqs)
      .where(where)
      .orderBy(desc(rfqs.createdAt), desc(rfqs.id))
      .limit(pageSize)
      .offset((q.page - 1) * pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(rfqs).where(where),
  ]);
  const items = await rfqItems(
    db,
    rows.map((r) => r.id),
  );
  return { orders: items, total: Number(totals?.n ?? 0), page: q.page, pageSize };
}

async function rfqItems(db: Db, ids: string[]): Promise<RfqItem[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({
      r: rfqs,
      companyName: buyers.companyName,
      contactName: buyers.contactName,
      sellerCompany: manufacturers.companyName,
      productName: products.name,
      productPrice: products.price,
      productGst: products.gstPercentage,
    })
    .from(rfqs)
    .innerJoin(buyers, eq(buyers.id, rfqs.buyerId))
    .innerJoin(manufacturers, eq(manufacturers.id, rfqs.manufacturerId))
    .leftJoin(products, eq(products.id, rfqs.productId))
    .where(inArray(rfqs.id, ids))
    .orderBy(desc(rfqs.createdAt), desc(rfqs.id));
  const productIds = rows.map((r) => r.r.productId).filter((id): id is string => Boolean(id));
  const images = new Map<string, string>();
  if (productIds.length) {
    const media = await db
      .selectDistinctOn([productMedia.productId], {
        productId: productMedia.productId,
        thumbKey: productMedia.thumbKey,
      })
      .from(productMedia)
      .where(inArray(productMedia.productId, productIds))
      .orderBy(productMedia.productId, productMedia.position, productMedia.createdAt);
    for (const m of media) images.set(m.productId, mediaUrl(m.thumbKey));
  }
  const offers = await offersOf(db, ids);
  return rows.map(({ r, companyName, contactName, sellerCompany, productName, productPrice, productGst }) =>
    toItem(
      r,
      { companyName, contactName, sellerCompany },
      productName && productPrice && r.productId
        ? { name: productName, price: productPrice, image: images.get(r.productId) ?? null, gstPercentage: productGst }
        : null,
      offers.get(r.id) ?? [],
    ),
  );
}

export async function rfqById(db: Db, id: string): Promise<RfqItem> {
  const [item] = await rfqItems(db, [id]);
  if (!item) throw notFound('RFQ not found');
  return item;
}

/** One RFQ as its seller or buyer sees it; anyone else gets 404. */
export async function rfqFor(db: Db, scope: { manufacturerId?: string; buyerId?: string }, id: string) {
  const r = await scopedRfq(db, scope, id);
  return rfqById(db, r.id);
}

/** The RFQ row if it belongs to the scope (404 otherwise); `lock` holds it until the transaction ends. */
export async function scopedRfq(
  db: Db,
  scope: { manufacturerId?: string; buyerId?: string },
  id: string,
  lock = false,
) {
  const query = db
    .select()
    .from(rfqs)
    .where(
      and(
        eq(rfqs.id, id),
        scope.manufacturerId ? eq(rfqs.manufacturerId, scope.manufacturerId) : undefined,
        scope.buyerId ? eq(rfqs.buyerId, scope.buyerId) : undefined,
      ),
    )
    .limit(1);
  const [r] = lock ? await query.for('update') : await query;
  if (!r) throw notFound('RFQ not found');
  return r;
}

/**
 * The admin scope of this read model: every RFQ, each as its buyer and seller see it plus the seller's name and
 * both parties' ids. Search matches the RFQ number, buyer company or contact, seller company and product name.
 */
export async function listAdminRfqs(
  db: Db,
  q: { q?: string; status?: RfqStatus; page: number; pageSize: number },
): Promise<{ rfqs: AdminRfqItem[]; total: number; page: number; pageSize: number }> {
  const pattern = q.q ? containsPattern(q.q) : undefined;
  const where = and(
    q.status ? eq(rfqs.status, q.status) : undefined,
    pattern
      ? or(
          ilike(rfqs.rfqNumber, pattern),
          ilike(rfqs.productName, pattern),
          ilike(buyers.companyName, pattern),
          ilike(buyers.contactName, pattern),
          ilike(manufacturers.companyName, pattern),
        )
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ id: rfqs.id })
      .from(rfqs)
      .innerJoin(buyers, eq(buyers.id, rfqs.buyerId))
      .innerJoin(manufacturers, eq(manufacturers.id, rfqs.manufacturerId))
      .where(where)
      .orderBy(desc(rfqs.createdAt), desc(rfqs.id))
      .limit(q.pageSize)
      .offset(offsetOf(q.page, q.pageSize)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(rfqs)
      .innerJoin(buyers, eq(buyers.id, rfqs.buyerId))
      .innerJoin(manufacturers, eq(manufacturers.id, rfqs.manufacturerId))
      .where(where),
  ]);
  return {
    rfqs: await adminRfqItems(
      db,
      rows.map((r) => r.id),
    ),
    total: Number(totals?.n ?? 0),
    page: q.page,
    pageSize: q.pageSize,
  };
}

/** One RFQ with its full offer history, for the admin; 404 when there is none. */
export async function adminRfqById(db: Db, id: string): Promise<AdminRfqItem> {
  const [item] = await adminRfqItems(db, [id]);
  if (!item) throw notFound('RFQ not found');
  return item;
}

async function adminRfqItems(db: Db, ids: string[]): Promise<AdminRfqItem[]> {
  if (!ids.length) return [];
  const [items, parties] = await Promise.all([
    rfqItems(db, ids),
    db
      .select({
        id: rfqs.id,
        buyerId: rfqs.buyerId,
        manufacturerId: rfqs.manufacturerId,
      })
      .from(rfqs)
      .where(inArray(rfqs.id, ids)),
  ]);
  const byId = new Map(parties.map((p) => [p.id, p]));
  return items.flatMap((item) => {
    const p = byId.get(item.id);
    return p ? [{ ...item, manufacturerId: p.manufacturerId, buyerId: p.buyerId }] : [];
  });
}
