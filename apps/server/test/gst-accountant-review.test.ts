/**
 * Issue 29, a chartered accountant's findings on the GST documents: each defect has a test here that failed before
 * its fix.
 */
import { gstHeads, gstStateCodeOf } from '@ub/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PLATFORM_GSTIN } from '../src/config.ts';
import { buyers } from '../src/db/schema/index.ts';
import { transaction } from '../src/lib/transaction.ts';
import { issueCommissionInvoiceInTx, platformOf } from '../src/modules/money/commission-invoice.ts';
import { issueCreditNote, nextTaxNumber } from '../src/modules/tax-documents/commands.ts';
import type { FrozenDocument, FrozenLine } from '../src/modules/tax-documents/types.ts';
import { createProduct, makeGstin } from '../src/seed/factories.ts';
import { call, createBuyerSession, loginSeller, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();

type Setup = Awaited<ReturnType<typeof tradeSetup>>;

/** An order of `quantity` shipped to `state` for a buyer registered there; answers its id and invoice. */
async function shipped(s: Setup, state: string, quantity = 1) {
  await t.app.db
    .update(buyers)
    .set({ gstNumber: makeGstin(gstStateCodeOf(state)), state })
    .where(eq(buyers.id, s.buyer.buyer.id));
  const placed = await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, quantity, state);
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().id as string;
  await setStatus(t.app, s.seller.token, id, { status: 'processing' });
  const res = await setStatus(t.app, s.seller.token, id, {
    status: 'shipped',
    carrier: 'BlueDart',
    trackingNumber: 'B1',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id, invoiceNumber: res.json().invoiceNumber as string };
}

async function documentsOf(orderId: string) {
  const rows = await t.database.query<{ kind: string; body: FrozenDocument }>(
    'select kind, body from tax_documents where order_id = $1 order by issued_at, number',
    [orderId],
  );
  return rows;
}

function expectEqualHeads(
  lines: Array<Pick<FrozenLine, 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'taxablePaise' | 'totalPaise'>>,
) {
  for (const l of lines) {
    expect(l.cgstPaise).toBe(l.sgstPaise);
    expect(l.igstPaise).toBe(0);
    expect(l.taxablePaise + l.cgstPaise + l.sgstPaise).toBe(l.totalPaise);
  }
}

describe('CGST and SGST are equal on every document (the half computed once)', () => {
  it('splits an odd tax into two equal heads, rounded as the half rate on the taxable value rounds', () => {
    // Rs 14,560.50 at 18 %: 2,620.89 of tax; 9 % is 1,310.445, so each head is 1,310.45.
    expect(gstHeads(262_089, 'intra', { taxablePaise: 1_456_050, ratePercent: 18 })).toEqual({
      cgst: 131_045,
      sgst: 131_045,
      igst: 0,
    });
    // 1,801 paise of tax on 10,005 paise at 18 %: 9 % is 900.45 paise, so each head is 900.
    expect(gstHeads(1801, 'intra', { taxablePaise: 10_005, ratePercent: 18 })).toEqual({
      cgst: 900,
      sgst: 900,
      igst: 0,
    });
    expect(gstHeads(1800, 'intra')).toEqual({ cgst: 900, sgst: 900, igst: 0 });
    expect(gstHeads(1801, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 1801 });
    expect(gstHeads(-1801, 'intra', { taxablePaise: -10_005, ratePercent: 18 })).toEqual({
      cgst: -900,
      sgst: -900,
      igst: 0,
    });
  });

  it('gives the invoice, a partial credit note and a debit note equal CGST and SGST on an odd tax', async () => {
    const s = await tradeSetup(t.app, { price: '14560.50', moq: 1, gstPercentage: '18', hsnCode: '84314390' });
    const { id } = await shipped(s, 'Maharashtra');
    const clock = () => new Date();
    await transaction(t.app.db, (tx) =>
      issueCreditNote(tx, { clock }, { orderId: id, amountPaise: 333_333, reason: 'Short supply' }),
    );
    const debit = await call(t.app, 'POST', `/api/orders/${id}/debit-notes`, {
      token: s.seller.token,
      body: { amount: '100.05', reason: 'Price revised for alloy grade' },
    });
    expect(debit.statusCode, debit.body).toBe(201);
    const docs = await documentsOf(id);
    expect(docs.map((d) => d.kind)).toEqual(['invoice', 'credit_note', 'debit_note']);
    const [invoice, credit] = docs;
    expect(invoice?.body.totals).toMatchObject({ cgstPaise: 131_045, sgstPaise: 131_045, taxablePaise: 1_456_050 });
    // A credit note is for the amount refunded, to the paisa.
    expect(credit?.body.totals.totalPaise).toBe(333_333);
    for (const d of docs) {
      expectEqualHeads(d.body.lines);
      expectEqualHeads([d.body.totals]);
    }
  });

  it("gives the platform's commission invoice equal CGST and SGST on lines of odd GST", async () => {
    const seller = await loginSeller(t.app, { gstNumber: makeGstin('27') });
    expect(DEMO_PLATFORM_GSTIN.slice(0, 2)).toBe('27');
    const buyer = await createBuyerSession(t.app);
    const product = await createProduct(t.app.db, seller.manufacturer.id, { price: '100.00', moq: 1, stock: 100 });
    const [settlement] = await t.database.query<{ id: string }>(
      `insert into settlements (settlement_number, manufacturer_id, period_start, period_end, amount)
       values ('SET-HEADS-1', $1, '2026-11-01', '2026-11-30', '100.00') returning id`,
      [seller.manufacturer.id],
    );
    // Two orders whose GST on commission is odd (18 % of Rs 123.51 is 22.2318; of Rs 100.05, 18.009).
    for (const [commission, gst] of [
      [12_351, 2_223],
      [10_005, 1_801],
    ] as const) {
      const order = await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 1);
      await t.database.query(
        `insert into seller_earnings (manufacturer_id, order_id, kind, gross_paise, taxable_paise, commission_paise,
           gst_on_commission_paise, tcs_paise, tds_paise, refunds_paise, net_paise, settlement_id, posted_at)
         values ($1, $2, 'release', 100000, 100000, $3, $4, 0, 0, 0, $5, $6, '2026-11-10T10:00:00Z')`,
        [seller.manufacturer.id, order.json().id, commission, gst, 100_000 - commission - gst, settlement?.id],
      );
    }
    await issueCommissionInvoiceInTx(t.app.db, {
      settlementId: settlement?.id as string,
      number: 'PLC/2627/00001',
      financialYear: '2026-27',
      platform: platformOf(t.app.config),
      at: new Date('2026-11-12T10:00:00Z'),
    });
    const [row] = await t.database.query<{ body: { lines: FrozenLine[]; totals: FrozenLine } }>(
      "select body from commission_invoices where number = 'PLC/2627/00001'",
    );
    for (const l of row?.body.lines ?? []) expect(l.cgstPaise).toBe(l.sgstPaise);
    expect(row?.body.totals.cgstPaise).toBe(row?.body.totals.sgstPaise);
  });
});

