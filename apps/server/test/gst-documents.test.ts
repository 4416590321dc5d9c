import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { financialYearOf, gstStateCodeOf } from '@ub/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buyers, manufacturers, orders } from '../src/db/schema/index.ts';
import { transaction } from '../src/lib/transaction.ts';
import {
  creditNoteForRefund,
  issueCreditNote,
  issueInvoice,
  nextTaxNumber,
} from '../src/modules/tax-documents/commands.ts';
import type { FrozenDocument } from '../src/modules/tax-documents/types.ts';
import { createBuyer, createProduct, makeGstin } from '../src/seed/factories.ts';
import { call, loginAdmin, loginSeller, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();
const dir = mkdtempSync(join(tmpdir(), 'ub-gst-'));

function pdfText(pdf: Buffer) {
  const file = join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  return { text: text.normalize('NFC').replace(/\s+/g, ' '), pages };
}

/** An order shipped to `state` for a buyer registered in that state (its own address). */
async function shippedOrder(state = 'Karnataka', setup?: Awaited<ReturnType<typeof tradeSetup>>) {
  const s = setup ?? (await tradeSetup(t.app, { gstPercentage: '18', hsnCode: '95030010', unit: 'box' }));
  await t.app.db
    .update(buyers)
    .set({ gstNumber: makeGstin(gstStateCodeOf(state)), state })
    .where(eq(buyers.id, s.buyer.buyer.id));
  const { id } = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 10, state)).json();
  await setStatus(t.app, s.seller.token, id, { status: 'processing' });
  const shipped = await setStatus(t.app, s.seller.token, id, {
    status: 'shipped',
    carrier: 'BlueDart',
    trackingNumber: 'BD1',
  });
  expect(shipped.statusCode).toBe(200);
  return { ...s, id, invoiceNumber: shipped.json().invoiceNumber as string };
}

