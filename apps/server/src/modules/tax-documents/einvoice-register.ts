import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { taxDocuments } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/deps.ts';
import { conflict } from '../../lib/errors.ts';
import { enqueue } from '../../jobs/queue.ts';
import { EINVOICE_DOC_TYPE, einvoiceJson } from './einvoice.ts';
import { sellerEinvoiceProvider } from './einvoice-credentials.ts';
import { type EinvoiceProvider, IrpError, irnOf } from './providers/einvoice.ts';
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
    const r = await provider.generate(einvoiceJson(body));
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
