import { describe, expect, it } from 'vitest';
import { createProduct } from '../src/seed/factories.ts';
import { call, createBuyerSession, loginSeller, useTestApp } from './helpers.ts';
import { homeAddress } from './buyer-fixtures.ts';

const t = useTestApp();

/** Two sellers (A sorts first) with a product each, a buyer with one address. */
async function setup() {
  const sellerA = await loginSeller(t.app, { companyName: 'Aarav Brassware' });
  const sellerB = await loginSeller(t.app, { companyName: 'Zenith Textiles' });
  const lamp = await createProduct(t.app.db, sellerA.manufacturer.id, {
    name: 'Brass lamp',
    price: '250.00',
    moq: 10,
    stock: 100,
    gstPercentage: '12',
  });
  const towel = await createProduct(t.app.db, sellerB.manufacturer.id, {
    name: 'Cotton towel',
    price: '80.50',
    moq: 50,
    stock: 500,
    unit: 'piece',
    gstPercentage: '5',
  });
  const buyer = await createBuyerSession(t.app);
  const address = (
    await call(t.app, 'POST', '/api/buyer/addresses', { token: buyer.token, body: homeAddress() })
  ).json();
  return { sellerA, sellerB, lamp, towel, buyer, address };
}

const add = (token: string, productId: string, quantity: number) =>
  call(t.app, 'POST', '/api/buyer/cart/items', { token, body: { productId, quantity } });
const cart = async (token: string) => (await call(t.app, 'GET', '/api/buyer/cart', { token })).json();

