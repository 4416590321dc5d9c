import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { depsOf } from '../src/lib/deps.ts';
import { updateDispute } from '../src/modules/disputes/commands.ts';
import { call, count, loginAdmin, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup, payOrder } from './trade-fixtures.ts';

const t = useTestApp();
const OPEN_MESSAGE = 'A dispute is already open for this order.';

async function newOrder(opts: { paid?: boolean } = {}) {
  const x = await tradeSetup(t.app);
  const { id } = (await placeOrder(t.app, x.buyer.token, x.seller.manufacturer.id, x.product.id)).json();
  if (opts.paid) {
    const pay = await payOrder(t.app, x.buyer.token, id);
    expect(pay.statusCode).toBe(201);
  }
  return { ...x, orderId: id as string };
}

const raise = (token: string, orderId: string, reason = 'Goods arrived damaged') =>
  call(t.app, 'POST', `/api/buyer/orders/${orderId}/disputes`, { token, body: { reason } });

const disputesOf = (orderId: string) => count(t.database, `disputes where order_id = '${orderId}'`);

describe('buyer disputes', () => {
  it('opens exactly one dispute when 20 requests for the same order arrive at once', async () => {
    const { buyer, orderId } = await newOrder({ paid: true });
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => raise(buyer.token, orderId, `Try ${i}`)));
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers.filter((a) => a.statusCode === 409)) expect(r.json().error).toBe(OPEN_MESSAGE);
    expect(await disputesOf(orderId)).toBe(1);
  });

  it('lets the database itself refuse a second open dispute on an order', async () => {
    const { seller, buyer, orderId } = await newOrder({ paid: true });
    const insert = () =>
      t.database.query(
        `insert into disputes (order_id, manufacturer_id, buyer_id, reason, status) values ($1, $2, $3, 'x', $4)`,
        [orderId, seller.manufacturer.id, buyer.buyer.id, 'under_review'],
      );
    await insert();
    await expect(insert()).rejects.toThrow(/unique|duplicate/i);
    expect(await disputesOf(orderId)).toBe(1);
  });

  it('allows a new dispute once the open one is resolved', async () => {
    const { buyer, orderId } = await newOrder({ paid: true });
    const first = await raise(buyer.token, orderId);
    expect(first.statusCode).toBe(201);
    const again = await raise(buyer.token, orderId, 'Still broken');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(OPEN_MESSAGE);
    const admin = await loginAdmin(t.app);
    const resolved = await call(t.app, 'PATCH', `/api/admin/disputes/${first.json().id}`, {
      token: admin.token,
      body: { status: 'resolved_buyer', notes: 'Refund agreed' },
    });
    expect(resolved.statusCode).toBe(200);
    expect((await raise(buyer.token, orderId, 'The replacement is broken too')).statusCode).toBe(201);
    expect(await disputesOf(orderId)).toBe(2);
  });

  it('refuses a dispute on a cancelled order that was never paid, and writes nothing', async () => {
    const { buyer, orderId } = await newOrder();
    await call(t.app, 'POST', `/api/buyer/orders/${orderId}/cancel`, {
      token: buyer.token,
      body: { reason: 'Ordered by mistake' },
    });
    const res = await raise(buyer.token, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('This order was cancelled before it was paid: there is nothing to dispute.');
    expect(await disputesOf(orderId)).toBe(0);
  });

  it('refuses a dispute on an unpaid order that has not shipped: the buyer can cancel it instead', async () => {
    const { buyer, orderId } = await newOrder();
    const res = await raise(buyer.token, orderId);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(
      'This order is not paid and has not shipped yet: cancel it instead of raising a dispute.',
    );
    expect(await disputesOf(orderId)).toBe(0);
  });

  it('accepts a dispute on a paid order even after it was cancelled (the money is at stake)', async () => {
    const { buyer, orderId } = await newOrder({ paid: true });
    await call(t.app, 'POST', `/api/buyer/orders/${orderId}/cancel`, {
      token: buyer.token,
      body: { reason: 'Seller asked to cancel' },
    });
    expect((await raise(buyer.token, orderId, 'Refund not received')).statusCode).toBe(201);
  });

  it('accepts a dispute on an unpaid order whose goods have shipped (the goods are at stake)', async () => {
    const { seller, buyer, orderId } = await newOrder();
    expect((await setStatus(t.app, seller.token, orderId, { status: 'processing' })).statusCode).toBe(200);
    const shipped = await setStatus(t.app, seller.token, orderId, {
      status: 'shipped',
      carrier: 'Delhivery',
      trackingNumber: 'DL123',
    });
    expect(shipped.statusCode).toBe(200);
    expect((await raise(buyer.token, orderId, 'Wrong goods delivered')).statusCode).toBe(201);
  });

  it('gives the admin one dispute by id: a seller is refused, an unknown id is 404', async () => {
    const { buyer, seller, orderId } = await newOrder({ paid: true });
    const raised = await raise(buyer.token, orderId, 'Short by two cartons');
    expect(raised.statusCode).toBe(201);
    const id = raised.json().id as string;
    const admin = await loginAdmin(t.app);
    const one = await call(t.app, 'GET', `/api/admin/disputes/${id}`, { token: admin.token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({
      id,
      orderId,
      reason: 'Short by two cartons',
      status: 'open',
      manufacturer: seller.manufacturer.companyName,
    });
    expect((await call(t.app, 'GET', `/api/admin/disputes/${id}`, { token: seller.token })).statusCode).toBe(403);
    const unknown = await call(t.app, 'GET', `/api/admin/disputes/${crypto.randomUUID()}`, { token: admin.token });
    expect(unknown.statusCode).toBe(404);
  });

  it("stamps the admin's note with the time of the clock it is given", async () => {
    const { buyer, orderId } = await newOrder({ paid: true });
    const raised = await raise(buyer.token, orderId);
    const admin = await loginAdmin(t.app);
    const clock = () => new Date('2031-03-04T05:06:00Z');
    const after = await updateDispute(
      { ...depsOf(t.app), clock },
      admin.user.id,
      raised.json().id,
      'under_review',
      'Photos asked',
    );
    expect(after.notes).toBe('[2031-03-04 05:06 UTC, Under review] Photos asked');
  });
});

describe('migration 0011', () => {
  it('merges the duplicate open disputes already stored into one before building the unique index', async () => {
    const { seller, buyer, orderId } = await newOrder({ paid: true });
    const chunks = readFileSync(join(import.meta.dirname, '../drizzle/0011_one_open_dispute.sql'), 'utf8').split(
      '--> statement-breakpoint',
    );
    expect(chunks).toHaveLength(3);
    await t.database.query('drop index disputes_one_open_per_order');
    const add = (reason: string, status: string, at: string) =>
      t.database.query(
        `insert into disputes (order_id, manufacturer_id, buyer_id, reason, status, created_at)
         values ($1, $2, $3, $4, $5, $6)`,
        [orderId, seller.manufacturer.id, buyer.buyer.id, reason, status, at],
      );
    await add('First', 'open', '2030-01-01T10:00:00Z');
    await add('Second', 'open', '2030-01-01T10:00:01Z');
    await add('Looked at', 'under_review', '2030-01-01T10:00:02Z');
    await add('Old and settled', 'resolved_seller', '2029-12-01T10:00:00Z');
    for (const chunk of chunks) await t.database.query(chunk);
    const rows = await t.database.query<{ reason: string; status: string; notes: string | null }>(
      'select reason, status, notes from disputes where order_id = $1 order by created_at',
      [orderId],
    );
    expect(rows.map((r) => `${r.status}:${r.reason}`)).toEqual([
      'resolved_seller:Old and settled',
      'under_review:Looked at',
    ]);
    expect(rows[1]?.notes).toBe(
      '[Merged duplicate raised 2030-01-01 10:00 UTC] First\n[Merged duplicate raised 2030-01-01 10:00 UTC] Second',
    );
    expect((await raise(buyer.token, orderId)).statusCode).toBe(409);
  });
});
