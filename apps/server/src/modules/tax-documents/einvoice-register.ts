import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taxDocuments } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/deps.ts';
import { conflict } from '../../lib/errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { EINVOICE_DOC_TYPE, einvoiceJson } from './einvoice.ts';
import { sellerEinvoiceProvider } from './einvoice-credentials.ts';
import { type EinvoiceProvider, IrpError, irnOf } from './providers/einvoice.ts';
import type { TaxDocumentRow } from './commands.ts';
import { documentFor } from './queries.ts';
import type { FrozenDocument } from './types.ts';

export const REGISTER_EINVOICE = 'einvoice.register';

/** Queues the registration of a document on the IRP (inside the issuing transaction: the outbox). */
export async function enqueueEinvoice(tx: Db, documentId: string) {
  await enqueue(tx, REGISTER_EINVOICE, { documentId }, { uniqueKey: `einvoice:${documentId}`, maxAttempts: 6 });
}

/**
 * Registers one pending document on the IRP through the provider. A refusal of the document (validation error,
 * duplicate IRN 2150) marks it failed with the portal's code and message, which the seller sees on the order; a
 * failure to reach the provider records the error and throws, so the job runner tries again with backoff. The
 * IRN that comes back is checked against the one computed here (SHA-256 of GSTIN, year, type and number).
 */
export async function registerEinvoice(db: Db, documentId: string, given?: EinvoiceProvider) {
  const [doc] = await db.select().from(taxDocuments).where(eq(taxDocuments.id, documentId)).limit(1);
  if (!doc || doc.einvoiceStatus !== 'pending') return;
  const body = doc.body as FrozenDocument;
  const expected = irnOf(body.seller.gstin ?? '', body.financialYear, EINVOICE_DOC_TYPE[body.kind], body.number);
  try {
    // The seller's own portal user with a GSP (einvoice-credentials.ts); a missing one fails the document visibly.
    const provider = given ?? (await sellerEinvoiceProvider(db, doc.manufacturerId, body.seller.gstin ?? ''));
    const r = await provider.generate(einvoiceJson(body)).catch(async (err: unknown) => {
      // 2150 Duplicate IRN for this very document: the IRP registered it on an earlier try whose answer was lost
      // or whose shipment rolled back (a refused e-way bill): its record is read back, not registered twice.
      const held =
        err instanceof IrpError && err.code === '2150' && provider.find ? await provider.find(expected) : null;
      if (!held) throw err;
      return held;
    });
    if (r.irn !== expected) throw new IrpError('IRN', `The IRN returned (${r.irn}) is not this document's.`);
    await db
      .update(taxDocuments)
      .set({
        einvoiceStatus: 'registered',
        irn: r.irn,
        ackNo: r.ackNo,
        ackDate: r.ackDate,
        signedQrCode: r.signedQrCode,
        einvoiceError: null,
      })
      .where(and(eq(taxDocuments.id, doc.id), eq(taxDocuments.einvoiceStatus, 'pending')));
  } catch (err) {
    const retry = err instanceof IrpError ? err.retryable : true;
    await db
      .update(taxDocuments)
      .set({ einvoiceStatus: retry ? 'pending' : 'failed', einvoiceError: (err as Error).message })
      .where(eq(taxDocuments.id, doc.id));
    if (retry) throw err;
  }
}

/**
 * An e-invoicing seller's invoice is an invoice only with its IRN (CGST Rule 48(4) and (5)), so the goods do not
 * leave (no "Shipped", no e-way bill) before it: registers `invoice` on the IRP now, inside the shipping
 * transaction, and answers it registered. A refusal, or an IRP that cannot be reached, stops the shipment (409)
 * with a message that says why and what to do; the transaction rolls back, so nothing is half shipped. Documents
 * outside e-invoicing (not applicable) pass as they are.
 */
export async function irnBeforeDispatch(
  tx: Db,
  invoice: TaxDocumentRow,
  given?: EinvoiceProvider,
): Promise<TaxDocumentRow> {
  if (invoice.einvoiceStatus === 'not_applicable' || invoice.einvoiceStatus === 'registered') return invoice;
  if (invoice.einvoiceStatus === 'failed') {
    await tx.update(taxDocuments).set({ einvoiceStatus: 'pending' }).where(eq(taxDocuments.id, invoice.id));
  }
  try {
    await registerEinvoice(tx, invoice.id, given);
  } catch (err) {
    const why = (err as Error).message;
    throw conflict(
      `Invoice ${invoice.number} could not be registered on the e-invoice portal yet (${why}). An e-invoicing seller ships only with the IRN: the order is not marked shipped and no e-way bill is made. Try again in a few minutes.`,
    );
  }
  const [now] = await tx.select().from(taxDocuments).where(eq(taxDocuments.id, invoice.id));
  if (now?.einvoiceStatus !== 'registered') {
    const why = now?.einvoiceError ?? 'no reason given';
    throw conflict(
      `Invoice ${invoice.number} was not registered on the e-invoice portal (${why}). An e-invoicing seller ships only with the IRN: the order is not marked shipped and no e-way bill is made. Correct what the message names and mark it shipped again.`,
    );
  }
  return now;
}

/** The seller sends a failed document again (after fixing what the portal refused, e.g. a prefix). */
export async function retryEinvoice(db: Db, scope: Scope, documentId: string) {
  const doc = await documentFor(db, scope, documentId);
  if (doc.einvoiceStatus !== 'failed') throw conflict('Only a failed e-invoice can be sent again.');
  await db.update(taxDocuments).set({ einvoiceStatus: 'pending' }).where(eq(taxDocuments.id, doc.id));
  await enqueue(db, REGISTER_EINVOICE, { documentId }, { uniqueKey: `einvoice:${documentId}:${Date.now()}` });
}

const CANCEL_WINDOW_MS = 24 * 3_600_000;

/** Cancels a registered IRN within 24 hours of its acknowledgement (the IRP refuses later). */
export async function cancelEinvoice(
  db: Db,
  scope: Scope,
  documentId: string,
  input: { reason: '1' | '2' | '3' | '4'; remark: string },
  now: Date,
  given?: EinvoiceProvider,
) {
  const doc = await documentFor(db, scope, documentId);
  if (doc.einvoiceStatus !== 'registered' || !doc.irn || !doc.ackDate) {
    throw conflict('This document has no registered IRN to cancel.');
  }
  if (now.getTime() - doc.ackDate.getTime() > CANCEL_WINDOW_MS) {
    throw conflict('An IRN can be cancelled only within 24 hours of its acknowledgement: issue a credit note instead.');
  }
  try {
    const body = doc.body as FrozenDocument;
    const provider = given ?? (await sellerEinvoiceProvider(db, doc.manufacturerId, body.seller.gstin ?? ''));
    await provider.cancel(doc.irn, input.reason, input.remark);
  } catch (err) {
    throw conflict((err as Error).message);
  }
  await db.update(taxDocuments).set({ einvoiceStatus: 'cancelled' }).where(eq(taxDocuments.id, doc.id));
}
