import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { depsOf } from '../src/lib/deps.ts';
import { balance, checkLedger, trialBalance } from '../src/modules/money/ledger.ts';
import { issueRefund } from '../src/modules/money/refunds.ts';
import { call, loginAdmin, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

/**
 * A refund that reaches money already released to the seller takes back the refunded share of the commission, GST
 * on it, TCS and TDS withheld at release (the seller is not charged twice), and, when the commission was invoiced
 * already, the platform issues a credit note against its commission invoice.
 */
const t = useTestApp();
const dir = mkdtempSync(join(tmpdir(), 'ub-money-cn-'));

function pdfText(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const file = join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

type Setup = Awaited<ReturnType<typeof tradeSetup>>;

/** One more order of the seller (`quantity` units), paid through the test gateway and delivered 8 days ago (past the hold). */
async function paidDelivered(s: Setup, quantity = 10): Promise<string> {
  const placed = await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, quantity);
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
    `update order_events set created_at = now() - interval '8 days' where order_id = $1 and to_status = 'delivered'`,
    [orderId],
  );
  return orderId;
}

interface Earning {
  kind: string;
  gross: number;
  taxable: number;
  commission: number;
  gst: number;
  tcs: number;
  tds: number;
  refunds: number;
  net: number;
  settlement_id: string | null;
}
async function earnings(orderId: string): Promise<Earning[]> {
  const rows = await t.database.query<Record<string, string | null>>(
    `select kind, gross_paise::text as gross, taxable_paise::text as taxable, commission_paise::text as commission,
            gst_on_commission_paise::text as gst, tcs_paise::text as tcs, tds_paise::text as tds,
            refunds_paise::text as refunds, net_paise::text as net, settlement_id
       from seller_earnings where order_id = $1 order by posted_at, kind desc`,
    [orderId],
  );
  return rows.map((r) => ({
    kind: r.kind as string,
    gross: Number(r.gross),
    taxable: Number(r.taxable),
    commission: Number(r.commission),
    gst: Number(r.gst),
    tcs: Number(r.tcs),
    tds: Number(r.tds),
    refunds: Number(r.refunds),
    net: Number(r.net),
    settlement_id: r.settlement_id ?? null,
  }));
}

async function ledgerOk() {
  const check = await checkLedger(t.app.db);
  expect(check, JSON.stringify(check)).toMatchObject({ ok: true, total: 0 });
  const tb = await trialBalance(t.app.db);
  expect(Object.values(tb).reduce((a, b) => a + b, 0)).toBe(0);
}

/** What the order still carries on each withholding account (credits as positive). */
async function withheldOn(orderId: string) {
  return {
    commission: -(await balance(t.app.db, 'commission', { orderId })) || 0,
    gst: -(await balance(t.app.db, 'gst_on_commission', { orderId })) || 0,
    tcs: -(await balance(t.app.db, 'tcs_payable', { orderId })) || 0,
    tds: -(await balance(t.app.db, 'tds_payable', { orderId })) || 0,
  };
}

async function settle(token: string, manufacturerId: string) {
  const r = await call(t.app, 'POST', '/api/admin/settlements/generate', { token, body: { manufacturerId } });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { created: number; settlementIds: string[] };
}

async function refund(token: string, orderId: string, amountPaise: number, reason: string) {
  const r = await call(t.app, 'POST', `/api/admin/orders/${orderId}/refund`, { token, body: { amountPaise, reason } });
  expect(r.statusCode, r.body).toBe(200);
  await t.app.jobs.drain();
}

async function creditNotes(orderId: string) {
  return t.database.query<{
    id: string;
    number: string;
    taxable_paise: string;
    cgst_paise: string;
    sgst_paise: string;
    igst_paise: string;
    total_paise: string;
    reason: string;
    body: { invoiceNumber: string; orderNumber: string; refundNumber: string; supplyType: string };
  }>('select * from commission_credit_notes where order_id = $1 order by number', [orderId]);
}

