import { describe, expect, it } from 'vitest';
import { createBuyer, makeGstin, makePhone } from '../src/seed/factories.ts';
import { call, count, createBuyerSession, loginAdmin, loginSeller, type TestContext, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';
import { VALID_PDF, validPng } from './openapi-support.ts';
import { placeOrder, setStatus, tradeSetup, payOrder } from './trade-fixtures.ts';

const t: TestContext = useTestApp();

let serial = 0;
function buyerRegistration(overrides: Record<string, unknown> = {}) {
  serial++;
  return {
    email: `new.buyer${serial}@example.in`,
    phone: makePhone(),
    contact_name: 'Ravi Menon',
    company_name: 'Menon Retail LLP',
    address: 'Sector 29, Gurugram',
    state: 'Haryana',
    password: 'Kesar-Mango-Lassi-7',
    confirm_password: 'Kesar-Mango-Lassi-7',
    ...overrides,
  };
}

describe('one sign-in for sellers and buyers', () => {
  it('signs a buyer in at /api/login and names the role, so the web app can send them to /buyer', async () => {
    const b = await createBuyer(t.app.db);
    const res = await call(t.app, 'POST', '/api/login', { body: { username: b.user.email, password: b.password } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: b.user.id, role: 'buyer' });
    const me = await call(t.app, 'GET', '/api/me', { token: res.json().token });
    expect(me.json().user.role).toBe('buyer');
  });

  it('still signs a seller in as a seller, and keeps /api/buyer/login for buyers only', async () => {
    const s = await loginSeller(t.app);
    const res = await call(t.app, 'POST', '/api/login', { body: { username: s.user.email, password: s.password } });
    expect(res.json().user.role).toBe('seller');
    const sellerAtBuyerLogin = await call(t.app, 'POST', '/api/buyer/login', {
      body: { username: s.user.email, password: s.password },
    });
    expect(sellerAtBuyerLogin.statusCode).toBe(401);
    const b = await createBuyer(t.app.db);
    const buyerLogin = await call(t.app, 'POST', '/api/buyer/login', {
      body: { username: b.user.email, password: b.password },
    });
    expect(buyerLogin.statusCode).toBe(200);
  });

  it('refuses an administrator at /api/login with the same answer as a wrong password', async () => {
    const { createAdmin } = await import('../src/seed/factories.ts');
    const a = await createAdmin(t.app.db);
    const res = await call(t.app, 'POST', '/api/login', { body: { username: a.user.email, password: a.password } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid Credentials');
  });
});

describe('buyer registration', () => {
  it('creates a buyer account that can sign in at once, GSTIN left out', async () => {
    const body = buyerRegistration();
    const res = await call(t.app, 'POST', '/api/buyer/register', { body });
    expect(res.statusCode).toBe(201);
    const login = await call(t.app, 'POST', '/api/login', { body: { username: body.phone, password: body.password } });
    expect(login.json().user.role).toBe('buyer');
  });

  it('refuses a password pair that does not match, a GSTIN of another state and a weak password, writing nothing', async () => {
    const before = await count(t.database, 'buyers');
    const mismatch = await call(t.app, 'POST', '/api/buyer/register', {
      body: buyerRegistration({ confirm_password: 'Something-Else-9' }),
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().fields.confirm_password).toBe("Passwords don't match");
    const otherState = await call(t.app, 'POST', '/api/buyer/register', {
      body: buyerRegistration({ gst_number: '27AAPFU0939F1ZV' }),
    });
    expect(otherState.statusCode).toBe(400);
    expect(otherState.json().fields.gst_number).toMatch(/Maharashtra/);
    const weak = await call(t.app, 'POST', '/api/buyer/register', {
      body: buyerRegistration({ password: 'Password@123', confirm_password: 'Password@123' }),
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fields.password).toBeTruthy();
    const noName = await call(t.app, 'POST', '/api/buyer/register', { body: buyerRegistration({ contact_name: '' }) });
    expect(noName.json().fields.contact_name).toBe('Full name is required.');
    expect(await count(t.database, 'buyers')).toBe(before);
  });

  it("refuses a seller's e-mail: one account holds one role", async () => {
    const s = await loginSeller(t.app);
    const res = await call(t.app, 'POST', '/api/buyer/register', { body: buyerRegistration({ email: s.user.email }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.email).toBe('An account with this email already exists.');
  });
});

describe('password reset by SMS for a buyer', () => {
  it('resets a buyer password with the SMS code, and the new one signs in at /login', async () => {
    const b = await createBuyer(t.app.db);
    const phone = b.user.phone as string;
    expect((await call(t.app, 'POST', '/api/forgot-password-sms', { body: { phoneNumber: phone } })).statusCode).toBe(
      200,
    );
    const sms = t.logs.filter((l) => l.event === 'sms.sent' && l.to === phone).at(-1) as { body: string } | undefined;
    const code = /\b(\d{6})\b/.exec(sms?.body ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const reset = await call(t.app, 'POST', '/api/reset-password', {
      body: { phoneNumber: phone, code, newPassword: 'Brand-New-Kite-123' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await call(t.app, 'POST', '/api/login', {
      body: { username: b.user.email, password: 'Brand-New-Kite-123' },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.role).toBe('buyer');
  });
});

describe('the buyer dashboard and orders', () => {
  it('counts open RFQs, orders in progress and payments due, and lists recent orders', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const a = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 10)).json();
    const b = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 20)).json();
    const c = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 10)).json();
    await payOrder(t.app, buyer.token, a.id);
    await setStatus(t.app, seller.token, c.id, { status: 'cancelled', reason: 'No stock' });
    await call(t.app, 'POST', '/api/buyer/rfqs', {
      token: buyer.token,
      body: { manufacturerId: seller.manufacturer.id, productName: 'Crates', quantity: 100 },
    });
    const res = await call(t.app, 'GET', '/api/buyer/dashboard', { token: buyer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      openRfqs: 1,
      openRequirements: 0,
      ordersInProgress: 2,
      paymentsDue: { count: 1, amount: b.total },
    });
    expect(res.json().recentOrders.map((o: { id: string }) => o.id)).toEqual([c.id, b.id, a.id]);
    expect(res.json().recentOrders[0].seller).toBe(seller.manufacturer.companyName);
  });

  it('filters the orders list by tab and finds orders by number, product or seller', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { name: 'Teak Rocking Horse' });
    const open = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    const done = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    const gone = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    await payOrder(t.app, buyer.token, done.id);
    await setStatus(t.app, seller.token, done.id, { status: 'processing' });
    await setStatus(t.app, seller.token, done.id, { status: 'shipped', carrier: 'DTDC', trackingNumber: 'D1' });
    await setStatus(t.app, seller.token, done.id, { status: 'delivered' });
    await call(t.app, 'POST', `/api/buyer/orders/${gone.id}/cancel`, { token: buyer.token, body: { reason: 'Dup' } });
    const ids = async (query: string) =>
      (await call(t.app, 'GET', `/api/buyer/orders?${query}`, { token: buyer.token }))
        .json()
        .orders.map((o: { id: string }) => o.id);
    expect(await ids('tab=all')).toEqual([gone.id, done.id, open.id]);
    expect(await ids('tab=in_progress')).toEqual([open.id]);
    expect(await ids('tab=delivered')).toEqual([done.id]);
    expect(await ids('tab=cancelled')).toEqual([gone.id]);
    expect(await ids(`search=${encodeURIComponent(done.number)}`)).toEqual([done.id]);
    expect(await ids('search=rocking')).toEqual([gone.id, done.id, open.id]);
    expect(
      await ids(`search=${encodeURIComponent(seller.manufacturer.companyName.slice(0, 6))}&tab=delivered`),
    ).toEqual([done.id]);
    expect(await ids('search=no-such-thing')).toEqual([]);
    const page = (await call(t.app, 'GET', '/api/buyer/orders?tab=all', { token: buyer.token })).json();
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect((await call(t.app, 'GET', '/api/buyer/orders?tab=bogus', { token: buyer.token })).statusCode).toBe(400);
  });

  it('shows the order with its seller and disputes, and the invoice only to its own buyer', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const other = await createBuyerSession(t.app);
    const o = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    const early = await call(t.app, 'GET', `/api/buyer/orders/${o.id}/invoice`, { token: buyer.token });
    expect(early.statusCode).toBe(409);
    await setStatus(t.app, seller.token, o.id, { status: 'processing' });
    await setStatus(t.app, seller.token, o.id, { status: 'shipped', carrier: 'DTDC', trackingNumber: 'D9' });
    const pdf = await call(t.app, 'GET', `/api/buyer/orders/${o.id}/invoice`, { token: buyer.token });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/attachment; filename="INV-/);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stranger = await call(t.app, 'GET', `/api/buyer/orders/${o.id}/invoice`, { token: other.token });
    expect(stranger.statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/buyer/orders/${o.id}`, { token: other.token })).statusCode).toBe(404);

    await call(t.app, 'POST', `/api/buyer/orders/${o.id}/disputes`, {
      token: buyer.token,
      body: { reason: 'Wrong colour delivered' },
    });
    const detail = (await call(t.app, 'GET', `/api/buyer/orders/${o.id}`, { token: buyer.token })).json();
    expect(detail.seller).toMatchObject({ name: seller.manufacturer.companyName, gstNumber: '27AAPFU0939F1ZV' });
    expect(detail.tracking).toMatchObject({ carrier: 'DTDC', trackingNumber: 'D9' });
    expect(detail.disputes).toEqual([
      expect.objectContaining({ status: 'open', reason: 'Wrong colour delivered', notes: null }),
    ]);
  });
});

describe('the company profile', () => {
  it('shows and saves the company, contact, GSTIN, address and state', async () => {
    const b = await createBuyerSession(t.app);
    const shown = await call(t.app, 'GET', '/api/buyer/profile', { token: b.token });
    expect(shown.json()).toMatchObject({ companyName: b.buyer.companyName, email: b.user.email });
    const gstin = makeGstin('29');
    const saved = await call(t.app, 'PUT', '/api/buyer/profile', {
      token: b.token,
      body: {
        company_name: 'Menon Retail LLP',
        contact_name: 'Ravi Menon',
        gst_number: gstin.toLowerCase(),
        address: '12 MG Road, Bengaluru 560001',
        state: 'Karnataka',
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ companyName: 'Menon Retail LLP', gstNumber: gstin });
    const [user] = await t.database.query<{ full_name: string }>('select full_name from users where id = $1', [
      b.user.id,
    ]);
    expect(user?.full_name).toBe('Ravi Menon');
  });

  it('refuses a GSTIN of another state and keeps the profile as it was', async () => {
    const b = await createBuyerSession(t.app);
    const res = await call(t.app, 'PUT', '/api/buyer/profile', {
      token: b.token,
      body: {
        company_name: 'Changed',
        contact_name: 'X',
        gst_number: '27AAPFU0939F1ZV',
        address: 'Somewhere',
        state: 'Karnataka',
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.gst_number).toBeTruthy();
    const shown = (await call(t.app, 'GET', '/api/buyer/profile', { token: b.token })).json();
    expect(shown.companyName).toBe(b.buyer.companyName);
  });
});

describe('dispute evidence', () => {
  it('attaches photos and a PDF to a dispute, shows them on the order and serves them only to that buyer', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const other = await createBuyerSession(t.app);
    const o = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    await payOrder(t.app, buyer.token, o.id);
    const d = (
      await call(t.app, 'POST', `/api/buyer/orders/${o.id}/disputes`, {
        token: buyer.token,
        body: { reason: 'Cartons arrived wet' },
      })
    ).json();
    const res = await upload(t.app, `/api/buyer/disputes/${d.id}/evidence`, buyer.token, [
      { field: 'files', name: 'carton.png', data: await validPng(), type: 'image/png' },
      { field: 'files', name: 'courier-note.pdf', data: VALID_PDF, type: 'application/pdf' },
    ]);
    expect(res.statusCode).toBe(201);
    const evidence = res.json().evidence as Array<{ id: string; name: string; mime: string; url: string }>;
    expect(evidence.map((e) => [e.name, e.mime])).toEqual([
      ['carton.png', 'image/png'],
      ['courier-note.pdf', 'application/pdf'],
    ]);
    const detail = (await call(t.app, 'GET', `/api/buyer/orders/${o.id}`, { token: buyer.token })).json();
    expect(detail.disputes[0].evidence.map((e: { id: string }) => e.id)).toEqual(evidence.map((e) => e.id));

    const file = await call(t.app, 'GET', evidence[1]?.url as string, { token: buyer.token });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(t.app, 'GET', evidence[1]?.url as string, { token: other.token })).statusCode).toBe(404);
    // The admin who reviews the dispute sees the same files, through the admin API.
    const admin = await loginAdmin(t.app);
    const reviewed = (await call(t.app, 'GET', `/api/admin/disputes/${d.id}`, { token: admin.token })).json();
    expect(reviewed.evidence.map((e: { name: string }) => e.name)).toEqual(['carton.png', 'courier-note.pdf']);
    const asAdmin = await call(t.app, 'GET', reviewed.evidence[0].url, { token: admin.token });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('image/png');
    const stranger = await upload(t.app, `/api/buyer/disputes/${d.id}/evidence`, other.token, [
      { field: 'files', name: 'x.png', data: await validPng(), type: 'image/png' },
    ]);
    expect(stranger.statusCode).toBe(404);
  });

  it("lets the order's seller see the dispute and open its evidence; another seller gets 404", async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const otherSeller = await loginSeller(t.app);
    const o = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    await payOrder(t.app, buyer.token, o.id);
    const d = (
      await call(t.app, 'POST', `/api/buyer/orders/${o.id}/disputes`, {
        token: buyer.token,
        body: { reason: 'Two cartons short' },
      })
    ).json();
    await upload(t.app, `/api/buyer/disputes/${d.id}/evidence`, buyer.token, [
      { field: 'files', name: 'count-sheet.pdf', data: VALID_PDF, type: 'application/pdf' },
    ]);
    const res = await call(t.app, 'GET', `/api/orders/${o.id}/disputes`, { token: seller.token });
    expect(res.statusCode).toBe(200);
    const [dispute] = res.json().disputes;
    expect(dispute).toMatchObject({ id: d.id, reason: 'Two cartons short', status: 'open' });
    expect(dispute.evidence).toEqual([expect.objectContaining({ name: 'count-sheet.pdf', mime: 'application/pdf' })]);
    const url = dispute.evidence[0].url as string;
    expect(url).toMatch(/^\/api\/orders\/disputes\//);
    const file = await call(t.app, 'GET', url, { token: seller.token });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await call(t.app, 'GET', url, { token: otherSeller.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/orders/${o.id}/disputes`, { token: otherSeller.token })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', url, { token: buyer.token })).statusCode).toBe(403);
  });

  it('refuses a file that is not a photo or PDF, and more than five files, storing nothing', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const o = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    await payOrder(t.app, buyer.token, o.id);
    const d = (
      await call(t.app, 'POST', `/api/buyer/orders/${o.id}/disputes`, { token: buyer.token, body: { reason: 'Short' } })
    ).json();
    const before = await count(t.database, 'dispute_evidence');
    const html = await upload(t.app, `/api/buyer/disputes/${d.id}/evidence`, buyer.token, [
      { field: 'files', name: 'proof.png', data: '<html><script>alert(1)</script></html>', type: 'image/png' },
    ]);
    expect(html.statusCode).toBe(400);
    expect(html.json().error).toBe('"proof.png" must be a photo (JPEG, PNG, WebP) or a PDF.');
    const png = await validPng();
    const six = await upload(
      t.app,
      `/api/buyer/disputes/${d.id}/evidence`,
      buyer.token,
      Array.from({ length: 6 }, (_, i) => ({ field: 'files', name: `p${i}.png`, data: png, type: 'image/png' })),
    );
    expect(six.statusCode).toBe(400);
    expect(await count(t.database, 'dispute_evidence')).toBe(before);
  });
});
