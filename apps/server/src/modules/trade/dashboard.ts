import type { DashboardOverview } from '@ub/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { disputes, rfqs, sellerCounters, sellerDailyCounters } from '../../db/schema/index.ts';
import { execRows } from './common.ts';
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
export async function dashboardOverview(db: Db, manufacturerId: string): Promise<DashboardOverview> {
  const today = sql`(now() at time zone 'Asia/Kolkata')::date`;
  const current = (day: SQL) => sql`${day} > ${today} - 30`;
  const previous = (day: SQL) => sql`${day} > ${today} - 60 and ${day} <= ${today} - 30`;
  const total = (counter: string) =>
    sql`coalesce((select ${sellerCounters.value} from ${sellerCounters}
      where ${sellerCounters.manufacturerId} = ${manufacturerId} and ${sellerCounters.counter} = ${counter}), 0)::int`;
  const daily = (counter: string, days: (day: SQL) => SQL) =>
    sql`coalesce((select sum(${sellerDailyCounters.value}) from ${sellerDailyCounters}
      where ${sellerDailyCounters.manufacturerId} = ${manufacturerId} and ${sellerDailyCounters.counter} = ${counter}
        and ${days(sql`${sellerDailyCounters.day}`)}), 0)::int`;
  const createdDay = (createdAt: SQL | AnyPgColumn) => sql`(${createdAt} at time zone 'Asia/Kolkata')::date`;
  const openDisputes = (filter?: SQL) =>
    sql`(select count(*) from ${disputes} where ${disputes.manufacturerId} = ${manufacturerId}
      and ${disputes.status} in ('open', 'under_review') ${filter ? sql`and ${filter}` : sql``})::int`;
  const pendingRfqs = (filter?: SQL) =>
    sql`(select count(*) from ${rfqs} where ${rfqs.manufacturerId} = ${manufacturerId}
      and ${rfqs.status} = 'pending' ${filter ? sql`and ${filter}` : sql``})::int`;
  const [counts] = await execRows<Record<string, number>>(
    db,
    sql`select ${total('orders')} as orders, ${daily('orders', current)} as orders_cur,
            ${daily('orders', previous)} as orders_prev,
            ${total('products')} as products, ${daily('products', current)} as products_cur,
            ${daily('products', previous)} as products_prev,
            ${total('pending_payments')} as pending, ${daily('pending_payments', current)} as pending_cur,
            ${daily('pending_payments', previous)} as pending_prev,
            ${openDisputes()} as disputes, ${openDisputes(current(createdDay(disputes.createdAt)))} as disputes_cur,
            ${openDisputes(previous(createdDay(disputes.createdAt)))} as disputes_prev,
            ${pendingRfqs()} as rfqs, ${pendingRfqs(current(createdDay(rfqs.createdAt)))} as rfqs_cur,
            ${pendingRfqs(previous(createdDay(rfqs.createdAt)))} as rfqs_prev`,
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
  const recent = await execRows<{
    id: string;
    order_number: string;
    name: string;
    created_at: Date | string;
    total: string;
    payment_status: string;
  }>(
    db,
    sql`select o.id, o.order_number, o.created_at, o.total, o.payment_status,
            (select i.name || case when count(*) over () > 1 then ' +' || (count(*) over () - 1) || ' more' else '' end
               from order_items i where i.order_id = o.id order by i.line_total desc limit 1) as name
       from orders o where o.manufacturer_id = ${manufacturerId}
      order by o.created_at desc, o.id desc limit 5`,
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
