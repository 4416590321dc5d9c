import { describe, expect, it } from 'vitest';
import { notDueSentence } from '@ub/shared';
import { eq } from 'drizzle-orm';
import { buyers } from '../src/db/schema/index.ts';
import { trendLabel } from '../src/modules/trade/dashboard.ts';
import { type OrderLine, insertOrder } from '../src/modules/orders/commands.ts';
import { invoiceOf, splitGst } from '../src/modules/tax-documents/commands.ts';
import type { FrozenDocument } from '../src/modules/tax-documents/types.ts';
import { depsOf } from '../src/lib/deps.ts';
import { markSettlementPaid } from '../src/modules/money/admin-payments.ts';
import { platformOf } from '../src/modules/money/commission-invoice.ts';
import { generateWeeklySettlements } from '../src/modules/money/admin-payments.ts';
import { createAdmin } from '../src/seed/factories.ts';
import { createBuyer, createProduct } from '../src/seed/factories.ts';
import { call, loginSeller, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, shippingTo, tradeSetup, payOrder } from './trade-fixtures.ts';

const t = useTestApp();
const DAY = 86_400_000;

const line = (name = 'Steel bolt'): OrderLine => ({
  productId: null,
  name,
  brand: null,
  category: 'packaging',
  hsnCode: '7318',
  unit: 'piece',
  quantity: 10,
  unitPaise: 10_000,
  gstPercentage: 18,
});

async function orderAt(manufacturerId: string, daysAgo: number, name?: string) {
  const { buyer, user } = await createBuyer(t.app.db);
  return t.app.db.transaction((tx) =>
    insertOrder(tx, {
      manufacturerId,
      buyer,
      buyerEmail: user.email,
      lines: [line(name)],
      shipping: { ...shippingTo(), apartment: undefined },
      paymentMethod: 'NEFT',
      takeStock: false,
      actorUserId: user.id,
      createdAt: new Date(Date.now() - daysAgo * DAY),
    }),
  );
}

