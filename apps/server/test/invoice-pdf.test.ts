import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/auth/sessions.ts';
import { type InvoiceData, renderInvoicePdf } from '../src/modules/orders/invoice.ts';
import { createBuyer, createProduct } from '../src/seed/factories.ts';
import { call, loginSeller, useTestApp } from './helpers.ts';
import { placeOrder, setStatus } from './trade-fixtures.ts';

const t = useTestApp();
const dir = mkdtempSync(join(tmpdir(), 'ub-invoice-'));

/** Text and fonts of a PDF, read with poppler (poppler-utils): what a reader's copy and paste would give. */
function readPdf(pdf: Buffer) {
  const file = join(dir, `${crypto.randomUUID()}.pdf`);
  writeFileSync(file, pdf);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' }).trim().split('\n').slice(2);
  const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
  const words = [
    ...execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' }).matchAll(
      /<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g,
    ),
  ].map((m) => ({ xMin: Number(m[1]), xMax: Number(m[2]), text: m[3] as string }));
  return { text: text.normalize('NFC').replace(/\s+/g, ' '), fonts, pages, words };
}

describe('tax invoice PDF in Indian scripts', () => {
  it('embeds Unicode fonts so Devanagari names come out as written, and emoji neither garble nor break it', async () => {
    const seller = await loginSeller(t.app, { gstNumber: '27AAPFU0939F1ZV', companyName: 'गंगा इंडस्ट्रीज प्रा. लि.' });
    const buyer = await createBuyer(t.app.db, { companyName: 'श्री कृष्ण ट्रेडर्स 🙏', contactName: 'राधा शर्मा' });
    const { token } = await createSession(t.app.db, buyer.user.id, { remember: false });
    const product = await createProduct(t.app.db, seller.manufacturer.id, {
      name: 'पीतल का कब्ज़ा 🔩 Brass hinge',
      price: '100.00',
      moq: 1,
      stock: 100,
    });
    const { id } = (await placeOrder(t.app, token, seller.manufacturer.id, product.id, 3, 'Maharashtra')).json();
    await setStatus(t.app, seller.token, id, { status: 'processing' });
    await setStatus(t.app, seller.token, id, { status: 'shipped', carrier: 'BlueDart', trackingNumber: 'BD1' });

    const res = await call(t.app, 'GET', `/api/orders/${id}/invoice.pdf`, { token: seller.token });
    expect(res.statusCode).toBe(200);
    const { text, fonts } = readPdf(res.rawPayload);
    for (const words of ['गंगा इंडस्ट्रीज प्रा. लि.', 'श्री कृष्ण ट्रेडर्स', 'राधा शर्मा', 'पीतल का कब्ज़ा', 'Brass hinge']) {
      expect(text, words).toContain(words.normalize('NFC'));
    }
    expect(text).toContain('🙏');
    expect(text).toContain('TAX INVOICE');
    expect(text).toContain('₹');
    // Every font is embedded (subset), and they are the Noto families, not the PDF base-14 Helvetica.
    expect(fonts.length).toBeGreaterThan(0);
    for (const line of fonts) expect(line, line).toMatch(/\byes\s+yes\s+yes\b/);
    const names = fonts.join('\n');
    expect(names).toMatch(/NotoSans-/);
    expect(names).toMatch(/NotoSansDevanagari/);
    expect(names).not.toMatch(/Helvetica/);
  });

  it('draws scripts no embedded font has as boxes, cuts words wider than their column, and runs onto more pages', async () => {
    const line = (description: string) => ({
      description,
      hsnCode: '9503',
      quantity: 1,
      unit: 'piece',
      rate: '100.00',
      taxable: '100.00',
      gstPercentage: '18',
      cgst: '9.00',
      sgst: '9.00',
      igst: '0.00',
      total: '118.00',
    });
    const descriptions = ['தமிழ் 中文 Ελληνικά', `Unbroken${'x'.repeat(80)}End`, 'क्षत्रिय 👨‍👩‍👧 ❤️ 1️⃣', 'Two\nlines'];
    const inv: InvoiceData = {
      invoiceNumber: 'INV-2026-000009',
      invoiceDate: new Date('2026-03-01T10:00:00Z'),
      orderNumber: 'ORD-2026-000009',
      orderDate: new Date('2026-02-27T10:00:00Z'),
      supplyType: 'inter',
      seller: { name: 'Ganga 🏭', address: 'Mumbai', gstin: '27AAPFU0939F1ZV', state: 'Maharashtra' },
      buyer: { name: 'Buyer', contact: 'Radha', address: '', gstin: null },
      shipTo: 'Bengaluru',
      placeOfSupply: 'Karnataka (29)',
      lines: Array.from({ length: 40 }, (_, i) => line(descriptions[i % descriptions.length] as string)),
      totals: { taxable: '4000.00', cgst: '0.00', sgst: '0.00', igst: '720.00', shipping: '0.00', total: '4720.00' },
      amountInWords: 'Rupees Four Thousand Seven Hundred Twenty Only',
    };
    const { text, pages, words } = readPdf(await renderInvoicePdf(inv));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Ελληνικά');
    expect(text).toContain('क्षत्रिय');
    // The description column runs from x = 52 to 192 (inter-state layout); the long word is cut to stay inside it.
    const cut = words.filter((w) => w.text.includes('xxxxxxxxxx'));
    expect(cut.length).toBeGreaterThan(10);
    for (const w of cut) expect(w.xMax, w.text).toBeLessThanOrEqual(192);
    expect(cut.map((w) => w.text).join('')).toContain(`Unbroken${'x'.repeat(80)}End`);
    expect(text).toContain('Rupees Four Thousand Seven Hundred Twenty Only');
  });
});
