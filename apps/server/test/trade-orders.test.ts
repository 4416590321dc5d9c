import { describe, expect, it } from 'vitest';
import { SEARCH_WINDOW, searchDocument } from '../src/lib/search.ts';
import { createProduct, createSeller } from '../src/seed/factories.ts';
import { call, count, createBuyerSession, loginSeller, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, shippingTo, tradeSetup, payOrder } from './trade-fixtures.ts';

const t = useTestApp();

async function stockOf(productId: string) {
  const [r] = await t.database.query<{ stock: number }>('select stock from products where id = $1', [productId]);
  return r?.stock;
}

describe('buyer orders', () => {
  it('prices lines from the product, adds GST per line and takes the units from stock', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { price: '250.50', gstPercentage: '12' });
    const second = await createProduct(t.app.db, seller.manufacturer.id, {
      price: '99.99',
      moq: 1,
      gstPercentage: '5',
    });
    const res = await call(t.app, 'POST', '/api/buyer/orders', {
      token: buyer.token,
      body: {
        manufacturerId: seller.manufacturer.id,
        items: [
          { productId: product.id, quantity: 12 },
          { productId: second.id, quantity: 3 },
        ],
        shippingAddress: shippingTo(),
      },
    });
    expect(res.statusCode).toBe(201);
    const { id, number, total } = res.json();
    expect(number).toMatch(/^ORD-\d{4}-\d{6}$/);
    // 12 x 250.50 = 3006.00 + 12% 360.72; 3 x 99.99 = 299.97 + 5% 15.00 (14.9985 rounded)
    expect(total).toBe('3681.69');
    expect(await stockOf(product.id)).toBe(88);
    const detail = (await call(t.app, 'GET', `/api/orders/${id}`, { token: seller.token })).json();
    expect(detail.payment).toMatchObject({ subtotal: '3305.97', tax: '375.72', total: '3681.69', status: 'pending' });
    expect(detail.products).toHaveLength(2);
    expect(detail.timeline).toEqual([expect.objectContaining({ from: null, to: 'pending' })]);
    expect(detail.nextStatuses).toEqual(['processing', 'shipped', 'cancelled']);
    const notes = await t.database.query<{ type: string }>('select type from notifications where user_id = $1', [
      seller.user.id,
    ]);
    expect(notes.map((n) => n.type)).toContain('order_new');
  });

  it('refuses a quantity below the MOQ with a field message and writes nothing', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { moq: 50 });
    const before = await count(t.database, 'orders');
    const res = await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 10);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['items.0.quantity']).toMatch(/minimum order quantity .* is 50/);
    expect(await count(t.database, 'orders')).toBe(before);
    expect(await stockOf(product.id)).toBe(100);
  });

  it('refuses products that are not approved and active, and manufacturers that are not approved', async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const pending = await createProduct(t.app.db, seller.manufacturer.id, { moderationStatus: 'pending', moq: 1 });
    const inactive = await createProduct(t.app.db, seller.manufacturer.id, { status: 'inactive', moq: 1 });
    for (const p of [pending, inactive]) {
      const res = await placeOrder(t.app, buyer.token, seller.manufacturer.id, p.id, 5);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/not available for ordering/);
    }
    const suspended = await createSeller(t.app.db, { status: 'suspended' });
    const sp = await createProduct(t.app.db, suspended.manufacturer.id, { moq: 1 });
    const res = await placeOrder(t.app, buyer.token, suspended.manufacturer.id, sp.id, 5);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatch(/not approved/);
  });

  it('refuses a product of another manufacturer and a bad address with field messages', async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const other = await createSeller(t.app.db);
    const op = await createProduct(t.app.db, other.manufacturer.id, { moq: 1 });
    const res = await placeOrder(t.app, buyer.token, seller.manufacturer.id, op.id, 5);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields['items.0.productId']).toMatch(/does not sell/);
    const bad = await call(t.app, 'POST', '/api/buyer/orders', {
      token: buyer.token,
      body: {
        manufacturerId: seller.manufacturer.id,
        items: [{ productId: op.id, quantity: 0 }],
        shippingAddress: { ...shippingTo('Atlantis'), zipCode: '12' },
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(
      expect.arrayContaining(['items.0.quantity', 'shippingAddress.state', 'shippingAddress.zipCode']),
    );
  });

  it('lets exactly one of two buyers racing for the last units win; stock never goes negative', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { stock: 15, moq: 10 });
    const other = await createBuyerSession(t.app);
    const [a, b] = await Promise.all([
      placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 10),
      placeOrder(t.app, other.token, seller.manufacturer.id, product.id, 10),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json().error).toBe(`Only 5 piece of ${product.name} left in stock.`);
    expect(await stockOf(product.id)).toBe(5);
    const orders = await t.database.query('select 1 from orders where manufacturer_id = $1', [seller.manufacturer.id]);
    expect(orders).toHaveLength(1);
  });

  it('records a payment once and tells the seller; a second payment is 409', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const { id } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    const pay = await payOrder(t.app, buyer.token, id);
    expect(pay.statusCode).toBe(201);
    expect(pay.json().status).toBe('paid');
    const again = await payOrder(t.app, buyer.token, id);
    expect(again.statusCode).toBe(409);
    const detail = (await call(t.app, 'GET', `/api/orders/${id}`, { token: seller.token })).json();
    expect(detail.payment).toMatchObject({
      status: 'paid',
      method: 'UPI',
      reference: expect.stringMatching(/^pay_test/),
    });
    const types = await t.database.query<{ type: string }>('select type from notifications where user_id = $1', [
      seller.user.id,
    ]);
    expect(types.map((n) => n.type)).toContain('payment_received');
    // The seller's list tells a paid order from an unpaid one.
    const listed = (
      await call(t.app, 'GET', `/api/orders?tab=all&search=${detail.orderId}`, { token: seller.token })
    ).json();
    expect(listed.orders).toEqual([expect.objectContaining({ id, paymentStatus: 'paid' })]);
    const unpaid = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    const unpaidList = (await call(t.app, 'GET', '/api/orders?tab=all', { token: seller.token })).json();
    expect(unpaidList.orders).toContainEqual(expect.objectContaining({ id: unpaid.id, paymentStatus: 'pending' }));
  });

  it('lets the buyer cancel a paid pending order (stock returned, seller told) and raise one dispute', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const { id } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 20)).json();
    expect(await stockOf(product.id)).toBe(80);
    const pay = await payOrder(t.app, buyer.token, id);
    expect(pay.statusCode).toBe(201);
    const cancel = await call(t.app, 'POST', `/api/buyer/orders/${id}/cancel`, {
      token: buyer.token,
      body: { reason: 'Ordered by mistake' },
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().status).toBe('cancelled');
    expect(await stockOf(product.id)).toBe(100);
    const d1 = await call(t.app, 'POST', `/api/buyer/orders/${id}/disputes`, {
      token: buyer.token,
      body: { reason: 'Charged twice' },
    });
    expect(d1.statusCode).toBe(201);
    const d2 = await call(t.app, 'POST', `/api/buyer/orders/${id}/disputes`, {
      token: buyer.token,
      body: { reason: 'Again' },
    });
    expect(d2.statusCode).toBe(409);
    const types = (
      await t.database.query<{ type: string }>('select type from notifications where user_id = $1', [seller.user.id])
    ).map((n) => n.type);
    expect(types).toEqual(expect.arrayContaining(['order_cancelled', 'dispute_raised']));
  });

  it("answers 404 for another buyer's order", async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const { id } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    const other = await createBuyerSession(t.app);
    const res = await payOrder(t.app, other.token, id);
    expect(res.statusCode).toBe(404);
  });
});