describe('dashboard overview', () => {
  it('formats trends: growth, decline, no change and growth from nothing', () => {
    expect(trendLabel(12, 10)).toBe('+20%');
    expect(trendLabel(5, 10)).toBe('-50%');
    expect(trendLabel(3, 3)).toBe('+0%');
    expect(trendLabel(4, 0)).toBe('+100%');
    expect(trendLabel(0, 0)).toBe('+0%');
  });

  it('counts orders, products, pending payments and alerts with 30-day trends on known data', async () => {
    const seller = await loginSeller(t.app);
    const mid = seller.manufacturer.id;
    // 6 orders in the last 30 days, 4 in the 30 before, 2 older.
    for (const d of [1, 2, 3, 10, 20, 29]) await orderAt(mid, d);
    for (const d of [31, 40, 50, 59]) await orderAt(mid, d);
    for (const d of [100, 200]) await orderAt(mid, d);
    await createProduct(t.app.db, mid, { createdAt: new Date(Date.now() - 5 * DAY) });
    await createProduct(t.app.db, mid, { createdAt: new Date(Date.now() - 45 * DAY) });
    await createProduct(t.app.db, mid, { createdAt: new Date(Date.now() - 50 * DAY) });
    // Two recent orders get paid: 4 recent pending payments against 4 before.
    const paid = await t.database.query<{ id: string }>(
      `select id from orders where manufacturer_id = $1 order by created_at desc limit 2`,
      [mid],
    );
    await t.database.query(`update payments set status = 'paid', paid_at = now() where order_id = any($1::uuid[])`, [
      paid.map((p) => p.id),
    ]);
    await t.database.query(`update orders set payment_status = 'paid' where id = any($1::uuid[])`, [
      paid.map((p) => p.id),
    ]);
    // Alerts: one open dispute now, one pending RFQ now; a resolved dispute does not count.
    const [o] = await t.database.query<{ id: string; buyer_id: string }>(
      'select id, buyer_id from orders where manufacturer_id = $1 limit 1',
      [mid],
    );
    await t.database.query(
      `insert into disputes (order_id, manufacturer_id, buyer_id, reason, status) values
        ($1, $2, $3, 'Late', 'open'), ($1, $2, $3, 'Old', 'resolved_buyer')`,
      [o?.id, mid, o?.buyer_id],
    );
    await t.database.query(
      `insert into rfqs (rfq_number, manufacturer_id, buyer_id, product_name, requested_quantity, status)
       values ('RFQ-T-1', $1, $2, 'Thing', 5, 'pending'), ('RFQ-T-2', $1, $2, 'Thing', 5, 'accepted')`,
      [mid, o?.buyer_id],
    );

    const res = await call(t.app, 'GET', '/api/dashboard/overview', { token: seller.token });
    expect(res.statusCode).toBe(200);
    const { stats, recent_orders } = res.json();
    expect(stats.total_orders).toEqual({ count: 12, trend: '+50%' });
    expect(stats.total_products).toEqual({ count: 3, trend: '-50%' });
    expect(stats.pending_payments).toEqual({ count: 10, trend: '+0%' });
    expect(stats.alerts).toEqual({ count: 2, trend: '+100%' });
    expect(recent_orders).toHaveLength(5);
    expect(recent_orders[0]).toMatchObject({ name: 'Steel bolt', price: '1180.00', status: 'Completed' });
    expect(recent_orders[2].status).toBe('Pending');

    const other = await loginSeller(t.app);
    const empty = (await call(t.app, 'GET', '/api/dashboard/overview', { token: other.token })).json();
    expect(empty.stats.total_orders).toEqual({ count: 0, trend: '+0%' });
    expect(empty.recent_orders).toEqual([]);
  });
  it('keeps the dashboard totals exact through cancellation, payment, deletion and multi-seller statements', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { stock: 1000 });
    const mid = seller.manufacturer.id;
    const other = await loginSeller(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++) ids.push((await placeOrder(t.app, buyer.token, mid, product.id)).json().id);
    await setStatus(t.app, seller.token, ids[0] as string, { status: 'cancelled', reason: 'Buyer asked' });
    await payOrder(t.app, buyer.token, ids[1] ?? '');
    await createProduct(t.app.db, other.manufacturer.id);
    const extra = await createProduct(t.app.db, mid);
    expect((await call(t.app, 'DELETE', `/api/product/${extra.id}`, { token: seller.token })).statusCode).toBe(200);
    // One statement touching two sellers' rows moves each seller's counter by its own rows only.
    await t.database.query(
      `update payments set status = 'pending' where manufacturer_id = any($1::uuid[]) and order_id = $2`,
      [[mid, other.manufacturer.id], ids[1]],
    );

    const exact = async (manufacturerId: string) => {
      const [row] = await t.database.query<{ orders: number; products: number; pending: number }>(
        `select (select count(*) from orders where manufacturer_id = $1)::int as orders,
                (select count(*) from products where manufacturer_id = $1)::int as products,
                (select count(*) from payments where manufacturer_id = $1 and status = 'pending')::int as pending`,
        [manufacturerId],
      );
      return row;
    };
    for (const s of [seller, other]) {
      const want = await exact(s.manufacturer.id);
      const { stats } = (await call(t.app, 'GET', '/api/dashboard/overview', { token: s.token })).json();
      expect({
        orders: stats.total_orders.count,
        products: stats.total_products.count,
        pending: stats.pending_payments.count,
      }).toEqual(want);
    }
    expect(await exact(mid)).toEqual({ orders: 4, products: 1, pending: 3 });
    // The day counters (all of today here) and the per-status order counters agree with the rows.
    const counters = await t.database.query<{ counter: string; value: number }>(
      `select counter, sum(value)::int as value from seller_daily_counters where manufacturer_id = $1 group by 1
       union all
       select counter, value from seller_counters where manufacturer_id = $1 and counter like 'orders.%'`,
      [mid],
    );
    expect(Object.fromEntries(counters.filter((c) => c.value !== 0).map((c) => [c.counter, c.value]))).toEqual({
      orders: 4,
      products: 1,
      pending_payments: 3,
      'orders.pending': 3,
      'orders.cancelled': 1,
    });
  });
});

