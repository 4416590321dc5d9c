import { describe, expect, it } from 'vitest';
import { createProduct, createSeller } from '../src/seed/factories.ts';
import { parseStoredAddress } from '../src/modules/rfqs/commands.ts';
import { call, count, createBuyerSession, loginSeller, useTestApp } from './helpers.ts';
import { shippingTo, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();

async function sendRfq(token: string, manufacturerId: string, extra: Record<string, unknown> = {}) {
  return call(t.app, 'POST', '/api/buyer/rfqs', {
    token,
    body: {
      manufacturerId,
      productName: 'Custom wooden puzzle',
      category: 'toys',
      quantity: 500,
      targetPrice: 80,
      deadline: '2030-06-30',
      description: 'Printed box, 24 pieces',
      specifications: ['Neem wood', 'Non-toxic paint'],
      ...extra,
    },
  });
}

describe('buyer accounts', () => {
  it('registers a buyer who then signs in as a buyer, at either login, and gets no seller API', async () => {
    const body = {
      email: 'Buyer.One@Example.in',
      phone: '9811122233',
      password: 'Sup3rSecret!',
      company_name: 'Kirana Wholesale LLP',
      contact_name: 'Ravi Kumar',
      address: '12 MG Road, Pune 411001',
      state: 'Maharashtra',
    };
    const reg = await call(t.app, 'POST', '/api/buyer/register', { body });
    expect(reg.statusCode).toBe(201);
    expect((await call(t.app, 'POST', '/api/buyer/register', { body })).statusCode).toBe(409);
    const login = await call(t.app, 'POST', '/api/buyer/login', {
      body: { username: 'buyer.one@example.in', password: 'Sup3rSecret!' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('buyer');
    // The one sign-in page's /api/login signs the buyer in too, as a buyer: the seller API stays closed to them.
    const shared = await call(t.app, 'POST', '/api/login', {
      body: { username: 'buyer.one@example.in', password: 'Sup3rSecret!' },
    });
    expect(shared.json().user.role).toBe('buyer');
    const seller = await call(t.app, 'GET', '/api/rfqs', { token: login.json().token });
    expect(seller.statusCode).toBe(403);
  });

  it('refuses a registration with a bad state and phone, with field messages', async () => {
    const res = await call(t.app, 'POST', '/api/buyer/register', {
      body: {
        email: 'x@y.in',
        phone: '123',
        password: 'short',
        company_name: '',
        contact_name: 'A',
        address: 'B',
        state: 'Nowhere',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(
      expect.arrayContaining(['phone', 'password', 'company_name', 'state']),
    );
  });
});

describe('RFQ negotiation', () => {
  it('lists a new RFQ for the seller with the spec fields and tells the seller', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { price: '95.00', name: 'Wooden puzzle' });
    const res = await sendRfq(buyer.token, seller.manufacturer.id, { productId: product.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().number).toMatch(/^RFQ-\d{4}-\d{6}$/);
    const list = (await call(t.app, 'GET', '/api/rfqs', { token: seller.token })).json();
    expect(list.total).toBe(1);
    expect(list.pageSize).toBe(8);
    expect(list.orders[0]).toMatchObject({
      rfqNumber: res.json().number,
      productName: 'Custom wooden puzzle',
      buyerCompany: buyer.buyer.companyName,
      buyerContact: buyer.buyer.contactName,
      category: 'toys',
      requestedQuantity: 500,
      targetPrice: '80.00',
      estimatedValue: '40000.00',
      deadline: '2030-06-30',
      specifications: ['Neem wood', 'Non-toxic paint'],
      status: 'pending',
      originalProduct: { name: 'Wooden puzzle', image: null, yourPrice: '95.00' },
    });
    expect(list.orders[0].offers).toEqual([
      expect.objectContaining({ by: 'buyer', kind: 'request', pricePerUnit: '80.00' }),
    ]);
    const types = await t.database.query<{ type: string }>('select type from notifications where user_id = $1', [
      seller.user.id,
    ]);
    expect(types.map((n) => n.type)).toContain('rfq_new');
  });

  it('refuses an RFQ to a manufacturer that is not approved, or about a product it does not list', async () => {
    const buyer = await createBuyerSession(t.app);
    const pending = await createSeller(t.app.db, { status: 'under_review' });
    expect((await sendRfq(buyer.token, pending.manufacturer.id)).statusCode).toBe(409);
    const { seller } = await tradeSetup(t.app);
    const other = await createSeller(t.app.db);
    const op = await createProduct(t.app.db, other.manufacturer.id);
    const res = await sendRfq(buyer.token, seller.manufacturer.id, { productId: op.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.productId).toBeDefined();
  });

  it('refuses an RFQ whose deadline is before today in India with a field message, and accepts today', async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const day = 86_400_000;
    const indiaDate = (ms: number) => new Date(ms + 330 * 60_000).toISOString().slice(0, 10);
    const before = await count(t.database, 'rfqs');
    for (const deadline of [indiaDate(Date.now() - day), '2020-01-01']) {
      const res = await sendRfq(buyer.token, seller.manufacturer.id, { deadline });
      expect(res.statusCode, deadline).toBe(400);
      expect(res.json().fields).toEqual({ deadline: 'The deadline cannot be before today.' });
    }
    expect(await count(t.database, 'rfqs')).toBe(before);
    const today = await sendRfq(buyer.token, seller.manufacturer.id, { deadline: indiaDate(Date.now()) });
    expect(today.statusCode).toBe(201);
  });

  it('keeps the whole negotiation: quote, buyer counter, seller counter, buyer accepts, then 409 for any action', async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const { id } = (await sendRfq(buyer.token, seller.manufacturer.id)).json();
    const act = (path: string, body?: unknown) =>
      call(t.app, 'POST', `/api/rfqs/${id}/${path}`, { token: seller.token, body: body ?? {} });
    const early = await call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, {
      token: buyer.token,
      body: { action: 'accept' },
    });
    expect(early.statusCode).toBe(409);

    const quoted = await act('quote', { pricePerUnit: 95, quantity: 500, notes: 'Ex-works Mumbai' });
    expect(quoted.statusCode).toBe(200);
    expect(quoted.json().status).toBe('quoted');
    expect((await act('quote', { pricePerUnit: 94, quantity: 500 })).statusCode).toBe(409);

    const bc = await call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, {
      token: buyer.token,
      body: { action: 'counter', pricePerUnit: 85, quantity: 600, notes: 'Larger lot' },
    });
    expect(bc.statusCode).toBe(200);
    expect(bc.json().status).toBe('negotiating');
    const twice = await call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, {
      token: buyer.token,
      body: { action: 'accept' },
    });
    expect(twice.statusCode).toBe(409);

    const badCounter = await act('counter', { pricePerUnit: -1, quantity: 0 });
    expect(badCounter.statusCode).toBe(400);
    expect(Object.keys(badCounter.json().fields)).toEqual(['pricePerUnit', 'quantity']);
    const sc = await act('counter', { pricePerUnit: 88.5, quantity: 600, notes: 'Best we can do' });
    expect(sc.json()).toMatchObject({ status: 'negotiating', estimatedValue: '53100.00' });

    const accepted = await call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, {
      token: buyer.token,
      body: { action: 'accept' },
    });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', agreedPrice: '88.50', agreedQuantity: 600 });
    expect(accepted.json().offers.map((o: { by: string; kind: string }) => `${o.by}:${o.kind}`)).toEqual([
      'buyer:request',
      'seller:quote',
      'buyer:counter',
      'seller:counter',
      'buyer:accept',
    ]);
    for (const path of ['approve', 'reject', 'counter', 'quote']) {
      const res = await act(path, { pricePerUnit: 90, quantity: 10 });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('This RFQ has been accepted. No further actions available.');
    }
    const types = await t.database.query<{ type: string }>('select type from notifications where user_id = $1', [
      seller.user.id,
    ]);
    expect(types.filter((n) => n.type === 'rfq_buyer_response')).toHaveLength(2);
  });

  it('approves at the target price, rejects with a reason, and refuses both once closed', async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const a = (await sendRfq(buyer.token, seller.manufacturer.id)).json().id;
    const approved = await call(t.app, 'POST', `/api/rfqs/${a}/approve`, { token: seller.token });
    expect(approved.json()).toMatchObject({ status: 'accepted', agreedPrice: '80.00', agreedQuantity: 500 });

    const r = (await sendRfq(buyer.token, seller.manufacturer.id)).json().id;
    const rejected = await call(t.app, 'POST', `/api/rfqs/${r}/reject`, {
      token: seller.token,
      body: { reason: 'Cannot meet deadline' },
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Cannot meet deadline' });
    const again = await call(t.app, 'POST', `/api/rfqs/${r}/approve`, { token: seller.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This RFQ has been rejected. No further actions available.');

    const noPrice = (await sendRfq(buyer.token, seller.manufacturer.id, { targetPrice: undefined })).json().id;
    expect((await call(t.app, 'POST', `/api/rfqs/${noPrice}/approve`, { token: seller.token })).statusCode).toBe(400);

    const filtered = (await call(t.app, 'GET', '/api/rfqs?status=rejected', { token: seller.token })).json();
    expect(filtered.orders.map((o: { id: string }) => o.id)).toEqual([r]);
  });

  it('converts an accepted RFQ into one order at the agreed price, shipped to the buyer address', async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const id = (await sendRfq(buyer.token, seller.manufacturer.id)).json().id;
    expect((await call(t.app, 'POST', `/api/rfqs/${id}/convert`, { token: seller.token })).statusCode).toBe(409);
    await call(t.app, 'POST', `/api/rfqs/${id}/counter`, {
      token: seller.token,
      body: { pricePerUnit: 90, quantity: 400 },
    });
    await call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, { token: buyer.token, body: { action: 'accept' } });
    const res = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, {
      token: seller.token,
      body: { gstPercentage: 18 },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json();
    // 400 x 90 = 36,000 + 18% GST (chosen for an RFQ without a listed product) = 42,480
    expect(order.payment).toMatchObject({ subtotal: '36000.00', tax: '6480.00', total: '42480.00' });
    expect(order.shippingAddress).toMatchObject({
      street: '44 Residency Road',
      city: 'Bengaluru',
      zipCode: '560025',
      state: 'Karnataka',
    });
    expect(order.rfqNumber).toMatch(/^RFQ-/);
    const again = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, {
      token: seller.token,
      body: { gstPercentage: 18 },
    });
    expect(again.statusCode).toBe(409);
    const rfq = (await call(t.app, 'GET', `/api/rfqs/${id}`, { token: seller.token })).json();
    expect(rfq.orderId).toBe(order.id);
  });

  it('converts with an explicit shipping address when given one', async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const id = (await sendRfq(buyer.token, seller.manufacturer.id)).json().id;
    await call(t.app, 'POST', `/api/rfqs/${id}/approve`, { token: seller.token });
    const res = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, {
      token: seller.token,
      body: { shippingAddress: { ...shippingTo('Maharashtra'), city: 'Pune', zipCode: '411001' }, gstPercentage: 5 },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().shippingAddress).toMatchObject({ city: 'Pune', state: 'Maharashtra' });
  });

  it("refuses the seller's approval of its own counter offer: it waits for the buyer, who can accept it", async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const { id } = (await sendRfq(buyer.token, seller.manufacturer.id, { quantity: 10, targetPrice: 100 })).json();
    const counter = await call(t.app, 'POST', `/api/rfqs/${id}/counter`, {
      token: seller.token,
      body: { pricePerUnit: 1000, quantity: 100 },
    });
    expect(counter.statusCode).toBe(200);
    const approve = await call(t.app, 'POST', `/api/rfqs/${id}/approve`, { token: seller.token });
    expect(approve.statusCode).toBe(409);
    expect(approve.json().error).toBe(
      "Waiting for the buyer's reply to your offer: you can approve only the buyer's latest terms.",
    );
    const still = (await call(t.app, 'GET', `/api/rfqs/${id}`, { token: seller.token })).json();
    expect(still).toMatchObject({ status: 'negotiating', agreedPrice: null, agreedQuantity: null });
    expect(still.offers.map((o: { by: string; kind: string }) => `${o.by}:${o.kind}`)).toEqual([
      'buyer:request',
      'seller:counter',
    ]);
    const convert = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, {
      token: seller.token,
      body: { gstPercentage: 0 },
    });
    expect(convert.statusCode).toBe(409);

    const accepted = await call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, {
      token: buyer.token,
      body: { action: 'accept' },
    });
    expect(accepted.json()).toMatchObject({ status: 'accepted', agreedPrice: '1000.00', agreedQuantity: 100 });
  });

  it("approves exactly the buyer's latest terms, not the seller's earlier quote", async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const { id } = (await sendRfq(buyer.token, seller.manufacturer.id)).json();
    await call(t.app, 'POST', `/api/rfqs/${id}/quote`, {
      token: seller.token,
      body: { pricePerUnit: 95, quantity: 500 },
    });
    const afterQuote = await call(t.app, 'POST', `/api/rfqs/${id}/approve`, { token: seller.token });
    expect(afterQuote.statusCode).toBe(409);
    await call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, {
      token: buyer.token,
      body: { action: 'counter', pricePerUnit: 85, quantity: 600 },
    });
    const approved = await call(t.app, 'POST', `/api/rfqs/${id}/approve`, { token: seller.token });
    expect(approved.statusCode).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'accepted', agreedPrice: '85.00', agreedQuantity: 600 });
  });

  it("takes a converted order's GST rate from the RFQ's product, never from the request", async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { gstPercentage: '12' });
    const { id } = (await sendRfq(buyer.token, seller.manufacturer.id, { productId: product.id })).json();
    await call(t.app, 'POST', `/api/rfqs/${id}/approve`, { token: seller.token });
    const before = await count(t.database, 'orders');
    const zero = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, {
      token: seller.token,
      body: { gstPercentage: 0 },
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().fields).toEqual({ gstPercentage: "The GST rate comes from the product's listing: 12%." });
    expect(await count(t.database, 'orders')).toBe(before);
    const res = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, { token: seller.token });
    expect(res.statusCode).toBe(201);
    // 500 x 80 = 40,000 + 12% = 44,800
    expect(res.json().payment).toMatchObject({ subtotal: '40000.00', tax: '4800.00', total: '44800.00' });
    expect(res.json().products[0].gstPercentage).toBe('12.00');
  });

  it("keeps the product's HSN code on a converted order; another one is refused", async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { hsnCode: '9503' });
    const { id } = (await sendRfq(buyer.token, seller.manufacturer.id, { productId: product.id })).json();
    await call(t.app, 'POST', `/api/rfqs/${id}/approve`, { token: seller.token });
    const other = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, {
      token: seller.token,
      body: { hsnCode: '0101' },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields).toEqual({ hsnCode: "The HSN code comes from the product's listing: 9503." });
    const same = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, {
      token: seller.token,
      body: { hsnCode: '9503' },
    });
    expect(same.statusCode).toBe(201);
    expect(same.json().products[0].hsnCode).toBe('9503');
  });

  it('makes the seller choose a configured GST rate to convert an RFQ without a listed product', async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const { id } = (await sendRfq(buyer.token, seller.manufacturer.id)).json();
    await call(t.app, 'POST', `/api/rfqs/${id}/approve`, { token: seller.token });
    const before = await count(t.database, 'orders');
    const none = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, { token: seller.token });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.gstPercentage).toBe('Choose the GST rate of this order: 0, 0.25, 3, 5, 18 or 40%.');
    const odd = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, {
      token: seller.token,
      body: { gstPercentage: 7 },
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().fields.gstPercentage).toBe('Choose the GST rate of this order: 0, 0.25, 3, 5, 18 or 40%.');
    expect(await count(t.database, 'orders')).toBe(before);
    const ok = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, {
      token: seller.token,
      body: { gstPercentage: 5 },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().payment).toMatchObject({ subtotal: '40000.00', tax: '2000.00', total: '42000.00' });
  });

  it("answers 404 for another seller's RFQ, and for another buyer's", async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const id = (await sendRfq(buyer.token, seller.manufacturer.id)).json().id;
    const other = await loginSeller(t.app);
    expect((await call(t.app, 'GET', `/api/rfqs/${id}`, { token: other.token })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/rfqs/${id}/approve`, { token: other.token })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/rfqs/${id}/convert`, { token: other.token })).statusCode).toBe(404);
    const otherBuyer = await createBuyerSession(t.app);
    expect((await call(t.app, 'GET', `/api/buyer/rfqs/${id}`, { token: otherBuyer.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/buyer/rfqs/${id}`, { token: buyer.token })).statusCode).toBe(200);
  });

  it('pages the seller list 8 at a time', async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    for (let i = 0; i < 9; i++) await sendRfq(buyer.token, seller.manufacturer.id, { productName: `Item ${i}` });
    const p1 = (await call(t.app, 'GET', '/api/rfqs', { token: seller.token })).json();
    const p2 = (await call(t.app, 'GET', '/api/rfqs?page=2', { token: seller.token })).json();
    expect(p1.total).toBe(9);
    expect(p1.orders).toHaveLength(8);
    expect(p1.orders[0].productName).toBe('Item 8');
    expect(p2.orders.map((o: { productName: string }) => o.productName)).toEqual(['Item 0']);
  });
});

describe('stored address parsing', () => {
  it('reads street, city and PIN from a one-line address, and gives up without a PIN', () => {
    expect(parseStoredAddress('Plot 7, Phase II, Okhla, New Delhi 110020', 'Delhi')).toEqual({
      street: 'Plot 7, Phase II, Okhla',
      apartment: undefined,
      city: 'New Delhi',
      state: 'Delhi',
      zipCode: '110020',
    });
    expect(parseStoredAddress('Somewhere without a pin', 'Delhi')).toBeUndefined();
  });
});

describe('manufacturer approval', () => {
  it('lets an admin approve a pending manufacturer once, who can then receive RFQs', async () => {
    const { loginAdmin } = await import('./helpers.ts');
    const admin = await loginAdmin(t.app);
    const pending = await createSeller(t.app.db, { status: 'received', documents: ['gst_certificate', 'pan'] });
    const buyer = await createBuyerSession(t.app);
    expect((await sendRfq(buyer.token, pending.manufacturer.id)).statusCode).toBe(409);
    const url = `/api/admin/manufacturers/${pending.manufacturer.id}/approve`;
    const seller = await loginSeller(t.app);
    expect((await call(t.app, 'POST', url, { token: seller.token })).statusCode).toBe(403);
    expect((await call(t.app, 'POST', url, { token: admin.token })).json()).toMatchObject({ status: 'approved' });
    expect((await call(t.app, 'POST', url, { token: admin.token })).statusCode).toBe(409);
    expect((await sendRfq(buyer.token, pending.manufacturer.id)).statusCode).toBe(201);
  });
});
