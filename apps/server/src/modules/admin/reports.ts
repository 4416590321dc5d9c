import type { ReportKind } from '@ub/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import type { CsvColumn } from '../../lib/csv.ts';
import { sqlRows } from '../../lib/sql-rows.ts';

interface ReportSpec {
  /** Table alias whose created_at and id drive the date range and the keyset paging. */
  alias: ReturnType<typeof sql.identifier>;
  select: SQL;
  from: SQL;
  columns: CsvColumn[];
}

const SPECS: Record<ReportKind, ReportSpec> = {
  manufacturers: {
    alias: sql.identifier('m'),
    select: sql`m.id, m.company_name, u.full_name, u.email, u.phone, m.gst_number, m.category, m.status,
             m.status_reason, m.company_address, m.created_at`,
    from: sql`manufacturers m join users u on u.id = m.user_id`,
    columns: [
      { key: 'id', header: 'ID' },
      { key: 'company_name', header: 'Manufacturer' },
      { key: 'full_name', header: 'Contact Person' },
      { key: 'email', header: 'Email' },
      { key: 'phone', header: 'Contact' },
      { key: 'gst_number', header: 'GST Number' },
      { key: 'category', header: 'Category' },
      { key: 'status', header: 'Status' },
      { key: 'status_reason', header: 'Status Reason' },
      { key: 'company_address', header: 'Address' },
      { key: 'created_at', header: 'Registered At' },
    ],
  },
  products: {
    alias: sql.identifier('p'),
    select: sql`p.id, p.name, m.company_name, p.sku, p.category, p.price::text as price, p.moq, p.stock, p.unit,
             p.status, p.moderation_status, p.moderation_reason, p.created_at`,
    from: sql`products p join manufacturers m on m.id = p.manufacturer_id`,
    columns: [
      { key: 'id', header: 'ID' },
      { key: 'name', header: 'Product' },
      { key: 'company_name', header: 'Manufacturer' },
      { key: 'sku', header: 'SKU' },
      { key: 'category', header: 'Category' },
      { key: 'price', header: 'Price (INR)', numeric: true },
      { key: 'moq', header: 'MOQ', numeric: true },
      { key: 'stock', header: 'Stock', numeric: true },
      { key: 'unit', header: 'Unit' },
      { key: 'status', header: 'Listing' },
      { key: 'moderation_status', header: 'Moderation' },
      { key: 'moderation_reason', header: 'Moderation Reason' },
      { key: 'created_at', header: 'Created At' },
    ],
  },
  orders: {
    alias: sql.identifier('o'),
    select: sql`o.id, o.order_number, b.company_name as buyer, m.company_name as manufacturer, o.status,
             o.payment_status, o.subtotal::text as subtotal, o.shipping::text as shipping, o.tax::text as tax,
             o.total::text as total, o.ship_city, o.ship_state, o.created_at`,
    from: sql`orders o join buyers b on b.id = o.buyer_id join manufacturers m on m.id = o.manufacturer_id`,
    columns: [
      { key: 'id', header: 'ID' },
      { key: 'order_number', header: 'Order' },
      { key: 'buyer', header: 'Customer' },
      { key: 'manufacturer', header: 'Manufacturer' },
      { key: 'status', header: 'Status' },
      { key: 'payment_status', header: 'Payment' },
      { key: 'subtotal', header: 'Subtotal (INR)', numeric: true },
      { key: 'shipping', header: 'Shipping (INR)', numeric: true },
      { key: 'tax', header: 'Tax (INR)', numeric: true },
      { key: 'total', header: 'Total (INR)', numeric: true },
      { key: 'ship_city', header: 'City' },
      { key: 'ship_state', header: 'State' },
      { key: 'created_at', header: 'Order Date' },
    ],
  },
  payments: {
    alias: sql.identifier('pay'),
    select: sql`pay.id, pay.payment_number, o.order_number, b.company_name as buyer, m.company_name as manufacturer,
             pay.method, pay.amount::text as amount, pay.status, pay.reference, s.settlement_number, pay.created_at`,
    from: sql`payments pay join orders o on o.id = pay.order_id join buyers b on b.id = pay.buyer_id
           join manufacturers m on m.id = pay.manufacturer_id left join settlements s on s.id = pay.settlement_id`,
    columns: [
      { key: 'id', header: 'ID' },
      { key: 'payment_number', header: 'Payment' },
      { key: 'order_number', header: 'Order' },
      { key: 'buyer', header: 'Customer' },
      { key: 'manufacturer', header: 'Manufacturer' },
      { key: 'method', header: 'Method' },
      { key: 'amount', header: 'Amount (INR)', numeric: true },
      { key: 'status', header: 'Status' },
      { key: 'reference', header: 'Reference' },
      { key: 'settlement_number', header: 'Settlement' },
      { key: 'created_at', header: 'Payment Date' },
    ],
  },
  leads: {
    alias: sql.identifier('l'),
    select: sql`l.id, l.name, l.company, l.gst, l.contact, l.email, l.referred_by, l.status, l.notes, l.created_at`,
    from: sql`leads l`,
    columns: [
      { key: 'id', header: 'ID' },
      { key: 'name', header: 'Name' },
      { key: 'company', header: 'Company' },
      { key: 'gst', header: 'GST' },
      { key: 'contact', header: 'Contact' },
      { key: 'email', header: 'Email' },
      { key: 'referred_by', header: 'Referred By' },
      { key: 'status', header: 'Status' },
      { key: 'notes', header: 'Notes' },
      { key: 'created_at', header: 'Created At' },
    ],
  },
};

export const reportColumns = (kind: ReportKind) => SPECS[kind].columns;

const BATCH = 2000;

/**
 * The rows of one report in date order, fetched in keyset batches (created_at, id) so a million rows stream
 * through in constant memory on PGlite and PostgreSQL alike. `from` and `to` are inclusive India-time dates.
 */
export async function* reportRows(
  database: Database,
  kind: ReportKind,
  range: { from?: string; to?: string },
): AsyncGenerator<Record<string, unknown>> {
  const spec = SPECS[kind];
  const a = spec.alias;
  const conds: SQL[] = [];
  if (range.from) conds.push(sql`${a}.created_at >= (${range.from}::date)::timestamp at time zone 'Asia/Kolkata'`);
  if (range.to) conds.push(sql`${a}.created_at < (${range.to}::date + 1)::timestamp at time zone 'Asia/Kolkata'`);
  let after: { createdAt: unknown; id: string } | null = null;
  for (;;) {
    const c = after
      ? [...conds, sql`(${a}.created_at, ${a}.id) > (${after.createdAt}::timestamptz, ${after.id}::uuid)`]
      : conds;
    const rows = await sqlRows<Record<string, unknown> & { id: string; _cursor_at: unknown }>(
      database,
      sql`select ${spec.select}, ${a}.created_at::text as _cursor_at from ${spec.from}
           ${c.length ? sql`where ${sql.join(c, sql` and `)}` : sql``} order by ${a}.created_at, ${a}.id limit ${BATCH}`,
    );
    for (const row of rows) {
      const { _cursor_at, ...rest } = row;
      if (rest.created_at instanceof Date) rest.created_at = rest.created_at.toISOString();
      yield rest;
    }
    if (rows.length < BATCH) return;
    // The cursor travels as text: a JS Date would drop the microseconds and repeat rows.
    const last = rows[rows.length - 1] as { id: string; _cursor_at: string };
    after = { createdAt: last._cursor_at, id: last.id };
  }
}
