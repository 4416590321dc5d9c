import {
  formatInr,
  REQUIREMENT_LIMITS,
  REQUIREMENT_MESSAGES,
  RFQ_MESSAGES,
  type requirementCreateSchema,
  type requirementQuoteSchema,
  todayInIndia,
} from '@ub/shared';
import { and, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  buyers,
  manufacturers,
  requirementQuoteRevisions,
  requirementQuotes,
  requirementReports,
  requirements,
  users,
} from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { audit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { categoryLabel, label, type NotificationParam, notice, notify, unitLabel } from '../notifications/notify.ts';
import { insertAgreedRfq } from '../rfqs/commands.ts';
import { fromPaise, nextNumber, toPaise } from '../trade/common.ts';
import { notifyAdmins } from '../notifications/notify-admins.ts';
import { adminRequirement, buyerRequirement, toMyQuote } from './queries.ts';
import { onBoardOf, requirementLinks, requireVerifiedSeller, sellersFor } from './rules.ts';

type Buyer = typeof buyers.$inferSelect;
type Requirement = typeof requirements.$inferSelect;

/** The job that tells the matching verified sellers about a new requirement (one job, however many sellers). */
export const REQUIREMENT_FANOUT = 'requirements.notify-sellers';

export async function createRequirement(deps: Deps, buyer: Buyer, input: z.output<typeof requirementCreateSchema>) {
  return transaction(deps.db, async (tx) => {
    // The buyer's row is the lock that makes "at most N open" hold against parallel posts.
    await tx.select({ id: buyers.id }).from(buyers).where(eq(buyers.id, buyer.id)).for('update');
    const [open] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(requirements)
      .where(and(eq(requirements.buyerId, buyer.id), eq(requirements.status, 'open')));
    if (Number(open?.n ?? 0) >= REQUIREMENT_LIMITS.openPerBuyer) {
      throw conflict(REQUIREMENT_MESSAGES.tooManyOpen(REQUIREMENT_LIMITS.openPerBuyer));
    }
    const now = deps.clock();
    const [row] = await tx
      .insert(requirements)
      .values({
        number: await nextNumber(tx, 'REQ', now),
        buyerId: buyer.id,
        title: input.title,
        description: input.description ?? null,
        category: input.category,
        quantity: input.quantity,
        unit: input.unit,
        targetPrice: input.targetPrice !== undefined ? fromPaise(toPaise(input.targetPrice)) : null,
        deadline: input.deadline,
        deliveryState: input.deliveryState,
        pinCode: input.pinCode,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('requirement insert returned nothing');
    await enqueue(tx, REQUIREMENT_FANOUT, { requirementId: row.id });
    return row;
  });
}

/**
 * Tells every verified seller of the requirement's category about it, in one transaction (so a retry after a
 * failure starts over with nobody told twice). A requirement that closed before the job ran is skipped.
 */
export async function notifySellersOfRequirement(db: Db, requirementId: string) {
  return transaction(db, async (tx) => {
    const [r] = await tx.select().from(requirements).where(eq(requirements.id, requirementId));
    if (r?.status !== 'open') return 0;
    const sellers = await tx
      .select({ userId: manufacturers.userId })
      .from(manufacturers)
      .innerJoin(users, eq(users.id, manufacturers.userId))
      .where(and(sellersFor(r.category), eq(users.isActive, true)));
    for (const s of sellers) {
      await notify(tx, {
        userId: s.userId,
        type: 'requirement_new',
        ...notice('requirement.new', {
          quantity: String(r.quantity),
          unit: unitLabel(r.unit, r.quantity),
          title: r.title,
          category: categoryLabel(r.category),
          state: r.deliveryState,
          deadline: r.deadline,
        }),
        link: requirementLinks.seller(r.id),
      });
    }
    return sellers.length;
  });
}

/** A requirement locked for a seller's write: it must be on the seller's board (else 404) and still open. */
async function lockForSeller(tx: Db, manufacturerId: string, id: string, now: Date) {
  const [r] = await tx
    .select()
    .from(requirements)
    .where(and(eq(requirements.id, id), onBoardOf(manufacturerId, now)))
    .for('update');
  if (r) return r;
  const [exists] = await tx
    .select({ status: requirements.status })
    .from(requirements)
    .innerJoin(requirementQuotes, eq(requirementQuotes.requirementId, requirements.id))
    .where(and(eq(requirements.id, id), eq(requirementQuotes.manufacturerId, manufacturerId)));
  // A seller that quoted learns it is closed; anyone else learns nothing.
  if (exists) throw conflict(REQUIREMENT_MESSAGES.notOpen);
  throw notFound('Requirement not found');
}

/** Creates the seller's one quote on a requirement, or revises it while the requirement is open. */
export async function putQuote(
  deps: Deps,
  seller: { manufacturerId: string; userId: string },
  id: string,
  input: z.output<typeof requirementQuoteSchema>,
) {
  await requireVerifiedSeller(deps.db, seller.manufacturerId);
  const now = deps.clock();
  return transaction(deps.db, async (tx) => {
    const r = await lockForSeller(tx, seller.manufacturerId, id, now);
    const values = {
      pricePerUnit: fromPaise(toPaise(input.pricePerUnit)),
      quantity: input.quantity,
      deliveryDays: input.deliveryDays,
      validUntil: input.validUntil,
      gstRate: input.gstRate === undefined ? null : String(input.gstRate),
      note: input.note ?? null,
    };
    const [existing] = await tx
      .select()
      .from(requirementQuotes)
      .where(
        and(eq(requirementQuotes.requirementId, r.id), eq(requirementQuotes.manufacturerId, seller.manufacturerId)),
      );
    let quote: typeof requirementQuotes.$inferSelect | undefined;
    if (existing) {
      if (existing.status !== 'open') throw conflict('This quote can no longer be revised.');
      [quote] = await tx
        .update(requirementQuotes)
        .set({ ...values, revisions: existing.revisions + 1, revisedAt: now, updatedAt: now })
        .where(eq(requirementQuotes.id, existing.id))
        .returning();
    } else {
      [quote] = await tx
        .insert(requirementQuotes)
        .values({
          ...values,
          requirementId: r.id,
          manufacturerId: seller.manufacturerId,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    }
    if (!quote) throw new Error('quote write returned nothing');
    await tx
      .insert(requirementQuoteRevisions)
      .values({ ...values, quoteId: quote.id, createdBy: seller.userId, createdAt: now });
    const [m] = await tx
      .select({ company: manufacturers.companyName })
      .from(manufacturers)
      .where(eq(manufacturers.id, seller.manufacturerId));
    const buyerUser = await buyerUserId(tx, r.buyerId);
    if (buyerUser) {
      await notify(tx, {
        userId: buyerUser,
        type: 'requirement_quote',
        ...notice(existing ? 'requirement.quoteRevised' : 'requirement.quoteNew', {
          company: m?.company ?? label('notify.label.aSeller'),
          price: formatInr(values.pricePerUnit),
          unit: unitLabel(r.unit),
          requirement: r.number,
          title: r.title,
        }),
        link: requirementLinks.buyer(r.id),
      });
    }
    return { quote: toMyQuote(quote), created: !existing };
  });
}

async function buyerUserId(tx: Db, buyerId: string) {
  const [b] = await tx.select({ userId: buyers.userId }).from(buyers).where(eq(buyers.id, buyerId));
  return b?.userId;
}

/** A seller reports a requirement on its board as spam; every active admin is told. One report per seller. */
export async function reportRequirement(deps: Deps, seller: { manufacturerId: string }, id: string, reason: string) {
  await requireVerifiedSeller(deps.db, seller.manufacturerId);
  const now = deps.clock();
  await transaction(deps.db, async (tx) => {
    const r = await lockForSeller(tx, seller.manufacturerId, id, now);
    const [row] = await tx
      .insert(requirementReports)
      .values({ requirementId: r.id, manufacturerId: seller.manufacturerId, reason, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict('You have already reported this requirement.');
    const [m] = await tx
      .select({ company: manufacturers.companyName })
      .from(manufacturers)
      .where(eq(manufacturers.id, seller.manufacturerId));
    await notifyAdmins(tx, {
      type: 'admin_spam_report',
      ...notice('admin.requirementSpam', {
        company: m?.company ?? label('notify.label.aSeller'),
        requirement: r.number,
        title: r.title,
        reason,
      }),
      link: requirementLinks.admin(r.id),
    });
  });
}

async function lockForBuyer(tx: Db, buyerId: string, id: string) {
  const [r] = await tx
    .select()
    .from(requirements)
    .where(and(eq(requirements.id, id), eq(requirements.buyerId, buyerId)))
    .for('update');
  if (!r) throw notFound('Requirement not found');
  return r;
}

/** Closes the open quotes of a requirement and tells their sellers why. */
async function closeQuotes(tx: Db, r: Requirement, why: NotificationParam, now: Date, exceptQuoteId?: string) {
  const closed = await tx
    .update(requirementQuotes)
    .set({ status: 'closed', updatedAt: now })
    .where(
      and(
        eq(requirementQuotes.requirementId, r.id),
        eq(requirementQuotes.status, 'open'),
        exceptQuoteId ? ne(requirementQuotes.id, exceptQuoteId) : undefined,
      ),
    )
    .returning({ manufacturerId: requirementQuotes.manufacturerId });
  if (!closed.length) return;
  const sellers = await tx
    .select({ userId: manufacturers.userId })
    .from(manufacturers)
    .where(
      inArray(
        manufacturers.id,
        closed.map((c) => c.manufacturerId),
      ),
    );
  for (const s of sellers) {
    await notify(tx, {
      userId: s.userId,
      type: 'requirement_quote_closed',
      ...notice('requirement.quoteClosed', { requirement: r.number, title: r.title, why }),
      link: requirementLinks.seller(r.id),
    });
  }
}

/**
 * The buyer accepts one quote: it becomes an accepted RFQ between the buyer and that seller (the seller's offer in
 * its history, ready to convert to an order the buyer confirms), the other quotes close with a notification, and
 * the requirement is accepted. All in one transaction.
 */
export async function acceptQuote(deps: Deps, buyer: Buyer, actorUserId: string, id: string, quoteId: string) {
  const now = deps.clock();
  const rfq = await transaction(deps.db, async (tx) => {
    const r = await lockForBuyer(tx, buyer.id, id);
    if (r.status !== 'open') throw conflict(REQUIREMENT_MESSAGES.notOpen);
    const [row] = await tx
      .select({ q: requirementQuotes, m: manufacturers })
      .from(requirementQuotes)
      .innerJoin(manufacturers, eq(manufacturers.id, requirementQuotes.manufacturerId))
      .where(and(eq(requirementQuotes.id, quoteId), eq(requirementQuotes.requirementId, r.id)))
      .for('update', { of: requirementQuotes });
    if (!row || row.q.status === 'withdrawn') throw notFound('Quote not found');
    const { q, m } = row;
    if (q.status !== 'open') throw conflict('This quote is no longer open.');
    if (q.validUntil < todayInIndia(now)) {
      throw conflict(`This quote was valid until ${q.validUntil}. Ask the seller to revise it.`);
    }
    if (m.status !== 'approved') throw conflict(RFQ_MESSAGES.manufacturerNotTrading);
    const created = await insertAgreedRfq(tx, {
      buyerId: buyer.id,
      buyerUserId: actorUserId,
      manufacturerId: m.id,
      sellerUserId: m.userId,
      productName: r.title,
      category: r.category,
      requestedQuantity: r.quantity,
      targetPrice: r.targetPrice,
      deadline: r.deadline,
      description: [r.description, `From requirement ${r.number}. Delivery to ${r.deliveryState} ${r.pinCode}.`]
        .filter(Boolean)
        .join('\n\n'),
      offer: {
        pricePerUnit: q.pricePerUnit,
        quantity: q.quantity,
        notes: [q.note, `Delivery in ${q.deliveryDays} days${q.gstRate ? `, GST ${Number(q.gstRate)}%` : ''}.`]
          .filter(Boolean)
          .join(' '),
        at: q.revisedAt ?? q.createdAt,
        gstRate: q.gstRate,
      },
      requestedAt: r.createdAt,
      at: now,
    });
    await tx
      .update(requirementQuotes)
      .set({ status: 'accepted', updatedAt: now })
      .where(eq(requirementQuotes.id, q.id));
    await closeQuotes(tx, r, label('notify.label.quoteClosed.anotherAccepted'), now, q.id);
    await tx
      .update(requirements)
      .set({ status: 'accepted', rfqId: created.id, closedAt: now, updatedAt: now })
      .where(eq(requirements.id, r.id));
    await notify(tx, {
      userId: m.userId,
      type: 'requirement_quote_closed',
      ...notice('requirement.quoteAccepted', {
        buyer: buyer.companyName,
        requirement: r.number,
        title: r.title,
        rfq: created.rfqNumber,
      }),
      link: `/dashboard/rfqs/${created.id}`,
    });
    return created;
  });
  return { requirement: await buyerRequirement(deps.db, buyer.id, id), rfqId: rfq.id, rfqNumber: rfq.rfqNumber };
}

export async function closeByBuyer(deps: Deps, buyer: Buyer, id: string, reason: string | undefined) {
  const now = deps.clock();
  await transaction(deps.db, async (tx) => {
    const r = await lockForBuyer(tx, buyer.id, id);
    if (r.status !== 'open') throw conflict(REQUIREMENT_MESSAGES.notOpen);
    const why = reason ?? 'Closed by the buyer';
    await tx
      .update(requirements)
      .set({ status: 'closed', closedReason: why, closedAt: now, updatedAt: now })
      .where(eq(requirements.id, r.id));
    await closeQuotes(tx, r, label('notify.label.quoteClosed.buyerClosed'), now);
  });
  return buyerRequirement(deps.db, buyer.id, id);
}

/** An admin removes a requirement as spam: audited, quotes closed, the buyer told why. */
export async function closeAsSpam(deps: Deps, adminUserId: string, id: string, reason: string) {
  const now = deps.clock();
  await transaction(deps.db, async (tx) => {
    const [r] = await tx.select().from(requirements).where(eq(requirements.id, id)).for('update');
    if (!r) throw notFound('Requirement not found');
    if (r.status === 'removed') throw conflict('This requirement has already been removed.');
    if (r.status === 'accepted')
      throw conflict('This requirement was accepted and is now an RFQ: it cannot be removed.');
    await tx
      .update(requirements)
      .set({ status: 'removed', closedReason: reason, closedAt: now, updatedAt: now })
      .where(eq(requirements.id, r.id));
    await closeQuotes(tx, r, label('notify.label.quoteClosed.removed'), now);
    await audit(tx, {
      actorUserId: adminUserId,
      action: 'requirement.remove',
      entityType: 'requirement',
      entityId: r.id,
      reason,
      before: { status: r.status },
      after: { status: 'removed' },
    });
    const userId = await buyerUserId(tx, r.buyerId);
    if (userId) {
      await notify(tx, {
        userId,
        type: 'requirement_closed',
        ...notice('requirement.removed', { requirement: r.number, title: r.title, reason }),
        link: requirementLinks.buyer(r.id),
      });
    }
  });
  return adminRequirement(deps.db, id);
}

/**
 * Closes every open requirement whose deadline (an IST day) has passed, and tells its buyer and quoting sellers.
 * Idempotent: a second run finds nothing open past its deadline.
 */
export async function expireRequirements(db: Db, now: Date) {
  return transaction(db, async (tx) => {
    const due = await tx
      .update(requirements)
      .set({ status: 'expired', closedReason: 'The deadline passed', closedAt: now, updatedAt: now })
      .where(and(eq(requirements.status, 'open'), lt(requirements.deadline, todayInIndia(now))))
      .returning();
    for (const r of due) {
      await closeQuotes(tx, r, label('notify.label.quoteClosed.deadline'), now);
      const userId = await buyerUserId(tx, r.buyerId);
      if (userId) {
        await notify(tx, {
          userId,
          type: 'requirement_closed',
          ...notice('requirement.closed', { requirement: r.number, title: r.title, deadline: r.deadline }),
          link: requirementLinks.buyer(r.id),
        });
      }
    }
    return due.length;
  });
}
