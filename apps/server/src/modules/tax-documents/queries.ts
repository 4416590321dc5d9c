import type { TaxDocumentItem } from '@ub/shared';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orders, taxDocuments } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import { fromPaise } from '../trade/common.ts';
import { orderScope } from '../orders/queries.ts';
import { invoiceOf, type TaxDocumentRow } from './commands.ts';

export const documentItem = (d: TaxDocumentRow): TaxDocumentItem => ({
  id: d.id,
  kind: d.kind,
  number: d.number,
  issuedAt: d.issuedAt.toISOString(),
  reason: d.reason,
  total: fromPaise(d.totalPaise),
  einvoiceStatus: d.einvoiceStatus,
  irn: d.irn,
  einvoiceError: d.einvoiceError,
});

/** The tax documents of an order the scope may see (the invoice first, then notes as issued). */
export async function documentsOfOrder(db: Db, scope: Scope, orderId: string): Promise<TaxDocumentItem[]> {
  await invoiceOf(db, scope, orderId);
  const rows = await db
    .select()
    .from(taxDocuments)
    .where(eq(taxDocuments.orderId, orderId))
    .orderBy(asc(taxDocuments.issuedAt), asc(taxDocuments.createdAt));
  return rows.map(documentItem);
}

/** One tax document the scope may see; another tenant's is 404. */
export async function documentFor(db: Db, scope: Scope, documentId: string): Promise<TaxDocumentRow> {
  const [row] = await db
    .select({ d: taxDocuments })
    .from(taxDocuments)
    .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
    .where(and(eq(taxDocuments.id, documentId), orderScope(scope)))
    .limit(1);
  if (!row) throw notFound('Document not found');
  return row.d;
}
