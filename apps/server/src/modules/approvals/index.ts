import {
  type AdminRole,
  type ApprovalItem,
  type ApprovalKind,
  type ApprovalStatus,
  DEFAULT_FOUR_EYES_ABOVE_PAISE,
  type FourEyesSettings,
  formatInr,
  fourEyesSettingsSchema,
  MONEY_ROLES,
} from '@ub/shared';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  buyers,
  manufacturers,
  moneyApprovals,
  orders,
  settlements,
  siteSettings,
  users,
} from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import type { PayoutProvider } from '../payments/providers/types.ts';
import { startProviderPayout } from '../money/provider-payouts.ts';
import { issueRefund } from '../money/refunds.ts';
import { markPayoutPaid } from '../money/settlements.ts';
import { label, notice, notify } from '../notifications/notify.ts';

/**
 * Four eyes (issue 28): a refund or payout above the site's amount is recorded as a request; another finance admin
 * or owner approves it (which runs the money command, once) or rejects it (nothing moves). Both steps are audited and
 * the other money admins, then the requester, are told. The money commands themselves are the money module's.
 */

const KEY = 'four-eyes';

export async function getFourEyes(db: Db): Promise<FourEyesSettings> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, KEY));
  if (row) {
    try {
      const parsed = fourEyesSettingsSchema.safeParse(JSON.parse(row.value));
      if (parsed.success) return parsed.data;
    } catch {
      // A stored value that no longer parses falls back to the default.
    }
  }
  return { fourEyesAbovePaise: DEFAULT_FOUR_EYES_ABOVE_PAISE };
}

export async function saveFourEyes(db: Db, actorUserId: string, next: FourEyesSettings): Promise<FourEyesSettings> {
  return transaction(db, async (tx) => {
    const before = await getFourEyes(tx);
    const value = JSON.stringify(fourEyesSettingsSchema.parse(next));
    await tx
      .insert(siteSettings)
      .values({ key: KEY, value })
      .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
    await audit(tx, {
      actorUserId,
      action: 'settings.four_eyes',
      entityType: 'site_settings',
      entityId: KEY,
      before,
      after: next,
    });
    return next;
  });
}

/** True when `amountPaise` needs a second admin: strictly above the site's amount. */
export async function needsSecondAdmin(db: Db, amountPaise: number): Promise<boolean> {
  return amountPaise > (await getFourEyes(db)).fourEyesAbovePaise;
}

/** A pending settlement whose payout (its net) is above the four-eyes amount, else undefined. */
export async function payoutNeedingApproval(db: Db, settlementId: string) {
  const [s] = await db
    .select({ netPaise: settlements.netPaise, status: settlements.status })
    .from(settlements)
    .where(eq(settlements.id, settlementId));
  if (s?.status !== 'pending') return undefined;
  return (await needsSecondAdmin(db, s.netPaise)) ? s : undefined;
}

type Subject = { orderId: string } | { settlementId: string };
export interface ApprovalRequest {
  kind: ApprovalKind;
  subject: Subject;
  amountPaise: number;
  reason: string;
  utr?: string;
}

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');

