import {
  type AdminRequirementDetail,
  type AdminRequirementItem,
  type BoardRequirement,
  type BuyerRequirementDetail,
  canonicalStateName,
  type MyRequirementQuote,
  REQUIREMENT_LIMITS,
  type RequirementAttachmentItem,
  type RequirementQuoteItem,
  type RequirementStatus,
  type RequirementSummary,
} from '@ub/shared';
import { and, asc, desc, eq, ilike, inArray, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  buyers,
  manufacturers,
  orders,
  requirementQuotes,
  requirementReports,
  requirements,
  rfqs,
} from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/search.ts';
import { fromPaise, toPaise } from '../trade/common.ts';
import { verifiedSellerSql } from '../manufacturers/verified.ts';
import { attachmentsOf } from './attachments.ts';
import { onBoardOf, requireVerifiedSeller } from './rules.ts';

type Requirement = typeof requirements.$inferSelect;
type Quote = typeof requirementQuotes.$inferSelect;

const pageSize = REQUIREMENT_LIMITS.pageSize;
const offset = (page: number) => (page - 1) * pageSize;

/** Quotes that count on a requirement (a withdrawn one does not). */
// Correlated subqueries name their tables: Drizzle leaves columns unqualified in a one-table select.
const quoteCount = sql<number>`(select count(*)::int from ${requirementQuotes} cq
  where cq.requirement_id = ${requirements}.id and cq.status <> 'withdrawn')`;

function toSummary(r: Requirement, count: number): RequirementSummary {
  return {
    id: r.id,
    number: r.number,
    title: r.title,
    description: r.description,
    category: r.category,
    quantity: r.quantity,
    unit: r.unit,
    targetPrice: r.targetPrice,
    deadline: r.deadline,
    deliveryState: r.deliveryState,
    pinCode: r.pinCode,
    status: r.status,
    closedReason: r.closedReason,
    quoteCount: Number(count),
    createdAt: r.createdAt.toISOString(),
  };
}

export function toMyQuote(q: Quote): MyRequirementQuote {
  return {
    id: q.id,
    pricePerUnit: q.pricePerUnit,
    quantity: q.quantity,
    deliveryDays: q.deliveryDays,
    validUntil: q.validUntil,
    gstRate: q.gstRate,
    note: q.note,
    status: q.status,
    revisedAt: q.revisedAt?.toISOString() ?? null,
    createdAt: q.createdAt.toISOString(),
  };
}

/* ---------- seller: the board ---------- */

export async function listBoard(
  db: Db,
  manufacturerId: string,
  now: Date,
  q: { page: number; search?: string; state?: string },
) {
  await requireVerifiedSeller(db, manufacturerId);
  const pattern = q.search ? containsPattern(q.search) : undefined;
  const state = q.state ? (canonicalStateName(q.state) ?? q.state) : undefined;
  const where = and(
    onBoardOf(manufacturerId, now),
    state ? eq(requirements.deliveryState, state) : undefined,
    pattern
      ? or(
          ilike(requirements.title, pattern),
          ilike(requirements.description, pattern),
          ilike(requirements.number, pattern),
        )
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        r: requirements,
        quote: requirementQuotes,
        reported: sql<boolean>`${requirementReports.id} is not null`,
      })
      .from(requirements)
      .leftJoin(
        requirementQuotes,
        and(eq(requirementQuotes.requirementId, requirements.id), eq(requirementQuotes.manufacturerId, manufacturerId)),
      )
      .leftJoin(
        requirementReports,
        and(
          eq(requirementReports.requirementId, requirements.id),
          eq(requirementReports.manufacturerId, manufacturerId),
        ),
      )
      .where(where)
      .orderBy(desc(requirements.createdAt), desc(requirements.id))
      .limit(pageSize)
      .offset(offset(q.page)),
    db.select({ n: sql<number>`count(*)::int` }).from(requirements).where(where),
  ]);
  const files = await attachmentsOf(
    db,
    rows.map((row) => row.r.id),
    'seller',
  );
  return {
    requirements: rows.map((row) => toBoardItem(row.r, row.quote, row.reported, files.get(row.r.id) ?? [])),
    total: Number(totals?.n ?? 0),
    page: q.page,
    pageSize,
  };
}

function toBoardItem(
  r: Requirement,
  quote: Quote | null,
  reported: boolean,
  attachments: RequirementAttachmentItem[],
): BoardRequirement {
  const { quoteCount: _n, closedReason: _c, ...summary } = toSummary(r, 0);
  return { ...summary, myQuote: quote ? toMyQuote(quote) : null, reported: Boolean(reported), attachments };
}

/**
 * One requirement as a seller sees it: on its board, or one it has quoted on (so it can follow what became of its
 * quote). Anything else is 404.
 */
