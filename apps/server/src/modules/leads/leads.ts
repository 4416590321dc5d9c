import { LEAD_LIMITS, type LeadBody } from '@ub/shared';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leads } from '../../db/schema/index.ts';
import { transaction } from '../../lib/transaction.ts';

export type StoredLead = typeof leads.$inferSelect;

/**
 * Stores a lead, or, when the same contact number sent one within the merge window, updates that lead with the
 * newer details (blank optional fields keep what was sent before), so a double click or a visitor correcting a
 * typo does not give the team two leads to call.
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

    if (recent) {
      const [lead] = await tx
        .update(leads)
        .set({
          name: body.name,
          company: body.company,
          gst: body.gst ?? recent.gst,
          email: body.email ?? recent.email,
          referredBy: body.referredBy ?? recent.referredBy,
          sourcePage: body.sourcePage ?? recent.sourcePage,
          updatedAt: new Date(),
        })
        .where(eq(leads.id, recent.id))
        .returning();
      if (!lead) throw new Error('lead vanished during merge');
      return { lead, merged: true };
    }

    const [lead] = await tx
      .insert(leads)
      .values({
        name: body.name,
        company: body.company,
        contact: body.contact,
        gst: body.gst ?? null,
        email: body.email ?? null,
        referredBy: body.referredBy ?? null,
        sourcePage: body.sourcePage ?? null,
        status: 'new',
      })
      .returning();
    if (!lead) throw new Error('lead insert returned nothing');
    return { lead, merged: false };
  });
}
