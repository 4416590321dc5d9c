import { describe, expect, it } from 'vitest';
import { DEMO, seedDemo } from '../src/seed/demo.ts';
import { call, useTestApp } from './helpers.ts';

const t = useTestApp();

describe('trade demo data', () => {
  it('seeds orders and RFQs in every status, payments and settlements for the demo seller', async () => {
    await seedDemo(t.app);
    const statuses = async (table: string) =>
      (
        await t.database.query<{ status: string }>(`select distinct status::text as status from ${table} order by 1`)
      ).map((r) => r.status);
    expect(await statuses('orders')).toEqual(['cancelled', 'delivered', 'pending', 'processing', 'shipped']);
    expect(await statuses('rfqs')).toEqual(['accepted', 'negotiating', 'pending', 'quoted', 'rejected']);
    expect(await statuses('payments')).toEqual(['paid', 'pending']);
    expect(await statuses('settlements')).toEqual(['paid', 'pending']);
    const [span] = await t.database.query<{ months: number }>(
      `select (extract(epoch from max(created_at) - min(created_at)) / 2592000)::int as months from orders`,
    );
    expect(span?.months).toBeGreaterThanOrEqual(9);

    const login = await call(t.app, 'POST', '/api/login', {
      body: { username: DEMO.seller.email, password: DEMO.seller.password },
    });
    const token = login.json().token;
    const overview = (await call(t.app, 'GET', '/api/dashboard/overview', { token })).json();
    // 72 trade orders, 5 paid through the money flow (seed/demo-money.ts), plus the buyer demo's RFQ order
    // awaiting the buyer's confirmation
    expect(overview.stats.total_orders.count).toBe(78);
    expect(overview.recent_orders).toHaveLength(5);
    const money = (await call(t.app, 'GET', '/api/payments/summary', { token })).json();
    expect(money.held.length).toBeGreaterThanOrEqual(2);
    expect(
      money.settlements.some((s: { status: string; netPaise: number }) => s.status === 'paid' && s.netPaise > 0),
    ).toBe(true);
    const rfqs = (await call(t.app, 'GET', '/api/rfqs', { token })).json();
    // 7 trade RFQs, plus the buyer demo's quoted and converted ones
    expect(rfqs.total).toBe(9);
    // The whole demo seed runs inside the test (the money part through the real capture, release and settlement).
  }, 90_000);
});
