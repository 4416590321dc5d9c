import { describe, expect, it } from 'vitest';
import { lastMonths, monthTrend } from '../src/modules/admin/dashboard.ts';
import { createBuyer, createSeller } from '../src/seed/factories.ts';
import { insertDispute, insertOrder, LAST_MONTH, MONTH_START, THIS_MONTH } from './admin-support.ts';
import { call, loginAdmin, loginSeller, useTestApp } from './helpers.ts';

describe('admin dashboard', () => {
  const t = useTestApp();

  it('computes cards, trends and chart series from known rows', async () => {
    const { token } = await loginAdmin(t.app);
    const db = t.database;
    const maker = await createSeller(t.app.db, { status: 'approved' });
    const oldMaker = await createSeller(t.app.db, { status: 'approved' });
    await db.query(`update manufacturers set created_at = ${LAST_MONTH} where id = $1`, [oldMaker.manufacturer.id]);
    const gone = await createSeller(t.app.db, { status: 'rejected' });
    const pending = await createSeller(t.app.db, { status: 'received', companyName: 'Fresh Request Pvt Ltd' });
    const b1 = await createBuyer(t.app.db);
    const b2 = await createBuyer(t.app.db);
    const b3 = await createBuyer(t.app.db);
    await db.query(`update buyers set created_at = ${LAST_MONTH} where id = $1`, [b3.buyer.id]);
    const m = maker.manufacturer.id;

    await insertOrder(db, { manufacturerId: m, buyerId: b1.buyer.id, total: '1000.00' });
    const second = await insertOrder(db, { manufacturerId: m, buyerId: b2.buyer.id, total: '500.50' });
    await insertOrder(db, { manufacturerId: m, buyerId: b2.buyer.id, total: '700.00', status: 'cancelled' });
    const last = await insertOrder(db, { manufacturerId: m, buyerId: b3.buyer.id, total: '1000.00', at: LAST_MONTH });
    await insertOrder(db, {
      manufacturerId: m,
      buyerId: b3.buyer.id,
      total: '300.00',
      at: `${MONTH_START} - interval '13 months' + interval '2 days'`,
    });
    await insertDispute(db, { orderId: last.id, manufacturerId: m, buyerId: b3.buyer.id, at: THIS_MONTH });
    // One open dispute per order at a time: last month's open one is on another order.
    await insertDispute(db, { orderId: second.id, manufacturerId: m, buyerId: b2.buyer.id, at: LAST_MONTH });
    await insertDispute(db, {
      orderId: last.id,
      manufacturerId: m,
      buyerId: b3.buyer.id,
      at: LAST_MONTH,
      status: 'resolved_buyer',
    });

    const res = await call(t.app, 'GET', '/api/admin/dashboard', { token });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.cards.buyers).toEqual({ count: 3, trend: 100 });
    // Rejected registrations are not counted: maker and the pending request this month, one last month.
    expect(d.cards.manufacturers.count).toBe(3);
    expect(d.cards.manufacturers.trend).toBe(100);
    expect(Number(d.cards.sales.amount)).toBe(2800.5);
    expect(d.cards.sales.trend).toBe(50.1);
    expect(d.cards.disputes).toEqual({ count: 2, trend: -50 });

    expect(d.salesTrend).toHaveLength(12);
    expect(d.salesTrend.at(-1).sales).toBe(1500.5);
    expect(d.salesTrend.at(-2).sales).toBe(1000);
    expect(d.salesTrend.slice(0, 10).every((p: { sales: number }) => p.sales === 0)).toBe(true);
    expect(d.manufacturerGrowth).toHaveLength(6);
    expect(d.manufacturerGrowth.at(-1).count).toBe(3);
    expect(d.manufacturerGrowth.at(-2).count).toBe(1);
    expect(d.buyerActivity.map((p: { buyers: number }) => p.buyers)).toEqual([0, 1, 2]);
    expect(d.requests.map((r: { name: string }) => r.name)).toEqual(['Fresh Request Pvt Ltd']);
    expect(d.requests[0]).toMatchObject({ statusLabel: 'Pending Approval', contactPerson: pending.user.fullName });
    expect(gone.manufacturer.status).toBe('rejected');
  });

  it("keeps the platform months equal to the sellers' months and the active buyers through every change", async () => {
    const db = t.database;
    /** Months where platform_stats_monthly disagrees with the per-seller rollup and the activity rows. */
    const drift = () =>
      db.query(`
        with want as (
          select month, sum(sales) as sales, sum(orders) as orders, sum(buyers) as buyers from (
            select month, sales, orders, 0 as buyers from order_stats_monthly
            union all select month, 0, 0, 1 from buyer_activity_monthly) d group by 1
        ), have as (
          select month, sum(sales) as sales, sum(orders) as orders, sum(buyers) as buyers
            from platform_stats_monthly group by 1 having sum(sales) <> 0 or sum(orders) <> 0 or sum(buyers) <> 0
        )
        (select * from want except select * from have) union all (select * from have except select * from want)`);
    const a = await createSeller(t.app.db, { status: 'approved' });
    const b = await createSeller(t.app.db, { status: 'approved' });
    const buyer = await createBuyer(t.app.db);
    const other = await createBuyer(t.app.db);
    const first = await insertOrder(db, {
      manufacturerId: a.manufacturer.id,
      buyerId: buyer.buyer.id,
      total: '1200.00',
    });
    await insertOrder(db, {
      manufacturerId: b.manufacturer.id,
      buyerId: other.buyer.id,
      total: '99.99',
      at: LAST_MONTH,
    });
    const third = await insertOrder(db, { manufacturerId: b.manufacturer.id, buyerId: buyer.buyer.id, total: '10.01' });
    expect(await drift()).toEqual([]);
    await db.query(`update orders set status = 'cancelled' where id = $1`, [first.id]);
    await db.query(`update orders set total = 20.02 where id = $1`, [third.id]);
    expect(await drift()).toEqual([]);
    await db.query('delete from orders where id = $1', [third.id]);
    await db.query('delete from manufacturers where id = $1', [b.manufacturer.id]);
    await db.query('delete from buyers where id = $1', [other.buyer.id]);
    expect(await drift()).toEqual([]);
  });

  it('refuses sellers and anonymous callers', async () => {
    const seller = await loginSeller(t.app);
    expect((await call(t.app, 'GET', '/api/admin/dashboard', { token: seller.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/dashboard')).statusCode).toBe(401);
  });
});

describe('dashboard arithmetic', () => {
  it('gives the change against last month in percent, +100 from nothing, 0 for nothing to nothing', () => {
    expect(monthTrend(15, 10)).toBe(50);
    expect(monthTrend(1, 2)).toBe(-50);
    expect(monthTrend(3, 0)).toBe(100);
    expect(monthTrend(0, 0)).toBe(0);
    expect(monthTrend(1, 3)).toBe(-66.7);
  });

  it('lists month keys in India time, oldest first', () => {
    // 31 Jan 2026 20:00 UTC is already 1 Feb in India.
    expect(lastMonths(3, new Date('2026-01-31T20:00:00Z'))).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(lastMonths(2, new Date('2026-01-15T00:00:00Z'))).toEqual(['2025-12', '2026-01']);
  });
});
