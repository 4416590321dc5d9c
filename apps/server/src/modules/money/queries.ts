import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { unmatchedList } from './unmatched.ts';
import {
  buyers,
  commissionCreditNotes,
  commissionInvoices,
  manufacturers,
  orders,
  paymentAttempts,
  refunds,
  sellerEarnings,
  settlements,
} from '../../db/schema/index.ts';
import { monthBounds } from '../tax-documents/gstr1.ts';
import { execRows } from '../trade/common.ts';
import { holdReason } from './escrow.ts';
import { checkLedger, trialBalance } from './ledger.ts';

/** Orders with money in escrow (optionally one seller's), each with why it is held. */
export async function heldOrders(db: Db, now: Date, holdDays: number, manufacturerId?: string) {
  const rows = await execRows<{ order_id: string; manufacturer_id: string; held: string }>(
    db,
    sql`select l.order_id, l.manufacturer_id, (-sum(l.amount_paise))::text as held
        from journal_lines l where l.account = 'escrow' and l.order_id is not null
        ${manufacturerId ? sql`and l.manufacturer_id = ${manufacturerId}` : sql``}
        group by l.order_id, l.manufacturer_id having sum(l.amount_paise) <> 0`,
  );
  const out = [];
  for (const r of rows) {
    const [o] = await db
      .select({ orderNumber: orders.orderNumber, status: orders.status, seller: manufacturers.companyName })
      .from(orders)
      .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
      .where(eq(orders.id, r.order_id));
    out.push({
      orderId: r.order_id,
      manufacturerId: r.manufacturer_id,
      orderNumber: o?.orderNumber ?? '',
      seller: o?.seller ?? '',
      orderStatus: o?.status ?? '',
      heldPaise: Number(r.held),
      reason: (await holdReason(db, r.order_id, now, holdDays)) ?? 'Due for release at the next run',
    });
  }
  return out.sort((a, b) => a.orderNumber.localeCompare(b.orderNumber));
}

/** The seller's Payments page summary: received, held and why, the next settlement, past settlements. */
export async function sellerMoneySummary(db: Db, manufacturerId: string, now: Date, holdDays: number) {
  const [received] = await execRows<{ n: string }>(
    db,
    sql`select coalesce(sum(amount_paise), 0)::text as n from payment_attempts
        where manufacturer_id = ${manufacturerId} and status = 'captured'`,
  );
  const held = await heldOrders(db, now, holdDays, manufacturerId);
  const upcoming = await db
    .select({ e: sellerEarnings, orderNumber: orders.orderNumber })
    .from(sellerEarnings)
    .innerJoin(orders, eq(orders.id, sellerEarnings.orderId))
    .where(and(eq(sellerEarnings.manufacturerId, manufacturerId), isNull(sellerEarnings.settlementId)))
    .orderBy(desc(sellerEarnings.postedAt));
  const past = await db
    .select()
    .from(settlements)
    .where(eq(settlements.manufacturerId, manufacturerId))
    .orderBy(desc(settlements.createdAt))
    .limit(50);
  // Credit notes against these settlements' commission invoices (refunds after release), to download beside them.
  const notes = past.length
    ? await db
        .select({
          id: commissionCreditNotes.id,
          number: commissionCreditNotes.number,
          settlementId: commissionInvoices.settlementId,
        })
        .from(commissionCreditNotes)
        .innerJoin(commissionInvoices, eq(commissionInvoices.id, commissionCreditNotes.invoiceId))
        .where(
          inArray(
            commissionInvoices.settlementId,
            past.map((s) => s.id),
          ),
        )
        .orderBy(asc(commissionCreditNotes.number))
    : [];
  return {
    receivedPaise: Number(received?.n ?? 0),
    heldPaise: held.reduce((s, h) => s + h.heldPaise, 0),
    held,
    nextSettlement: {
      netPaise: upcoming.reduce((s, u) => s + u.e.netPaise, 0),
      lines: upcoming.map(({ e, orderNumber }) => ({
        orderNumber,
        kind: e.kind,
        grossPaise: e.grossPaise,
        commissionPaise: e.commissionPaise,
        gstOnCommissionPaise: e.gstOnCommissionPaise,
        tcsPaise: e.tcsPaise,
        tdsPaise: e.tdsPaise,
        refundsPaise: e.refundsPaise,
        netPaise: e.netPaise,
      })),
    },
    settlements: past.map((s) => ({
      id: s.id,
      settlementNumber: s.settlementNumber,
      commissionInvoiceNumber: s.commissionInvoiceNumber,
      creditNotes: notes.filter((n) => n.settlementId === s.id).map(({ id, number }) => ({ id, number })),
      periodStart: s.periodStart,
      periodEnd: s.periodEnd,
      netPaise: s.netPaise || Math.round(Number(s.amount) * 100),
      status: s.status,
      utr: s.reference,
      paidAt: s.paidAt?.toISOString() ?? null,
    })),
  };
}