/** The commission the invoice of `settlementId` carries for `orderNumber` (0 when it has no line for it). */
async function invoicedCommission(settlementId: string, orderNumber: string) {
  const [inv] = await t.database.query<{ body: { lines: Array<{ orderNumber: string; taxablePaise: number }> } }>(
    'select body from commission_invoices where settlement_id = $1',
    [settlementId],
  );
  return inv?.body.lines.find((l) => l.orderNumber === orderNumber)?.taxablePaise ?? 0;
}

describe('a refund after release', () => {
  it('in full: reverses every withholding, credit-notes the invoiced commission, and the next settlement nets it', async () => {
    const s = await tradeSetup(t.app);
    const { token } = await loginAdmin(t.app);
    const first = await paidDelivered(s);
    const s1 = await settle(token, s.seller.manufacturer.id);
    expect(s1.created).toBe(1);
    const [rel] = await earnings(first);
    expect(rel?.kind).toBe('release');
    if (!rel) return;
    expect(rel.commission).toBeGreaterThan(0);
    const [st1] = await t.database.query<{ commission_invoice_number: string; settlement_number: string }>(
      'select commission_invoice_number, settlement_number from settlements where id = $1',
      [s1.settlementIds[0]],
    );
    const [o] = await t.database.query<{ order_number: string }>('select order_number from orders where id = $1', [
      first,
    ]);
    const orderNumber = o?.order_number ?? '';
    const invoiced = await invoicedCommission(s1.settlementIds[0] ?? '', orderNumber);
    expect(invoiced).toBe(rel.commission);

    // The whole order comes back: all of it was released to the seller.
    await refund(token, first, rel.gross, 'Goods returned unused');
    await ledgerOk();
    expect(await withheldOn(first)).toEqual({ commission: 0, gst: 0, tcs: 0, tds: 0 });
    const [, back] = await earnings(first);
    expect(back).toMatchObject({
      kind: 'refund_recovery',
      taxable: -rel.taxable,
      commission: -rel.commission,
      gst: -rel.gst,
      tcs: -rel.tcs,
      tds: -rel.tds,
      refunds: rel.gross,
      net: -rel.net,
      settlement_id: null,
    });

    // A credit note against the commission invoice for exactly what the ledger reversed.
    const [cn, ...more] = await creditNotes(first);
    expect(more).toEqual([]);
    expect(cn?.number).toMatch(/^PLCN\/\d{4}\/\d{5}$/);
    expect(cn?.body.invoiceNumber).toBe(st1?.commission_invoice_number);
    expect(cn?.body.orderNumber).toBe(orderNumber);
    expect(cn?.reason).toBe('Goods returned unused');
    expect(Number(cn?.taxable_paise)).toBe(rel.commission);
    expect(Number(cn?.cgst_paise) + Number(cn?.sgst_paise) + Number(cn?.igst_paise)).toBe(rel.gst);
    expect(Number(cn?.total_paise)).toBe(rel.commission + rel.gst);
    // Commission invoiced less commission credit-noted = commission on the net sale (nothing was sold).
    expect(invoiced - Number(cn?.taxable_paise)).toBe(0);

    // The seller and the admin download it; another seller does not.
    const mine = await call(
      t.app,
      'GET',
      `/api/payments/settlements/${s1.settlementIds[0]}/commission-credit-notes/${cn?.id}`,
      { token: s.seller.token },
    );
    expect(mine.statusCode, mine.body).toBe(200);
    const text = pdfText(mine.rawPayload);
    expect(text).toContain('Credit Note');
    expect(text).toContain(cn?.number ?? 'x');
    expect(text).toContain(st1?.commission_invoice_number ?? 'x');
    expect(text).toContain('Goods returned unused');
    const admin = await call(
      t.app,
      'GET',
      `/api/admin/settlements/${s1.settlementIds[0]}/commission-credit-notes/${cn?.id}`,
      { token },
    );
    expect(admin.statusCode).toBe(200);
    const other = await tradeSetup(t.app);
    const theirs = await call(
      t.app,
      'GET',
      `/api/payments/settlements/${s1.settlementIds[0]}/commission-credit-notes/${cn?.id}`,
      { token: other.seller.token },
    );
    expect(theirs.statusCode).toBe(404);
    const summary = (await call(t.app, 'GET', '/api/payments/summary', { token: s.seller.token })).json();
    expect(summary.nextSettlement.netPaise).toBe(-rel.net);
    expect(summary.settlements[0].creditNotes).toEqual([{ id: cn?.id, number: cn?.number }]);
    const view = (
      await call(t.app, 'GET', `/api/admin/settlements/${s1.settlementIds[0]}/statement`, { token })
    ).json();
    expect(view.creditNotes.map((n: { number: string }) => n.number)).toEqual([cn?.number]);

    // The next settlement: a second order's release less the first one's recovery, the invoice only the new order.
    const second = await paidDelivered(s, 25);
    const s2 = await settle(token, s.seller.manufacturer.id);
    expect(s2.created).toBe(1);
    const [rel2] = await earnings(second);
    const st2 = (await call(t.app, 'GET', `/api/admin/settlements/${s2.settlementIds[0]}/statement`, { token })).json();
    expect(st2.totals.netPaise).toBe((rel2?.net ?? 0) - rel.net);
    expect(st2.totals.commissionPaise).toBe((rel2?.commission ?? 0) - rel.commission);
    const line = st2.lines.find((l: { kind: string }) => l.kind === 'refund_recovery');
    expect(line).toMatchObject({ commissionPaise: -rel.commission, tdsPaise: -rel.tds, netPaise: -rel.net });
    expect(await invoicedCommission(s2.settlementIds[0] ?? '', orderNumber)).toBe(0);
    const [inv2] = await t.database.query<{ taxable_paise: string }>(
      'select taxable_paise from commission_invoices where settlement_id = $1',
      [s2.settlementIds[0]],
    );
    expect(Number(inv2?.taxable_paise)).toBe(rel2?.commission);
    await ledgerOk();
  });

  it('in part: reverses the refunded share, credit-notes it, and the next settlement nets the rest', async () => {
    const s = await tradeSetup(t.app);
    const { token } = await loginAdmin(t.app);
    const first = await paidDelivered(s);
    const s1 = await settle(token, s.seller.manufacturer.id);
    const [rel] = await earnings(first);
    if (!rel) throw new Error('no release');
    const [o] = await t.database.query<{ order_number: string }>('select order_number from orders where id = $1', [
      first,
    ]);
    const invoiced = await invoicedCommission(s1.settlementIds[0] ?? '', o?.order_number ?? '');
    // A quarter of the order comes back.
    const part = Math.round(rel.gross / 4);
    await refund(token, first, part, 'Two units damaged');
    await ledgerOk();
    const share = (n: number) => Math.round((n * part) / rel.gross);
    const [, back] = await earnings(first);
    const reversed = share(rel.commission) + share(rel.gst) + share(rel.tcs) + share(rel.tds);
    expect(back).toMatchObject({
      kind: 'refund_recovery',
      commission: -share(rel.commission),
      gst: -share(rel.gst),
      tcs: -share(rel.tcs),
      tds: -share(rel.tds),
      refunds: part,
      net: reversed - part,
    });
    expect(await withheldOn(first)).toEqual({
      commission: rel.commission - share(rel.commission),
      gst: rel.gst - share(rel.gst),
      tcs: rel.tcs - share(rel.tcs),
      tds: rel.tds - share(rel.tds),
    });
    const [cn] = await creditNotes(first);
    expect(Number(cn?.taxable_paise)).toBe(share(rel.commission));
    expect(Number(cn?.total_paise)).toBe(share(rel.commission) + share(rel.gst));
    // Commission invoiced less credit-noted = what the ledger keeps as commission on the net sale.
    expect(invoiced - Number(cn?.taxable_paise)).toBe((await withheldOn(first)).commission);
    // The month's TCS and TDS the operator files count the reversal, as the ledger does.
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const tax = (await call(t.app, 'GET', `/api/admin/finance/tax-summary?month=${month}`, { token })).json();
    const mine = tax.rows.find((r: { manufacturerId: string }) => r.manufacturerId === s.seller.manufacturer.id);
    expect(mine.tcsIgstPaise + mine.tcsCgstPaise + mine.tcsSgstPaise).toBe((await withheldOn(first)).tcs);
    expect(mine.tdsPaise).toBe((await withheldOn(first)).tds);
    expect(mine.netTaxablePaise).toBe(rel.taxable - share(rel.taxable));

    // The rest comes back later: the two reversals add up to exactly what was withheld, two credit notes.
    await refund(token, first, rel.gross - part, 'The rest returned');
    await ledgerOk();
    expect(await withheldOn(first)).toEqual({ commission: 0, gst: 0, tcs: 0, tds: 0 });
    const notes = await creditNotes(first);
    expect(notes).toHaveLength(2);
    expect(notes.reduce((a, n) => a + Number(n.taxable_paise), 0)).toBe(invoiced);
    const nums = notes.map((n) => Number(n.number.split('/')[2]));
    expect(nums[1]).toBe((nums[0] ?? 0) + 1);

    const second = await paidDelivered(s, 25);
    const s2 = await settle(token, s.seller.manufacturer.id);
    const [rel2] = await earnings(second);
    const st2 = (await call(t.app, 'GET', `/api/admin/settlements/${s2.settlementIds[0]}/statement`, { token })).json();
    expect(st2.totals.netPaise).toBe((rel2?.net ?? 0) - rel.net);
    expect(st2.totals.refundsPaise).toBe(rel.gross);
  });

  it('before the commission is invoiced: no credit note, the settlement invoices the commission net of it', async () => {
    const s = await tradeSetup(t.app);
    const { token } = await loginAdmin(t.app);
    const first = await paidDelivered(s);
    // Released by the hourly job, not settled yet.
    const { releaseDue } = await import('../src/modules/money/escrow.ts');
    expect(
      await releaseDue(
        { db: t.app.db, clock: () => new Date() },
        { holdDays: 7, manufacturerId: s.seller.manufacturer.id },
      ),
    ).toBe(1);
    const [rel] = await earnings(first);
    if (!rel) throw new Error('no release');
    const part = Math.round(rel.gross / 2);
    await refund(token, first, part, 'Half returned');
    await ledgerOk();
    expect(await creditNotes(first)).toEqual([]);
    const share = (n: number) => Math.round((n * part) / rel.gross);
    const s1 = await settle(token, s.seller.manufacturer.id);
    expect(s1.created).toBe(1);
    const [o] = await t.database.query<{ order_number: string }>('select order_number from orders where id = $1', [
      first,
    ]);
    const invoiced = await invoicedCommission(s1.settlementIds[0] ?? '', o?.order_number ?? '');
    expect(invoiced).toBe(rel.commission - share(rel.commission));
    expect(invoiced).toBe((await withheldOn(first)).commission);
    const st = (await call(t.app, 'GET', `/api/admin/settlements/${s1.settlementIds[0]}/statement`, { token })).json();
    expect(st.totals.netPaise).toBe(
      rel.net - (part - (share(rel.commission) + share(rel.gst) + share(rel.tcs) + share(rel.tds))),
    );
    expect(st.totals.commissionPaise).toBe(invoiced);
  });

  it("leaves the month's GSTR-8 equal to the ledger: TCS reversed, the value returned counted as returns", async () => {
    const { token } = await loginAdmin(t.app);
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const r = await call(t.app, 'GET', `/api/admin/finance/gstr8?month=${month}`, { token });
    expect(r.statusCode, r.body).toBe(200);
    const rows = r.json().tcs as Array<{
      supU: number;
      retsupU: number;
      supR: number;
      retsupR: number;
      amt: number;
      iamt: number;
      camt: number;
      samt: number;
    }>;
    const p = (rupees: number) => Math.round(rupees * 100);
    const tcs = rows.reduce((a, x) => a + p(x.iamt) + p(x.camt) + p(x.samt), 0);
    expect(tcs).toBe(-(await balance(t.app.db, 'tcs_payable')));
    const [earned] = await t.database.query<{ taxable: string }>(
      `select sum(taxable_paise)::text as taxable from seller_earnings where kind in ('release', 'refund_recovery')`,
    );
    expect(rows.reduce((a, x) => a + p(x.amt), 0)).toBe(Number(earned?.taxable));
    for (const x of rows) expect(p(x.supR) + p(x.supU) - p(x.retsupR) - p(x.retsupU)).toBe(p(x.amt));
  });

  it("in a later month: that GSTR-8 shows only the return (no supply counted again) and the TCS reversed, the platform's GSTR-1 the credit note", async () => {
    const s = await tradeSetup(t.app);
    const { token } = await loginAdmin(t.app);
    const first = await paidDelivered(s);
    await settle(token, s.seller.manufacturer.id);
    const [rel] = await earnings(first);
    if (!rel) throw new Error('no release');
    // The refund is made on the 10th of next month (IST).
    const now = new Date(Date.now() + 330 * 60_000);
    const later = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 10, 6));
    const part = Math.round(rel.gross / 4);
    await issueRefund(
      { ...depsOf(t.app), clock: () => later },
      { orderId: first, amountPaise: part, reason: 'Late return' },
    );
    const month = later.toISOString().slice(0, 7);
    const r = (await call(t.app, 'GET', `/api/admin/finance/gstr8?month=${month}`, { token })).json();
    const p = (rupees: number) => Math.round(rupees * 100);
    const share = (n: number) => Math.round((n * part) / rel.gross);
    expect(r.tcs).toHaveLength(1);
    const [row] = r.tcs;
    expect(p(row.supR) + p(row.supU)).toBe(0);
    expect(p(row.retsupR) + p(row.retsupU)).toBe(share(rel.taxable));
    expect(p(row.amt)).toBe(-share(rel.taxable));
    expect(p(row.iamt) + p(row.camt) + p(row.samt)).toBe(-share(rel.tcs));

    // The platform's GSTR-1 of that month: the credit note in cdnr, against last month's invoice, for exactly what
    // the ledger reversed, and the SAC summary net of it (no invoice that month).
    const [cn] = await creditNotes(first);
    const g = (await call(t.app, 'GET', `/api/admin/finance/platform-gstr1?month=${month}`, { token })).json();
    expect(g.b2b).toEqual([]);
    expect(g.cdnr).toHaveLength(1);
    expect(g.cdnr[0].ctin).toBe(s.seller.manufacturer.gstNumber);
    const [nt] = g.cdnr[0].nt;
    expect(nt).toMatchObject({ ntty: 'C', nt_num: cn?.number, rchrg: 'N', inv_typ: 'R' });
    expect(p(nt.val)).toBe(share(rel.commission) + share(rel.gst));
    const det = nt.itms[0].itm_det;
    expect(p(det.txval)).toBe(share(rel.commission));
    expect(p(det.iamt) + p(det.camt) + p(det.samt)).toBe(share(rel.gst));
    const [sac] = g.hsn.hsn_b2b;
    expect(p(sac.txval)).toBe(-share(rel.commission));
    expect(p(sac.iamt) + p(sac.camt) + p(sac.samt)).toBe(-share(rel.gst));
    expect(g.doc_issue.doc_det).toMatchObject([
      { doc_num: 5, docs: [{ from: cn?.number, to: cn?.number, totnum: 1 }] },
    ]);
  });
});
