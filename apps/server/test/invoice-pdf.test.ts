import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/auth/sessions.ts';
import { renderTaxDocumentPdf } from '../src/modules/tax-documents/pdf.ts';
import type { FrozenDocument } from '../src/modules/tax-documents/types.ts';
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
    const line = (description: string, lineNo: number) => ({
      lineNo,
      description,
      hsn: '9503',
      uqc: 'PCS',
      quantity: 1,
      ratePaise: 10000,
      taxablePaise: 10000,
      gstRate: 18,
      cgstRate: 0,
      sgstRate: 0,
      igstRate: 18,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 1800,
      totalPaise: 11800,
    });
    const descriptions = ['தமிழ் 中文 Ελληνικά', `Unbroken${'x'.repeat(80)}End`, 'क्षत्रिय 👨‍👩‍👧 ❤️ 1️⃣', 'Two\nlines'];
    const place = { stateName: 'Karnataka', stateCode: '29' };
    const inv: FrozenDocument = {
      kind: 'invoice',
      number: 'INV/2526/00009',
      issuedAt: '2026-03-01T10:00:00Z',
      financialYear: '2025-26',
      orderNumber: 'ORD-2026-000009',
      orderDate: '2026-02-27T10:00:00Z',
      supplyType: 'inter',
      reverseCharge: false,
      seller: {
        name: 'Ganga 🏭',
        address: 'Mumbai',
        gstin: '27AAPFU0939F1ZV',
        stateName: 'Maharashtra',
        stateCode: '27',
      },
      buyer: { name: 'Buyer', contact: 'Radha', address: '', gstin: null, ...place },
      shipTo: { address: 'MG Road, Bengaluru', city: 'Bengaluru', pincode: '560001', ...place },
      placeOfSupply: place,
      lines: Array.from({ length: 40 }, (_, i) => line(descriptions[i % descriptions.length] as string, i)),
      totals: { taxablePaise: 400000, cgstPaise: 0, sgstPaise: 0, igstPaise: 72000, totalPaise: 472000 },
      amountInWords: 'Rupees Four Thousand Seven Hundred Twenty Only',
    };
    const { text, pages, words } = readPdf(await renderTaxDocumentPdf(inv, ['original']));
    expect(pages).toBeGreaterThan(1);
    expect(text).toContain('Ελληνικά');
    expect(text).toContain('क्षत्रिय');
    // The description column runs from x = 50 to 174 (inter-state layout); the long word is cut to stay inside it.
    const cut = words.filter((w) => w.text.includes('xxxxxxxxxx'));
    expect(cut.length).toBeGreaterThan(10);
    for (const w of cut) expect(w.xMax, w.text).toBeLessThanOrEqual(174);
    // Nothing of the word is lost: ten lines hold it, 80 x each.
    const xs = words.filter((w) => /^(Unbroken)?x+(E|End)?$/.test(w.text)).map((w) => w.text.replaceAll(/[^x]/g, ''));
    expect(xs.join('').length).toBe(800);
    expect(text).toContain('Rupees Four Thousand Seven Hundred Twenty Only');
  });
});

describe('bilingual headings (issue 15)', () => {
  const place = { stateName: 'Maharashtra', stateCode: '27' };
  const base: FrozenDocument = {
    kind: 'invoice',
    number: 'INV/2526/00011',
    issuedAt: '2026-03-01T10:00:00Z',
    financialYear: '2025-26',
    orderNumber: 'ORD-2026-000011',
    orderDate: '2026-02-27T10:00:00Z',
    supplyType: 'intra',
    reverseCharge: false,
    seller: { name: 'Ganga Industries', address: 'Pune', gstin: '27AAPFU0939F1ZV', ...place },
    buyer: { name: 'Sharma Traders', contact: 'Ravi', address: 'Mumbai', gstin: null, ...place },
    shipTo: { address: 'Andheri', city: 'Mumbai', pincode: '400053', ...place },
    placeOfSupply: place,
    lines: [
      {
        lineNo: 1,
        description: 'Brass hinge',
        hsn: '8302',
        uqc: 'PCS',
        quantity: 10,
        ratePaise: 10000,
        taxablePaise: 100000,
        gstRate: 18,
        cgstRate: 9,
        sgstRate: 9,
        igstRate: 0,
        cgstPaise: 9000,
        sgstPaise: 9000,
        igstPaise: 0,
        totalPaise: 118000,
      },
    ],
    totals: { taxablePaise: 100000, cgstPaise: 9000, sgstPaise: 9000, igstPaise: 0, totalPaise: 118000 },
    amountInWords: 'Rupees One Thousand One Hundred Eighty Only',
  };
  const note = (kind: 'credit_note' | 'debit_note'): FrozenDocument => ({
    ...base,
    kind,
    number: kind === 'credit_note' ? 'CN/2526/00001' : 'DN/2526/00001',
    invoice: { number: base.number, date: base.issuedAt },
    reason: 'Rate difference',
  });

  it('prints the invoice, credit and debit note headings in English and Hindi, the spec words kept', async () => {
    const cases = [
      [base, 'TAX INVOICE / कर बीजक', 'Invoice Total / बीजक कुल'],
      [note('credit_note'), 'CREDIT NOTE / क्रेडिट नोट', 'Total Credited / कुल क्रेडिट राशि'],
      [note('debit_note'), 'DEBIT NOTE / डेबिट नोट', 'Total Debited / कुल डेबिट राशि'],
    ] as const;
    for (const [doc, title, grand] of cases) {
      const { text } = readPdf(await renderTaxDocumentPdf(doc, ['original']));
      for (const heading of [
        title,
        'Original for recipient / प्राप्तकर्ता के लिए मूल प्रति',
        'Supplier / आपूर्तिकर्ता',
        'Details of Recipient (Billed to) / प्राप्तकर्ता का विवरण (बिल प्राप्तकर्ता)',
        'Total Taxable Value / कुल कर योग्य मूल्य',
        grand,
        'Amount in words / राशि शब्दों में',
        'Authorised Signatory / अधिकृत हस्ताक्षरकर्ता',
      ]) {
        expect(text, `${doc.kind}: ${heading}`).toContain(heading.normalize('NFC'));
      }
      // The table's column heads and the tax heads stay English only.
      expect(text).toContain('Description of Goods');
      expect(text).toContain('CGST');
    }
  });
});