const documents = async (token: string, path: string) => {
  const res = await call(t.app, 'GET', path, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().documents as Array<{ id: string; kind: string; number: string; total: string; reason: string }>;
};

describe('invoice series per seller and financial year', () => {
  it('numbers each seller from 1 in its own series, consecutively, at most 16 characters', async () => {
    const a = await tradeSetup(t.app);
    const b = await tradeSetup(t.app);
    const fy = financialYearOf(new Date()).replace(/^20(\d\d)-(\d\d)$/, '$1$2');
    const a1 = await shippedOrder('Karnataka', a);
    const b1 = await shippedOrder('Karnataka', b);
    const a2 = await shippedOrder('Karnataka', a);
    expect([a1.invoiceNumber, a2.invoiceNumber, b1.invoiceNumber]).toEqual([
      `INV/${fy}/00001`,
      `INV/${fy}/00002`,
      `INV/${fy}/00001`,
    ]);
    for (const n of [a1, a2, b1]) expect(n.invoiceNumber.length).toBeLessThanOrEqual(16);
  });

  it('starts a new series on 1 April in India (31 March 18:30 UTC), and a rolled-back issue leaves no gap', async () => {
    const { seller } = await tradeSetup(t.app);
    const mid = seller.manufacturer.id;
    const before = new Date('2027-03-31T18:29:59Z');
    const after = new Date('2027-03-31T18:30:00Z');
    expect(financialYearOf(before)).toBe('2026-27');
    expect(financialYearOf(after)).toBe('2027-28');
    await expect(
      transaction(t.app.db, async (tx) => {
        await nextTaxNumber(tx, mid, 'invoice', before);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const numbers = await transaction(t.app.db, async (tx) => [
      (await nextTaxNumber(tx, mid, 'invoice', before)).number,
      (await nextTaxNumber(tx, mid, 'invoice', before)).number,
      (await nextTaxNumber(tx, mid, 'invoice', after)).number,
    ]);
    expect(numbers).toEqual(['INV/2627/00001', 'INV/2627/00002', 'INV/2728/00001']);
  });

  it("uses the seller's prefix, and refuses a prefix that would not fit 16 characters or has other characters", async () => {
    const s = await tradeSetup(t.app);
    const bad = await call(t.app, 'PUT', '/api/settings/tax', {
      token: s.seller.token,
      body: { invoicePrefix: 'GANGA1', creditNotePrefix: 'C N', debitNotePrefix: 'DN', einvoiceApplies: false },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({
      invoicePrefix: 'Invoice prefix can be at most 5 characters, so the number fits 16.',
      creditNotePrefix: 'Credit note prefix may hold letters, digits and "-" only.',
    });
    const ok = await call(t.app, 'PUT', '/api/settings/tax', {
      token: s.seller.token,
      body: { invoicePrefix: 'gi-26', creditNotePrefix: 'GCN', debitNotePrefix: 'GDN', einvoiceApplies: false },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().invoicePrefix).toBe('GI-26');
    const { invoiceNumber } = await shippedOrder('Karnataka', s);
    expect(invoiceNumber).toMatch(/^GI-26\/\d{4}\/00001$/);
    expect(invoiceNumber).toHaveLength(16);
  });
});

describe('frozen tax invoice', () => {
  it('keeps the parties and lines as issued when the seller and buyer later change address, GSTIN or name', async () => {
    const s = await shippedOrder('Maharashtra');
    await t.app.db
      .update(manufacturers)
      .set({ companyAddress: 'New Works, Pune', companyName: 'Renamed Pvt Ltd' })
      .where(eq(manufacturers.id, s.seller.manufacturer.id));
    await t.app.db
      .update(buyers)
      .set({ address: 'Moved to Chennai', gstNumber: '33AAPFU0939F1ZO' })
      .where(eq(buyers.id, s.buyer.buyer.id));
    const res = await call(t.app, 'GET', `/api/orders/${s.id}/invoice.pdf`, { token: s.seller.token });
    expect(res.statusCode).toBe(200);
    const { text, pages } = pdfText(res.rawPayload);
    expect(text).not.toContain('Renamed');
    expect(text).not.toContain('Moved to Chennai');
    expect(text).toContain(s.seller.manufacturer.companyName);
    expect(pages).toBe(3);
  });

  it('prints what Rule 46 asks: reverse charge, CGST and SGST rates apart, HSN, UQC, place of supply with code, copies', async () => {
    const s = await shippedOrder('Maharashtra');
    const res = await call(t.app, 'GET', `/api/orders/${s.id}/invoice.pdf`, { token: s.seller.token });
    const { text } = pdfText(res.rawPayload);
    for (const words of [
      'Whether tax is payable on reverse charge: No',
      'CGST %',
      'SGST %',
      'Original for recipient',
      'Duplicate for transporter',
      'Triplicate for supplier',
      '95030010',
      'BOX',
      'Place of Supply: Maharashtra (Code: 27)',
      'Authorised Signatory',
      `Invoice No.: ${s.invoiceNumber}`,
    ]) {
      expect(text, words).toContain(words);
    }
    // 9% + 9% of Rs 1,000.
    expect(text).toMatch(/100\.00 1,000\.00 9 90\.00 9 90\.00 1,180\.00/);
    const one = await call(t.app, 'GET', `/api/orders/${s.id}/invoice.pdf?copy=duplicate`, { token: s.seller.token });
    const dup = pdfText(one.rawPayload);
    expect(dup.pages).toBe(1);
    expect(dup.text).toContain('Duplicate for transporter');
    expect(dup.text).not.toContain('Original for recipient');
  });

  it("bills a registered buyer in its GSTIN's state when the goods go to another state (IGST Act s.10(1)(b))", async () => {
    const s = await tradeSetup(t.app, { gstPercentage: '18', hsnCode: '95030010', unit: 'box' });
    // Registered in Karnataka, delivery to Mumbai: the place of supply is Karnataka, so IGST the buyer can credit.
    await t.app.db
      .update(buyers)
      .set({ gstNumber: makeGstin('29'), state: 'Karnataka' })
      .where(eq(buyers.id, s.buyer.buyer.id));
    const { id } = (
      await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 10, 'Maharashtra')
    ).json();
    await setStatus(t.app, s.seller.token, id, { status: 'processing' });
    await setStatus(t.app, s.seller.token, id, { status: 'shipped', carrier: 'BlueDart', trackingNumber: 'BD2' });
    const [doc] = await documents(s.seller.token, `/api/orders/${id}/tax-documents`);
    const { text } = pdfText(
      (await call(t.app, 'GET', `/api/orders/${id}/invoice.pdf`, { token: s.seller.token })).rawPayload,
    );
    expect(text).toContain('Place of Supply: Karnataka (Code: 29)');
    expect(text).toContain('IGST');
    expect(text).not.toContain('CGST %');
    expect(doc?.kind).toBe('invoice');
    // An unregistered buyer's place of supply is where the goods go: Maharashtra, as the seller, so CGST + SGST.
    await t.app.db.update(buyers).set({ gstNumber: null }).where(eq(buyers.id, s.buyer.buyer.id));
    const other = (
      await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 10, 'Maharashtra')
    ).json();
    await setStatus(t.app, s.seller.token, other.id, { status: 'processing' });
    await setStatus(t.app, s.seller.token, other.id, { status: 'shipped', carrier: 'BlueDart', trackingNumber: 'BD3' });
    const local = pdfText(
      (await call(t.app, 'GET', `/api/orders/${other.id}/invoice.pdf`, { token: s.seller.token })).rawPayload,
    ).text;
    expect(local).toContain('Place of Supply: Maharashtra (Code: 27)');
    expect(local).toContain('CGST %');
  });

  it('lets the buyer download their copy and the admin any invoice; another seller or buyer gets 404', async () => {
    const s = await shippedOrder();
    const admin = await loginAdmin(t.app);
    const buyerRes = await call(t.app, 'GET', `/api/buyer/orders/${s.id}/invoice`, { token: s.buyer.token });
    expect(buyerRes.statusCode).toBe(200);
    const mine = pdfText(buyerRes.rawPayload);
    expect(mine.pages).toBe(1);
    expect(mine.text).toContain('Original for recipient');
    const adminRes = await call(t.app, 'GET', `/api/admin/orders/${s.id}/invoice.pdf`, { token: admin.token });
    expect(adminRes.statusCode).toBe(200);
    const other = await tradeSetup(t.app);
    expect(
      (await call(t.app, 'GET', `/api/orders/${s.id}/invoice.pdf`, { token: other.seller.token })).statusCode,
    ).toBe(404);
    expect(
      (await call(t.app, 'GET', `/api/buyer/orders/${s.id}/invoice`, { token: other.buyer.token })).statusCode,
    ).toBe(404);
    const [doc] = await documents(s.seller.token, `/api/orders/${s.id}/tax-documents`);
    expect(
      (await call(t.app, 'GET', `/api/tax-documents/${doc?.id}/pdf`, { token: other.seller.token })).statusCode,
    ).toBe(404);
  });

  it('freezes an order invoiced before frozen copies existed on first read, keeping its number', async () => {
    const s = await tradeSetup(t.app);
    const { id } = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id)).json();
    await t.app.db.update(orders).set({ status: 'shipped', invoiceNumber: 'INV-2026-000060' }).where(eq(orders.id, id));
    const docs = await documents(s.seller.token, `/api/orders/${id}/tax-documents`);
    expect(docs).toMatchObject([{ kind: 'invoice', number: 'INV-2026-000060', total: '1180.00' }]);
    const { text } = pdfText(
      (await call(t.app, 'GET', `/api/orders/${id}/invoice.pdf`, { token: s.seller.token })).rawPayload,
    );
    expect(text).toContain('Copy frozen from the order records on');
  });
});

describe('credit and debit notes', () => {
  it('credits an invoiced order cancelled after shipping in full, tax reversed by head, for seller, buyer and admin', async () => {
    const s = await shippedOrder('Maharashtra');
    const cancelled = await setStatus(t.app, s.seller.token, s.id, {
      status: 'cancelled',
      reason: 'Refused at delivery',
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const docs = await documents(s.seller.token, `/api/orders/${s.id}/tax-documents`);
    expect(docs.map((d) => [d.kind, d.total])).toEqual([
      ['invoice', '1180.00'],
      ['credit_note', '1180.00'],
    ]);
    const cn = docs[1];
    expect(cn?.number).toMatch(/^CN\/\d{4}\/00001$/);
    expect(cn?.reason).toBe('Order cancelled: Refused at delivery');
    const buyerDocs = await documents(s.buyer.token, `/api/buyer/orders/${s.id}/tax-documents`);
    expect(buyerDocs.map((d) => d.id)).toEqual(docs.map((d) => d.id));
    const pdf = await call(t.app, 'GET', `/api/buyer/tax-documents/${cn?.id}/pdf`, { token: s.buyer.token });
    expect(pdf.statusCode).toBe(200);
    const { text } = pdfText(pdf.rawPayload);
    expect(text).toContain('CREDIT NOTE');
    expect(text).toContain(`Against Invoice No.: ${s.invoiceNumber}`);
    expect(text).toContain('Refused at delivery');
    expect(text).toMatch(/Total CGST 90\.00 Total SGST 90\.00/);
    const admin = await loginAdmin(t.app);
    expect(
      (await call(t.app, 'GET', `/api/admin/tax-documents/${cn?.id}/pdf`, { token: admin.token })).statusCode,
    ).toBe(200);
    // The buyer cannot cancel a shipped order themselves.
    const other = await shippedOrder('Karnataka', s);
    const buyerCancel = await call(t.app, 'POST', `/api/buyer/orders/${other.id}/cancel`, {
      token: s.buyer.token,
      body: { reason: 'Changed my mind' },
    });
    expect(buyerCancel.statusCode).toBe(409);
  });

  it('issues partial credit notes for refunds up to what is still billed, and nothing for an order never invoiced', async () => {
    const s = await shippedOrder('Karnataka');
    const clock = () => new Date();
    const first = await transaction(t.app.db, (tx) =>
      issueCreditNote(tx, { clock }, { orderId: s.id, amountPaise: 59000, reason: 'Short supply refund' }),
    );
    const body = first?.body as FrozenDocument;
    expect(body.totals).toEqual({
      taxablePaise: 50000,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 9000,
      totalPaise: 59000,
    });
    expect(body.lines[0]?.quantity).toBeNull();
    await expect(
      transaction(t.app.db, (tx) => issueCreditNote(tx, { clock }, { orderId: s.id, amountPaise: 59001, reason: 'x' })),
    ).rejects.toThrow('Only 590.00 of invoice');
    const rest = await transaction(t.app.db, (tx) =>
      issueCreditNote(tx, { clock }, { orderId: s.id, amountPaise: 59000, reason: 'Rest refunded' }),
    );
    expect(rest?.number).toMatch(/\/00002$/);
    const { id } = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id)).json();
    expect(
      await transaction(t.app.db, (tx) =>
        issueCreditNote(tx, { clock }, { orderId: id, amountPaise: 100, reason: 'x' }),
      ),
    ).toBeNull();
  });

  it('credits a refund through the refund hook up to what is still billed, and nothing after a full credit', async () => {
    const s = await shippedOrder('Maharashtra');
    const clock = () => new Date();
    const part = await transaction(t.app.db, (tx) =>
      creditNoteForRefund(tx, { clock }, { orderId: s.id, amountPaise: 18000, reason: 'Refund: damaged box' }),
    );
    expect(part?.totalPaise).toBe(18000);
    await setStatus(t.app, s.seller.token, s.id, { status: 'cancelled', reason: 'Returned' });
    const after = await transaction(t.app.db, (tx) =>
      creditNoteForRefund(tx, { clock }, { orderId: s.id, amountPaise: 100000, reason: 'Refund on cancellation' }),
    );
    expect(after).toBeNull();
    const docs = await documents(s.seller.token, `/api/orders/${s.id}/tax-documents`);
    expect(docs.map((d) => [d.kind, d.total])).toEqual([
      ['invoice', '1180.00'],
      ['credit_note', '180.00'],
      ['credit_note', '1000.00'],
    ]);
  });

  it('issues a debit note for an upward price correction, and a later cancellation credits invoice plus debit', async () => {
    const s = await shippedOrder('Maharashtra');
    const bad = await call(t.app, 'POST', `/api/orders/${s.id}/debit-notes`, {
      token: s.seller.token,
      body: { amount: '-5', reason: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    const res = await call(t.app, 'POST', `/api/orders/${s.id}/debit-notes`, {
      token: s.seller.token,
      body: { amount: '200', reason: 'Price revised for alloy grade' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ kind: 'debit_note', total: '236.00' });
    expect(res.json().number).toMatch(/^DN\/\d{4}\/00001$/);
    await setStatus(t.app, s.seller.token, s.id, { status: 'cancelled', reason: 'Returned' });
    const docs = await documents(s.seller.token, `/api/orders/${s.id}/tax-documents`);
    expect(docs.map((d) => [d.kind, d.total])).toEqual([
      ['invoice', '1180.00'],
      ['debit_note', '236.00'],
      ['credit_note', '1416.00'],
    ]);
    const pending = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id)).json();
    const none = await call(t.app, 'POST', `/api/orders/${pending.id}/debit-notes`, {
      token: s.seller.token,
      body: { amount: '10', reason: 'Price revised' },
    });
    expect(none.statusCode).toBe(409);
  });
});

describe('tax invoice in Hindi', () => {
  it('prints a Devanagari buyer name on the invoice and credit note', async () => {
    const seller = await loginSeller(t.app, { gstNumber: '27AAPFU0939F1ZV' });
    const buyer = await createBuyer(t.app.db, { companyName: 'श्री कृष्ण ट्रेडर्स', contactName: 'राधा शर्मा' });
    const { createSession } = await import('../src/modules/auth/sessions.ts');
    const { token } = await createSession(t.app.db, buyer.user.id, { remember: false });
    const product = await createProduct(t.app.db, seller.manufacturer.id, { price: '100.00', moq: 1, stock: 10 });
    const s = await shippedOrder('Maharashtra', { seller, buyer: { ...buyer, token }, product });
    await issueInvoice(t.app.db, () => new Date(), s.id);
    const { text } = pdfText(
      (await call(t.app, 'GET', `/api/orders/${s.id}/invoice.pdf?copy=original`, { token: seller.token })).rawPayload,
    );
    expect(text).toContain('श्री कृष्ण ट्रेडर्स'.normalize('NFC'));
    expect(text).toContain('राधा शर्मा'.normalize('NFC'));
  });
});
