import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { financialYearOf } from '@ub/shared';
import { describe, expect, it } from 'vitest';
import { depsOf } from '../src/lib/deps.ts';
import { transaction } from '../src/lib/transaction.ts';
import {
  type CommissionInvoiceBody,
  nextCommissionInvoiceNumber,
  platformOf,
} from '../src/modules/money/commission-invoice.ts';
import { checkLedger } from '../src/modules/money/ledger.ts';
import { runSettlements } from '../src/modules/money/settlements.ts';
import { call, loginAdmin, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();
const dir = mkdtempSync(join(tmpdir(), 'ub-money-pdf-'));

function pdfText(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const file = join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** A seller with one order paid through the test gateway and delivered `daysAgo` days ago. */
async function deliveredPaidOrder(daysAgo = 8) {
  const s = await tradeSetup(t.app);
  const placed = await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id);
  expect(placed.statusCode, placed.body).toBe(201);
  const orderId = placed.json().id as string;
  const pay = await call(t.app, 'POST', `/api/buyer/orders/${orderId}/pay`, {
    token: s.buyer.token,
    body: { method: 'gateway' },
  });
  expect(pay.statusCode, pay.body).toBe(200);
  const id = (pay.json().checkoutUrl as string).split('/pay/test/')[1]?.split('?')[0] ?? '';
  const ok = await call(t.app, 'POST', `/pay/test/${id}/succeed`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `return=${encodeURIComponent('/buyer/orders/x')}`,
  });
  expect(ok.statusCode).toBe(303);
  await t.app.jobs.drain();
  for (const status of ['processing', 'shipped', 'delivered'] as const) {
    const r = await setStatus(t.app, s.seller.token, orderId, {
      status,
      ...(status === 'shipped' ? { carrier: 'Blue Dart', trackingNumber: 'BD123456789' } : {}),
    });
    expect(r.statusCode, r.body).toBe(200);
  }
  await t.database.query(
    `update order_events set created_at = now() - ($2::int * interval '1 day') where order_id = $1 and to_status = 'delivered'`,
    [orderId, daysAgo],
  );
  return { ...s, orderId };
}

/** What the ledger posted to commission and GST on commission for a settlement's orders (credits, as positive). */
async function ledgerCommission(settlementId: string) {
  const [row] = await t.database.query<{ commission: string; gst: string }>(
    `select coalesce(-sum(l.amount_paise) filter (where l.account = 'commission'), 0)::text as commission,
            coalesce(-sum(l.amount_paise) filter (where l.account = 'gst_on_commission'), 0)::text as gst
       from journal_lines l join journal_entries e on e.id = l.entry_id
      where e.kind = 'release'
        and l.order_id in (select order_id from seller_earnings where settlement_id = $1)`,
    [settlementId],
  );
  return { commission: Number(row?.commission), gst: Number(row?.gst) };
}

