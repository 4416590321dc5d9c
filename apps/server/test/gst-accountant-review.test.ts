/**
 * Issue 29, a chartered accountant's findings on the GST documents: each defect has a test here that failed before
 * its fix.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_GST_RATES, ewayBillLimitPaise, gstHeads, gstStateCodeOf } from '@ub/shared';
import { Ajv } from 'ajv';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_PLATFORM_GSTIN } from '../src/config.ts';
import { buyers } from '../src/db/schema/index.ts';
import { transaction } from '../src/lib/transaction.ts';
import {
  creditableOf,
  creditNoteForRefund,
  invoiceOf,
  issueCreditNote,
  nextTaxNumber,
} from '../src/modules/tax-documents/commands.ts';
import { gstr1 } from '../src/modules/tax-documents/gstr1.ts';
import { einvoiceJson } from '../src/modules/tax-documents/einvoice.ts';
import { EINVOICE_SCHEMA } from '../src/modules/tax-documents/einvoice-schema.ts';
import { ewayBillJson } from '../src/modules/tax-documents/eway-bill.ts';
import { LocalIrp } from '../src/modules/tax-documents/providers/einvoice.ts';
import { ewayBillProvider, type LocalEwayBillPortal } from '../src/modules/tax-documents/providers/ewaybill.ts';
import type { FrozenDocument, FrozenLine } from '../src/modules/tax-documents/types.ts';
import { createProduct, makeGstin } from '../src/seed/factories.ts';
import { call, useTestApp } from './helpers.ts';
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

  it('credits the whole invoice for a refund of the whole order, though equal heads put the invoice a paisa above', async () => {
    const s = await tradeSetup(t.app, { price: '14560.50', moq: 1, gstPercentage: '18', hsnCode: '84314390' });
    const { id } = await shipped(s, 'Maharashtra');
    const [order] = await t.database.query<{ total: string }>('select total from orders where id = $1', [id]);
    expect(order?.total).toBe('17181.39');
    const note = await transaction(t.app.db, (tx) =>
      creditNoteForRefund(tx, { clock: () => new Date() }, { orderId: id, amountPaise: 1_718_139, reason: 'Refund' }),
    );
    expect(note?.totalPaise).toBe(1_718_140);
    const left = await transaction(t.app.db, async (tx) => {
      const invoice = await invoiceOf(tx, { kind: 'admin' }, id);
      return invoice ? creditableOf(tx, invoice) : -1;
    });
    expect(left).toBe(0);
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

/** A frozen B2B document of two lines (jute at `rate`, LED drivers of higher value at 18 %), intra-state. */
function frozen(rate: number, over: Partial<FrozenDocument> = {}): FrozenDocument {
  const line = (lineNo: number, description: string, hsn: string, taxablePaise: number, gstRate: number) => {
    const h = gstHeads(Math.round((taxablePaise * gstRate) / 100), 'intra', { taxablePaise, ratePercent: gstRate });
    return {
      lineNo,
      description,
      hsn,
      uqc: 'PCS',
      quantity: 10,
      ratePaise: taxablePaise / 10,
      taxablePaise,
      gstRate,
      cgstRate: gstRate / 2,
      sgstRate: gstRate / 2,
      igstRate: 0,
      cgstPaise: h.cgst,
      sgstPaise: h.sgst,
      igstPaise: 0,
      totalPaise: taxablePaise + h.cgst + h.sgst,
    };
  };
  const lines = [line(0, 'Jute sacks', '63051040', 50_000, rate), line(1, 'LED drivers', '85044030', 300_000, 18)];
  const sum = (k: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise' | 'totalPaise') =>
    lines.reduce((s, l) => s + l[k], 0);
  return {
    kind: 'invoice',
    number: 'INV/2627/00007',
    issuedAt: '2026-11-20T06:00:00.000Z',
    financialYear: '2026-27',
    orderNumber: 'ORD-1',
    orderDate: '2026-11-19T06:00:00.000Z',
    supplyType: 'intra',
    reverseCharge: false,
    seller: {
      name: 'Ganga Polymers',
      address: 'Unit 4, Saki Vihar Road, Powai, Mumbai, Maharashtra 400072',
      gstin: '27AAPFU0939F1ZV',
      stateName: 'Maharashtra',
      stateCode: '27',
    },
    buyer: {
      name: 'Pune Traders',
      address: '12 FC Road, Pune, Maharashtra 411004',
      gstin: makeGstin('27'),
      stateName: 'Maharashtra',
      stateCode: '27',
    },
    shipTo: { address: '12 FC Road, Pune', city: 'Pune', pincode: '411004', stateName: 'Maharashtra', stateCode: '27' },
    placeOfSupply: { stateName: 'Maharashtra', stateCode: '27' },
    lines,
    totals: {
      taxablePaise: sum('taxablePaise'),
      cgstPaise: sum('cgstPaise'),
      sgstPaise: sum('sgstPaise'),
      igstPaise: sum('igstPaise'),
      totalPaise: sum('totalPaise'),
    },
    amountInWords: 'x',
    ...over,
  };
}

/** NIC's published INV-01 v1.1 schema, as written down in test/schemas (see its $comment). */
const nicSchema = JSON.parse(
  readFileSync(new URL('./schemas/einvoice-inv01-1.1.schema.json', import.meta.url), 'utf8'),
) as object;
const nic = new Ajv({ allErrors: true, strict: false }).compile(nicSchema);
const ours = new Ajv({ allErrors: true, strict: false }).compile(EINVOICE_SCHEMA);

describe('e-invoice (INV-01)', () => {
  it('accepts every GST rate the site offers, 40 % included, in the schema and the IRP simulator', async () => {
    const [settings] = await t.database.query<{ gst_rates: number[] | string }>('select * from site_settings limit 1');
    const offered = new Set<number>([...DEFAULT_GST_RATES, ...((settings?.gst_rates as number[] | undefined) ?? [])]);
    expect(offered.has(40)).toBe(true);
    const irp = new LocalIrp();
    for (const rate of offered) {
      const json = einvoiceJson(frozen(rate, { number: `INV/2627/${String(rate * 100).padStart(5, '1')}` }));
      expect(ours(json), `${rate} %: ${JSON.stringify(ours.errors)}`).toBe(true);
      expect(nic(json), `${rate} %: ${JSON.stringify(nic.errors)}`).toBe(true);
      await expect(irp.generate(json), `${rate} %`).resolves.toMatchObject({ irn: expect.any(String) });
    }
  });

  it("names the operator (EcmGstin), the seller's city (Loc), the invoice a note adjusts, and the main HSN by value", async () => {
    const invoice = einvoiceJson(frozen(5));
    expect(invoice.TranDtls).toMatchObject({ EcmGstin: DEMO_PLATFORM_GSTIN });
    expect(invoice.SellerDtls.Loc).toBe('Mumbai');
    expect(invoice.DispDtls.Loc).toBe('Mumbai');
    expect(invoice).not.toHaveProperty('RefDtls');
    const note = einvoiceJson(
      frozen(5, {
        kind: 'credit_note',
        number: 'CN/2627/00002',
        issuedAt: '2026-11-25T06:00:00.000Z',
        invoice: { number: 'INV/2627/00007', date: '2026-11-20T06:00:00.000Z' },
        reason: 'Refund: 30 LED drivers defective',
      }),
    );
    expect(note).toMatchObject({
      DocDtls: { Typ: 'CRN', No: 'CN/2627/00002', Dt: '25/11/2026' },
      RefDtls: { PrecDocDtls: [{ InvNo: 'INV/2627/00007', InvDt: '20/11/2026' }] },
    });
    // Checked against NIC's published INV-01 v1.1 schema (test/schemas/einvoice-inv01-1.1.schema.json).
    expect(nic(invoice), JSON.stringify(nic.errors)).toBe(true);
    expect(nic(note), JSON.stringify(nic.errors)).toBe(true);
    // The IRP's signed QR: MainHsnCode is the HSN of the line of highest value (LED drivers), not the first line.
    const irp = new LocalIrp();
    const { signedQrCode } = await irp.generate(invoice);
    const claims = JSON.parse(Buffer.from(signedQrCode.split('.')[1] as string, 'base64url').toString());
    expect(JSON.parse(claims.data).MainHsnCode).toBe('85044030');
  });

  it('ships an e-invoicing seller at 40 % with its IRN, and refuses to ship (no e-way bill) while the IRP refuses', async () => {
    const s = await tradeSetup(t.app, { price: '1000.00', moq: 1, gstPercentage: '40', hsnCode: '24022090' });
    const saved = await call(t.app, 'PUT', '/api/settings/tax', {
      token: s.seller.token,
      body: { invoicePrefix: 'AR40', creditNotePrefix: 'CN', debitNotePrefix: 'DN', einvoiceApplies: true },
    });
    expect(saved.statusCode).toBe(200);
    const { id } = await shipped(s, 'Karnataka');
    const [doc] = await t.database.query<{ einvoice_status: string; irn: string | null }>(
      "select einvoice_status, irn from tax_documents where order_id = $1 and kind = 'invoice'",
      [id],
    );
    expect(doc).toMatchObject({ einvoice_status: 'registered', irn: expect.stringMatching(/^[0-9a-f]{64}$/) });

    // The IRP refuses (2211: the buyer's GSTIN is the seller's own): the order stays where it was, with no invoice
    // and no e-way bill, and the seller is told why.
    await t.app.db
      .update(buyers)
      .set({ gstNumber: '27AAPFU0939F1ZV', state: 'Maharashtra' })
      .where(eq(buyers.id, s.buyer.buyer.id));
    const placed = await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 60, 'Maharashtra');
    const orderId = placed.json().id as string;
    await setStatus(t.app, s.seller.token, orderId, { status: 'processing' });
    const refused = await setStatus(t.app, s.seller.token, orderId, {
      status: 'shipped',
      carrier: 'VRL',
      trackingNumber: 'VRL1',
      transport: { transporterName: 'VRL Logistics', mode: 'road', vehicleNumber: 'MH12AB1234', distanceKm: 20 },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatch(
      /^Invoice AR40\/\d{4}\/00002 was not registered on the e-invoice portal \(2211: .*the order is not marked shipped/,
    );
    const [order] = await t.database.query<{ status: string; invoice_number: string | null }>(
      'select status, invoice_number from orders where id = $1',
      [orderId],
    );
    expect(order).toEqual({ status: 'processing', invoice_number: null });
    const bills = await t.database.query('select 1 from eway_bills where order_id = $1', [orderId]);
    expect(bills).toHaveLength(0);
  });
});

describe('GSTR-1 HSN summary', () => {
  it('trims descriptions to GSTN’s 30 characters at a word, with no trailing space, and leaves out rows that net to zero', async () => {
    const s = await tradeSetup(t.app, {
      name: 'Heavy duty jute sacks for the grain store',
      price: '100.00',
      moq: 1,
      gstPercentage: '5',
      hsnCode: '63051040',
    });
    await shipped(s, 'Karnataka', 10);
    // LED drivers shipped and cancelled in the same month: their HSN row nets to zero.
    const led = await createProduct(t.app.db, s.seller.manufacturer.id, {
      name: 'LED driver',
      price: '200.00',
      moq: 1,
      stock: 100,
      gstPercentage: '18',
      hsnCode: '85044030',
    });
    const { id } = await shipped({ ...s, product: led }, 'Karnataka', 5);
    const cancelled = await setStatus(t.app, s.seller.token, id, { status: 'cancelled', reason: 'Returned' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const r = await gstr1(t.app.db, s.seller.manufacturer.id, month, null);
    expect(r.hsn.hsn_b2b).toEqual([
      expect.objectContaining({ num: 1, hsn_sc: '63051040', desc: 'Heavy duty jute sacks for the', qty: 10 }),
    ]);
    for (const h of [...r.hsn.hsn_b2b, ...r.hsn.hsn_b2c]) {
      expect(h.desc).toBe(h.desc.trim());
      expect(h.desc.length).toBeLessThanOrEqual(30);
    }
  });
});

describe('e-way bill', () => {
  const transport = {
    transporterName: 'VRL Logistics',
    mode: 'road' as const,
    vehicleNumber: 'MH12AB1234',
    distanceKm: 840,
  };

  it('says bill to - ship to (transType 2) when the goods go elsewhere than the billed address, and moves from the city', () => {
    const bill = (doc: FrozenDocument) => ewayBillJson(doc, transport).billLists[0];
    expect(bill(frozen(5))).toMatchObject({ transType: 1, fromPlace: 'Mumbai', fromStateCode: 27 });
    const elsewhere = frozen(5, {
      shipTo: {
        address: '44 Residency Road',
        city: 'Bengaluru',
        pincode: '560025',
        stateName: 'Karnataka',
        stateCode: '29',
      },
    });
    expect(bill(elsewhere)).toMatchObject({ transType: 2, actualToStateCode: 29, toStateCode: 27 });
    const otherCity = frozen(5, {
      shipTo: { address: 'MIDC, Chakan', city: 'Chakan', pincode: '410501', stateName: 'Maharashtra', stateCode: '27' },
    });
    expect(bill(otherCity)?.transType).toBe(2);
  });

  it("takes a State's own intra-state limit, by date, and Rs 50,000 across States", async () => {
    expect(ewayBillLimitPaise('27', '27', '2026-11-20')).toBe(1_00_000_00);
    expect(ewayBillLimitPaise('27', '27', '2018-03-31')).toBe(50_000_00);
    expect(ewayBillLimitPaise('27', '29', '2026-11-20')).toBe(50_000_00);
    expect(ewayBillLimitPaise('29', '29', '2026-11-20')).toBe(50_000_00);
    // A Rs 88,500 consignment within Maharashtra needs no e-way bill; the same to Karnataka does.
    const s = await tradeSetup(t.app, { price: '75000.00', moq: 1, gstPercentage: '18', hsnCode: '84818090' });
    const ship = async (state: string) => {
      const { id } = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 1, state)).json();
      const res = await setStatus(t.app, s.seller.token, id, {
        status: 'shipped',
        carrier: 'VRL Logistics',
        trackingNumber: 'VRL1',
        transport,
      });
      expect(res.statusCode, res.body).toBe(200);
      return (await t.database.query('select 1 from eway_bills where order_id = $1', [id])).length;
    };
    expect(await ship('Maharashtra')).toBe(0);
    expect(await ship('Karnataka')).toBe(1);
  });

  it('refuses to cancel an e-way bill once the goods were delivered (Rule 138(9))', async () => {
    const saved = process.env.EWAYBILL_PROVIDER;
    process.env.EWAYBILL_PROVIDER = 'simulator';
    try {
      const s = await tradeSetup(t.app, { price: '75000.00', moq: 1, gstPercentage: '18', hsnCode: '84818090' });
      const { id } = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 1)).json();
      const res = await setStatus(t.app, s.seller.token, id, {
        status: 'shipped',
        carrier: 'VRL Logistics',
        trackingNumber: 'VRL1',
        transport,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await setStatus(t.app, s.seller.token, id, { status: 'delivered' })).statusCode).toBe(200);
      const cancel = await call(t.app, 'POST', `/api/orders/${id}/eway-bill/cancel`, {
        token: s.seller.token,
        body: { reasonCode: '2', remark: 'Order cancelled' },
      });
      expect(cancel.statusCode, cancel.body).toBe(409);
      expect(cancel.json().error).toMatch(
        /were delivered: an e-way bill can be cancelled only when the goods were not/,
      );
      const [bill] = await t.database.query<{ cancelled_at: Date | null }>(
        'select cancelled_at from eway_bills where order_id = $1',
        [id],
      );
      expect(bill?.cancelled_at).toBeNull();
    } finally {
      (ewayBillProvider({ EWAYBILL_PROVIDER: 'simulator' }) as LocalEwayBillPortal).reset();
      if (saved === undefined) delete process.env.EWAYBILL_PROVIDER;
      else process.env.EWAYBILL_PROVIDER = saved;
    }
  });
});
