import { LEAD_LIMITS, type LeadBody } from '@ub/shared';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leadSubmissions, leads } from '../../db/schema/index.ts';
import { transaction } from '../../lib/transaction.ts';

export type StoredLead = typeof leads.$inferSelect;

type Submission = Pick<StoredLead, 'name' | 'company' | 'gst' | 'email' | 'referredBy' | 'sourcePage'>;

const submissionOf = (body: LeadBody): Submission => ({
  name: body.name,
  company: body.company,
  gst: body.gst ?? null,
  email: body.email ?? null,
  referredBy: body.referredBy ?? null,
  sourcePage: body.sourcePage ?? null,
});

const sameSubmission = (a: Submission, b: Submission) =>
  a.name === b.name &&
  a.company === b.company &&
  a.gst === b.gst &&
  a.email === b.email &&
  a.referredBy === b.referredBy &&
  a.sourcePage === b.sourcePage;

/**
 * Stores a lead. When the same contact number sent one within the merge window, the team still gets one lead to
 * call: the first submission stays exactly as sent (anyone who knows the number could otherwise rewrite the
 * prospect's name, company and e-mail) and the repeat is recorded beside it for the admin to read, unless it is
 * identical to the first or to the latest repeat (a double click).
 */
export async function storeLead(db: Db, body: LeadBody): Promise<{ lead: StoredLead; merged: boolean }> {
  return transaction(db, async (tx) => {
    // Serialises submissions for one contact number, so two simultaneous ones cannot both insert.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`lead:${body.contact}`}))`);
    const since = new Date(Date.now() - LEAD_LIMITS.mergeWindowMinutes * 60_000);
    const [recent] = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.contact, body.contact), gte(leads.createdAt, since)))
      .orderBy(desc(leads.createdAt))
      .limit(1);

    const submission = submissionOf(body);
    if (recent) {
      const [latest] = await tx
        .select()
        .from(leadSubmissions)
        .where(eq(leadSubmissions.leadId, recent.id))
        .orderBy(desc(leadSubmissions.createdAt))
        .limit(1);
      if (!sameSubmission(submission, recent) && !(latest && sameSubmission(submission, latest))) {
        await tx.insert(leadSubmissions).values({ leadId: recent.id, ...submission });
      }
      return { lead: recent, merged: true };
    }

    const [lead] = await tx
      .insert(leads)
      .values({ ...submission, contact: body.contact, status: 'new' })
      .returning();
    if (!lead) throw new Error('lead insert returned nothing');
    return { lead, merged: false };
  });
}