function selectItems(db: Db) {
  return db
    .select({
      a: moneyApprovals,
      orderNumber: orders.orderNumber,
      buyer: buyers.companyName,
      settlementNumber: settlements.settlementNumber,
      seller: manufacturers.companyName,
      requesterName: requester.fullName,
      deciderName: decider.fullName,
    })
    .from(moneyApprovals)
    .leftJoin(orders, eq(orders.id, moneyApprovals.orderId))
    .leftJoin(buyers, eq(buyers.id, orders.buyerId))
    .leftJoin(settlements, eq(settlements.id, moneyApprovals.settlementId))
    .leftJoin(manufacturers, eq(manufacturers.id, settlements.manufacturerId))
    .leftJoin(requester, eq(requester.id, moneyApprovals.requestedBy))
    .leftJoin(decider, eq(decider.id, moneyApprovals.decidedBy));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectItems>['execute']>>[number];

const toItem = (r: Row): ApprovalItem => ({
  id: r.a.id,
  kind: r.a.kind,
  status: r.a.status,
  amountPaise: r.a.amountPaise,
  subject: r.orderNumber ?? r.settlementNumber ?? '',
  party: r.buyer ?? r.seller ?? '',
  reason: r.a.reason,
  requestedBy: { id: r.a.requestedBy, name: r.requesterName },
  decidedBy: r.a.decidedBy || r.a.decidedAt ? { id: r.a.decidedBy, name: r.deciderName } : null,
  decisionNote: r.a.decisionNote,
  createdAt: r.a.createdAt.toISOString(),
  decidedAt: r.a.decidedAt?.toISOString() ?? null,
});

async function itemById(db: Db, id: string): Promise<ApprovalItem> {
  const [row] = await selectItems(db).where(eq(moneyApprovals.id, id));
  if (!row) throw notFound('Approval not found');
  return toItem(row);
}

export async function listApprovals(db: Db, status: ApprovalStatus): Promise<ApprovalItem[]> {
  const rows = await selectItems(db)
    .where(eq(moneyApprovals.status, status))
    .orderBy(status === 'pending' ? asc(moneyApprovals.createdAt) : desc(moneyApprovals.decidedAt))
    .limit(100);
  return rows.map(toItem);
}

/** The other active money admins (finance, owner): who can approve a request of `exceptUserId`. */
async function approversOf(tx: Db, exceptUserId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'admin'),
        eq(users.isActive, true),
        inArray(users.adminRole, [...MONEY_ROLES] as AdminRole[]),
        ne(users.id, exceptUserId),
      ),
    );
  return rows.map((r) => r.id);
}

/** What is asked, said in the reader's language. */
const kindLabel = (kind: ApprovalKind) => label(`admin.kinds.${kind}`);

/** Records a money command for a second admin; the other money admins are told. */
export async function requestApproval(deps: Deps, actorUserId: string, input: ApprovalRequest): Promise<ApprovalItem> {
  const id = await transaction(deps.db, async (tx) => {
    if ('settlementId' in input.subject) {
      const [s] = await tx
        .select({ status: settlements.status })
        .from(settlements)
        .where(eq(settlements.id, input.subject.settlementId))
        .for('update');
      if (!s) throw notFound('Settlement not found');
      if (s.status === 'paid') throw conflict('This settlement is already paid.');
      const [waiting] = await tx
        .select({ id: moneyApprovals.id })
        .from(moneyApprovals)
        .where(and(eq(moneyApprovals.settlementId, input.subject.settlementId), eq(moneyApprovals.status, 'pending')));
      if (waiting) throw conflict("This settlement's payout is already waiting for a second admin's approval.");
    } else {
      const [o] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, input.subject.orderId));
      if (!o) throw notFound('Order not found');
    }
    const [row] = await tx
      .insert(moneyApprovals)
      .values({
        kind: input.kind,
        orderId: 'orderId' in input.subject ? input.subject.orderId : null,
        settlementId: 'settlementId' in input.subject ? input.subject.settlementId : null,
        amountPaise: input.amountPaise,
        reason: input.reason,
        utr: input.utr ?? null,
        requestedBy: actorUserId,
      })
      .returning({ id: moneyApprovals.id });
    if (!row) throw new Error('approval insert returned nothing');
    await audit(tx, {
      actorUserId,
      action: 'approval.request',
      entityType: 'money_approval',
      entityId: row.id,
      reason: input.reason,
      after: { kind: input.kind, ...input.subject, amountPaise: input.amountPaise, utr: input.utr ?? null },
    });
    const item = await itemById(tx, row.id);
    for (const userId of await approversOf(tx, actorUserId)) {
      await notify(tx, {
        userId,
        type: 'admin_payment_review',
        ...notice('approval.requested', {
          what: kindLabel(input.kind),
          amount: formatInr(input.amountPaise / 100),
          subject: item.subject,
          party: item.party,
          by: item.requestedBy.name ?? '',
        }),
        link: '/admin/finance',
      });
    }
    return row.id;
  });
  return itemById(deps.db, id);
}

