import type { ApprovalKind, ApprovalStatus } from '@ub/shared';
import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { orders, settlements } from './trade.ts';

/**
 * A refund or payout above the four-eyes amount, waiting for (or decided by) a second admin (migration 0045). Only
 * its approval runs the money command; `result` holds what that command answered (the refund's or the payout's id).
 */
export const moneyApprovals = pgTable(
  'money_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<ApprovalKind>().notNull(),
    status: text('status').$type<ApprovalStatus>().notNull().default('pending'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    settlementId: uuid('settlement_id').references(() => settlements.id, { onDelete: 'cascade' }),
    amountPaise: bigint('amount_paise', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    /** The bank transfer's UTR of a payout marked paid by hand. */
    utr: text('utr'),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionNote: text('decision_note'),
    result: text('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [index('money_approvals_status_idx').on(t.status, t.createdAt)],
);
