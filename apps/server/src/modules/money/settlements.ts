import type { SettlementStatementView } from '@ub/shared';
import { formatInr } from '@ub/shared/format';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { journalEntries, manufacturers, orders, sellerEarnings, settlements } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { UTR_HELP, utrMode } from '@ub/shared';
import { transaction } from '../../lib/transaction.ts';
import { notice, notify } from '../notifications/notify.ts';
import { execRows, fromPaise, nextNumber } from '../trade/common.ts';
import {
  commissionCreditNotesOfSettlement,
  invoiceableCommission,
  issueCommissionInvoiceInTx,
  nextCommissionInvoiceNumber,
  type PlatformIdentity,
} from './commission-invoice.ts';
import { DAY_MS, releaseDue } from './escrow.ts';
import { balance, post } from './ledger.ts';

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The settlement run (weekly job, Monday 02:00 IST, and the admin's action): releases what is due first, then
 * settles each seller's released, unsettled earnings (refund recoveries as negative lines) into one settlement
 * with its statement figures, and the platform's commission tax invoice to the seller (from `platform`) issued in the
 * same transaction. A seller whose lines net to zero or less is carried to the next run. `manufacturerId` limits
 * the run to one seller. A second run finds nothing new.
 */
export async function runSettlements(
  deps: Deps,
  opts: {
    holdDays: number;
    platform: PlatformIdentity;
    manufacturerId?: string;
    actorUserId?: string | null;
    /** The period's end: lines posted after it wait for the next run (the weekly schedule's slot). Default: now. */
    until?: Date;
  },
) {
  await releaseDue(deps, {
    holdDays: opts.holdDays,
    ...(opts.manufacturerId ? { manufacturerId: opts.manufacturerId } : {}),
  });
  // Taken after the release above, whose lines are posted at the clock's now: they belong to this run.
  const until = opts.until ?? deps.clock();
  const sellers = await deps.db
    .selectDistinct({ id: sellerEarnings.manufacturerId })
    .from(sellerEarnings)
    .where(
      and(
        isNull(sellerEarnings.settlementId),
        lte(sellerEarnings.postedAt, until),
        opts.manufacturerId ? eq(sellerEarnings.manufacturerId, opts.manufacturerId) : undefined,
      ),
    );
  const created: Array<typeof settlements.$inferSelect> = [];
  for (const s of sellers) {
    const one = await transaction(deps.db, (tx) =>
      settleSellerInTx(tx, deps, s.id, opts.platform, opts.actorUserId ?? null, until),
    );
    if (one) created.push(one);
  }
  return created;
}

async function settleSellerInTx(
  tx: Db,
  deps: Deps,
  manufacturerId: string,
  platform: PlatformIdentity,
  actorUserId: string | null,
  until: Date,
) {
  // The seller's row serialises their settlements; a release or a refund committing meanwhile adds a line this run
  // did not read, which stays for the next run: only the lines summed here are marked settled (by id).
  const [m] = await tx.select().from(manufacturers).where(eq(manufacturers.id, manufacturerId)).for('update');
  if (!m) return null;
  const lines = await tx
    .select()
    .from(sellerEarnings)
    .where(
      and(
        eq(sellerEarnings.manufacturerId, manufacturerId),
        isNull(sellerEarnings.settlementId),
        lte(sellerEarnings.postedAt, until),
      ),
    )
    .orderBy(asc(sellerEarnings.postedAt));
  if (!lines.length) return null;
  const sum = (k: keyof (typeof lines)[number]) => lines.reduce((s, l) => s + Number(l[k]), 0);
  const net = sum('netPaise');
  if (net <= 0) return null;
  const now = deps.clock();
  // Opening: settled but not yet paid out to this seller; closing adds this run's net.
  const opening = -(await balance(tx, 'settlements_payable', { manufacturerId }));
  const first = lines[0]?.postedAt ?? now;
  const invoice = invoiceableCommission(lines).length ? await nextCommissionInvoiceNumber(tx, now) : null;
  const [s] = await tx
    .insert(settlements)
    .values({
      settlementNumber: await nextNumber(tx, 'STL', now),
      manufacturerId,
      periodStart: day(first),
      periodEnd: day(until),
      amount: fromPaise(net),
      grossPaise: sum('grossPaise'),
      commissionPaise: sum('commissionPaise'),
      gstOnCommissionPaise: sum('gstOnCommissionPaise'),
      tcsPaise: sum('tcsPaise'),
      tdsPaise: sum('tdsPaise'),
      refundsPaise: sum('refundsPaise'),
      netPaise: net,
      openingPaise: opening,
      closingPaise: opening + net,
      commissionInvoiceNumber: invoice?.number ?? null,
      createdAt: now,
    })
    .returning();
  if (!s) throw new Error('settlement insert returned nothing');
  const marked = await tx
    .update(sellerEarnings)
    .set({ settlementId: s.id })
    .where(
      and(
        inArray(
          sellerEarnings.id,
          lines.map((l) => l.id),
        ),
        isNull(sellerEarnings.settlementId),
      ),
    )
    .returning({ id: sellerEarnings.id });
  if (marked.length !== lines.length) throw new Error(`settlement ${s.settlementNumber}: lines changed under the lock`);
  if (invoice) await issueCommissionInvoiceInTx(tx, { settlementId: s.id, ...invoice, platform, at: now });
  await post(tx, {
    key: `settlement:${s.id}`,
    kind: 'settlement',
    manufacturerId,
    memo: `Settlement ${s.settlementNumber}`,
    at: now,
    lines: [
      { account: 'seller_payable', amountPaise: net },
      { account: 'settlements_payable', amountPaise: -net },
    ],
  });
  await audit(tx, {
    actorUserId,
    action: 'settlement.generate',
    entityType: 'settlement',
    entityId: s.id,
    after: { manufacturerId, netPaise: net, periodStart: s.periodStart, periodEnd: s.periodEnd },
  });
  await notify(tx, {
    userId: m.userId,
    type: 'settlement_ready',
    ...notice('settlement.ready', { settlement: s.settlementNumber, amount: formatInr(net / 100) }),
    link: '/dashboard/payments',
  });
  return s;
}

/** How many times a settlement's payout came back from the bank (each reversal is its own ledger entry). */
export async function payoutReversals(db: Db, id: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(journalEntries)
    .where(sql`${journalEntries.key} like ${`payout-reversal:${id}:%`}`);
  return Number(row?.n ?? 0);
}

/** The admin paid a settlement by bank transfer and enters the UTR: money leaves the platform; the seller is told. */
export async function markPayoutPaid(deps: Deps, actorUserId: string | null, id: string, rawUtr: string) {
  const parsed = utrMode(rawUtr);
  if (!parsed) throw badRequest(UTR_HELP, { reference: UTR_HELP });
  const utr = parsed.utr;
  return transaction(deps.db, async (tx) => {
    const [s] = await tx.select().from(settlements).where(eq(settlements.id, id)).for('update');
    // Paid by hand while RazorpayX may be paying it too would pay the seller twice: its outcome comes first.
    if (s?.status === 'pending' && (s.payoutStatus === 'requested' || s.payoutStatus === 'processing')) {
      throw conflict(
        `A RazorpayX payout of ${s.settlementNumber} is under way: wait for its outcome before recording a bank transfer.`,
      );
    }
    return markPayoutPaidInTx(tx, deps, actorUserId, id, utr);
  });
}

/**
 * Records a settlement's payout in `tx` (the admin's UTR, or RazorpayX's payout.processed). A payout made again
 * after the bank returned one posts under a new key, so the ledger carries each payout that happened.
 */
export async function markPayoutPaidInTx(
  tx: Db,
  deps: Pick<Deps, 'clock'>,
  actorUserId: string | null,
  id: string,
  utr: string,
) {
  const [before] = await tx.select().from(settlements).where(eq(settlements.id, id)).for('update');
  if (!before) throw notFound('Settlement not found');
  if (before.status === 'paid') throw conflict('This settlement is already paid.');
  const now = deps.clock();
  const [after] = await tx
    .update(settlements)
    .set({ status: 'paid', reference: utr, paidAt: now })
    .where(eq(settlements.id, id))
    .returning();
  if (!after) throw notFound('Settlement not found');
  // Settlements from before the ledger (net 0 in paise) move no ledger money.
  if (before.netPaise > 0) {
    const reversals = await payoutReversals(tx, id);
    await post(tx, {
      key: reversals ? `payout:${id}:${reversals}` : `payout:${id}`,
      kind: 'payout',
      manufacturerId: before.manufacturerId,
      memo: `Payout of settlement ${before.settlementNumber}, UTR ${utr}`,
      at: now,
      lines: [
        { account: 'settlements_payable', amountPaise: before.netPaise },
        { account: 'buyer_payments', amountPaise: -before.netPaise },
      ],
    });
  }
  await audit(tx, {
    actorUserId,
    action: 'settlement.paid',
    entityType: 'settlement',
    entityId: id,
    reason: utr,
    before: { status: before.status, reference: before.reference },
    after: { status: after.status, reference: after.reference },
  });
  const [m] = await tx.select().from(manufacturers).where(eq(manufacturers.id, after.manufacturerId));
  if (!m) throw notFound('Settlement not found');
  await notify(tx, {
    userId: m.userId,
    type: 'settlement_paid',
    ...notice('settlement.paid', {
      amount: formatInr(after.amount),
      from: after.periodStart,
      to: after.periodEnd,
      utr,
    }),
    link: '/dashboard/payments',
  });
  return { after, companyName: m.companyName };
}

/** One settlement's statement: header figures and a line per order (refund recoveries negative). */
export async function settlementStatement(
  db: Db,
  id: string,
  manufacturerId?: string,
): Promise<SettlementStatementView> {
  const [row] = await db
    .select({ s: settlements, m: manufacturers })
    .from(settlements)
    .innerJoin(manufacturers, eq(manufacturers.id, settlements.manufacturerId))
    .where(and(eq(settlements.id, id), manufacturerId ? eq(settlements.manufacturerId, manufacturerId) : undefined));
  if (!row) throw notFound('Settlement not found');
  const lines = await db
    .select({ e: sellerEarnings, orderNumber: orders.orderNumber })
    .from(sellerEarnings)
    .innerJoin(orders, eq(orders.id, sellerEarnings.orderId))
    .where(eq(sellerEarnings.settlementId, id))
    .orderBy(asc(sellerEarnings.postedAt));
  const { s, m } = row;
  const notes = s.commissionInvoiceNumber ? await commissionCreditNotesOfSettlement(db, s.id) : [];
  return {
    id: s.id,
    settlementNumber: s.settlementNumber,
    commissionInvoiceNumber: s.commissionInvoiceNumber,
    creditNotes: notes.map((n) => ({ ...n, issuedAt: n.issuedAt.toISOString() })),
    seller: { id: m.id, companyName: m.companyName, gstNumber: m.gstNumber, state: m.state },
    periodStart: s.periodStart,
    periodEnd: s.periodEnd,
    status: s.status,
    utr: s.reference,
    paidAt: s.paidAt?.toISOString() ?? null,
    createdAt: s.createdAt.toISOString(),
    openingPaise: s.openingPaise,
    closingPaise: s.closingPaise,
    totals: {
      grossPaise: s.grossPaise,
      commissionPaise: s.commissionPaise,
      gstOnCommissionPaise: s.gstOnCommissionPaise,
      tcsPaise: s.tcsPaise,
      tdsPaise: s.tdsPaise,
      refundsPaise: s.refundsPaise,
      netPaise: s.netPaise,
    },
    lines: lines.map(({ e, orderNumber }) => ({
      orderId: e.orderId,
      orderNumber,
      kind: e.kind as 'release' | 'refund_recovery',
      postedAt: e.postedAt.toISOString(),
      grossPaise: e.grossPaise,
      commissionPaise: e.commissionPaise,
      gstOnCommissionPaise: e.gstOnCommissionPaise,
      tcsPaise: e.tcsPaise,
      tdsPaise: e.tdsPaise,
      refundsPaise: e.refundsPaise,
      netPaise: e.netPaise,
    })),
  };
}
export type SettlementStatement = SettlementStatementView;

const rupees = (p: number) => fromPaise(p);
const csvCell = (v: string) => (/[",\n]/.test(v) || /^[=+\-@]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export function statementCsv(st: SettlementStatement): string {
  const head = ['Order', 'Kind', 'Date', 'Gross', 'Commission', 'GST on commission', 'TCS', 'TDS', 'Refunds', 'Net'];
  const rows = st.lines.map((l) => [
    l.orderNumber,
    l.kind === 'release' ? 'Order' : 'Refund recovered',
    l.postedAt.slice(0, 10),
    rupees(l.grossPaise),
    rupees(l.commissionPaise),
    rupees(l.gstOnCommissionPaise),
    rupees(l.tcsPaise),
    rupees(l.tdsPaise),
    rupees(l.refundsPaise),
    rupees(l.netPaise),
  ]);
  const t = st.totals;
  rows.push([
    'Total',
    '',
    '',
    rupees(t.grossPaise),
    rupees(t.commissionPaise),
    rupees(t.gstOnCommissionPaise),
    rupees(t.tcsPaise),
    rupees(t.tdsPaise),
    rupees(t.refundsPaise),
    rupees(t.netPaise),
  ]);
  const meta = [
    ['Settlement', st.settlementNumber],
    ['Seller', st.seller.companyName],
    ['GSTIN', st.seller.gstNumber],
    ['Period', `${st.periodStart} to ${st.periodEnd}`],
    ['Opening balance', rupees(st.openingPaise)],
    ['Closing balance', rupees(st.closingPaise)],
  ];
  return `${[...meta, [], head, ...rows].map((r) => r.map((c) => csvCell(String(c))).join(',')).join('\n')}\n`;
}

/** The bank's payout file: one row per unpaid settlement not under way at RazorpayX (seller, account, IFSC, amount, reference). */
export async function payoutFileCsv(db: Db) {
  const rows = await db
    .select({ s: settlements, m: manufacturers })
    .from(settlements)
    .innerJoin(manufacturers, eq(manufacturers.id, settlements.manufacturerId))
    .where(
      and(
        eq(settlements.status, 'pending'),
        sql`${settlements.netPaise} > 0`,
        // A payout RazorpayX is making is not for the bank file too.
        sql`coalesce(${settlements.payoutStatus}::text, '') not in ('requested', 'processing')`,
      ),
    )
    .orderBy(asc(settlements.createdAt));
  const head = ['Beneficiary name', 'Account number', 'IFSC', 'Amount', 'Reference', 'Seller'];
  const body = rows.map(({ s, m }) => [
    m.accountHolderName ?? m.companyName,
    m.accountNumber ?? '',
    m.ifscCode ?? '',
    fromPaise(s.netPaise),
    s.settlementNumber,
    m.companyName,
  ]);
  return `${[head, ...body].map((r) => r.map((c) => csvCell(String(c))).join(',')).join('\n')}\n`;
}

/**
 * Why a settlement run found nothing (more) to settle, for the admin's "Run settlements now": paid orders still
 * awaiting delivery, delivered ones in their hold (with the first release date), ones held by an open dispute, and
 * sellers whose unsettled lines net to zero or less (carried to the next run).
 */
export async function whyNotDue(db: Db, now: Date, holdDays: number, manufacturerId?: string) {
  const cutoff = new Date(now.getTime() - holdDays * DAY_MS);
  const seller = manufacturerId ? sql`and o.manufacturer_id = ${manufacturerId}` : sql``;
  const [held] = await execRows<{
    awaiting_delivery: number;
    disputed: number;
    in_hold: number;
    first_release: Date | string | null;
  }>(
    db,
    sql`with paid as (
          select o.id, o.status,
                 (select max(e.created_at) from order_events e where e.order_id = o.id and e.to_status = 'delivered') as delivered_at,
                 exists (select 1 from disputes d where d.order_id = o.id and d.status in ('open', 'under_review')) as disputed
            from orders o
           where o.payment_status = 'paid' and o.status <> 'cancelled' ${seller}
             and not exists (select 1 from seller_earnings s where s.order_id = o.id and s.kind = 'release'))
        select count(*) filter (where status <> 'delivered' and not disputed)::int as awaiting_delivery,
               count(*) filter (where disputed)::int as disputed,
               count(*) filter (where status = 'delivered' and not disputed and delivered_at > ${cutoff})::int as in_hold,
               min(delivered_at) filter (where status = 'delivered' and not disputed and delivered_at > ${cutoff}) as first_release
          from paid`,
  );
  const [carried] = await execRows<{ sellers: number }>(
    db,
    sql`select count(*)::int as sellers from (
          select manufacturer_id from seller_earnings
           where settlement_id is null ${manufacturerId ? sql`and manufacturer_id = ${manufacturerId}` : sql``}
           group by manufacturer_id having sum(net_paise) <= 0) c`,
  );
  const first = held?.first_release ? new Date(new Date(held.first_release).getTime() + holdDays * DAY_MS) : null;
  return {
    awaitingDelivery: Number(held?.awaiting_delivery ?? 0),
    inHold: Number(held?.in_hold ?? 0),
    firstReleaseOn: first ? first.toISOString() : null,
    disputed: Number(held?.disputed ?? 0),
    carriedSellers: Number(carried?.sellers ?? 0),
  };
}
