import { and, eq } from 'drizzle-orm';
import { DISPUTE_STATUS_LABELS, DISPUTE_TRANSITIONS, type DisputeStatus } from '@ub/shared';
import { buyers, disputes, manufacturers, orders } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { releaseOrderInTx } from '../money/escrow.ts';
import { issueRefundInTx, lockOrder, refundableOf } from '../money/refunds.ts';
import type { Deps } from '../../lib/deps.ts';
import { conflict, isUniqueViolation, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { buyerLinks, notifyBuyer } from '../buyers/notify.ts';
import { label, notice, notify } from '../notifications/notify.ts';
import { notifyAdmins } from '../notifications/notify-admins.ts';
import { toDispute } from './queries.ts';

export const DISPUTE_MESSAGES = {
  alreadyOpen: 'A dispute is already open for this order.',
  cancelledUnpaid: 'This order was cancelled before it was paid: there is nothing to dispute.',
  notYetAtStake: 'This order is not paid and has not shipped yet: cancel it instead of raising a dispute.',
} as const;

/**
 * A buyer raises a dispute on one of their orders. Something must be at stake: money paid, or goods shipped; an
 * unpaid order that has not left the seller can simply be cancelled. One open dispute per order at a time, held by
 * a partial unique index, so simultaneous requests cannot open two; the order row is share-locked meanwhile, so it
 * cannot be cancelled under the check.
 */
export async function raiseDispute(deps: Deps, buyerId: string, orderId: string, reason: string) {
  return transaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({ o: orders, sellerUserId: manufacturers.userId })
      .from(orders)
      .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
      .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
      .limit(1)
      .for('share', { of: orders });
    if (!row) throw notFound('Order not found');
    if (row.o.paymentStatus !== 'paid') {
      if (row.o.status === 'cancelled') throw conflict(DISPUTE_MESSAGES.cancelledUnpaid);
      if (row.o.status === 'pending' || row.o.status === 'processing') throw conflict(DISPUTE_MESSAGES.notYetAtStake);
    }
    const [inserted] = await tx
      .insert(disputes)
      .values({ orderId, manufacturerId: row.o.manufacturerId, buyerId, reason })
      .returning();
    if (!inserted) throw new Error('dispute insert returned nothing');
    await notify(tx, {
      userId: row.sellerUserId,
      type: 'dispute_raised',
      ...notice('dispute.raised', { order: row.o.orderNumber, reason: reason.slice(0, 140) }),
      link: `/dashboard/orders/${orderId}`,
    });
    await notifyBuyer(tx, buyerId, {
      type: 'dispute_update',
      ...notice('dispute.opened', { order: row.o.orderNumber }),
      link: buyerLinks.order(orderId),
    });
    await notifyAdmins(tx, {
      type: 'admin_dispute_raised',
      ...notice('admin.dispute', { order: row.o.orderNumber, reason: reason.slice(0, 140) }),
      link: `/admin/disputes/${inserted.id}`,
    });
    return inserted;
  }).catch((err: unknown) => {
    if (isUniqueViolation(err, 'disputes_one_open_per_order')) throw conflict(DISPUTE_MESSAGES.alreadyOpen);
    throw err;
  });
}

/** Moves a dispute on (resolved is final) and appends the admin's note to its running notes. */
export async function updateDispute(
  deps: Deps,
  actorUserId: string,
  id: string,
  to: DisputeStatus,
  note: string,
  money: { refundPaise?: number | undefined; holdDays?: number } = {},
) {
  return transaction(deps.db, async (tx) => {
    // The order's row first, as every command that may move its money (ADR 0038), then the dispute's.
    const [peek] = await tx.select({ orderId: disputes.orderId }).from(disputes).where(eq(disputes.id, id));
    if (!peek) throw notFound('Dispute not found');
    await lockOrder(tx, peek.orderId);
    const [before] = await tx.select().from(disputes).where(eq(disputes.id, id)).for('update');
    if (!before) throw notFound('Dispute not found');
    if (!DISPUTE_TRANSITIONS[before.status].includes(to)) {
      throw conflict(
        `A dispute that is ${DISPUTE_STATUS_LABELS[before.status]} cannot become ${DISPUTE_STATUS_LABELS[to]}.`,
      );
    }
    const stamped = `[${deps.clock().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${DISPUTE_STATUS_LABELS[to]}] ${note}`;
    const notes = before.notes ? `${before.notes}\n${stamped}` : stamped;
    const [after] = await tx
      .update(disputes)
      .set({ status: to, notes, updatedAt: new Date() })
      .where(eq(disputes.id, id))
      .returning();
    if (!after) throw notFound('Dispute not found');
    // Money follows the decision: for the buyer, a refund (full unless the admin gave an amount); for the seller,
    // the hold ends (released now if delivery and the hold period are behind it, else at the hourly release).
    if (to === 'resolved_buyer') {
      const { refundable } = await refundableOf(tx, after.orderId);
      const amountPaise = money.refundPaise ?? refundable;
      if (amountPaise > 0) {
        await issueRefundInTx(tx, deps, {
          orderId: after.orderId,
          amountPaise,
          reason: `Dispute resolved for the buyer: ${note}`,
        });
      }
    }
    if (to === 'resolved_seller') {
      await releaseOrderInTx(tx, after.orderId, deps.clock(), money.holdDays ?? 7);
    }
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
    await notifyBuyer(tx, after.buyerId, {
      type: 'dispute_update',
      ...notice(to.startsWith('resolved') ? 'dispute.resolved' : 'dispute.updated', {
        order: names?.orderNumber ?? '',
        status: label(`notify.label.disputeStatus.${to}`),
        note: note.slice(0, 200),
      }),
      link: buyerLinks.order(after.orderId),
    });
    return toDispute(after, names ?? { orderNumber: '', buyer: '', manufacturer: '' });
  });
}
