import PDFDocument from 'pdfkit';
import { unicodeText } from '../../lib/pdf.ts';
import { BILINGUAL_PDF_LABELS, type PdfLabels } from './labels.ts';
import type { FrozenDocument, FrozenLine } from './types.ts';

export const PDF_COPIES = ['original', 'duplicate', 'triplicate'] as const;
export type PdfCopy = (typeof PDF_COPIES)[number];

/** What is printed beside the frozen body: registration on the IRP and the e-way bill, which come after issue. */
export interface PdfExtras {
  irn?: { irn: string; ackNo: string; ackDate: Date; qrPng?: Buffer } | null;
  ewbNumber?: string | null;
  backfilledAt?: Date | null;
}

const num = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (paise: number) => num.format(paise / 100);
const pct = (r: number) => String(Number(r.toFixed(2)));
const dateText = (d: Date | string) =>
  new Date(d).toLocaleDateString('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

/**
 * Draws an issued tax invoice, credit note or debit note from its frozen copy as an A4 PDF: one page set per
 * copy asked for (Original for recipient, Duplicate for transporter, Triplicate for supplier). Text is set in the
 * embedded Noto fonts of lib/pdf.ts (Devanagari shaped by fontkit), so Hindi names print as written.
 */
export function renderTaxDocumentPdf(
  doc: FrozenDocument,
  copies: readonly PdfCopy[] = PDF_COPIES,
  extras: PdfExtras = {},
  L: PdfLabels = BILINGUAL_PDF_LABELS,
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: 36,
    autoFirstPage: false,
    info: { Title: `${L.title[doc.kind]} ${doc.number}` },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const t = unicodeText(pdf);
  for (const copy of copies) {
    pdf.addPage();
    drawCopy(pdf, t, doc, copy, extras, L);
  }
  pdf.end();
  return done;
}

function drawCopy(
  pdf: PDFKit.PDFDocument,
  t: ReturnType<typeof unicodeText>,
  doc: FrozenDocument,
  copy: PdfCopy,
  extras: PdfExtras,
  L: PdfLabels,
) {
  const left = 36;
  const width = pdf.page.width - 72;
  const half = width / 2 - 6;
  const rx = left + half + 12;
  const note = doc.kind !== 'invoice';

  t.draw(L.copies[copy], left, 30, { width, size: 8, align: 'right', bold: true });
  t.draw(L.title[doc.kind], left, 40, { width, size: 15, bold: true, align: 'center' });

  const top = pdf.y + 8;
  t.draw(L.supplier, left, top, { width: half, size: 8, bold: true });
  t.draw(doc.seller.name, left, pdf.y, { width: half, size: 10, bold: true });
  t.draw(doc.seller.address, left, pdf.y, { width: half, size: 8.5 });
  t.draw(`${L.gstin}: ${doc.seller.gstin ?? ''}`, left, pdf.y, { width: half, size: 8.5 });
  t.draw(`${L.state}: ${doc.seller.stateName}, ${L.stateCode}: ${doc.seller.stateCode}`, left, pdf.y, {
    width: half,
    size: 8.5,
  });
  const leftEnd = pdf.y;

  const facts: Array<[string, string]> = [
    [L.number[doc.kind], doc.number],
    [L.date[doc.kind], dateText(doc.issuedAt)],
  ];
  if (note && doc.invoice) {
    facts.push([L.againstInvoice, doc.invoice.number], [L.invoiceDate, dateText(doc.invoice.date)]);
  }
  facts.push(
    [L.orderNo, doc.orderNumber],
    [L.orderDate, dateText(doc.orderDate)],
    [L.placeOfSupply, `${doc.placeOfSupply.stateName} (${L.stateCode}: ${doc.placeOfSupply.stateCode})`],
  );
  if (doc.transport?.carrier) {
    facts.push([L.transport, [doc.transport.carrier, doc.transport.trackingNumber].filter(Boolean).join(' / ')]);
  }
  if (extras.ewbNumber) facts.push([L.ewayBill, extras.ewbNumber]);
  if (note && doc.reason) facts.push([L.reason, doc.reason]);
  let y = top;
  for (const [k, v] of facts) {
    const h = Math.max(
      t.draw(`${k}:`, rx, y, { width: 110, size: 8, bold: true }),
      t.draw(v, rx + 112, y, { width: half - 112, size: 8 }),
    );
    y += h + 1;
  }
  y += t.draw([{ text: `${L.reverseCharge}: `, bold: true }, { text: L.no }], rx, y, { width: half, size: 8 }) + 1;

  if (extras.irn) {
    y += 4;
    const qrSize = 80;
    if (extras.irn.qrPng) pdf.image(extras.irn.qrPng, rx + half - qrSize, y, { width: qrSize, height: qrSize });
    const w = half - qrSize - 6;
    t.draw(`${L.irn}: ${extras.irn.irn}`, rx, y, { width: w, size: 7 });
    t.draw(`${L.ackNo}: ${extras.irn.ackNo}`, rx, pdf.y + 2, { width: w, size: 7 });
    t.draw(`${L.ackDate}: ${dateText(extras.irn.ackDate)}`, rx, pdf.y + 2, { width: w, size: 7 });
    y = Math.max(pdf.y, y + qrSize);
  }

  const partyTop = Math.max(leftEnd, y) + 10;
  t.draw(L.billTo, left, partyTop, { width: half, size: 8.5, bold: true });
  t.draw(doc.buyer.name, left, pdf.y, { width: half, size: 9, bold: true });
  if (doc.buyer.contact) t.draw(`${L.attn}: ${doc.buyer.contact}`, left, pdf.y, { width: half, size: 8.5 });
  if (doc.buyer.address) t.draw(doc.buyer.address, left, pdf.y, { width: half, size: 8.5 });
  t.draw(`${L.gstin}: ${doc.buyer.gstin ?? L.unregistered}`, left, pdf.y, { width: half, size: 8.5 });
  if (doc.buyer.stateCode) {
    t.draw(`${L.state}: ${doc.buyer.stateName}, ${L.stateCode}: ${doc.buyer.stateCode}`, left, pdf.y, {
      width: half,
      size: 8.5,
    });
  }
  const billEnd = pdf.y;
  t.draw(L.shipTo, rx, partyTop, { width: half, size: 8.5, bold: true });
  t.draw(doc.buyer.name, rx, pdf.y, { width: half, size: 9, bold: true });
  t.draw(`${doc.shipTo.address} ${doc.shipTo.pincode}`, rx, pdf.y, { width: half, size: 8.5 });
  t.draw(`${L.state}: ${doc.shipTo.stateName}, ${L.stateCode}: ${doc.shipTo.stateCode}`, rx, pdf.y, {
    width: half,
    size: 8.5,
  });
  pdf.y = Math.max(billEnd, pdf.y) + 10;

  const intra = doc.supplyType === 'intra';
  const C = L.columns;
  type Col = { h: string; w: number; align: 'left' | 'right'; v: (l: FrozenLine, i: number) => string };
  const cols: Col[] = [
    { h: C.no, w: 14, align: 'left', v: (_l, i) => String(i + 1) },
    { h: C.description, w: intra ? 84 : 124, align: 'left', v: (l) => l.description },
    { h: C.hsn, w: 40, align: 'left', v: (l) => l.hsn },
    { h: C.qty, w: 32, align: 'right', v: (l) => (l.quantity === null ? '-' : String(l.quantity)) },
    { h: C.uqc, w: 26, align: 'left', v: (l) => l.uqc },
    { h: C.rate, w: 50, align: 'right', v: (l) => (l.quantity === null ? '-' : money(l.ratePaise)) },
    { h: C.taxable, w: 56, align: 'right', v: (l) => money(l.taxablePaise) },
    ...(intra
      ? [
          { h: `${C.cgst} ${C.ratePct}`, w: 32, align: 'right' as const, v: (l: FrozenLine) => pct(l.cgstRate) },
          { h: `${C.cgst} ${C.amount}`, w: 46, align: 'right' as const, v: (l: FrozenLine) => money(l.cgstPaise) },
          { h: `${C.sgst} ${C.ratePct}`, w: 32, align: 'right' as const, v: (l: FrozenLine) => pct(l.sgstRate) },
          { h: `${C.sgst} ${C.amount}`, w: 46, align: 'right' as const, v: (l: FrozenLine) => money(l.sgstPaise) },
        ]
      : [
          { h: `${C.igst} ${C.ratePct}`, w: 32, align: 'right' as const, v: (l: FrozenLine) => pct(l.igstRate) },
          { h: `${C.igst} ${C.amount}`, w: 60, align: 'right' as const, v: (l: FrozenLine) => money(l.igstPaise) },
        ]),
    { h: C.total, w: 0, align: 'right', v: (l) => money(l.totalPaise) },
  ];
  const fixed = cols.reduce((s, c) => s + c.w, 0);
  const last = cols.at(-1);
  if (last) last.w = width - fixed;

  const rule = () =>
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
  const drawRow = (cells: string[], bold: boolean) => {
    const rowTop = pdf.y;
    let x = left;
    let height = 0;
    cols.forEach((c, i) => {
      height = Math.max(
        height,
        t.draw(cells[i] ?? '', x + 2, rowTop + 3, { width: c.w - 4, size: 7.5, bold, align: c.align }),
      );
      x += c.w;
    });
    pdf.y = rowTop + height + 6;
    rule();
  };
  rule();
  drawRow(
    cols.map((c) => c.h),
    true,
  );
  doc.lines.forEach((l, i) => {
    if (pdf.y > pdf.page.height - 200) {
      pdf.addPage();
      t.draw(`${L.title[doc.kind]} ${doc.number} · ${L.copies[copy]}`, left, 30, { width, size: 8, align: 'right' });
      pdf.y = 48;
      rule();
    }
    drawRow(
      cols.map((c) => c.v(l, i)),
      false,
    );
  });

  pdf.y += 8;
  const T = doc.totals;
  const totals: Array<[string, string]> = [[L.totals.taxable, money(T.taxablePaise)]];
  if (intra) totals.push([L.totals.cgst, money(T.cgstPaise)], [L.totals.sgst, money(T.sgstPaise)]);
  else totals.push([L.totals.igst, money(T.igstPaise)]);
  totals.push([L.totals.grand[doc.kind], `\u20B9 ${money(T.totalPaise)}`]);
  if (doc.kind === 'credit_note') {
    t.draw(L.taxReversed, left + width - 250, pdf.y, { width: 250, size: 8, bold: true, align: 'right' });
  }
  for (const [k, v] of totals) {
    const rowTop = pdf.y;
    const o = k === L.totals.grand[doc.kind] ? { size: 10, bold: true } : { size: 9 };
    const h = Math.max(
      t.draw(k, left + width - 250, rowTop, { ...o, width: 150, align: 'right' }),
      t.draw(v, left + width - 100, rowTop, { ...o, width: 100, align: 'right' }),
    );
    pdf.y = rowTop + h + 2;
  }
  pdf.y += 8;
  t.draw([{ text: `${L.amountInWords}: `, bold: true }, { text: doc.amountInWords }], left, pdf.y, { width, size: 9 });
  pdf.y += 20;
  t.draw(`${L.forSeller} ${doc.seller.name}`, left + width - 220, pdf.y, {
    width: 220,
    size: 8.5,
    bold: true,
    align: 'right',
  });
  pdf.y += 34;
  pdf
    .moveTo(left + width - 160, pdf.y)
    .lineTo(left + width, pdf.y)
    .lineWidth(0.5)
    .strokeColor('#333333')
    .stroke();
  pdf.y += 3;
  t.draw(L.signatory, left + width - 220, pdf.y, { width: 220, size: 8, align: 'right' });
  pdf.y += 14;
  pdf.fillColor('#555555');
  const footer = extras.backfilledAt ? `${L.footer} ${L.backfilled} ${dateText(extras.backfilledAt)}.` : L.footer;
  t.draw(footer, left, pdf.y, { width, size: 7, align: 'center' });
  pdf.fillColor('#000000');
}