/** The admin finance screen: transfers to confirm, refunds, held money per seller, payouts due, the ledger. */
export async function financeOverview(db: Db, now: Date, holdDays: number) {
  const awaiting = await db
    .select({
      a: paymentAttempts,
      orderNumber: orders.orderNumber,
      buyer: buyers.companyName,
      seller: manufacturers.companyName,
    })
    .from(paymentAttempts)
    .innerJoin(orders, eq(orders.id, paymentAttempts.orderId))
    .innerJoin(buyers, eq(buyers.id, paymentAttempts.buyerId))
    .innerJoin(manufacturers, eq(manufacturers.id, paymentAttempts.manufacturerId))
    .where(sql`${paymentAttempts.status} in ('awaiting_confirmation', 'flagged')`)
    .orderBy(desc(paymentAttempts.updatedAt))
    .limit(200);
  const refundRows = await db
    .select({ r: refunds, orderNumber: orders.orderNumber, buyer: buyers.companyName })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .innerJoin(buyers, eq(buyers.id, refunds.buyerId))
    .orderBy(desc(refunds.createdAt))
    .limit(200);
  const held = await heldOrders(db, now, holdDays);
  const bySeller = new Map<string, { seller: string; heldPaise: number; orders: typeof held }>();
  for (const h of held) {
    const s = bySeller.get(h.manufacturerId) ?? { seller: h.seller, heldPaise: 0, orders: [] };
    s.heldPaise += h.heldPaise;
    s.orders.push(h);
    bySeller.set(h.manufacturerId, s);
  }
  const payouts = await db
    .select({ s: settlements, seller: manufacturers.companyName })
    .from(settlements)
    .innerJoin(manufacturers, eq(manufacturers.id, settlements.manufacturerId))
    // Settlements from before the ledger (no net in paise) are not payouts of this flow.
    .where(and(eq(settlements.status, 'pending'), sql`${settlements.netPaise} > 0`))
    .orderBy(desc(settlements.createdAt))
    .limit(200);
  return {
    awaiting: awaiting.map(({ a, ...r }) => ({
      id: a.id,
      reference: a.reference,
      status: a.status,
      orderNumber: r.orderNumber,
      buyer: r.buyer,
      seller: r.seller,
      amountPaise: a.amountPaise,
      utr: a.utr,
      transferMode: a.transferMode,
      flagReason: a.flagReason,
      flaggedPaise: a.flaggedPaise,
      submittedAt: a.updatedAt.toISOString(),
    })),
    refunds: refundRows.map(({ r, orderNumber, buyer }) => ({
      id: r.id,
      refundNumber: r.refundNumber,
      orderNumber,
      buyer,
      provider: r.provider,
      amountPaise: r.amountPaise,
      fromSellerPaise: r.fromSeller,
      reason: r.reason,
      status: r.status,
      utr: r.utr,
      createdAt: r.createdAt.toISOString(),
    })),
    heldBySeller: [...bySeller.entries()].map(([manufacturerId, v]) => ({ manufacturerId, ...v })),
    payouts: payouts.map(({ s, seller }) => ({
      id: s.id,
      settlementNumber: s.settlementNumber,
      seller,
      netPaise: s.netPaise,
      createdAt: s.createdAt.toISOString(),
      payoutStatus: s.payoutStatus,
      providerPayoutId: s.providerPayoutId,
      payoutFailureReason: s.payoutFailureReason,
    })),
    /** Payments for orders we do not know: refunded to the payer automatically ("Refund due" until then). */
    unmatched: await unmatchedList(db),
    ledger: await trialBalance(db),
    check: await checkLedger(db),
  };
}

/**
 * The operator's monthly filing view: per seller (GSTIN, and the PAN inside it), the net taxable value released
 * in the month and the TCS split CGST/SGST/IGST (GSTR-8), and the gross amount with TDS s.194-O. A refund after
 * release counts in its month with the taxable value, TCS and TDS it reversed (negative), as the ledger does.
 */
export async function taxSummary(db: Db, month: string) {
  // The month in IST, as GSTR-8 and the TDS statement count it (operator-returns.ts), so the three agree.
  const { start, end } = monthBounds(month);
  const rows = await execRows<{
    manufacturer_id: string;
    company_name: string;
    gst_number: string;
    taxable: string;
    gross: string;
    tcs_intra: string;
    tcs_inter: string;
    tds: string;
  }>(
    db,
    sql`select m.id as manufacturer_id, m.company_name, m.gst_number,
          sum(e.taxable_paise)::text as taxable, sum(e.gross_paise)::text as gross,
          sum(case when e.tcs_inter_state = 0 then e.tcs_paise else 0 end)::text as tcs_intra,
          sum(case when e.tcs_inter_state = 1 then e.tcs_paise else 0 end)::text as tcs_inter,
          sum(e.tds_paise)::text as tds
        from seller_earnings e join manufacturers m on m.id = e.manufacturer_id
        where e.kind in ('release', 'refund_recovery') and e.posted_at >= ${start.toISOString()}::timestamptz
          and e.posted_at < ${end.toISOString()}::timestamptz
        group by m.id, m.company_name, m.gst_number order by m.company_name`,
  );
  return rows.map((r) => {
    const intra = Number(r.tcs_intra);
    return {
      manufacturerId: r.manufacturer_id,
      seller: r.company_name,
      gstin: r.gst_number,
      pan: r.gst_number.slice(2, 12),
      netTaxablePaise: Number(r.taxable),
      grossPaise: Number(r.gross),
      tcsCgstPaise: Math.floor(intra / 2),
      tcsSgstPaise: intra - Math.floor(intra / 2),
      tcsIgstPaise: Number(r.tcs_inter),
      tdsPaise: Number(r.tds),
    };
  });
}
