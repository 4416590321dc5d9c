import { adminStatusLabel, type ManufacturerStatus } from '@ub/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { sqlRows } from '../../lib/sql-rows.ts';
import { trend } from '../../lib/trend.ts';

/** Months are counted in India time: a sale at 00:30 IST on the 1st belongs to the new month. */
const TZ = sql`'Asia/Kolkata'`;
const IST_OFFSET_MS = 5.5 * 3_600_000;

/** The last `n` month keys (YYYY-MM), oldest first, ending with the current month in India time. */
export function lastMonths(n: number, now = new Date()): string[] {
  const ist = new Date(now.getTime() + IST_OFFSET_MS);
  const out: string[] = [];
  for (let i = n - 1; i >= 0; i--) {
    const d = new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth() - i, 1));
    out.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`);
  }
  return out;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const monthLabel = (key: string) => `${MONTH_NAMES[Number(key.slice(5)) - 1]} ${key.slice(0, 4)}`;

/** This month against last in per cent, to one decimal. */
export const monthTrend = (current: number, previous: number) => Math.round(trend(current, previous) * 10) / 10;

const monthStart = (monthsAgo: number) =>
  sql`(date_trunc('month', now() at time zone ${TZ}) - make_interval(months => ${monthsAgo})) at time zone ${TZ}`;

/** The first day of the India-time month `monthsAgo` back, as a date (the rollups' month key). */
const monthKey = (monthsAgo: number) =>
  sql`(date_trunc('month', now() at time zone ${TZ}) - make_interval(months => ${monthsAgo}))::date`;

type Counts = { n: number; cur: number; prev: number };

/**
 * Every dashboard figure in one statement (one connection and one round trip per request, however many admins
 * look at once). Sales, orders and buyer activity come from platform_stats_monthly, the platform's months that
 * triggers keep beside the per-seller rollups (migrations 0002, 0038), so the answer grows with neither orders nor
 * sellers nor buyers: at most 16 rows a month. Manufacturer Growth counts registrations per month (every new
 * manufacturer, whatever its later verdict); Buyer Activity counts distinct buyers who placed an order that month.
 */
export async function dashboard(database: Database) {
  // The India-time month starts, computed once per statement (`b.m0` this month ... `b.m5` five months back):
  // written into each row's test, now() and the time zone would be worked out again for every row read.
  const starts = [
    sql`(select m0 from b)`,
    sql`(select m1 from b)`,
    sql`(select m2 from b)`,
    sql`(select m3 from b)`,
    sql`(select m4 from b)`,
    sql`(select m5 from b)`,
  ];
  const start = (monthsAgo: number) => starts[monthsAgo] as SQL;
  const counts = (table: SQL, where: SQL = sql`true`) =>
    sql`(select json_build_object('n', count(*) filter (where ${where}),
            'cur', count(*) filter (where created_at >= ${start(0)}),
            'prev', count(*) filter (where created_at >= ${start(1)} and created_at < ${start(0)}))
          from ${table})`;
  const growth = [5, 4, 3, 2, 1, 0].map((k) =>
    k === 0
      ? sql`count(*) filter (where created_at >= ${start(0)})`
      : sql`count(*) filter (where created_at >= ${start(k)} and created_at < ${start(k - 1)})`,
  );
  const [row] = await sqlRows<{
    sales: string;
    sales_monthly: Array<{ month: string; sales: string }> | null;
    buyers: Counts;
    makers: Counts;
    /** Registrations per month, the last six oldest first (as lastMonths(6)). */
    maker_monthly: number[] | null;
    disputes: Counts;
    activity: Array<{ month: string; n: number }> | null;
    requests: Array<{
      id: string;
      name: string;
      contact_person: string;
      email: string;
      status: ManufacturerStatus;
    }> | null;
  }>(
    database,
    sql`with b as materialized (
          select ${monthStart(0)} as m0, ${monthStart(1)} as m1, ${monthStart(2)} as m2, ${monthStart(3)} as m3,
                 ${monthStart(4)} as m4, ${monthStart(5)} as m5
        )
        select
          (select coalesce(sum(sales), 0)::text from platform_stats_monthly) as sales,
          (select json_agg(json_build_object('month', month, 'sales', sales)) from (
             select to_char(month, 'YYYY-MM') as month, sum(sales)::text as sales
               from platform_stats_monthly where month >= ${monthKey(11)} group by 1) x) as sales_monthly,
          ${counts(sql`buyers`)} as buyers,
          ${counts(sql`manufacturers where status <> 'rejected'`)} as makers,
          (select json_build_array(${sql.join(growth, sql`, `)})
             from manufacturers where created_at >= ${start(5)}) as maker_monthly,
          ${counts(sql`disputes`, sql`status in ('open', 'under_review')`)} as disputes,
          (select json_agg(json_build_object('month', month, 'n', n)) from (
             select to_char(month, 'YYYY-MM') as month, sum(buyers)::int as n
               from platform_stats_monthly where month >= ${monthKey(2)} group by 1) x) as activity,
          (select json_agg(r) from (
             select m.id, m.company_name as name, u.full_name as contact_person, u.email, m.status
               from manufacturers m join users u on u.id = m.user_id
              where m.status in ('received', 'under_review')
              order by m.created_at desc limit 5) r) as requests`,
  );
  const salesMonthly = row?.sales_monthly ?? [];
  const makerMonthly = row?.maker_monthly ?? [];
  const activity = row?.activity ?? [];
  const requests = row?.requests ?? [];
  const none: Counts = { n: 0, cur: 0, prev: 0 };
  const salesBy = new Map(salesMonthly.map((r) => [r.month, Number(r.sales)]));
  const salesTrend = lastMonths(12).map((m) => ({ month: m, label: monthLabel(m), sales: salesBy.get(m) ?? 0 }));
  const activityBy = new Map(activity.map((r) => [r.month, r.n]));
  const salesCur = salesTrend.at(-1)?.sales ?? 0;
  const salesPrev = salesTrend.at(-2)?.sales ?? 0;
  const b = row?.buyers ?? none;
  const m = row?.makers ?? none;
  const d = row?.disputes ?? none;
  return {
    cards: {
      buyers: { count: b.n, trend: monthTrend(b.cur, b.prev) },
      manufacturers: { count: m.n, trend: monthTrend(m.cur, m.prev) },
      sales: { amount: row?.sales ?? '0', trend: monthTrend(salesCur, salesPrev) },
      disputes: { count: d.n, trend: monthTrend(d.cur, d.prev) },
    },
    requests: requests.map((r) => ({
      id: r.id,
      name: r.name,
      contactPerson: r.contact_person,
      email: r.email,
      status: r.status,
      statusLabel: adminStatusLabel(r.status),
    })),
    salesTrend,
    manufacturerGrowth: lastMonths(6).map((k, i) => ({ month: k, label: monthLabel(k), count: makerMonthly[i] ?? 0 })),
    buyerActivity: lastMonths(3).map((k) => ({ month: k, label: monthLabel(k), buyers: activityBy.get(k) ?? 0 })),
  };
}