export async function boardRequirement(db: Db, manufacturerId: string, id: string, now: Date) {
  await requireVerifiedSeller(db, manufacturerId);
  const [row] = await db
    .select({ r: requirements, quote: requirementQuotes, reported: sql<boolean>`${requirementReports.id} is not null` })
    .from(requirements)
    .leftJoin(
      requirementQuotes,
      and(eq(requirementQuotes.requirementId, requirements.id), eq(requirementQuotes.manufacturerId, manufacturerId)),
    )
    .leftJoin(
      requirementReports,
      and(eq(requirementReports.requirementId, requirements.id), eq(requirementReports.manufacturerId, manufacturerId)),
    )
    .where(and(eq(requirements.id, id), or(onBoardOf(manufacturerId, now), sql`${requirementQuotes.id} is not null`)));
  if (!row) throw notFound('Requirement not found');
  const files = await attachmentsOf(db, [row.r.id], 'seller');
  return toBoardItem(row.r, row.quote, row.reported, files.get(row.r.id) ?? []);
}

/* ---------- buyer ---------- */

export async function listBuyerRequirements(db: Db, buyerId: string, q: { page: number; status?: RequirementStatus }) {
  const where = and(eq(requirements.buyerId, buyerId), q.status ? eq(requirements.status, q.status) : undefined);
  const [rows, [totals]] = await Promise.all([
    db
      .select({ r: requirements, n: quoteCount })
      .from(requirements)
      .where(where)
      .orderBy(desc(requirements.createdAt), desc(requirements.id))
      .limit(pageSize)
      .offset(offset(q.page)),
    db.select({ n: sql<number>`count(*)::int` }).from(requirements).where(where),
  ]);
  return {
    requirements: rows.map((row) => toSummary(row.r, row.n)),
    total: Number(totals?.n ?? 0),
    page: q.page,
    pageSize,
  };
}

/**
 * The sellers' track record, from real history: the share of the RFQs each received that it answered (anything
 * but still pending), and the orders it delivered.
 */
