import type { LeadStatus } from '@ub/shared';
import { and, asc, desc, eq, ilike, inArray, lte, or, sql } from 'drizzle-orm';
import type { Deps } from '../../lib/deps.ts';
import type { Db } from '../../db/client.ts';
import { leadSubmissions, leads } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { offsetOf } from '../admin/common.ts';
import { containsPattern } from '../../lib/search.ts';
import { transaction } from '../../lib/transaction.ts';

/** Leads from the landing page: the admin's queue of them. */

export async function listLeads(db: Db, opts: { q?: string; status?: LeadStatus; page: number; pageSize: number }) {
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
    db
      .select()
      .from(leads)
      .where(where)
      .orderBy(desc(leads.createdAt), asc(leads.id))
      .limit(opts.pageSize)
      .offset(offsetOf(opts.page, opts.pageSize)),
    db.select({ n: sql<number>`count(*)::int` }).from(leads).where(where),
  ]);
  const repeats = await repeatsOf(
    db,
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
  deps: Deps,
  actorUserId: string,
  id: string,
  patch: { status?: LeadStatus; notes?: string },
) {
  return transaction(deps.db, async (tx) => {
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
