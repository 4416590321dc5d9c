import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ewayBills } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/deps.ts';
import { conflict } from '../../lib/errors.ts';
import { invoiceOf, type TaxDocumentRow } from './commands.ts';
import { PDF_COPIES, type PdfCopy, renderTaxDocumentPdf } from './pdf.ts';
import { documentFor } from './queries.ts';
import { qrPngOf } from './qr.ts';
import type { FrozenDocument } from './types.ts';

/** Which copies a download holds: one named copy, or all three (the default for the seller and the admin). */
export function copiesOf(copy: PdfCopy | 'all' | undefined, scope: Scope): readonly PdfCopy[] {
  if (copy && copy !== 'all') return [copy];
  if (!copy && scope.kind === 'buyer') return ['original'];
  return PDF_COPIES;
}

async function render(db: Db, doc: TaxDocumentRow, copies: readonly PdfCopy[]) {
  const [ewb] = await db
    .select({ number: ewayBills.ewbNumber })
    .from(ewayBills)
    .where(eq(ewayBills.orderId, doc.orderId))
    .limit(1);
  const irn =
    doc.irn && doc.ackNo && doc.ackDate && doc.einvoiceStatus === 'registered'
      ? {
          irn: doc.irn,
          ackNo: doc.ackNo,
          ackDate: doc.ackDate,
          qrPng: doc.signedQrCode ? await qrPngOf(doc.signedQrCode) : undefined,
        }
      : null;
  const pdf = await renderTaxDocumentPdf(doc.body as FrozenDocument, copies, {
    irn,
    ewbNumber: doc.kind === 'invoice' ? (ewb?.number ?? null) : null,
    backfilledAt: doc.backfilled ? doc.createdAt : null,
  });
  return { pdf, filename: `${doc.number.replaceAll('/', '-')}.pdf` };
}

/** The PDF of one tax document the scope may see. */
export async function taxDocumentPdf(db: Db, scope: Scope, documentId: string, copy?: PdfCopy | 'all') {
  return render(db, await documentFor(db, scope, documentId), copiesOf(copy, scope));
}

/** The PDF of an order's tax invoice; 409 before the order has shipped. */
export async function orderInvoicePdf(db: Db, scope: Scope, orderId: string, copy?: PdfCopy | 'all') {
  const invoice = await invoiceOf(db, scope, orderId);
  if (!invoice) throw conflict('The tax invoice is issued when the order ships.');
  return render(db, invoice, copiesOf(copy, scope));
}
