import PDFDocument from 'pdfkit';
import { type PdfText, unicodeText } from '../../lib/pdf.ts';
import type { CommissionCreditNoteBody, CommissionInvoiceBody } from './commission-invoice.ts';
import type { SettlementStatement } from './settlements.ts';

/**
 * The seller's settlement statement and the platform's commission tax invoice as A4 PDFs, set in the embedded Noto
 * fonts of lib/pdf.ts (a Hindi company name prints as written). Landscape for the statement: ten money columns.
 */

const num = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (paise: number) => num.format(paise / 100);
const dateText = (d: Date | string) =>
  new Date(d).toLocaleDateString('en-IN', {
    day: '2-digit',
    month: 'short',
    year: 'numeric',
    timeZone: 'Asia/Kolkata',
  });

interface Col<R> {
  h: string;
  w: number;
  align?: 'left' | 'right';
  v: (r: R) => string;
}

function render(title: string, layout: 'portrait' | 'landscape', draw: (pdf: PDFKit.PDFDocument, t: PdfText) => void) {
  const pdf = new PDFDocument({ size: 'A4', layout, margin: 36, info: { Title: title } });
  const chunks: Buffer[] = [];
  pdf.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  draw(pdf, unicodeText(pdf));
  pdf.end();
  return done;
}