describe('order lifecycle', () => {
  it('walks Pending -> Processing -> Shipped -> Delivered, recording every change', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const { id } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    expect((await setStatus(t.app, seller.token, id, { status: 'processing' })).statusCode).toBe(200);
    const late = await setStatus(t.app, seller.token, id, {
      status: 'shipped',
      carrier: 'Delhivery',
      trackingNumber: 'DLV123456789',
      estimatedDelivery: '2020-01-15',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().fields).toEqual({ estimatedDelivery: 'The estimated delivery cannot be before today.' });
    const noTracking = await setStatus(t.app, seller.token, id, { status: 'shipped', carrier: 'Delhivery' });
    expect(noTracking.statusCode).toBe(400);
    expect(noTracking.json().fields.trackingNumber).toBe('Tracking number is required.');
    const shipped = await setStatus(t.app, seller.token, id, {
      status: 'shipped',
      carrier: 'Delhivery',
      trackingNumber: 'DLV123456789',
      estimatedDelivery: '2030-01-15',
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json().tracking).toEqual({
      carrier: 'Delhivery',
      trackingNumber: 'DLV123456789',
      estimatedDelivery: '2030-01-15',
    });
    expect(shipped.json().invoiceNumber).toMatch(/^INV\/\d{4}\/00001$/);
    const delivered = await setStatus(t.app, seller.token, id, { status: 'delivered' });
    expect(delivered.statusCode).toBe(200);
    const d = delivered.json();
    expect(d.status).toBe('delivered');
    expect(d.nextStatuses).toEqual([]);
    expect(d.timeline.map((e: { to: string }) => e.to)).toEqual(['pending', 'processing', 'shipped', 'delivered']);
  });

  it('ships a Pending order in one step, issuing its invoice', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const { id } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    const shipped = await setStatus(t.app, seller.token, id, {
      status: 'shipped',
      carrier: 'DTDC',
      trackingNumber: 'D7',
    });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toMatchObject({ status: 'shipped', nextStatuses: ['delivered', 'cancelled'] });
    expect(shipped.json().invoiceNumber).toMatch(/^INV\/\d{4}\/\d{5}$/);
    expect(shipped.json().timeline.map((e: { to: string }) => e.to)).toEqual(['pending', 'shipped']);
  });

  const illegal: Array<[string[], string]> = [
    [[], 'delivered'],
    [['processing'], 'delivered'],
    [['processing', 'shipped'], 'processing'],
    [['processing', 'shipped', 'delivered'], 'cancelled'],
    [['cancelled'], 'processing'],
    [['cancelled'], 'cancelled'],
  ];
  for (const [path, to] of illegal) {
    it(`refuses ${['pending', ...path].at(-1)} -> ${to} with 409`, async () => {
      const { seller, buyer, product } = await tradeSetup(t.app);
      const { id } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
      for (const step of path) {
        const body =
          step === 'shipped'
            ? { status: step, carrier: 'BlueDart', trackingNumber: 'BD1' }
            : step === 'cancelled'
              ? { status: step, reason: 'Out of raw material' }
              : { status: step };
        expect((await setStatus(t.app, seller.token, id, body)).statusCode).toBe(200);
      }
      const body =
        to === 'shipped'
          ? { status: to, carrier: 'BlueDart', trackingNumber: 'BD2' }
          : to === 'cancelled'
            ? { status: to, reason: 'Too late' }
            : { status: to };
      const res = await setStatus(t.app, seller.token, id, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatch(/cannot be changed to/);
    });
  }

  it('cancels from Processing with a reason, returns stock and drops the unpaid payment', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const { id } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 30)).json();
    await setStatus(t.app, seller.token, id, { status: 'processing' });
    const noReason = await setStatus(t.app, seller.token, id, { status: 'cancelled' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Reason is required.');
    const res = await setStatus(t.app, seller.token, id, { status: 'cancelled', reason: 'Buyer asked by phone' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Buyer asked by phone' });
    expect(res.json().timeline.at(-1)).toMatchObject({
      from: 'processing',
      to: 'cancelled',
      note: 'Buyer asked by phone',
    });
    expect(await stockOf(product.id)).toBe(100);
    const pays = await t.database.query('select 1 from payments where order_id = $1', [id]);
    expect(pays).toHaveLength(0);
  });

  it("answers 404 for another seller's order, status change and invoice", async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const { id } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    const other = await loginSeller(t.app);
    expect((await call(t.app, 'GET', `/api/orders/${id}`, { token: other.token })).statusCode).toBe(404);
    expect((await setStatus(t.app, other.token, id, { status: 'processing' })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/orders/${id}/invoice.pdf`, { token: other.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/orders/not-a-uuid', { token: seller.token })).statusCode).toBe(400);
  });
});

describe('order list', () => {
  it('filters by tab and searches order number, customer and product in SQL, with paging', async () => {
    const seller = await loginSeller(t.app);
    const buyerA = await createBuyerSession(t.app);
    const widget = await createProduct(t.app.db, seller.manufacturer.id, { name: 'Brass Door Hinge', moq: 1 });
    const gizmo = await createProduct(t.app.db, seller.manufacturer.id, { name: 'Wooden Train Set', moq: 1 });
    const ids: string[] = [];
    const numbers: string[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await placeOrder(t.app, buyerA.token, seller.manufacturer.id, i % 2 ? widget.id : gizmo.id, 1);
      ids.push(r.json().id);
      numbers.push(r.json().number);
    }
    await setStatus(t.app, seller.token, ids[0] as string, { status: 'cancelled', reason: 'No stock' });
    for (const id of ids.slice(1, 3)) {
      await setStatus(t.app, seller.token, id, { status: 'processing' });
      await setStatus(t.app, seller.token, id, { status: 'shipped', carrier: 'DTDC', trackingNumber: 'D1' });
      await setStatus(t.app, seller.token, id, { status: 'delivered' });
    }
    const list = (q: string) => call(t.app, 'GET', `/api/orders?${q}`, { token: seller.token }).then((r) => r.json());

    const all = await list('tab=all');
    expect(all.total).toBe(12);
    expect(all.orders).toHaveLength(10);
    expect(all.orders[0]).toMatchObject({
      orderId: numbers[11],
      customer: buyerA.buyer.companyName,
      status: 'pending',
    });
    expect((await list('tab=all&page=2')).orders).toHaveLength(2);
    // A page past the end still knows the total.
    expect(await list('tab=all&page=3')).toMatchObject({ orders: [], total: 12, totalCapped: false });
    expect((await list('tab=pending')).total).toBe(9);
    const completed = await list('tab=completed');
    expect(completed.total).toBe(2);
    expect(completed.orders.every((o: { status: string }) => o.status === 'delivered')).toBe(true);

    expect((await list('search=train')).total).toBe(6);
    expect((await list('search=BRASS%20door')).total).toBe(6);
    expect((await list(`search=${numbers[4]}`)).orders.map((o: { orderId: string }) => o.orderId)).toEqual([
      numbers[4],
    ]);
    expect((await list(`search=${encodeURIComponent(buyerA.buyer.companyName)}`)).total).toBe(12);
    expect((await list('tab=completed&search=hinge')).total).toBe(1);
    expect((await list('search=100%25')).total).toBe(0);
    expect((await call(t.app, 'GET', '/api/orders?tab=nope', { token: seller.token })).statusCode).toBe(400);

    const stranger = await loginSeller(t.app);
    expect((await call(t.app, 'GET', '/api/orders', { token: stranger.token })).json().total).toBe(0);
  });

  it('answers a big seller’s searches from the newest orders or from the word index alike', async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const m = seller.manufacturer.id;
    // More orders than the search window; index 0 is the oldest. Every third order has a hinge, the five oldest a
    // kettle (so its matches lie outside the window).
    const n = SEARCH_WINDOW + 300;
    const numbers = Array.from({ length: n }, (_, i) => `ORD-T-${String(i).padStart(5, '0')}`);
    const product = (i: number) => (i < 5 ? 'Copper Kettle' : i % 3 === 0 ? 'Brass Hinge' : 'Steel Bolt');
    await t.database.query(
      `insert into orders (order_number, manufacturer_id, buyer_id, subtotal, tax, total, ship_street, ship_city,
                           ship_state, ship_zip_code, search_doc, created_at)
       select u.num, $1, $2, 100, 18, 118, '1 MG Road', 'Pune', 'Maharashtra', '411001', u.doc::tsvector,
              now() - ((${n} - u.i) || ' minutes')::interval
         from unnest($3::text[], $4::text[]) with ordinality as u(num, doc, i)`,
      [m, buyer.buyer.id, numbers, numbers.map((num, i) => searchDocument(m, num, 'Tiny Traders', product(i)))],
    );
    const list = (q: string) => call(t.app, 'GET', `/api/orders?${q}`, { token: seller.token }).then((r) => r.json());
    const ids = (page: { orders: Array<{ orderId: string }> }) => page.orders.map((o) => o.orderId);
    const hinges = numbers.filter((_, i) => product(i) === 'Brass Hinge').reverse();

    // Page 1 and its count come from the window; page 30 from the window, counted through the word index; page 40
    // lies past the window's matches and comes from the word index.
    const first = await list('search=hinge');
    expect(ids(first)).toEqual(hinges.slice(0, 10));
    expect(first).toMatchObject({ total: 110, totalCapped: true });
    const middle = await list('search=hinge&page=30');
    expect(ids(middle)).toEqual(hinges.slice(290, 300));
    expect(middle).toMatchObject({ total: 400, totalCapped: true });
    const deep = await list('search=hinge&page=40');
    expect(ids(deep)).toEqual(hinges.slice(390, 400));
    expect(deep).toMatchObject({ total: hinges.length, totalCapped: false });
    expect(await list('search=hinge&page=50')).toMatchObject({ orders: [], total: hinges.length, totalCapped: false });
    const kettles = await list('search=KETTLE');
    expect(ids(kettles)).toEqual(numbers.slice(0, 5).reverse());
    expect(kettles).toMatchObject({ total: 5, totalCapped: false });
    // Order numbers by their parts; the last word typed as a prefix.
    expect(ids(await list('search=ord-t-01234'))).toEqual(['ORD-T-01234']);
    expect(ids(await list('search=t%2001299'))).toEqual(['ORD-T-01299']);
    expect((await list('search=tiny%20trad')).total).toBe(110);
    expect((await list('tab=completed&search=hinge')).total).toBe(0);
    expect((await list('tab=pending')).total).toBe(n);
  });
});
