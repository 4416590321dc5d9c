import { sql } from 'drizzle-orm';
import { transaction } from '../lib/transaction.ts';
import { issueInvoice } from '../modules/tax-documents/commands.ts';
import { execRows } from '../modules/trade/common.ts';
import type { DemoContext } from './demo-context.ts';

/**
 * Issues the tax invoice of every demo order that shipped, as the Shipped step does for a live order: frozen,
 * numbered in its seller's series for the financial year, dated when it shipped. The steps before this one write
 * their order histories directly; issuing in shipping order keeps each series consecutive by date, and GSTR-1 of
 * the demo seller is complete at start (no invoice left to freeze lazily, none marked backfilled).
 */
export async function seedDemoInvoices({ app }: DemoContext): Promise<void> {
  const shipped = await execRows<{ id: string; at: Date | string }>(
    app.db,
    sql`select o.id, min(e.created_at) as at
        from orders o join order_events e on e.order_id = o.id and e.to_status = 'shipped'
        where not exists (select 1 from tax_documents d where d.order_id = o.id and d.kind = 'invoice')
        group by o.id
        order by min(e.created_at), o.id`,
  );
  for (const o of shipped) {
    const at = new Date(o.at);
    await transaction(app.db, (tx) => issueInvoice(tx, () => at, o.id));
  }
}