describe('document series', () => {
  it('starts a new count for a new prefix when a series reaches 99,999, and the full one stays full', async () => {
    const { seller } = await tradeSetup(t.app);
    const mid = seller.manufacturer.id;
    const at = new Date('2026-11-20T10:00:00Z');
    const next = () => transaction(t.app.db, async (tx) => (await nextTaxNumber(tx, mid, 'invoice', at)).number);
    expect(await next()).toBe('INV/2627/00001');
    await t.database.query(
      "update tax_document_counters set last_number = 99998 where manufacturer_id = $1 and kind = 'invoice'",
      [mid],
    );
    expect(await next()).toBe('INV/2627/99999');
    await expect(next()).rejects.toThrow('This series is full');
    const settings = (invoicePrefix: string) =>
      call(t.app, 'PUT', '/api/settings/tax', {
        token: seller.token,
        body: { invoicePrefix, creditNotePrefix: 'CN', debitNotePrefix: 'DN', einvoiceApplies: false },
      });
    expect((await settings('GI')).statusCode).toBe(200);
    expect(await next()).toBe('GI/2627/00001');
    expect(await next()).toBe('GI/2627/00002');
    // Back to the full prefix: its count goes on from where it stopped, so no number is issued twice.
    expect((await settings('INV')).statusCode).toBe(200);
    await expect(next()).rejects.toThrow('This series is full');
    // Other kinds keep their own counts.
    const cn = await transaction(t.app.db, async (tx) => (await nextTaxNumber(tx, mid, 'credit_note', at)).number);
    expect(cn).toBe('CN/2627/00001');
  });
});
