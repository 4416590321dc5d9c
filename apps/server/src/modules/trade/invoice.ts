import { amountInWords, gstStateCodeOf, gstSupplyType, stateNameOf } from '@ub/shared';
import { and, asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/client.ts';
import { buyers, manufacturers, orderEvents, orderItems, orders } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { fromPaise, toPaise } from './common.ts';

export interface InvoiceLine {
  description: string;
  hsnCode: string;
  quantity: number;
  unit: string;
  rate: string;
  taxable: string;
  gstPercentage: string;
  cgst: string;
  sgst: string;
  igst: string;
  total: string;
}

export interface InvoiceData {
  invoiceNumber: string;
  invoiceDate: Date;
  orderNumber: string;
  orderDate: Date;
  supplyType: 'intra' | 'inter';
  seller: { name: string; address: string; gstin: string; state: string };
  buyer: { name: string; contact: string; address: string; gstin: string | null };
  shipTo: string;
  placeOfSupply: string;
  lines: InvoiceLine[];
  totals: { taxable: string; cgst: string; sgst: string; igst: string; shipping: string; total: string };
  amountInWords: string;
}

/** A line's GST split: half CGST and half SGST inside the state (odd paise go to SGST), all IGST across states. */
export function splitGst(taxPaise: number, supplyType: 'intra' | 'inter') {
  if (supplyType === 'inter') return { cgst: 0, sgst: 0, igst: taxPaise };
  const cgst = Math.floor(taxPaise / 2);
  return { cgst, sgst: taxPaise - cgst, igst: 0 };
}

/** What the tax invoice of a seller's shipped or delivered order says. */
export async function invoiceData(db: Db, manufacturerId: string, orderId: string): Promise<InvoiceData> {
  const [row] = await db
    .select({ o: orders, m: manufacturers, b: buyers })
    .from(orders)
    .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(and(eq(orders.id, orderId), eq(orders.manufacturerId, manufacturerId)))
    .limit(1);
  if (!row) throw notFound('Order not found');
  const { o, m, b } = row;
  if (!o.invoiceNumber) throw conflict('The tax invoice is issued when the order ships.');
  const [items, [shipped]] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.name)),
    db
      .select({ at: orderEvents.createdAt })
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, o.id), eq(orderEvents.toStatus, 'shipped')))
      .limit(1),
  ]);
  const supplyType = gstSupplyType(m.gstNumber, o.shipState);
  const sums = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
  const lines = items.map((i) => {
    const taxable = toPaise(i.lineTotal);
    const split = splitGst(toPaise(i.taxAmount), supplyType);
    sums.taxable += taxable;
    sums.cgst += split.cgst;
    sums.sgst += split.sgst;
    sums.igst += split.igst;
    return {
      description: i.name,
      hsnCode: i.hsnCode ?? '-',
      quantity: i.quantity,
      unit: i.unit ?? '',
      rate: i.unitPrice,
      taxable: fromPaise(taxable),
      gstPercentage: String(Number(i.gstPercentage)),
      cgst: fromPaise(split.cgst),
      sgst: fromPaise(split.sgst),
      igst: fromPaise(split.igst),
      total: fromPaise(taxable + split.cgst + split.sgst + split.igst),
    };
  });
  const placeCode = gstStateCodeOf(o.shipState);
  const sellerState = stateNameOf(m.gstNumber.slice(0, 2)) ?? '';
  return {
    invoiceNumber: o.invoiceNumber,
    invoiceDate: shipped?.at ?? o.updatedAt,
    orderNumber: o.orderNumber,
    orderDate: o.createdAt,
    supplyType,
    seller: { name: m.companyName, address: m.companyAddress, gstin: m.gstNumber, state: sellerState },
    buyer: {
      name: b.companyName,
      contact: b.contactName,
      address: [b.address, b.state].filter(Boolean).join(', '),
      gstin: b.gstNumber,
    },
    shipTo: [o.shipStreet, o.shipApartment, `${o.shipCity} ${o.shipZipCode}`, o.shipState, o.shipCountry]
      .filter(Boolean)
      .join(', '),
    placeOfSupply: placeCode ? `${o.shipState} (${placeCode})` : o.shipState,
    lines,
    totals: {
      taxable: fromPaise(sums.taxable),
      cgst: fromPaise(sums.cgst),
      sgst: fromPaise(sums.sgst),
      igst: fromPaise(sums.igst),
      shipping: o.shipping,
      total: o.total,
    },
    amountInWords: amountInWords(o.total),
  };
}

