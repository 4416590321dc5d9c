import { BUYER_MESSAGES, MESSAGES } from '@ub/shared';
import { describe, expect, it } from 'vitest';
import { createSession } from '../src/modules/auth/sessions.ts';
import { createBuyer } from '../src/seed/factories.ts';
import { call, count, loginAdmin, useTestApp } from './helpers.ts';
import { placeOrder, tradeSetup, payOrder } from './trade-fixtures.ts';

const t = useTestApp();

const sendRfq = (token: string, manufacturerId: string, productName = 'Wooden puzzle set') =>
  call(t.app, 'POST', '/api/buyer/rfqs', {
    token,
    body: { manufacturerId, productName, quantity: 500, targetPrice: 80 },
  });

const buyerLogin = (username: string, password: string) =>
  call(t.app, 'POST', '/api/buyer/login', { body: { username, password } });

async function auditRows(entityId: string) {
  return t.database.query<{ action: string; reason: string | null; actor_user_id: string }>(
    'select action, reason, actor_user_id from audit_log where entity_id = $1 order by created_at, action',
    [entityId],
  );
}

describe('admin buyers list and record', () => {
  it('finds buyers by company, contact, e-mail, phone and GSTIN, and filters active from blocked', async () => {
    const admin = await loginAdmin(t.app);
    const a = await createBuyer(t.app.db, { companyName: 'Zephyr Crockery House', contactName: 'Meera Joshi' });
    const b = await createBuyer(t.app.db, { companyName: 'Quokka Bazaar' });
    const list = (q: string, status = 'all') =>
      call(t.app, 'GET', `/api/admin/buyers?${new URLSearchParams({ q, status, pageSize: '50' })}`, {
        token: admin.token,
      });
    for (const q of [
      'zephyr crock',
      'Meera',
      a.user.email.toUpperCase(),
      a.buyer.phone ?? '',
      a.buyer.gstNumber ?? '',
    ]) {
      const res = await list(q);
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json().buyers.map((x: { id: string }) => x.id),
        q,
      ).toEqual([a.buyer.id]);
    }
    const block = await call(t.app, 'POST', `/api/admin/buyers/${b.buyer.id}/block`, {
      token: admin.token,
      body: { reason: 'Duplicate account' },
    });
    expect(block.statusCode).toBe(200);
    const blocked = (await list('', 'blocked')).json();
    expect(blocked.buyers.map((x: { id: string }) => x.id)).toEqual([b.buyer.id]);
    expect(blocked.buyers[0]).toMatchObject({
      status: 'blocked',
      statusLabel: 'Blocked',
      blockedReason: 'Duplicate account',
    });
    const active = (await list('', 'active')).json();
    expect(active.buyers.map((x: { id: string }) => x.id)).toContain(a.buyer.id);
    expect(active.buyers.map((x: { id: string }) => x.id)).not.toContain(b.buyer.id);
    expect((await list('', 'everything')).statusCode).toBe(400);
  });

  it("shows a buyer's profile with counts and lists of their orders, RFQs and disputes, and 404 for an unknown id", async () => {
    const admin = await loginAdmin(t.app);
    const { seller, buyer, product } = await tradeSetup(t.app);
    const order = await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id);
    expect(order.statusCode).toBe(201);
    const orderId = order.json().id as string;
    const pay = await payOrder(t.app, buyer.token, orderId);
    expect(pay.statusCode).toBe(201);
    const dispute = await call(t.app, 'POST', `/api/buyer/orders/${orderId}/disputes`, {
      token: buyer.token,
      body: { reason: 'Goods arrived damaged' },
    });
    expect(dispute.statusCode).toBe(201);
    expect((await sendRfq(buyer.token, seller.manufacturer.id)).statusCode).toBe(201);

    const res = await call(t.app, 'GET', `/api/admin/buyers/${buyer.buyer.id}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d).toMatchObject({
      id: buyer.buyer.id,
      company: buyer.buyer.companyName,
      email: buyer.user.email,
      gst: buyer.buyer.gstNumber,
      address: buyer.buyer.address,
      status: 'active',
      counts: { orders: 1, rfqs: 1, disputes: 1 },
    });
    expect(d.orders[0]).toMatchObject({ id: orderId, manufacturer: seller.manufacturer.companyName });
    expect(d.rfqs[0]).toMatchObject({ productName: 'Wooden puzzle set', status: 'pending' });
    expect(d.disputes[0]).toMatchObject({ orderId, reason: 'Goods arrived damaged', status: 'open' });

    const missing = await call(t.app, 'GET', '/api/admin/buyers/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe(BUYER_MESSAGES.notFound);
  });
});

describe('blocking a buyer', () => {
  it('refuses a block without a reason, or with Other and no words, and writes nothing', async () => {
    const admin = await loginAdmin(t.app);
    const b = await createBuyer(t.app.db);
    for (const body of [{}, { reason: 'Other' }, { reason: 'Other', customReason: '  ' }, { reason: 'Nope' }]) {
      const res = await call(t.app, 'POST', `/api/admin/buyers/${b.buyer.id}/block`, { token: admin.token, body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await auditRows(b.buyer.id)).toEqual([]);
    expect((await buyerLogin(b.user.email, b.password)).statusCode).toBe(200);
  });

  it("ends the buyer's sessions at once, refuses sign-in with the blocked message and refuses orders and RFQs", async () => {
    const admin = await loginAdmin(t.app);
    const { seller, buyer, product } = await tradeSetup(t.app);
    // The session is warm in the cache: it must still end at once.
    expect((await call(t.app, 'GET', '/api/me', { token: buyer.token })).statusCode).toBe(200);
    const emailsBefore = await count(t.database, "jobs where name = 'email.send'");

    const res = await call(t.app, 'POST', `/api/admin/buyers/${buyer.buyer.id}/block`, {
      token: admin.token,
      body: { reason: 'Other', customReason: 'Orders placed with stolen cards' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'blocked', blockedReason: 'Orders placed with stolen cards' });

    expect((await call(t.app, 'GET', '/api/me', { token: buyer.token })).statusCode).toBe(401);
    expect((await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).statusCode).toBe(401);
    expect((await sendRfq(buyer.token, seller.manufacturer.id)).statusCode).toBe(401);
    expect(await count(t.database, `orders where buyer_id = '${buyer.buyer.id}'`)).toBe(0);
    expect(await count(t.database, `rfqs where buyer_id = '${buyer.buyer.id}'`)).toBe(0);

    const login = await buyerLogin(buyer.user.email, buyer.password);
    expect(login.statusCode).toBe(401);
    expect(login.json().error).toBe(BUYER_MESSAGES.blockedSignIn);
    // A wrong password learns nothing about the account.
    const wrong = await buyerLogin(buyer.user.email, 'Wrong-Password-1');
    expect(wrong.json().error).toBe(MESSAGES.invalidCredentials);
    // Even a session opened behind the application's back is refused: the account is inactive.
    const { token } = await createSession(t.app.db, buyer.user.id, { remember: false });
    expect((await call(t.app, 'GET', '/api/me', { token })).statusCode).toBe(401);

    expect(await auditRows(buyer.buyer.id)).toEqual([
      { action: 'buyer.block', reason: 'Orders placed with stolen cards', actor_user_id: admin.user.id },
    ]);
    expect(await count(t.database, "jobs where name = 'email.send'")).toBe(emailsBefore + 1);
    const [mail] = await t.database.query<{ payload: { to: string; text: string } }>(
      "select payload from jobs where name = 'email.send' order by created_at desc limit 1",
    );
    expect(mail?.payload.to).toBe(buyer.user.email);
    expect(mail?.payload.text).toContain('Orders placed with stolen cards');

    const again = await call(t.app, 'POST', `/api/admin/buyers/${buyer.buyer.id}/block`, {
      token: admin.token,
      body: { reason: 'Duplicate account' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BUYER_MESSAGES.alreadyBlocked);
  });

  it('unblocks: the buyer signs in and orders again, audited, and unblocking an active buyer is 409', async () => {
    const admin = await loginAdmin(t.app);
    const { seller, buyer, product } = await tradeSetup(t.app);
    await call(t.app, 'POST', `/api/admin/buyers/${buyer.buyer.id}/block`, {
      token: admin.token,
      body: { reason: 'Payment default' },
    });
    const res = await call(t.app, 'POST', `/api/admin/buyers/${buyer.buyer.id}/unblock`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'active', blockedAt: null, blockedReason: null });

    const login = await buyerLogin(buyer.user.email, buyer.password);
    expect(login.statusCode).toBe(200);
    const token = login.json().token as string;
    expect((await placeOrder(t.app, token, seller.manufacturer.id, product.id)).statusCode).toBe(201);
    expect((await auditRows(buyer.buyer.id)).map((r) => r.action)).toEqual(['buyer.block', 'buyer.unblock']);

    const again = await call(t.app, 'POST', `/api/admin/buyers/${buyer.buyer.id}/unblock`, { token: admin.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(BUYER_MESSAGES.notBlocked);
  });
});

describe('admin RFQ oversight', () => {
  it('lists every RFQ with its seller, searches by number, buyer, seller and product, and filters by status', async () => {
    const admin = await loginAdmin(t.app);
    const { seller, buyer } = await tradeSetup(t.app);
    const { id } = (await sendRfq(buyer.token, seller.manufacturer.id, 'Marbled kite spool')).json();
    const rfq = (await call(t.app, 'GET', `/api/admin/rfqs/${id}`, { token: admin.token })).json();
    expect(rfq.rfqNumber).toMatch(/^RFQ-/);
    const list = (params: Record<string, string>) =>
      call(t.app, 'GET', `/api/admin/rfqs?${new URLSearchParams({ pageSize: '50', ...params })}`, {
        token: admin.token,
      });
    for (const q of [rfq.rfqNumber, 'marbled kite', buyer.buyer.companyName, seller.manufacturer.companyName]) {
      const res = await list({ q });
      expect(res.statusCode, q).toBe(200);
      expect(
        res.json().rfqs.map((r: { id: string }) => r.id),
        q,
      ).toContain(rfq.id);
    }
    const found = (await list({ q: rfq.rfqNumber })).json();
    expect(found.total).toBe(1);
    expect(found.rfqs[0]).toMatchObject({
      sellerCompany: seller.manufacturer.companyName,
      manufacturerId: seller.manufacturer.id,
      buyerId: buyer.buyer.id,
      buyerCompany: buyer.buyer.companyName,
    });
    expect((await list({ q: rfq.rfqNumber, status: 'accepted' })).json().total).toBe(0);
    expect((await list({ q: rfq.rfqNumber, status: 'pending' })).json().total).toBe(1);
    expect((await list({ status: 'lost' })).statusCode).toBe(400);
  });

  it('opens one RFQ with its full offer history, and 404 for an unknown id', async () => {
    const admin = await loginAdmin(t.app);
    const { seller, buyer } = await tradeSetup(t.app);
    const { id } = (await sendRfq(buyer.token, seller.manufacturer.id)).json();
    expect(
      (
        await call(t.app, 'POST', `/api/rfqs/${id}/quote`, {
          token: seller.token,
          body: { pricePerUnit: 95, quantity: 500, notes: 'Ex-works Mumbai' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, {
          token: buyer.token,
          body: { action: 'counter', pricePerUnit: 85, quantity: 600, notes: 'Larger lot' },
        })
      ).statusCode,
    ).toBe(200);
    const res = await call(t.app, 'GET', `/api/admin/rfqs/${id}`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('negotiating');
    expect(res.json().offers.map((o: { by: string; kind: string }) => `${o.by}:${o.kind}`)).toEqual([
      'buyer:request',
      'seller:quote',
      'buyer:counter',
    ]);
    const missing = await call(t.app, 'GET', '/api/admin/rfqs/00000000-0000-4000-8000-000000000000', {
      token: admin.token,
    });
    expect(missing.statusCode).toBe(404);
  });
});