/** Locks a pending approval and checks that `actorUserId` is a second admin, not its requester. */
async function lockPending(tx: Db, actorUserId: string, id: string) {
  const [a] = await tx.select().from(moneyApprovals).where(eq(moneyApprovals.id, id)).for('update');
  if (!a) throw notFound('Approval not found');
  if (a.status !== 'pending') throw conflict('This request has already been decided.');
  if (a.requestedBy === actorUserId) {
    throw forbidden('You asked for this yourself: another finance admin or owner must approve or reject it.');
  }
  return a;
}

export interface MoneyCommands {
  payouts: PayoutProvider;
}

/**
 * A second admin approves: in one transaction the request is locked, the money command runs (its own transaction
 * becomes a savepoint of this one) and the request is marked approved, so the money moves once however many admins
 * approve at the same moment; a command that refuses (409) leaves the request pending.
 */
export async function approveRequest(
  deps: Deps,
  commands: MoneyCommands,
  actorUserId: string,
  id: string,
  note?: string,
): Promise<ApprovalItem> {
  await transaction(deps.db, async (tx) => {
    const a = await lockPending(tx, actorUserId, id);
    const inTx: Deps = { ...deps, db: tx };
    let result: string;
    if (a.kind === 'refund') {
      if (!a.orderId) throw notFound('Order not found');
      const r = await issueRefund(inTx, { orderId: a.orderId, amountPaise: a.amountPaise, reason: a.reason });
      if (!r) throw conflict('This order has no captured payment to refund.');
      await audit(tx, {
        actorUserId,
        action: 'refund.issue',
        entityType: 'order',
        entityId: a.orderId,
        reason: a.reason,
        after: { refundId: r.id, amountPaise: r.amountPaise, approvalId: a.id, requestedBy: a.requestedBy },
      });
      result = r.id;
    } else if (a.kind === 'payout_paid') {
      if (!a.settlementId || !a.utr) throw notFound('Settlement not found');
      const paid = await markPayoutPaid(inTx, actorUserId, a.settlementId, a.utr);
      result = paid.after.id;
    } else {
      if (!a.settlementId) throw notFound('Settlement not found');
      const started = await startProviderPayout(inTx, commands.payouts, actorUserId, a.settlementId);
      result = started.id;
    }
    const now = deps.clock();
    await tx
      .update(moneyApprovals)
      .set({ status: 'approved', decidedBy: actorUserId, decidedAt: now, decisionNote: note ?? null, result })
      .where(eq(moneyApprovals.id, a.id));
    await audit(tx, {
      actorUserId,
      action: 'approval.approve',
      entityType: 'money_approval',
      entityId: a.id,
      reason: note ?? null,
      before: { status: 'pending', requestedBy: a.requestedBy },
      after: { status: 'approved', kind: a.kind, amountPaise: a.amountPaise, result },
    });
    await tellRequester(tx, a, 'approval.approved');
  });
  return itemById(deps.db, id);
}

/** A second admin rejects: nothing moves; the requester is told why. */
export async function rejectRequest(deps: Deps, actorUserId: string, id: string, note: string): Promise<ApprovalItem> {
  await transaction(deps.db, async (tx) => {
    const a = await lockPending(tx, actorUserId, id);
    await tx
      .update(moneyApprovals)
      .set({ status: 'rejected', decidedBy: actorUserId, decidedAt: deps.clock(), decisionNote: note })
      .where(eq(moneyApprovals.id, a.id));
    await audit(tx, {
      actorUserId,
      action: 'approval.reject',
      entityType: 'money_approval',
      entityId: a.id,
      reason: note,
      before: { status: 'pending', requestedBy: a.requestedBy },
      after: { status: 'rejected', kind: a.kind, amountPaise: a.amountPaise },
    });
    await tellRequester(tx, a, 'approval.rejected', note);
  });
  return itemById(deps.db, id);
}

async function tellRequester(
  tx: Db,
  a: typeof moneyApprovals.$inferSelect,
  key: 'approval.approved' | 'approval.rejected',
  note?: string,
) {
  if (!a.requestedBy) return;
  const item = await itemById(tx, a.id);
  await notify(tx, {
    userId: a.requestedBy,
    type: 'admin_payment_review',
    ...notice(key, {
      what: kindLabel(a.kind),
      amount: formatInr(a.amountPaise / 100),
      subject: item.subject,
      party: item.party,
      note: note ?? '',
    }),
    link: '/admin/finance',
  });
}
