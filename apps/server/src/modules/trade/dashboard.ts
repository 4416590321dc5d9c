import type { DashboardOverview } from '@ub/shared';
import type { FastifyInstance } from 'fastify';
import { trend } from '../../lib/trend.ts';

/** "+12%": the seller dashboard's trend, the last 30 days against the 30 before, in whole per cent. */
export function trendLabel(current: number, previous: number): string {
  const pct = Math.round(trend(current, previous));
  return pct >= 0 ? `+${pct}%` : `${pct}%`;
}

interface Counts {
  orders: number;
  orders_cur: number;
  orders_prev: number;
  products: number;
  products_cur: number;
  products_prev: number;
  pending: number;
  pending_cur: number;
  pending_prev: number;
  alerts: number;
  alerts_cur: number;
  alerts_prev: number;
}

/**
 * The seller dashboard in one round trip. All-time totals come from seller_counters and the 30-day windows of
 * orders, products and pending payments from seller_daily_counters (both kept exact by triggers), since counting
 * a big seller's orders per request costs milliseconds; disputes and RFQs are small and counted. Trends compare
 * the last 30 India-time calendar days (today included) with the 30 before. Pending payments are the unpaid
 * payments of live orders (a cancelled order's unpaid payment is removed). Alerts are what waits on the seller:
 * open or under-review disputes plus RFQs still pending an answer.
 */
export async function dashboardOverview(app: FastifyInstance, manufacturerId: string): Promise<DashboardOverview> {
  const today = "(now() at time zone 'Asia/Kolkata')::date";
  const current = (day: string) => `${day} > ${today} - 30`;
  const previous = (day: string) => `${day} > ${today} - 60 and ${day} <= ${today} - 30`;
  const total = (name: string, counter: string) =>
    `coalesce((select value from seller_counters where manufacturer_id = $1 and counter = '${counter}'), 0)::int as ${name}`;
  const daily = (name: string, counter: string, days: string) =>
    `coalesce((select sum(value) from seller_daily_counters
                where manufacturer_id = $1 and counter = '${counter}' and ${days}), 0)::int as ${name}`;
  const dailyWindows = (name: string, counter: string) => `
    ${daily(`${name}_cur`, counter, current('day'))},
    ${daily(`${name}_prev`, counter, previous('day'))}`;
  const count = (name: string, table: string, filter: string) =>
    `(select count(*) from ${table} where manufacturer_id = $1 ${filter})::int as ${name}`;
  const createdDay = "(created_at at time zone 'Asia/Kolkata')::date";
  const windows = (name: string, table: string, filter: string) => `
    ${count(`${name}_cur`, table, `${filter} and ${current(createdDay)}`)},
    ${count(`${name}_prev`, table, `${filter} and ${previous(createdDay)}`)}`;
  const [counts] = await app.database.query<Record<string, number>>(
    `select ${total('orders', 'orders')}, ${dailyWindows('orders', 'orders')},
            ${total('products', 'products')}, ${dailyWindows('products', 'products')},
            ${total('pending', 'pending_payments')}, ${dailyWindows('pending', 'pending_payments')},
            ${count('disputes', 'disputes', "and status in ('open', 'under_review')")},
            ${windows('disputes', 'disputes', "and status in ('open', 'under_review')")},
            ${count('rfqs', 'rfqs', "and status = 'pending'")}, ${windows('rfqs', 'rfqs', "and status = 'pending'")}`,
    [manufacturerId],
  );
  const n = (key: string) => Number(counts?.[key] ?? 0);
  const c: Counts = {
    orders: n('orders'),
    orders_cur: n('orders_cur'),
    orders_prev: n('orders_prev'),
    products: n('products'),
    products_cur: n('products_cur'),
    products_prev: n('products_prev'),
    pending: n('pending'),
    pending_cur: n('pending_cur'),
    pending_prev: n('pending_prev'),
    alerts: n('disputes') + n('rfqs'),
    alerts_cur: n('disputes_cur') + n('rfqs_cur'),
    alerts_prev: n('disputes_prev') + n('rfqs_prev'),
  };
  const recent = await app.database.query<{
    id: string;
    order_number: string;
    name: string;
    created_at: Date | string;
    total: string;
    payment_status: string;
  }>(
    `select o.id, o.order_number, o.created_at, o.total, o.payment_status,
            (select i.name || case when count(*) over () > 1 then ' +' || (count(*) over () - 1) || ' more' else '' end
               from order_items i where i.order_id = o.id order by i.line_total desc limit 1) as name
       from orders o where o.manufacturer_id = $1
      order by o.created_at desc, o.id desc limit 5`,
    [manufacturerId],
  );
  return {
    stats: {
      total_orders: { count: c.orders, trend: trendLabel(c.orders_cur, c.orders_prev) },
      total_products: { count: c.products, trend: trendLabel(c.products_cur, c.products_prev) },
      pending_payments: { count: c.pending, trend: trendLabel(c.pending_cur, c.pending_prev) },
      alerts: { count: c.alerts, trend: trendLabel(c.alerts_cur, c.alerts_prev) },
    },
    recent_orders: recent.map((r) => ({
      id: r.id,
      orderId: r.order_number,
      name: r.name ?? r.order_number,
      date: new Date(r.created_at).toISOString(),
      price: String(r.total),
      status: r.payment_status === 'paid' ? 'Completed' : 'Pending',
    })),
  };
}
