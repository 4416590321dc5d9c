import { randomInt } from 'node:crypto';
import type { Database } from '../src/db/client.ts';

/** SQL for points in time relative to the start of the current month in India time. */
export const MONTH_START = `(date_trunc('month', now() at time zone 'Asia/Kolkata') at time zone 'Asia/Kolkata')`;
export const LAST_MONTH = `${MONTH_START} - interval '1 day'`;
export const THIS_MONTH = 'now()';

/** Writes an order row straight into the table (the trade flow that normally makes them is another feature). */
export async function insertOrder(
  database: Database,
  o: {
    manufacturerId: string;
    buyerId: string;
    total: string;
    status?: string;
    paymentStatus?: string;
    at?: string;
  },
): Promise<{ id: string; orderNumber: string }> {
  const orderNumber = `ORD-T${randomInt(1e9)}`;
  const [row] = await database.query<{ id: string }>(
    `insert into orders (order_number, manufacturer_id, buyer_id, status, payment_status, subtotal, tax, total,
                         ship_street, ship_city, ship_state, ship_zip_code, created_at)
     values ($1, $2, $3, $4, $5, $6, 0, $6, '1 MG Road', 'Pune', 'Maharashtra', '411001', ${o.at ?? THIS_MONTH})
     returning id`,
    [orderNumber, o.manufacturerId, o.buyerId, o.status ?? 'pending', o.paymentStatus ?? 'pending', o.total],
  );
  if (!row) throw new Error('order insert failed');
  return { id: row.id, orderNumber };
}

export async function insertPayment(
  database: Database,
  p: { orderId: string; manufacturerId: string; buyerId: string; amount: string; status?: string },
): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    `insert into payments (payment_number, order_id, manufacturer_id, buyer_id, amount, method, status, paid_at)
     values ($1, $2, $3, $4, $5, 'upi', $6::payment_status, case when $6::text = 'paid' then now() end) returning id`,
    [`PAY-T${randomInt(1e9)}`, p.orderId, p.manufacturerId, p.buyerId, p.amount, p.status ?? 'paid'],
  );
  if (!row) throw new Error('payment insert failed');
  return row.id;
}

export async function insertDispute(
  database: Database,
  d: { orderId: string; manufacturerId: string; buyerId: string; status?: string; at?: string },
): Promise<string> {
  const [row] = await database.query<{ id: string }>(
    `insert into disputes (order_id, manufacturer_id, buyer_id, reason, status, created_at)
     values ($1, $2, $3, 'Goods arrived damaged', $4, ${d.at ?? THIS_MONTH}) returning id`,
    [d.orderId, d.manufacturerId, d.buyerId, d.status ?? 'open'],
  );
  if (!row) throw new Error('dispute insert failed');
  return row.id;
}
