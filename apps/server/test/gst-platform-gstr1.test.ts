import { describe, expect, it } from 'vitest';
import { DEMO_PLATFORM_GSTIN } from '../src/config.ts';
import {
  invoiceCarryingOrder,
  issueCommissionCreditNoteInTx,
  issueCommissionInvoiceInTx,
  platformOf,
} from '../src/modules/money/commission-invoice.ts';
import { createProduct, makeGstin } from '../src/seed/factories.ts';
import { call, createBuyerSession, loginAdmin, loginSeller, useTestApp } from './helpers.ts';
import { placeOrder } from './trade-fixtures.ts';

const t = useTestApp();

/**
 * A seller's settlement with one order whose commission and GST on it are as given, and the platform's commission
 * invoice for it, issued at `at` as a settlement run issues it.
 */
async function commissionInvoice(
  seller: Awaited<ReturnType<typeof loginSeller>>,
  n: number,
  commissionPaise: number,
  gstPaise: number,
  at: string,
) {
  const buyer = await createBuyerSession(t.app);
  const product = await createProduct(t.app.db, seller.manufacturer.id, { price: '100.00', moq: 1, stock: 100 });
  const order = await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 1);
  expect(order.statusCode, order.body).toBe(201);
  const [settlement] = await t.database.query<{ id: string }>(
    `insert into settlements (settlement_number, manufacturer_id, period_start, period_end, amount)
     values ($1, $2, '2026-11-01', '2026-11-30', '100.00') returning id`,
    [`SET-GSTR1-${n}`, seller.manufacturer.id],
  );
  await t.database.query(
    `insert into seller_earnings (manufacturer_id, order_id, kind, gross_paise, taxable_paise, commission_paise,
       gst_on_commission_paise, tcs_paise, tds_paise, refunds_paise, net_paise, settlement_id, posted_at)
     values ($1, $2, 'release', 100000, 100000, $3, $4, 0, 0, 0, $5, $6, $7)`,
    [
      seller.manufacturer.id,
      order.json().id,
      commissionPaise,
      gstPaise,
      100_000 - commissionPaise - gstPaise,
      settlement?.id,
      at,
    ],
  );
  await issueCommissionInvoiceInTx(t.app.db, {
    settlementId: settlement?.id as string,
    number: `PLC/2627/${String(n).padStart(5, '0')}`,
    financialYear: '2026-27',
    platform: platformOf(t.app.config),
    at: new Date(at),
  });
  return { orderId: order.json().id as string, orderNumber: order.json().number as string };
}

/** The platform's credit note against the invoice carrying `order`, as a refund after release issues it, at `at`. */
async function commissionCreditNote(
  order: { orderId: string; orderNumber: string },
  commissionPaise: number,
  gstPaise: number,
  at: string,
) {
  const invoice = await invoiceCarryingOrder(t.app.db, order.orderId);
  if (!invoice) throw new Error('no commission invoice carries the order');
  const note = await issueCommissionCreditNoteInTx(t.app.db, {
    invoice,
    orderId: order.orderId,
    orderNumber: order.orderNumber,
    refundId: crypto.randomUUID(),
    refundNumber: `REF-TEST-${commissionPaise}`,
    reason: 'Goods returned',
    commissionPaise,
    gstPaise,
    at: new Date(at),
  });
  return note?.number;
}