/** A ruled table from pdf.y: the header row again on each new page; the last column takes the width left. */
function table<R>(pdf: PDFKit.PDFDocument, t: PdfText, cols: Array<Col<R>>, rows: R[], bold: (r: R) => boolean) {
  const left = 36;
  const width = pdf.page.width - 72;
  const last = cols.at(-1);
  if (last) last.w = width - cols.slice(0, -1).reduce((s, c) => s + c.w, 0);
  const rule = () =>
    pdf
      .moveTo(left, pdf.y)
      .lineTo(left + width, pdf.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
  const row = (cells: string[], isBold: boolean) => {
    const top = pdf.y;
    let x = left;
    let h = 0;
    cols.forEach((c, i) => {
      h = Math.max(
        h,
        t.draw(cells[i] ?? '', x + 2, top + 3, { width: c.w - 4, size: 7.5, bold: isBold, align: c.align }),
      );
      x += c.w;
    });
    pdf.y = top + h + 6;
    rule();
  };
  const header = () => {
    rule();
    row(
      cols.map((c) => c.h),
      true,
    );
  };
  header();
  for (const r of rows) {
    if (pdf.y > pdf.page.height - 80) {
      pdf.addPage();
      pdf.y = 36;
      header();
    }
    row(
      cols.map((c) => c.v(r)),
      bold(r),
    );
  }
}

function facts(t: PdfText, x: number, y: number, width: number, rows: Array<[string, string]>) {
  let top = y;
  for (const [k, v] of rows) {
    const h = Math.max(
      t.draw(`${k}:`, x, top, { width: 120, size: 8.5, bold: true }),
      t.draw(v, x + 122, top, { width: width - 122, size: 8.5 }),
    );
    top += h + 1;
  }
  return top;
}

type StatementRow = SettlementStatement['lines'][number] | ({ total: true } & SettlementStatement['totals']);

/**
 * The settlement statement: the seller, the period, opening and closing balances, and a line per order (gross,
 * commission, GST on commission, TCS, TDS, refunds, net) with the totals; the same figures as the screen and CSV.
 */
export function renderStatementPdf(st: SettlementStatement): Promise<Buffer> {
  return render(`Settlement statement ${st.settlementNumber}`, 'landscape', (pdf, t) => {
    const left = 36;
    const width = pdf.page.width - 72;
    t.draw('Settlement statement', left, 32, { width, size: 15, bold: true });
    const half = width / 2 - 6;
    const top = pdf.y + 6;
    const sellerEnd = facts(t, left, top, half, [
      ['Seller', st.seller.companyName],
      ['GSTIN', st.seller.gstNumber],
      ['State', st.seller.state ?? ''],
    ]);
    const factsEnd = facts(t, left + half + 12, top, half, [
      ['Settlement', st.settlementNumber],
      ['Period', `${dateText(st.periodStart)} to ${dateText(st.periodEnd)}`],
      ['Opening balance', `\u20B9 ${money(st.openingPaise)}`],
      ['Closing balance', `\u20B9 ${money(st.closingPaise)}`],
      ['Status', st.status === 'paid' ? `Paid${st.utr ? `, UTR ${st.utr}` : ''}` : 'To be paid'],
      ...(st.commissionInvoiceNumber
        ? ([['Commission invoice', st.commissionInvoiceNumber]] as Array<[string, string]>)
        : []),
    ]);
    pdf.y = Math.max(sellerEnd, factsEnd) + 12;
    const rows: StatementRow[] = [...st.lines, { total: true, ...st.totals }];
    const isTotal = (r: StatementRow): r is { total: true } & SettlementStatement['totals'] => 'total' in r;
    const m = (k: keyof SettlementStatement['totals']) => (r: StatementRow) => money(r[k]);
    table<StatementRow>(
      pdf,
      t,
      [
        { h: 'Order', w: 110, v: (r) => (isTotal(r) ? 'Total' : r.orderNumber) },
        {
          h: 'Kind',
          w: 80,
          v: (r) => (isTotal(r) ? '' : r.kind === 'release' ? 'Order' : 'Refund recovered'),
        },
        { h: 'Date', w: 62, v: (r) => (isTotal(r) ? '' : dateText(r.postedAt)) },
        { h: 'Gross', w: 72, align: 'right', v: m('grossPaise') },
        { h: 'Commission', w: 66, align: 'right', v: m('commissionPaise') },
        { h: 'GST on commission', w: 66, align: 'right', v: m('gstOnCommissionPaise') },
        { h: 'TCS', w: 56, align: 'right', v: m('tcsPaise') },
        { h: 'TDS', w: 56, align: 'right', v: m('tdsPaise') },
        { h: 'Refunds', w: 62, align: 'right', v: m('refundsPaise') },
        { h: 'Net payout', w: 0, align: 'right', v: m('netPaise') },
      ],
      rows,
      isTotal,
    );
    pdf.y += 10;
    pdf.fillColor('#555555');
    t.draw(
      'Amounts in rupees. Commission is on the taxable value; GST on commission at 18 %; TCS under s.52 CGST Act on the net taxable value; TDS under s.194-O Income-tax Act on the taxable value (GST excluded). A refund after release is recovered in the next settlement, less its share of the commission, GST, TCS and TDS withheld, which are reversed.',
      left,
      pdf.y,
      { width, size: 7.5 },
    );
    pdf.fillColor('#000000');
  });
}

/** The platform's tax invoice to the seller for its commission, drawn from the copy frozen at issue. */
export function renderCommissionInvoicePdf(doc: CommissionInvoiceBody): Promise<Buffer> {
  return renderCommissionDocument(doc, {
    title: `Tax invoice ${doc.number}`,
    heading: 'Tax Invoice',
    facts: [
      ['Invoice No.', doc.number],
      ['Invoice date', dateText(doc.issuedAt)],
      ['Settlement', doc.settlementNumber],
      ['Period', `${dateText(doc.periodStart)} to ${dateText(doc.periodEnd)}`],
    ],
    totalLabel: 'Invoice total',
    note: 'The commission and GST on it were deducted from the settlement named above; nothing is to be paid against this invoice.',
  });
}

/** The platform's credit note against its commission invoice, drawn from the copy frozen at issue. */
export function renderCommissionCreditNotePdf(doc: CommissionCreditNoteBody): Promise<Buffer> {
  return renderCommissionDocument(doc, {
    title: `Credit note ${doc.number}`,
    heading: 'Credit Note',
    facts: [
      ['Credit note No.', doc.number],
      ['Date', dateText(doc.issuedAt)],
      ['Against invoice', `${doc.invoiceNumber} of ${dateText(doc.invoiceIssuedAt)}`],
      ['Order', doc.orderNumber],
      ['Refund', doc.refundNumber],
      ['Reason', doc.reason],
    ],
    totalLabel: 'Credit note total',
    note: 'The buyer was refunded; the commission and GST on it charged on the refunded part are reversed and added back to your next settlement.',
  });
}

function renderCommissionDocument(
  doc: CommissionInvoiceBody | CommissionCreditNoteBody,
  o: { title: string; heading: string; facts: Array<[string, string]>; totalLabel: string; note: string },
): Promise<Buffer> {
  return render(o.title, 'portrait', (pdf, t) => {
    const left = 36;
    const width = pdf.page.width - 72;
    const half = width / 2 - 6;
    t.draw('Original for recipient', left, 30, { width, size: 8, align: 'right', bold: true });
    t.draw(o.heading, left, 40, { width, size: 15, bold: true, align: 'center' });
    const top = pdf.y + 8;
    const party = (label: string, p: CommissionInvoiceBody['supplier'], x: number, y: number) => {
      t.draw(label, x, y, { width: half, size: 8, bold: true });
      t.draw(p.name, x, pdf.y, { width: half, size: 10, bold: true });
      t.draw(p.address, x, pdf.y, { width: half, size: 8.5 });
      t.draw(`GSTIN: ${p.gstin ?? 'Unregistered'}`, x, pdf.y, { width: half, size: 8.5 });
      t.draw(`State: ${p.stateName}, Code: ${p.stateCode}`, x, pdf.y, { width: half, size: 8.5 });
      return pdf.y;
    };
    const supplierEnd = party('Supplier', doc.supplier, left, top);
    const recipientEnd = party('Recipient', doc.recipient, left, supplierEnd + 8);
    const factsEnd = facts(t, left + half + 12, top, half, [
      ...o.facts,
      ['Place of supply', `${doc.placeOfSupply.stateName} (Code: ${doc.placeOfSupply.stateCode})`],
      ['Reverse charge', 'No'],
    ]);
    pdf.y = Math.max(recipientEnd, factsEnd) + 12;
    const intra = doc.supplyType === 'intra';
    type L = CommissionInvoiceBody['lines'][number];
    table<L>(
      pdf,
      t,
      [
        { h: 'Description', w: intra ? 150 : 190, v: (l) => l.description },
        { h: 'SAC', w: 46, v: (l) => l.sac },
        { h: 'Taxable value', w: 70, align: 'right', v: (l) => money(l.taxablePaise) },
        ...(intra
          ? [
              { h: 'CGST %', w: 36, align: 'right' as const, v: (l: L) => String(l.gstRate / 2) },
              { h: 'CGST', w: 56, align: 'right' as const, v: (l: L) => money(l.cgstPaise) },
              { h: 'SGST %', w: 36, align: 'right' as const, v: (l: L) => String(l.gstRate / 2) },
              { h: 'SGST', w: 56, align: 'right' as const, v: (l: L) => money(l.sgstPaise) },
            ]
          : [
              { h: 'IGST %', w: 40, align: 'right' as const, v: (l: L) => String(l.gstRate) },
              { h: 'IGST', w: 70, align: 'right' as const, v: (l: L) => money(l.igstPaise) },
            ]),
        { h: 'Total', w: 0, align: 'right', v: (l) => money(l.totalPaise) },
      ],
      doc.lines,
      () => false,
    );
    pdf.y += 8;
    const T = doc.totals;
    const totals: Array<[string, string, boolean]> = [['Taxable value', money(T.taxablePaise), false]];
    if (intra) totals.push(['CGST', money(T.cgstPaise), false], ['SGST', money(T.sgstPaise), false]);
    else totals.push(['IGST', money(T.igstPaise), false]);
    totals.push([o.totalLabel, `\u20B9 ${money(T.totalPaise)}`, true]);
    for (const [k, v, bold] of totals) {
      const y = pdf.y;
      const o = { size: bold ? 10 : 9, bold };
      const h = Math.max(
        t.draw(k, left + width - 250, y, { ...o, width: 150, align: 'right' }),
        t.draw(v, left + width - 100, y, { ...o, width: 100, align: 'right' }),
      );
      pdf.y = y + h + 2;
    }
    pdf.y += 8;
    t.draw([{ text: 'Amount in words: ', bold: true }, { text: doc.amountInWords }], left, pdf.y, { width, size: 9 });
    pdf.y += 10;
    t.draw(o.note, left, pdf.y, { width, size: 8 });
    pdf.y += 20;
    t.draw(`For ${doc.supplier.name}`, left + width - 220, pdf.y, {
      width: 220,
      size: 8.5,
      bold: true,
      align: 'right',
    });
    pdf.y += 34;
    t.draw('Authorised signatory', left + width - 220, pdf.y, { width: 220, size: 8, align: 'right' });
  });
}
