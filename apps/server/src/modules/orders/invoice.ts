import { amountInWords, gstStateCodeOf, gstSupplyType, stateNameOf } from '@ub/shared';
import { and, asc, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Db } from '../../db/client.ts';
import { buyers, manufacturers, orderEvents, orderItems, orders } from '../../db/schema/index.ts';
import { type Scope, sellerScope } from '../../lib/deps.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { unicodeText } from '../../lib/pdf.ts';
import { fromPaise, toPaise } from '../trade/common.ts';
import { orderScope } from './queries.ts';

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

/**
 * What the tax invoice of a shipped or delivered order says, for whoever may see the order: a manufacturer id
 * (the seller's own orders) or a scope (the buyer downloads their own invoices too). Another scope's order is 404.
 */
export async function invoiceData(db: Db, scope: string | Scope, orderId: string): Promise<InvoiceData> {
  const within = orderScope(typeof scope === 'string' ? sellerScope(scope) : scope);
  const [row] = await db
    .select({ o: orders, m: manufacturers, b: buyers })
    .from(orders)
    .innerJoin(manufacturers, eq(manufacturers.id, orders.manufacturerId))
    .innerJoin(buyers, eq(buyers.id, orders.buyerId))
    .where(and(eq(orders.id, orderId), within))
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

/**
 * Renders the invoice as an A4 PDF. Names and addresses are set in embedded Noto fonts (lib/pdf.ts), so Devanagari
 * and emoji come out as typed and the rupee sign is available.
 */
export function renderInvoicePdf(inv: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 36, info: { Title: `Tax Invoice ${inv.invoiceNumber}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const t = unicodeText(doc);
  const left = 36;
  const width = doc.page.width - 72;
  const below = (gap: number) => doc.y + gap;

  t.draw('TAX INVOICE', left, 36, { width, size: 16, bold: true, align: 'center' });
  t.draw('Original for recipient', left, doc.y, { width, size: 8, align: 'center' });

  const top = below(10);
  const half = width / 2 - 6;
  t.draw(inv.seller.name, left, top, { width: half, size: 10, bold: true });
  t.draw(inv.seller.address, left, doc.y, { width: half, size: 8.5 });
  t.draw(`GSTIN: ${inv.seller.gstin}`, left, doc.y, { width: half, size: 8.5 });
  t.draw(`State: ${inv.seller.state} (${inv.seller.gstin.slice(0, 2)})`, left, doc.y, { width: half, size: 8.5 });
  const leftEnd = doc.y;
  const rx = left + half + 12;
  let y = top;
  for (const [k, v] of [
    ['Invoice No.', inv.invoiceNumber],
    ['Invoice Date', dateText(inv.invoiceDate)],
    ['Order No.', inv.orderNumber],
    ['Order Date', dateText(inv.orderDate)],
    ['Place of Supply', inv.placeOfSupply],
    ['Tax Type', inv.supplyType === 'intra' ? 'CGST + SGST (intra-state)' : 'IGST (inter-state)'],
  ] as const) {
    const h = Math.max(
      t.draw(k, rx, y, { width: 80, size: 8.5, bold: true }),
      t.draw(v, rx + 82, y, { width: half - 82, size: 8.5 }),
    );
    y += h;
  }

  const partyTop = Math.max(leftEnd, y) + 10;
  t.draw('Bill To', left, partyTop, { width: half, size: 9, bold: true });
  t.draw(inv.buyer.name, left, doc.y, { width: half, size: 8.5 });
  t.draw(`Attn: ${inv.buyer.contact}`, left, doc.y, { width: half, size: 8.5 });
  if (inv.buyer.address) t.draw(inv.buyer.address, left, doc.y, { width: half, size: 8.5 });
  t.draw(`GSTIN: ${inv.buyer.gstin ?? 'Unregistered'}`, left, doc.y, { width: half, size: 8.5 });
  const billEnd = doc.y;
  t.draw('Ship To', rx, partyTop, { width: half, size: 9, bold: true });
  t.draw(inv.shipTo, rx, doc.y, { width: half, size: 8.5 });
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

  const rule = () =>
    doc
      .moveTo(left, doc.y)
      .lineTo(left + width, doc.y)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
  const drawRow = (cells: string[], bold: boolean) => {
    const rowTop = doc.y;
    let x = left;
    let height = 0;
    cols.forEach((c, i) => {
      height = Math.max(
        height,
        t.draw(cells[i] ?? '', x + 2, rowTop + 3, { width: c.w - 4, size: 8, bold, align: c.align }),
      );
      x += c.w;
    });
    doc.y = rowTop + height + 6;
    rule();
  };
  rule();
  drawRow(
    cols.map((c) => c.h),
    true,
  );
  inv.lines.forEach((l, i) => {
    if (doc.y > doc.page.height - 160) {
      doc.addPage();
      doc.y = 36;
    }
    drawRow(
      cols.map((c) => c.v(l, i)),
      false,
    );
  });

  doc.y += 8;
  const totals: Array<[string, string]> = [['Taxable Value', money(inv.totals.taxable)]];
  if (intra) totals.push(['CGST', money(inv.totals.cgst)], ['SGST', money(inv.totals.sgst)]);
  else totals.push(['IGST', money(inv.totals.igst)]);
  totals.push(['Shipping', money(inv.totals.shipping)], ['Grand Total', `\u20B9 ${money(inv.totals.total)}`]);
  for (const [k, v] of totals) {
    const rowTop = doc.y;
    const o = k === 'Grand Total' ? { size: 10, bold: true } : { size: 9 };
    const h = Math.max(
      t.draw(k, left + width - 250, rowTop, { ...o, width: 150, align: 'right' }),
      t.draw(v, left + width - 100, rowTop, { ...o, width: 100, align: 'right' }),
    );
    doc.y = rowTop + h + 2;
  }
  doc.y += 8;
  t.draw([{ text: 'Amount in words: ', bold: true }, { text: inv.amountInWords }], left, doc.y, { width, size: 9 });
  doc.y += 24;
  t.draw(`For ${inv.seller.name}`, left, doc.y, { width, size: 8, align: 'right' });
  doc.y += 30;
  t.draw('Authorised Signatory', left, doc.y, { width, size: 8, align: 'right' });
  doc.y += 12;
  doc.fillColor('#555555');
  t.draw('This is a computer-generated invoice issued through Udyog Bazaar.', left, doc.y, {
    width,
    size: 7,
    align: 'center',
  });
  doc.end();
  return done;
}