describe('order list (cart)', () => {
  it('groups lines by seller with GST per line and totals per seller and overall', async () => {
    const { buyer, lamp, towel, sellerA, sellerB } = await setup();
    expect((await add(buyer.token, towel.id, 50)).statusCode).toBe(201);
    const res = await add(buyer.token, lamp.id, 10);
    expect(res.statusCode).toBe(201);
    // adding again raises the quantity
    await add(buyer.token, lamp.id, 10);
    const c = await cart(buyer.token);
    expect(c.sellers.map((s: { manufacturerId: string }) => s.manufacturerId)).toEqual([
      sellerA.manufacturer.id,
      sellerB.manufacturer.id,
    ]);
    const [a, b] = c.sellers;
    // 20 x 250 = 5,000 + 12% = 600
    expect(a.lines[0]).toMatchObject({ name: 'Brass lamp', quantity: 20, subtotal: '5000.00', tax: '600.00' });
    expect(a.lines[0]).toMatchObject({ total: '5600.00', moq: 10, stockState: 'in_stock', problem: null });
    expect(a).toMatchObject({ subtotal: '5000.00', tax: '600.00', total: '5600.00' });
    // 50 x 80.50 = 4,025 + 5% = 201.25
    expect(b).toMatchObject({ subtotal: '4025.00', tax: '201.25', total: '4226.25' });
    expect(c).toMatchObject({ subtotal: '9025.00', tax: '801.25', total: '9826.25', lineCount: 2, canCheckout: true });
  });

  it('refuses quantities below the MOQ, above the stock or not whole, with the reason', async () => {
    const { buyer, lamp } = await setup();
    const low = await add(buyer.token, lamp.id, 5);
    expect(low.statusCode).toBe(400);
    expect(low.json().fields.quantity).toBe('The minimum order quantity for Brass lamp is 10 Pieces.');
    const high = await add(buyer.token, lamp.id, 101);
    expect(high.json().error).toBe('Only 100 Pieces of Brass lamp left in stock.');
    const half = await add(buyer.token, lamp.id, 10.5);
    expect(half.json().fields.quantity).toBe('Quantity must be a whole number.');
    expect((await cart(buyer.token)).lineCount).toBe(0);

    await add(buyer.token, lamp.id, 10);
    const patch = await call(t.app, 'PATCH', `/api/buyer/cart/items/${lamp.id}`, {
      token: buyer.token,
      body: { quantity: 9 },
    });
    expect(patch.statusCode).toBe(400);
    const ok = await call(t.app, 'PATCH', `/api/buyer/cart/items/${lamp.id}`, {
      token: buyer.token,
      body: { quantity: 40 },
    });
    expect(ok.json().sellers[0].lines[0].quantity).toBe(40);
  });

  it("keeps each buyer's list apart: another buyer's lines and unknown products are 404", async () => {
    const { buyer, lamp } = await setup();
    const other = await createBuyerSession(t.app);
    await add(buyer.token, lamp.id, 10);
    expect(
      (await call(t.app, 'PATCH', `/api/buyer/cart/items/${lamp.id}`, { token: other.token, body: { quantity: 20 } }))
        .statusCode,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/buyer/cart/items/${lamp.id}`, { token: other.token })).statusCode).toBe(
      404,
    );
    expect((await cart(other.token)).lineCount).toBe(0);
    expect((await cart(buyer.token)).sellers[0].lines[0].quantity).toBe(10);
    const unknown = await add(buyer.token, '00000000-0000-4000-8000-000000000000', 10);
    expect(unknown.statusCode).toBe(404);
    const removed = await call(t.app, 'DELETE', `/api/buyer/cart/items/${lamp.id}`, { token: buyer.token });
    expect(removed.json().lineCount).toBe(0);
  });

  it('flags a line whose product is no longer listed, leaves it out of the totals and of checkout', async () => {
    const { buyer, lamp, towel, address } = await setup();
    await add(buyer.token, lamp.id, 10);
    await add(buyer.token, towel.id, 50);
    await t.database.query(`update products set status = 'inactive' where id = $1`, [towel.id]);
    const c = await cart(buyer.token);
    const line = c.sellers[1].lines[0];
    expect(line).toMatchObject({
      available: false,
      problem: 'Cotton towel is no longer available to order. Remove it from your order list.',
    });
    expect(c).toMatchObject({ total: '2800.00', unavailableCount: 1, canCheckout: true });
    // a product no longer listed cannot be added either
    expect((await add(buyer.token, towel.id, 50)).statusCode).toBe(404);

    const res = await call(t.app, 'POST', '/api/buyer/cart/checkout', {
      token: buyer.token,
      body: { addressId: address.id },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().orders).toHaveLength(1);
    const after = await cart(buyer.token);
    expect(after.sellers.flatMap((s: { lines: { productId: string }[] }) => s.lines.map((l) => l.productId))).toEqual([
      towel.id,
    ]);
  });

  it('checks out one order per seller with its own lines, GST and the chosen address, and empties the list', async () => {
    const { buyer, lamp, towel, address, sellerA, sellerB } = await setup();
    await add(buyer.token, lamp.id, 20);
    await add(buyer.token, towel.id, 60);
    const res = await call(t.app, 'POST', '/api/buyer/cart/checkout', {
      token: buyer.token,
      body: { addressId: address.id },
    });
    expect(res.statusCode).toBe(201);
    const placed = res.json().orders as { id: string; number: string }[];
    expect(placed).toHaveLength(2);
    const details = await Promise.all(
      placed.map(async (o) => (await call(t.app, 'GET', `/api/buyer/orders/${o.id}`, { token: buyer.token })).json()),
    );
    expect(details[0].products).toEqual([
      expect.objectContaining({ name: 'Brass lamp', quantity: 20, gstPercentage: '12.00', taxAmount: '600.00' }),
    ]);
    expect(details[1].products).toEqual([
      expect.objectContaining({ name: 'Cotton towel', quantity: 60, gstPercentage: '5.00', taxAmount: '241.50' }),
    ]);
    for (const d of details) {
      expect(d.shippingAddress).toMatchObject({
        street: '12 MG Road',
        apartment: 'Floor 3',
        city: 'Pune',
        zipCode: '411001',
      });
    }
    expect((await cart(buyer.token)).lineCount).toBe(0);
    const [stock] = await t.database.query<{ stock: number }>('select stock from products where id = $1', [lamp.id]);
    expect(stock?.stock).toBe(80);
    const ordersOf = async (token: string) =>
      (await call(t.app, 'GET', '/api/orders', { token })).json().orders.map((o: { id: string }) => o.id);
    expect(await ordersOf(sellerA.token)).toEqual([placed[0]?.id]);
    expect(await ordersOf(sellerB.token)).toEqual([placed[1]?.id]);
  });

  it('refuses checkout while a line breaks the MOQ or stock rule, naming the line, and writes nothing', async () => {
    const { buyer, lamp, towel, address } = await setup();
    await add(buyer.token, lamp.id, 20);
    await add(buyer.token, towel.id, 60);
    await t.database.query('update products set stock = 55 where id = $1', [towel.id]);
    const c = await cart(buyer.token);
    expect(c.canCheckout).toBe(false);
    expect(c.sellers[1].lines[0].problem).toBe('Only 55 Pieces of Cotton towel left in stock.');
    const res = await call(t.app, 'POST', '/api/buyer/cart/checkout', {
      token: buyer.token,
      body: { addressId: address.id },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ [`lines.${towel.id}`]: 'Only 55 Pieces of Cotton towel left in stock.' });
    expect((await call(t.app, 'GET', '/api/buyer/orders', { token: buyer.token })).json().orders).toEqual([]);
  });

  it('writes no order at all when the order of one seller fails (one transaction)', async () => {
    const { buyer, lamp, towel, address, sellerB } = await setup();
    await add(buyer.token, lamp.id, 20);
    await add(buyer.token, towel.id, 60);
    // Seller B's order (placed second, after seller A's was written) fails inside the database.
    await t.database.query(`
      create or replace function fail_for_seller() returns trigger language plpgsql as $$
      begin
        if new.manufacturer_id = '${sellerB.manufacturer.id}' then raise exception 'seller B is down'; end if;
        return new;
      end $$`);
    await t.database.query(
      'create trigger fail_for_seller before insert on orders for each row execute function fail_for_seller()',
    );
    try {
      const res = await call(t.app, 'POST', '/api/buyer/cart/checkout', {
        token: buyer.token,
        body: { addressId: address.id },
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.query('drop trigger fail_for_seller on orders');
    }
    expect((await call(t.app, 'GET', '/api/buyer/orders', { token: buyer.token })).json().orders).toEqual([]);
    const [stock] = await t.database.query<{ stock: number }>('select stock from products where id = $1', [lamp.id]);
    expect(stock?.stock).toBe(100);
    expect((await cart(buyer.token)).lineCount).toBe(2);
  });

  it("refuses checkout to another buyer's address (404) and an empty list (400)", async () => {
    const { buyer, lamp } = await setup();
    const other = await setup();
    const empty = await call(t.app, 'POST', '/api/buyer/cart/checkout', {
      token: buyer.token,
      body: {
        addressId: (await call(t.app, 'GET', '/api/buyer/addresses', { token: buyer.token })).json().addresses[0].id,
      },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Your order list has nothing that can be ordered.');
    await add(buyer.token, lamp.id, 10);
    const res = await call(t.app, 'POST', '/api/buyer/cart/checkout', {
      token: buyer.token,
      body: { addressId: other.address.id },
    });
    expect(res.statusCode).toBe(404);
  });

  it("re-orders a past order's still-listed lines and says what it skipped and why", async () => {
    const { buyer, lamp, towel, address } = await setup();
    await add(buyer.token, lamp.id, 30);
    await add(buyer.token, towel.id, 50);
    const placed = (
      await call(t.app, 'POST', '/api/buyer/cart/checkout', { token: buyer.token, body: { addressId: address.id } })
    ).json().orders as { id: string }[];
    await t.database.query(`update products set moderation_status = 'pending' where id = $1`, [towel.id]);
    const outcomes = [];
    for (const o of placed) {
      const res = await call(t.app, 'POST', `/api/buyer/orders/${o.id}/reorder`, { token: buyer.token });
      expect(res.statusCode).toBe(200);
      outcomes.push(res.json());
    }
    expect(outcomes[0]).toEqual({ added: [{ productId: lamp.id, name: 'Brass lamp', quantity: 30 }], skipped: [] });
    expect(outcomes[1]).toEqual({
      added: [],
      skipped: [{ productId: towel.id, name: 'Cotton towel', reason: 'No longer available to order.' }],
    });
    expect((await cart(buyer.token)).lineCount).toBe(1);
    const other = await createBuyerSession(t.app);
    const foreign = await call(t.app, 'POST', `/api/buyer/orders/${placed[0]?.id}/reorder`, { token: other.token });
    expect(foreign.statusCode).toBe(404);
  });
});