describe('settlement statement and commission invoice', () => {
  it('gives the seller and the admin the statement as PDF with every figure, and no one else', async () => {
    const s = await deliveredPaidOrder();
    const { token } = await loginAdmin(t.app);
    const run = await call(t.app, 'POST', '/api/admin/settlements/generate', {
      token,
      body: { manufacturerId: s.seller.manufacturer.id },
    });
    expect(run.json().created, run.body).toBe(1);
    const id = run.json().settlementIds[0] as string;
    const st = (await call(t.app, 'GET', `/api/admin/settlements/${id}/statement`, { token })).json();
    const mine = await call(t.app, 'GET', `/api/payments/settlements/${id}/statement.pdf`, { token: s.seller.token });
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['content-disposition']).toContain(`${st.settlementNumber}.pdf`);
    const text = pdfText(mine.rawPayload);
    const inr = (p: number) => new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2 }).format(p / 100);
    expect(text).toContain(st.settlementNumber);
    expect(text).toContain(st.lines[0].orderNumber);
    expect(text).toContain(st.seller.gstNumber);
    for (const k of ['grossPaise', 'commissionPaise', 'gstOnCommissionPaise', 'tcsPaise', 'tdsPaise', 'netPaise']) {
      expect(text).toContain(inr(st.totals[k]));
    }
    expect(text).toContain('Opening balance');
    expect(text).toContain(`₹ ${inr(st.closingPaise)}`);
    const admin = await call(t.app, 'GET', `/api/admin/settlements/${id}/statement.pdf`, { token });
    expect(admin.statusCode).toBe(200);
    expect(pdfText(admin.rawPayload)).toContain(st.settlementNumber);
    // Another seller sees neither the statement nor the invoice.
    const other = await tradeSetup(t.app);
    const theirs = await call(t.app, 'GET', `/api/payments/settlements/${id}/statement.pdf`, {
      token: other.seller.token,
    });
    expect(theirs.statusCode).toBe(404);
    const theirInvoice = await call(t.app, 'GET', `/api/payments/settlements/${id}/commission-invoice.pdf`, {
      token: other.seller.token,
    });
    expect(theirInvoice.statusCode).toBe(404);
  });

  it("issues the platform's commission invoice with the settlement, equal to the ledger to the paisa", async () => {
    const s = await deliveredPaidOrder();
    const { token } = await loginAdmin(t.app);
    const run = await call(t.app, 'POST', '/api/admin/settlements/generate', {
      token,
      body: { manufacturerId: s.seller.manufacturer.id },
    });
    const id = run.json().settlementIds[0] as string;
    const [inv] = await t.database.query<{
      number: string;
      supply_type: string;
      taxable_paise: string;
      cgst_paise: string;
      sgst_paise: string;
      igst_paise: string;
      total_paise: string;
      body: CommissionInvoiceBody;
    }>('select * from commission_invoices where settlement_id = $1', [id]);
    expect(inv).toBeDefined();
    if (!inv) return;
    const fy = financialYearOf(new Date()).replace(/^20(\d\d)-(\d\d)$/, '$1$2');
    expect(inv.number).toMatch(new RegExp(`^PLC/${fy}/\\d{5}$`));
    const [settlement] = await t.database.query<{ commission_invoice_number: string }>(
      'select commission_invoice_number from settlements where id = $1',
      [id],
    );
    expect(settlement?.commission_invoice_number).toBe(inv.number);
    const ledger = await ledgerCommission(id);
    expect(ledger.commission).toBeGreaterThan(0);
    expect(Number(inv.taxable_paise)).toBe(ledger.commission);
    expect(Number(inv.cgst_paise) + Number(inv.sgst_paise) + Number(inv.igst_paise)).toBe(ledger.gst);
    expect(Number(inv.total_paise)).toBe(ledger.commission + ledger.gst);
    // The seller (GSTIN 27, Maharashtra) is in the platform's state (27): CGST + SGST, half each.
    expect(inv.supply_type).toBe('intra');
    expect(Number(inv.igst_paise)).toBe(0);
    expect(Math.abs(Number(inv.cgst_paise) - Number(inv.sgst_paise))).toBeLessThanOrEqual(1);
    expect(inv.body.supplier.gstin).toBe(t.app.config.platformGstin);
    expect(inv.body.recipient.gstin).toBe('27AAPFU0939F1ZV');
    expect(inv.body.lines.map((l) => l.gstRate)).toEqual([18]);

    const pdf = await call(t.app, 'GET', `/api/payments/settlements/${id}/commission-invoice.pdf`, {
      token: s.seller.token,
    });
    expect(pdf.statusCode, pdf.body).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Tax Invoice');
    expect(text).toContain(inv.number);
    expect(text).toContain(t.app.config.platformGstin ?? 'no GSTIN');
    expect(text).toContain('CGST');
    const admin = await call(t.app, 'GET', `/api/admin/settlements/${id}/commission-invoice.pdf`, { token });
    expect(admin.statusCode).toBe(200);
    // Frozen: the seller's later change of name does not change the issued invoice.
    await t.database.query(`update manufacturers set company_name = 'Renamed Pvt Ltd' where id = $1`, [
      s.seller.manufacturer.id,
    ]);
    expect(
      pdfText((await call(t.app, 'GET', `/api/admin/settlements/${id}/commission-invoice.pdf`, { token })).rawPayload),
    ).not.toContain('Renamed');
    const summary = (await call(t.app, 'GET', '/api/payments/summary', { token: s.seller.token })).json();
    expect(summary.settlements[0].commissionInvoiceNumber).toBe(inv.number);
    expect((await checkLedger(t.app.db)).ok).toBe(true);
  });

  it('charges IGST when the platform is registered in another state than the seller', async () => {
    const s = await deliveredPaidOrder();
    const karnataka = { ...platformOf(t.app.config), gstin: '29AACCU7431K1ZY' };
    const deps = depsOf(t.app);
    const [created] = await runSettlements(deps, {
      holdDays: 7,
      platform: karnataka,
      manufacturerId: s.seller.manufacturer.id,
    });
    expect(created).toBeDefined();
    const [inv] = await t.database.query<{ supply_type: string; igst_paise: string; cgst_paise: string }>(
      'select supply_type, igst_paise, cgst_paise from commission_invoices where settlement_id = $1',
      [created?.id],
    );
    expect(inv?.supply_type).toBe('inter');
    expect(Number(inv?.cgst_paise)).toBe(0);
    expect(Number(inv?.igst_paise)).toBe((await ledgerCommission(created?.id ?? '')).gst);
  });

  it('numbers concurrent settlements consecutively, each number once', async () => {
    const sellers = [];
    for (let i = 0; i < 3; i++) sellers.push(await deliveredPaidOrder());
    const [before] = await t.database.query<{ n: number }>(
      'select coalesce(max(last_number), 0)::int as n from commission_invoice_counters where financial_year = $1',
      [financialYearOf(new Date())],
    );
    const deps = depsOf(t.app);
    const platform = platformOf(t.app.config);
    const runs = await Promise.all(
      sellers.map((s) => runSettlements(deps, { holdDays: 7, platform, manufacturerId: s.seller.manufacturer.id })),
    );
    const ids = runs.flat().map((r) => r.id);
    expect(ids).toHaveLength(3);
    const rows = await t.database.query<{ number: string }>(
      'select number from commission_invoices where settlement_id = any($1::uuid[]) order by number',
      [ids],
    );
    const n = rows.map((r) => Number(r.number.split('/')[2]));
    const start = before?.n ?? 0;
    expect(n).toEqual([start + 1, start + 2, start + 3]);
  });

  it('leaves no gap when an issue rolls back, and never gives a number twice', async () => {
    const at = new Date('2031-06-01T10:00:00Z');
    const results = await Promise.allSettled(
      Array.from({ length: 9 }, (_, i) =>
        transaction(t.app.db, async (tx) => {
          const { number } = await nextCommissionInvoiceNumber(tx, at);
          if (i % 3 === 2) throw new Error('roll back');
          return number;
        }),
      ),
    );
    const numbers = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(results.filter((r) => r.status === 'rejected')).toHaveLength(3);
    expect([...numbers].sort()).toEqual(
      Array.from({ length: 6 }, (_, i) => `PLC/3132/${String(i + 1).padStart(5, '0')}`),
    );
  });

  // Last in the file: it changes the platform's commission for the orders released after it.
  it('takes the per-category commission the admin saved (audited), and refuses one out of range', async () => {
    const { token, user } = await loginAdmin(t.app);
    const bad = await call(t.app, 'PUT', '/api/admin/finance/commission', {
      token,
      body: { defaultPercent: 5, categories: { toys: 60 } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toContain('at most 50 %');
    expect((await call(t.app, 'GET', '/api/admin/finance/rates', { token })).json().commission.categories).toEqual({});
    const saved = await call(t.app, 'PUT', '/api/admin/finance/commission', {
      token,
      body: { defaultPercent: 5, categories: { Toys: 7.25 } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [entry] = await t.database.query<{ actor_user_id: string; after: string }>(
      "select actor_user_id, after from audit_log where action = 'settings.commission' order by created_at desc limit 1",
    );
    expect(entry?.actor_user_id).toBe(user.id);
    expect(JSON.parse(entry?.after ?? '{}').categories).toEqual({ toys: 7.25 });
    const s = await deliveredPaidOrder();
    const [created] = await runSettlements(depsOf(t.app), {
      holdDays: 7,
      platform: platformOf(t.app.config),
      manufacturerId: s.seller.manufacturer.id,
    });
    const [e] = await t.database.query<{ taxable_paise: string; commission_paise: string }>(
      'select taxable_paise, commission_paise from seller_earnings where settlement_id = $1',
      [created?.id],
    );
    expect(Number(e?.commission_paise)).toBe(Math.round(Number(e?.taxable_paise) * 0.0725));
  });
});