describe("the platform's own GSTR-1 (its commission invoices to sellers)", () => {
  it('gives b2b by seller GSTIN with CGST + SGST in its own state and IGST outside, the SAC summary and the series', async () => {
    expect(t.app.config.platformGstin).toBe(DEMO_PLATFORM_GSTIN);
    expect(DEMO_PLATFORM_GSTIN.slice(0, 2)).toBe('27');
    const pune = await loginSeller(t.app, { gstNumber: makeGstin('27') });
    const bengaluru = await loginSeller(t.app, { gstNumber: makeGstin('29') });
    // Rs 123.45 commission + Rs 22.22 GST, in Maharashtra like the platform: intra-state.
    await commissionInvoice(pune, 1, 12_345, 2_222, '2026-11-10T10:00:00Z');
    // Rs 200 + Rs 36 GST to a Karnataka seller: inter-state.
    await commissionInvoice(bengaluru, 2, 20_000, 3_600, '2026-11-20T10:00:00Z');
    // 1 December 00:30 IST is December's, though still 30 November in UTC.
    await commissionInvoice(pune, 3, 5_000, 900, '2026-11-30T19:00:00Z');

    const { token } = await loginAdmin(t.app);
    const res = await call(t.app, 'GET', '/api/admin/finance/platform-gstr1?month=2026-11', { token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="GSTR1_${DEMO_PLATFORM_GSTIN}_112026.json"`);
    const g = res.json();
    expect(g).toMatchObject({ gstin: DEMO_PLATFORM_GSTIN, fp: '112026' });
    expect(g.b2b).toEqual([
      {
        ctin: pune.manufacturer.gstNumber,
        inv: [
          {
            inum: 'PLC/2627/00001',
            idt: '10-11-2026',
            val: 145.67,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1801, itm_det: { txval: 123.45, rt: 18, iamt: 0, camt: 11.11, samt: 11.11, csamt: 0 } }],
          },
        ],
      },
      {
        ctin: bengaluru.manufacturer.gstNumber,
        inv: [
          {
            inum: 'PLC/2627/00002',
            idt: '20-11-2026',
            val: 236,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1801, itm_det: { txval: 200, rt: 18, iamt: 36, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(g.hsn).toEqual({
      hsn_b2b: [
        {
          num: 1,
          hsn_sc: '998599',
          desc: 'Other support services',
          uqc: 'NA',
          qty: 0,
          rt: 18,
          txval: 323.45,
          iamt: 36,
          camt: 11.11,
          samt: 11.11,
          csamt: 0,
        },
      ],
      hsn_b2c: [],
    });
    expect(g.doc_issue).toEqual({
      doc_det: [
        {
          doc_num: 1,
          doc_typ: 'Invoices for outward supply',
          docs: [{ num: 1, from: 'PLC/2627/00001', to: 'PLC/2627/00002', totnum: 2, cancel: 0, net_issue: 2 }],
        },
      ],
    });

    const december = (await call(t.app, 'GET', '/api/admin/finance/platform-gstr1?month=2026-12', { token })).json();
    expect(december.b2b.map((b: { inv: Array<{ inum: string }> }) => b.inv[0]?.inum)).toEqual(['PLC/2627/00003']);
    expect(december.b2b[0].inv[0].idt).toBe('01-12-2026');
  });

  it('reports commission credit notes in cdnr in the month of issue, nets them out of the SAC summary and lists their series', async () => {
    const pune = await loginSeller(t.app, { gstNumber: makeGstin('27') });
    const bengaluru = await loginSeller(t.app, { gstNumber: makeGstin('29') });
    // February 2027: two invoices.
    const febPune = await commissionInvoice(pune, 11, 12_345, 2_222, '2027-02-10T10:00:00Z');
    const febBlr = await commissionInvoice(bengaluru, 12, 20_000, 3_600, '2027-02-20T10:00:00Z');
    // March: an invoice, a note against it, and a note against February's invoice.
    const marPune = await commissionInvoice(pune, 13, 50_000, 9_000, '2027-03-02T10:00:00Z');
    expect(await commissionCreditNote(febPune, 6_000, 1_080, '2027-03-05T10:00:00Z')).toBe('PLCN/2627/00001');
    expect(await commissionCreditNote(marPune, 10_000, 1_800, '2027-03-10T10:00:00Z')).toBe('PLCN/2627/00002');
    // 1 April 00:00 IST: April's, and the first note of financial year 2027-28.
    expect(await commissionCreditNote(febBlr, 20_000, 3_600, '2027-03-31T18:30:00Z')).toBe('PLCN/2728/00001');

    const { token } = await loginAdmin(t.app);
    const get = async (month: string) => {
      const r = await call(t.app, 'GET', `/api/admin/finance/platform-gstr1?month=${month}`, { token });
      expect(r.statusCode, r.body).toBe(200);
      return r.json();
    };

    const march = await get('2027-03');
    expect(march.b2b).toEqual([
      {
        ctin: pune.manufacturer.gstNumber,
        inv: [
          {
            inum: 'PLC/2627/00013',
            idt: '02-03-2027',
            val: 590,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1801, itm_det: { txval: 500, rt: 18, iamt: 0, camt: 45, samt: 45, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(march.cdnr).toEqual([
      {
        ctin: pune.manufacturer.gstNumber,
        nt: [
          {
            ntty: 'C',
            nt_num: 'PLCN/2627/00001',
            nt_dt: '05-03-2027',
            val: 70.8,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1801, itm_det: { txval: 60, rt: 18, iamt: 0, camt: 5.4, samt: 5.4, csamt: 0 } }],
          },
          {
            ntty: 'C',
            nt_num: 'PLCN/2627/00002',
            nt_dt: '10-03-2027',
            val: 118,
            pos: '27',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1801, itm_det: { txval: 100, rt: 18, iamt: 0, camt: 9, samt: 9, csamt: 0 } }],
          },
        ],
      },
    ]);
    // Rs 500 invoiced less Rs 60 and Rs 100 credit-noted; tax likewise.
    expect(march.hsn.hsn_b2b).toEqual([
      {
        num: 1,
        hsn_sc: '998599',
        desc: 'Other support services',
        uqc: 'NA',
        qty: 0,
        rt: 18,
        txval: 340,
        iamt: 0,
        camt: 30.6,
        samt: 30.6,
        csamt: 0,
      },
    ]);
    expect(march.doc_issue.doc_det).toEqual([
      {
        doc_num: 1,
        doc_typ: 'Invoices for outward supply',
        docs: [{ num: 1, from: 'PLC/2627/00013', to: 'PLC/2627/00013', totnum: 1, cancel: 0, net_issue: 1 }],
      },
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [{ num: 1, from: 'PLCN/2627/00001', to: 'PLCN/2627/00002', totnum: 2, cancel: 0, net_issue: 2 }],
      },
    ]);

    // February is untouched by March's note against its invoice.
    const february = await get('2027-02');
    expect(february.cdnr).toEqual([]);
    expect(february.hsn.hsn_b2b).toMatchObject([{ txval: 323.45, iamt: 36, camt: 11.11, samt: 11.11 }]);
    expect(february.doc_issue.doc_det.map((d: { doc_num: number }) => d.doc_num)).toEqual([1]);

    // April: a note and no invoice, IGST (Karnataka); the summary is negative, net of the note alone.
    const april = await get('2027-04');
    expect(april.b2b).toEqual([]);
    expect(april.cdnr).toEqual([
      {
        ctin: bengaluru.manufacturer.gstNumber,
        nt: [
          {
            ntty: 'C',
            nt_num: 'PLCN/2728/00001',
            nt_dt: '01-04-2027',
            val: 236,
            pos: '29',
            rchrg: 'N',
            inv_typ: 'R',
            itms: [{ num: 1801, itm_det: { txval: 200, rt: 18, iamt: 36, camt: 0, samt: 0, csamt: 0 } }],
          },
        ],
      },
    ]);
    expect(april.hsn.hsn_b2b).toMatchObject([{ hsn_sc: '998599', rt: 18, txval: -200, iamt: -36, camt: 0, samt: 0 }]);
    expect(april.doc_issue.doc_det).toEqual([
      {
        doc_num: 5,
        doc_typ: 'Credit Note',
        docs: [{ num: 1, from: 'PLCN/2728/00001', to: 'PLCN/2728/00001', totnum: 1, cancel: 0, net_issue: 1 }],
      },
    ]);
  });

  it('gives an empty but complete file for a month with no commission invoice, and refuses a bad month', async () => {
    const { token } = await loginAdmin(t.app);
    const res = await call(t.app, 'GET', '/api/admin/finance/platform-gstr1?month=2026-10', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      gstin: DEMO_PLATFORM_GSTIN,
      fp: '102026',
      version: 'GST3.2.1',
      hash: 'hash',
      b2b: [],
      cdnr: [],
      hsn: { hsn_b2b: [], hsn_b2c: [] },
      doc_issue: { doc_det: [] },
    });
    const bad = await call(t.app, 'GET', '/api/admin/finance/platform-gstr1?month=2026-13', { token });
    expect(bad.statusCode).toBe(400);
    const seller = await loginSeller(t.app);
    expect(
      (await call(t.app, 'GET', '/api/admin/finance/platform-gstr1?month=2026-10', { token: seller.token })).statusCode,
    ).toBe(403);
  });
});