async function sellerRecords(db: Db, manufacturerIds: string[]) {
  const out = new Map<string, { responseRate: number | null; deliveredOrders: number }>();
  if (!manufacturerIds.length) return out;
  const [rfqRows, orderRows] = await Promise.all([
    db
      .select({
        id: rfqs.manufacturerId,
        total: sql<number>`count(*)::int`,
        answered: sql<number>`(count(*) filter (where ${rfqs.status} <> 'pending'))::int`,
      })
      .from(rfqs)
      .where(inArray(rfqs.manufacturerId, manufacturerIds))
      .groupBy(rfqs.manufacturerId),
    db
      .select({ id: orders.manufacturerId, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(inArray(orders.manufacturerId, manufacturerIds), eq(orders.status, 'delivered')))
      .groupBy(orders.manufacturerId),
  ]);
  for (const id of manufacturerIds) out.set(id, { responseRate: null, deliveredOrders: 0 });
  for (const r of rfqRows) {
    const rec = out.get(r.id);
    if (rec && r.total > 0) rec.responseRate = Math.round((100 * Number(r.answered)) / Number(r.total));
  }
  for (const o of orderRows) {
    const rec = out.get(o.id);
    if (rec) rec.deliveredOrders = Number(o.n);
  }
  return out;
}

/** Every quote on a requirement with the seller's name, badge and record; cheapest first. */
async function quotesOf(db: Db, requirementId: string): Promise<RequirementQuoteItem[]> {
  const rows = await db
    .select({
      q: requirementQuotes,
      company: manufacturers.companyName,
      state: manufacturers.state,
      verified: verifiedSellerSql(manufacturers.id),
    })
    .from(requirementQuotes)
    .innerJoin(manufacturers, eq(manufacturers.id, requirementQuotes.manufacturerId))
    .where(and(eq(requirementQuotes.requirementId, requirementId), ne(requirementQuotes.status, 'withdrawn')))
    .orderBy(asc(requirementQuotes.pricePerUnit), asc(requirementQuotes.createdAt));
  const records = await sellerRecords(
    db,
    rows.map((r) => r.q.manufacturerId),
  );
  return rows.map(({ q, company, state, verified }) => {
    const subtotal = toPaise(q.pricePerUnit) * q.quantity;
    const rate = q.gstRate === null ? null : Number(q.gstRate);
    const record = records.get(q.manufacturerId);
    return {
      id: q.id,
      manufacturerId: q.manufacturerId,
      sellerCompany: company,
      sellerState: state,
      verified: Boolean(verified),
      responseRate: record?.responseRate ?? null,
      deliveredOrders: record?.deliveredOrders ?? 0,
      pricePerUnit: q.pricePerUnit,
      quantity: q.quantity,
      deliveryDays: q.deliveryDays,
      validUntil: q.validUntil,
      gstRate: q.gstRate,
      subtotal: fromPaise(subtotal),
      totalWithGst: rate === null ? null : fromPaise(subtotal + Math.round((subtotal * rate) / 100)),
      note: q.note,
      status: q.status,
      revisions: q.revisions,
      revisedAt: q.revisedAt?.toISOString() ?? null,
      createdAt: q.createdAt.toISOString(),
    };
  });
}

/** The cheapest quote (price per unit before GST) and the fastest one, once there are two to compare. */
function bestOf(quotes: RequirementQuoteItem[]) {
  const live = quotes.filter((q) => q.status === 'open' || q.status === 'accepted');
  if (live.length < 2) return { cheapestQuoteId: null, fastestQuoteId: null };
  // Per unit before GST: quotes may offer different quantities, not every quote names its GST rate, and a
  // business buyer claims the GST back as input tax credit.
  const cost = (q: RequirementQuoteItem) => toPaise(q.pricePerUnit);
  const cheapest = [...live].sort((a, b) => cost(a) - cost(b))[0];
  const fastest = [...live].sort((a, b) => a.deliveryDays - b.deliveryDays)[0];
  return { cheapestQuoteId: cheapest?.id ?? null, fastestQuoteId: fastest?.id ?? null };
}

export async function buyerRequirement(db: Db, buyerId: string, id: string): Promise<BuyerRequirementDetail> {
  const [r] = await db
    .select()
    .from(requirements)
    .where(and(eq(requirements.id, id), eq(requirements.buyerId, buyerId)));
  if (!r) throw notFound('Requirement not found');
  const [quotes, files] = await Promise.all([quotesOf(db, r.id), attachmentsOf(db, [r.id], 'buyer')]);
  return {
    ...toSummary(r, quotes.length),
    attachments: files.get(r.id) ?? [],
    quotes,
    ...bestOf(quotes),
    rfqId: r.rfqId,
  };
}

/* ---------- admin ---------- */

const reportCount = sql<number>`(select count(*)::int from ${requirementReports} cr
  where cr.requirement_id = ${requirements}.id)`;

export async function listAdminRequirements(db: Db, q: { page: number; search?: string; status?: RequirementStatus }) {
  const pattern = q.search ? containsPattern(q.search) : undefined;
  const where = and(
    q.status ? eq(requirements.status, q.status) : undefined,
    pattern
      ? or(ilike(requirements.number, pattern), ilike(requirements.title, pattern), ilike(buyers.companyName, pattern))
      : undefined,
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select({ r: requirements, n: quoteCount, reports: reportCount, buyer: buyers.companyName })
      .from(requirements)
      .innerJoin(buyers, eq(buyers.id, requirements.buyerId))
      .where(where)
      .orderBy(desc(requirements.createdAt), desc(requirements.id))
      .limit(pageSize)
      .offset(offset(q.page)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(requirements)
      .innerJoin(buyers, eq(buyers.id, requirements.buyerId))
      .where(where),
  ]);
  return {
    requirements: rows.map((row) => toAdminItem(row.r, row.n, row.reports, row.buyer)),
    total: Number(totals?.n ?? 0),
    page: q.page,
    pageSize,
  };
}

function toAdminItem(r: Requirement, n: number, reports: number, buyer: string): AdminRequirementItem {
  return { ...toSummary(r, n), buyerId: r.buyerId, buyerCompany: buyer, reportCount: Number(reports) };
}

export async function adminRequirement(db: Db, id: string): Promise<AdminRequirementDetail> {
  const [row] = await db
    .select({ r: requirements, reports: reportCount, buyer: buyers.companyName, contact: buyers.contactName })
    .from(requirements)
    .innerJoin(buyers, eq(buyers.id, requirements.buyerId))
    .where(eq(requirements.id, id));
  if (!row) throw notFound('Requirement not found');
  const [quotes, reports, files] = await Promise.all([
    quotesOf(db, id),
    db
      .select({ rep: requirementReports, company: manufacturers.companyName })
      .from(requirementReports)
      .innerJoin(manufacturers, eq(manufacturers.id, requirementReports.manufacturerId))
      .where(eq(requirementReports.requirementId, id))
      .orderBy(asc(requirementReports.createdAt)),
    attachmentsOf(db, [id], 'admin'),
  ]);
  return {
    ...toAdminItem(row.r, quotes.length, row.reports, row.buyer),
    buyerContact: row.contact,
    attachments: files.get(id) ?? [],
    quotes,
    reports: reports.map(({ rep, company }) => ({
      id: rep.id,
      sellerCompany: company,
      reason: rep.reason,
      createdAt: rep.createdAt.toISOString(),
    })),
    rfqId: row.r.rfqId,
  };
}
