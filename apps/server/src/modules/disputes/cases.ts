import { DISPUTE_STATUS_LABELS, DISPUTE_TRANSITIONS, type DisputeStatus, type LeadStatus } from '@ub/shared';
import { and, asc, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { buyers, disputes, leadSubmissions, leads, manufacturers, orders } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { offsetOf } from '../admin/common.ts';
import { containsPattern } from '../../lib/search.ts';
import { transaction } from '../../lib/transaction.ts';

/** Leads from the landing page and the disputes raised on orders: the admin's two case queues. */

export async function listLeads(
  app: FastifyInstance,
  opts: { q?: string; status?: LeadStatus; page: number; pageSize: number },
) {
  const pattern = opts.q ? containsPattern(opts.q) : undefined;
  const where = and(
    opts.status ? eq(leads.status, opts.status) : undefined,
    pattern
      ? or(
          ilike(leads.name, pattern),
          ilike(leads.company, pattern),
          ilike(leads.contact, pattern),
          ilike(leads.email, pattern),
        )
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    app.db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), asc(leads.id))
      .limit(opts.pageSize)
      .offset(offsetOf(opts.page, opts.pageSize)),
    app.db.select({ n: sql<number>`count(*)::int` }).from(leads).where(where),
  ]);
  const repeats = await repeatsOf(
    app.db,
    rows.map((r) => r.id),
  );
  return {
    leads: rows.map((l) => toLead(l, repeats.get(l.id))),
    total: totalRow?.n ?? 0,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

/** How many of a lead's repeats the admin console is sent with the lead (the newest; the count says how many in all). */
const REPEATS_SHOWN = 10;

type LeadRepeat = Pick<
  typeof leadSubmissions.$inferSelect,
  'name' | 'company' | 'gst' | 'email' | 'referredBy' | 'sourcePage' | 'createdAt'
>;
type LeadRepeats = { count: number; items: LeadRepeat[] };

/** The repeats recorded beside each lead: their number and the newest few, oldest first. */
async function repeatsOf(db: Db, leadIds: string[]): Promise<Map<string, LeadRepeats>> {
  const out = new Map<string, LeadRepeats>();
  if (leadIds.length === 0) return out;
  const s = leadSubmissions;
  const ranked = db
    .select({
      leadId: s.leadId,
      name: s.name,
      company: s.company,
      gst: s.gst,
      email: s.email,
      referredBy: s.referredBy,
      sourcePage: s.sourcePage,
      createdAt: s.createdAt,
      rank: sql<number>`row_number() over (partition by ${s.leadId} order by ${s.createdAt} desc)`.as('rank'),
      total: sql<number>`count(*) over (partition by ${s.leadId})`.as('total'),
    })
    .from(s)
    .where(inArray(s.leadId, leadIds))
    .as('ranked');
  const rows = await db.select().from(ranked).where(lte(ranked.rank, REPEATS_SHOWN)).orderBy(asc(ranked.createdAt));
  for (const { leadId, rank: _rank, total, ...repeat } of rows) {
    const entry = out.get(leadId) ?? { count: Number(total), items: [] };
    entry.items.push(repeat);
    out.set(leadId, entry);
  }
  return out;
}

function toLead(l: typeof leads.$inferSelect, repeats: LeadRepeats = { count: 0, items: [] }) {
  return {
    id: l.id,
    name: l.name,
    company: l.company,
    gst: l.gst,
    contact: l.contact,
    email: l.email,
    referredBy: l.referredBy,
    status: l.status as LeadStatus,
    notes: l.notes,
    createdAt: l.createdAt.toISOString(),
    repeatCount: repeats.count,
    repeats: repeats.items.map((r) => ({
      name: r.name,
      company: r.company,
      gst: r.gst,
      email: r.email,
      referredBy: r.referredBy,
      sourcePage: r.sourcePage,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

export async function updateLead(
  app: FastifyInstance,
  actorUserId: string,
  id: string,
  patch: { status?: LeadStatus; notes?: string },
) {
  return transaction(app.db, async (tx) => {
    const [before] = await tx.select().from(leads).where(eq(leads.id, id)).for('update');
    if (!before) throw notFound('Lead not found');
    const [after] = await tx
      .update(leads)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(leads.id, id))
      .returning();
    if (!after) throw notFound('Lead not found');
    await audit(tx, {
      actorUserId,
      action: 'lead.update',
      entityType: 'lead',
      entityId: id,
      before: { status: before.status, notes: before.notes },
      after: { status: after.status, notes: after.notes },
    });
    return toLead(after, (await repeatsOf(tx, [id])).get(id));
  });
}

export async function listDisputes(
  app: FastifyInstance,
  opts: { q?: string; status?: DisputeStatus; page: number; pageSize: number },
) {
  const pattern = opts.q ? containsPattern(opts.q) : undefined;
  const where = and(
    opts.status ? eq(disputes.status, opts.status) : undefined,
    pattern
      ? or(
          ilike(orders.orderNumber, pattern),
          ilike(buyers.companyName, pattern),
          ilike(manufacturers.companyName, pattern),
          ilike(disputes.reason, pattern),
        )
      : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    app.db
      .select({
        d: disputes,
        orderNumber: orders.orderNumber,
        buyer: buyers.companyName,
        manufacturer: manufacturers.companyName,
      })
      .from(disputes)
      .innerJoin(orders, eq(orders.id, disputes.orderId))
      .innerJoin(buyers, eq(buyers.id, disputes.buyerId))
      .innerJoin(manufacturers, eq(manufacturers.id, disputes.manufacturerId))
      .where(where)
      .orderBy(desc(disputes.createdAt), asc(disputes.id))
      .limit(opts.pageSize)
      .offset(offsetOf(opts.page, opts.pageSize)),
    app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(disputes)
      .innerJoin(orders, eq(orders.id, disputes.orderId))
      .innerJoin(buyers, eq(buyers.id, disputes.buyerId))
      .innerJoin(manufacturers, eq(manufacturers.id, disputes.manufacturerId))
      .where(where),
  ]);
  return {
    disputes: rows.map((r) => toDispute(r.d, r)),
    total: totalRow?.n ?? 0,
    page: opts.page,
    pageSize: opts.pageSize,
  };
}

function toDispute(
  d: typeof disputes.$inferSelect,
  names: { orderNumber: string; buyer: string; manufacturer: string },
) {
  return {
    id: d.id,
    orderId: d.orderId,
    orderNumber: names.orderNumber,
    buyer: names.buyer,
    manufacturer: names.manufacturer,
    reason: d.reason,
    status: d.status,
    statusLabel: DISPUTE_STATUS_LABELS[d.status],
    nextStatuses: [...DISPUTE_TRANSITIONS[d.status]],
    notes: d.notes,
    createdAt: d.createdAt.toISOString(),
    updatedAt: d.updatedAt.toISOString(),
  };
}

/** Moves a dispute on (resolved is final) and appends the admin's note to its running notes. */
export async function updateDispute(
  app: FastifyInstance,
  actorUserId: string,
  id: string,
  to: DisputeStatus,
  note: string,
) {
  return transaction(app.db, async (tx) => {
    const [before] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
    if (!before) throw notFound('Dispute not found');
    if (!DISPUTE_TRANSITIONS[before.status].includes(to)) {
      throw conflict(
        `A dispute that is ${DISPUTE_STATUS_LABELS[before.status]} cannot become ${DISPUTE_STATUS_LABELS[to]}.`,
      );
    }
    const stamped = `[${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${DISPUTE_STATUS_LABELS[to]}] ${note}`;
    const notes = before.notes ? `${before.notes}\n${stamped}` : stamped;
    const [after] = await tx
      .update(disputes)
      .set({ status: to, notes, updatedAt: new Date() })
      .where(eq(disputes.id, id))
      .returning();
    if (!after) throw notFound('Dispute not found');
    await audit(tx, {
      actorUserId,
      action: 'dispute.status',
      entityType: 'dispute',
      entityId: id,
      reason: note,
      before: { status: before.status },
      after: { status: after.status },
    });
    const [names] = await tx
      .select({ orderNumber: orders.orderNumber, buyer: buyers.companyName, manufacturer: manufacturers.companyName })
      .from(orders)
      .innerJoin(buyers, eq(buyers.id, orders.buyerId))
      .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
      .where(eq(orders.id, after.orderId));
    return toDispute(after, names ?? { orderNumber: '', buyer: '', manufacturer: '' });
  });
}