describe('payments', () => {
  it('lists payments with tabs, search and paging, and shows the detail with its settlement', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { name: 'Copper Wire Coil', stock: 1000 });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++)
      ids.push((await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json().id);
    for (const id of ids.slice(0, 3)) {
      await payOrder(t.app, buyer.token, id);
    }
    const list = (q: string) => call(t.app, 'GET', `/api/payments?${q}`, { token: seller.token }).then((r) => r.json());
    const all = await list('tab=all');
    expect(all.total).toBe(12);
    expect(all.payments).toHaveLength(10);
    expect(all.payments[0]).toMatchObject({ customer: buyer.buyer.companyName, total: '1180.00', method: 'NEFT' });
    expect((await list('tab=in_progress')).total).toBe(9);
    const paid = await list('tab=paid');
    expect(paid.total).toBe(3);
    expect(
      paid.payments.every((p: { status: string; method: string }) => p.status === 'Paid' && p.method === 'UPI'),
    ).toBe(true);
    expect((await list('search=copper')).total).toBe(12);
    expect((await list(`search=${all.payments[0].paymentId}`)).total).toBe(1);
    expect((await list('search=nothing-like-this')).total).toBe(0);

    const payId = paid.payments[0].id;
    const detail = (await call(t.app, 'GET', `/api/payments/${payId}`, { token: seller.token })).json();
    expect(detail).toMatchObject({ status: 'Paid', method: 'UPI', settlement: null });
    expect(detail.order.orderId).toMatch(/^ORD-/);

    const stranger = await loginSeller(t.app);
    expect((await call(t.app, 'GET', `/api/payments/${payId}`, { token: stranger.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/payments', { token: stranger.token })).json().total).toBe(0);
  });

  it('settles delivered, paid orders past their hold once, with one figure everywhere, and marks it paid', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json().id);
    for (const id of ids) {
      await payOrder(t.app, buyer.token, id);
    }
    for (const id of ids.slice(0, 2)) {
      await setStatus(t.app, seller.token, id, { status: 'processing' });
      await setStatus(t.app, seller.token, id, { status: 'shipped', carrier: 'DTDC', trackingNumber: 'T1' });
      await setStatus(t.app, seller.token, id, { status: 'delivered' });
    }
    await t.database.query(
      `update order_events set created_at = now() - interval '8 days' where order_id = any($1) and to_status = 'delivered'`,
      [ids.slice(0, 2)],
    );
    const { user: admin } = await createAdmin(t.app.db);
    const run = () =>
      generateWeeklySettlements(depsOf(t.app), admin.id, {
        holdDays: 7,
        platform: platformOf(t.app.config),
        manufacturerId: seller.manufacturer.id,
      });
    const first = await run();
    expect(first.created).toBe(1);
    // The third order is paid but not delivered: the run says so.
    expect(first.notDue).toMatchObject({ awaitingDelivery: 1, inHold: 0, disputed: 0, carriedSellers: 0 });
    expect(notDueSentence(first.notDue)).toBe('Not settled: 1 paid order awaits delivery.');
    const id = first.settlementIds[0] as string;
    const [row] = await t.database.query<{ amount: string; net_paise: string; status: string; n: number }>(
      `select s.amount, s.net_paise, s.status, (select count(*)::int from seller_earnings e where e.settlement_id = s.id) as n
         from settlements s where s.id = $1`,
      [id],
    );
    // One figure: the settlement's amount is its statement's net payout, from the two released orders only.
    expect(row).toMatchObject({ status: 'pending', n: 2 });
    expect(Math.round(Number(row?.amount) * 100)).toBe(Number(row?.net_paise));
    expect(Number(row?.net_paise)).toBeGreaterThan(0);
    expect(Number(row?.net_paise)).toBeLessThan(236_000);
    expect((await run()).created).toBe(0);

    const paid = await markSettlementPaid(depsOf(t.app), admin.id, id, 'HDFCN52012345678');
    expect(paid.status).toBe('paid');
    await expect(markSettlementPaid(depsOf(t.app), admin.id, id, 'HDFCN52012345679')).rejects.toThrow(/already paid/);
    const [p] = await t.database.query<{ id: string }>('select id from payments where order_id = $1', [ids[0]]);
    const detail = (await call(t.app, 'GET', `/api/payments/${p?.id}`, { token: seller.token })).json();
    expect(detail.settlement).toMatchObject({ settlementNumber: paid.settlementNumber, status: 'Paid' });
    expect(detail.settlement.amount).toBe(row?.amount);
  });
});