const num = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const money = (v: string) => num.format(Number(v));
const dateText = (d: Date) =>
  d.toLocaleDateString('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** Renders the invoice as an A4 PDF. The built-in Helvetica has no rupee sign, so amounts are labelled INR. */
export function renderInvoicePdf(inv: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: `Tax Invoice ${inv.invoiceNumber}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const left = 36;
  const width = doc.page.width - 72;

  doc.font('Helvetica-Bold').fontSize(16).text('TAX INVOICE', left, 36, { width, align: 'center' });
  doc.font('Helvetica').fontSize(8).text('Original for recipient', { width, align: 'center' });
  doc.moveDown(0.8);

  const top = doc.y;
  const half = width / 2 - 6;
  doc.font('Helvetica-Bold').fontSize(10).text(inv.seller.name, left, top, { width: half });
  doc.font('Helvetica').fontSize(8.5).text(inv.seller.address, { width: half });
  doc.text(`GSTIN: ${inv.seller.gstin}`, { width: half });
  doc.text(`State: ${inv.seller.state} (${inv.seller.gstin.slice(0, 2)})`, { width: half });
  const leftEnd = doc.y;
  const rx = left + half + 12;
  doc.font('Helvetica').fontSize(8.5);
  for (const [k, v] of [
    ['Invoice No.', inv.invoiceNumber],
    ['Invoice Date', dateText(inv.invoiceDate)],
    ['Order No.', inv.orderNumber],
    ['Order Date', dateText(inv.orderDate)],
    ['Place of Supply', inv.placeOfSupply],
    ['Tax Type', inv.supplyType === 'intra' ? 'CGST + SGST (intra-state)' : 'IGST (inter-state)'],
  ] as const) {
    const y = doc.y;
    doc.font('Helvetica-Bold').text(k, rx, y, { width: 80 });
    doc.font('Helvetica').text(v, rx + 82, y, { width: half - 82 });
  }
  doc.y = Math.max(leftEnd, doc.y) + 10;

  const partyTop = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).text('Bill To', left, partyTop, { width: half });
  doc.font('Helvetica').fontSize(8.5).text(inv.buyer.name, { width: half });
  doc.text(`Attn: ${inv.buyer.contact}`, { width: half });
  if (inv.buyer.address) doc.text(inv.buyer.address, { width: half });
  doc.text(`GSTIN: ${inv.buyer.gstin ?? 'Unregistered'}`, { width: half });
  const billEnd = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).text('Ship To', rx, partyTop, { width: half });
  doc.font('Helvetica').fontSize(8.5).text(inv.shipTo, rx, doc.y, { width: half });
  doc.y = Math.max(billEnd, doc.y) + 12;

  const intra = inv.supplyType === 'intra';
  const cols: Array<{ h: string; w: number; align: 'left' | 'right'; v: (l: InvoiceLine, i: number) => string }> = [
    { h: '#', w: 16, align: 'left', v: (_l, i) => String(i + 1) },
    { h: 'Description', w: intra ? 110 : 140, align: 'left', v: (l) => l.description },
    { h: 'HSN', w: 40, align: 'left', v: (l) => l.hsnCode },
    { h: 'Qty', w: 48, align: 'right', v: (l) => `${l.quantity} ${l.unit}`.trim() },
    { h: 'Rate', w: 52, align: 'right', v: (l) => money(l.rate) },
    { h: 'Taxable Value', w: 62, align: 'right', v: (l) => money(l.taxable) },
    { h: 'GST %', w: 30, align: 'right', v: (l) => l.gstPercentage },
    ...(intra
      ? [
          { h: 'CGST', w: 48, align: 'right' as const, v: (l: InvoiceLine) => money(l.cgst) },
          { h: 'SGST', w: 48, align: 'right' as const, v: (l: InvoiceLine) => money(l.sgst) },
        ]
      : [{ h: 'IGST', w: 66, align: 'right' as const, v: (l: InvoiceLine) => money(l.igst) }]),
    { h: 'Total', w: 0, align: 'right', v: (l) => money(l.total) },
  ];
  const fixed = cols.reduce((s, c) => s + c.w, 0);
  const last = cols.at(-1);
  if (last) last.w = width - fixed;

  const drawRow = (cells: string[], bold: boolean) => {
    const y = doc.y;
    let x = left;
    let height = 0;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8);
    cols.forEach((c, i) => {
      const text = cells[i] ?? '';
      height = Math.max(height, doc.heightOfString(text, { width: c.w - 4 }));
      doc.text(text, x + 2, y + 3, { width: c.w - 4, align: c.align });
      x += c.w;
    });
    doc.y = y + height + 6;
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
  };
  doc
    .moveTo(left, doc.y)
    .lineTo(left + width, doc.y)
    .lineWidth(0.5)
    .strokeColor('#999999')
    .stroke();
  drawRow(
    cols.map((c) => c.h),
    true,
  );
  inv.lines.forEach((l, i) => {
    if (doc.y > doc.page.height - 160) doc.addPage();
    drawRow(
      cols.map((c) => c.v(l, i)),
      false,
    );
  });

  doc.moveDown(0.6);
  const totals: Array<[string, string]> = [['Taxable Value', inv.totals.taxable]];
  if (intra) totals.push(['CGST', inv.totals.cgst], ['SGST', inv.totals.sgst]);
  else totals.push(['IGST', inv.totals.igst]);
  totals.push(['Shipping', inv.totals.shipping], ['Grand Total (INR)', inv.totals.total]);
  for (const [k, v] of totals) {
    const y = doc.y;
    const bold = k.startsWith('Grand');
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 10 : 9);
    doc.text(k, left + width - 250, y, { width: 150, align: 'right' });
    doc.text(money(v), left + width - 100, y, { width: 100, align: 'right' });
    doc.moveDown(0.2);
  }
  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(9).text('Amount in words: ', left, doc.y, { continued: true, width });
  doc.font('Helvetica').text(inv.amountInWords);
  doc.moveDown(2);
  doc.font('Helvetica').fontSize(8).text(`For ${inv.seller.name}`, left, doc.y, { width, align: 'right' });
  doc.moveDown(2.5);
  doc.text('Authorised Signatory', { width, align: 'right' });
  doc.moveDown(1);
  doc
    .fontSize(7)
    .fillColor('#555555')
    .text('This is a computer-generated invoice issued through Udyog Bazaar.', left, doc.y, {
      width,
      align: 'center',
    });
  doc.end();
  return done;
}
