import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { journalEntries, journalLines } from '../../db/schema/index.ts';
import { execRows } from '../trade/common.ts';

/** The accounts of the ledger (seeded by the migration into ledger_accounts). */
export const ACCOUNTS = [
  'buyer_payments',
  'escrow',
  'seller_payable',
  'settlements_payable',
  'refunds_payable',
  'commission',
  'gst_on_commission',
  'tcs_payable',
  'tds_payable',
  'unmatched',
] as const;
export type Account = (typeof ACCOUNTS)[number];

export interface LedgerLine {
  account: Account;
  /** Debit positive, credit negative, integer paise. */
  amountPaise: number;
  orderId?: string | null;
  manufacturerId?: string | null;
}

export interface Posting {
  /** The business event's idempotency key (e.g. `capture:<attempt id>`): the same key posts at most once. */
  key: string;
  kind:
    | 'capture'
    | 'refund'
    | 'refund_paid'
    | 'release'
    | 'settlement'
    | 'payout'
    | 'flagged_refund'
    | 'unmatched'
    | 'unmatched_refund';
  orderId?: string | null;
  manufacturerId?: string | null;
  memo: string;
  at: Date;
  lines: LedgerLine[];
}

export class UnbalancedEntryError extends Error {}

/**
 * Posts one balanced journal entry in `tx`, the transaction of the business change it records. Lines of zero are
 * dropped; a non-integer amount or lines that do not sum to zero throw (nothing is written). Returns false when an
 * entry with the same key exists already (the event was posted before: a redelivery, a retry).
 */
export async function post(tx: Db, p: Posting): Promise<boolean> {
  const lines = p.lines.filter((l) => l.amountPaise !== 0);
  for (const l of lines) {
    if (!Number.isSafeInteger(l.amountPaise)) throw new UnbalancedEntryError(`${p.key}: ${l.account} not whole paise`);
  }
  const sum = lines.reduce((s, l) => s + l.amountPaise, 0);
  if (sum !== 0 || lines.length < 2) throw new UnbalancedEntryError(`${p.key}: entry does not balance (${sum})`);
  const [entry] = await tx
    .insert(journalEntries)
    .values({
      key: p.key,
      kind: p.kind,
      orderId: p.orderId ?? null,
      manufacturerId: p.manufacturerId ?? null,
      memo: p.memo,
      postedAt: p.at,
    })
    .onConflictDoNothing({ target: journalEntries.key })
    .returning({ id: journalEntries.id });
  if (!entry) return false;
  await tx.insert(journalLines).values(
    lines.map((l) => ({
      entryId: entry.id,
      account: l.account,
      orderId: l.orderId ?? p.orderId ?? null,
      manufacturerId: l.manufacturerId ?? p.manufacturerId ?? null,
      amountPaise: l.amountPaise,
    })),
  );
  return true;
}

/** Debit-positive balance of an account, optionally for one order or one seller. */
export async function balance(
  db: Db,
  account: Account,
  filter: { orderId?: string; manufacturerId?: string } = {},
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${journalLines.amountPaise}), 0)` })
    .from(journalLines)
    .where(
      and(
        eq(journalLines.account, account),
        filter.orderId ? eq(journalLines.orderId, filter.orderId) : undefined,
        filter.manufacturerId ? eq(journalLines.manufacturerId, filter.manufacturerId) : undefined,
      ),
    );
  return Number(row?.n ?? 0);
}

/** Money held in escrow for an order (escrow is a credit-side account: held = minus its balance). */
export const heldForOrder = async (db: Db, orderId: string) => 0 - (await balance(db, 'escrow', { orderId })) || 0;

/** Every account's balance (debit positive). */
export async function trialBalance(db: Db): Promise<Record<Account, number>> {
  const rows = await db
    .select({ account: journalLines.account, n: sql<string>`sum(${journalLines.amountPaise})` })
    .from(journalLines)
    .groupBy(journalLines.account);
  const out = Object.fromEntries(ACCOUNTS.map((a) => [a, 0])) as Record<Account, number>;
  for (const r of rows) out[r.account as Account] = Number(r.n);
  return out;
}

/** Totals of the flows the invariant speaks of, in paise, from the entries themselves. */
export async function flowTotals(db: Db) {
  const rows = await execRows<{ kind: string; account: string; n: string }>(
    db,
    sql`select e.kind, l.account, sum(l.amount_paise)::text as n
        from journal_lines l join journal_entries e on e.id = l.entry_id group by e.kind, l.account`,
  );
  const get = (kind: string, account: string) =>
    Number(rows.find((r) => r.kind === kind && r.account === account)?.n ?? 0);
  const tb = await trialBalance(db);
  return {
    received: get('capture', 'buyer_payments'),
    paidOut: get('payout', 'settlements_payable'),
    refunded: -get('refund', 'refunds_payable'),
    commission: -tb.commission,
    gstOnCommission: -tb.gst_on_commission,
    tcs: -tb.tcs_payable,
    tds: -tb.tds_payable,
    held: -(tb.escrow + tb.seller_payable + tb.settlements_payable),
    tb,
  };
}

export interface LedgerCheck {
  ok: boolean;
  total: number;
  unbalancedEntries: string[];
  brokenOrders: Array<{ orderId: string; problem: string }>;
}

/**
 * The scheduled proof: every entry and the whole ledger sum to zero, no order's escrow is negative, a cancelled
 * order holds nothing, and each order's trail closes (captured = refunded from escrow + released + still held).
 */
export async function checkLedger(db: Db): Promise<LedgerCheck> {
  const [total] = await execRows<{ n: string }>(
    db,
    sql`select coalesce(sum(amount_paise), 0)::text as n from journal_lines`,
  );
  const unbalanced = await execRows<{ id: string }>(
    db,
    sql`select entry_id as id from journal_lines group by entry_id having sum(amount_paise) <> 0`,
  );
  const orderRows = await execRows<{
    order_id: string;
    status: string;
    captured: string;
    refunded: string;
    released: string;
    held: string;
  }>(
    db,
    sql`select l.order_id, o.status,
          coalesce(sum(case when e.kind = 'capture' and l.account = 'escrow' then -l.amount_paise end), 0)::text as captured,
          coalesce(sum(case when e.kind = 'refund' and l.account = 'escrow' then l.amount_paise end), 0)::text as refunded,
          coalesce(sum(case when e.kind = 'release' and l.account = 'escrow' then l.amount_paise end), 0)::text as released,
          coalesce(sum(case when l.account = 'escrow' then -l.amount_paise end), 0)::text as held
        from journal_lines l join journal_entries e on e.id = l.entry_id
        left join orders o on o.id = l.order_id
        where l.order_id is not null
        group by l.order_id, o.status`,
  );
  const brokenOrders: LedgerCheck['brokenOrders'] = [];
  for (const r of orderRows) {
    const [c, f, rel, h] = [r.captured, r.refunded, r.released, r.held].map(Number) as [number, number, number, number];
    if (h < 0) brokenOrders.push({ orderId: r.order_id, problem: `escrow negative (${h})` });
    else if (c !== f + rel + h)
      brokenOrders.push({ orderId: r.order_id, problem: `trail open: ${c} ≠ ${f}+${rel}+${h}` });
    else if (r.status === 'cancelled' && h !== 0) {
      brokenOrders.push({ orderId: r.order_id, problem: `cancelled order still holds ${h}` });
    }
  }
  const t = Number(total?.n ?? 0);
  return {
    ok: t === 0 && unbalanced.length === 0 && brokenOrders.length === 0,
    total: t,
    unbalancedEntries: unbalanced.map((u) => u.id),
    brokenOrders,
  };
}