describe('GST tax invoice', () => {
  it('splits GST into equal CGST and SGST inside the state and IGST across states', () => {
    expect(splitGst(1801, 'intra', { taxablePaise: 10_005, ratePercent: 18 })).toEqual({
      cgst: 900,
      sgst: 900,
      igst: 0,
    });
    expect(splitGst(1801, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 1801 });
  });

  it('serves a PDF once the order has shipped, and 409 before', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const { id } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 10, 'Maharashtra')).json();
    const early = await call(t.app, 'GET', `/api/orders/${id}/invoice.pdf`, { token: seller.token });
    expect(early.statusCode).toBe(409);
    await setStatus(t.app, seller.token, id, { status: 'processing' });
    await setStatus(t.app, seller.token, id, { status: 'shipped', carrier: 'BlueDart', trackingNumber: 'BD77' });
    const res = await call(t.app, 'GET', `/api/orders/${id}/invoice.pdf`, { token: seller.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.headers['content-disposition']).toMatch(/INV-\d{4}-00001\.pdf/);
  });

  it("takes the seller state from the GSTIN and an unregistered buyer's place of supply from the shipping state", async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { gstPercentage: '18' });
    // A registered buyer's place of supply is its GSTIN's state (gst-documents.test.ts): this one has none.
    await t.app.db.update(buyers).set({ gstNumber: null }).where(eq(buyers.id, buyer.buyer.id));
    const ship = async (state: string) => {
      const { id } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 10, state)).json();
      await setStatus(t.app, seller.token, id, { status: 'processing' });
      await setStatus(t.app, seller.token, id, { status: 'shipped', carrier: 'BlueDart', trackingNumber: 'BD' });
      return (await invoiceOf(t.app.db, { kind: 'seller', manufacturerId: seller.manufacturer.id }, id))
        ?.body as FrozenDocument;
    };
    const local = await ship('Maharashtra');
    expect(local.supplyType).toBe('intra');
    expect(local.placeOfSupply).toEqual({ stateName: 'Maharashtra', stateCode: '27' });
    expect(local.totals).toMatchObject({
      taxablePaise: 100000,
      cgstPaise: 9000,
      sgstPaise: 9000,
      igstPaise: 0,
      totalPaise: 118000,
    });
    expect(local.amountInWords).toBe('Rupees One Thousand One Hundred Eighty Only');
    const away = await ship('Karnataka');
    expect(away.supplyType).toBe('inter');
    expect(away.totals).toMatchObject({ cgstPaise: 0, sgstPaise: 0, igstPaise: 18000 });
    expect(away.lines[0]).toMatchObject({
      hsn: '9503',
      uqc: 'PCS',
      quantity: 10,
      ratePaise: 10000,
      taxablePaise: 100000,
    });
  });
});
