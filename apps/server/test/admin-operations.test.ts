import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createBuyer, createProduct, createSeller } from '../src/seed/factories.ts';
import { insertDispute, insertOrder, insertPayment, LAST_MONTH } from './admin-support.ts';
import { call, count, loginAdmin, loginSeller, useTestApp } from './helpers.ts';

describe('admin trade oversight', () => {
  const t = useTestApp();

  async function trade() {
    const seller = await createSeller(t.app.db, { companyName: `Trader ${crypto.randomUUID().slice(0, 8)}` });
    const buyer = await createBuyer(t.app.db, { companyName: `Buyer ${crypto.randomUUID().slice(0, 8)}` });
    return { seller, buyer, m: seller.manufacturer.id, b: buyer.buyer.id };
  }

  it('lists orders of every seller with search, status filter and pages of 5, and shows one', async () => {
    const { token } = await loginAdmin(t.app);
    const x = await trade();
    const y = await trade();
    for (let i = 0; i < 4; i++) await insertOrder(t.database, { manufacturerId: x.m, buyerId: x.b, total: '100.00' });
    await insertOrder(t.database, { manufacturerId: y.m, buyerId: x.b, total: '250.00', status: 'shipped' });
    await insertOrder(t.database, { manufacturerId: y.m, buyerId: y.b, total: '99.00' });

    const byBuyer = await call(t.app, 'GET', `/api/admin/orders?q=${encodeURIComponent(x.buyer.buyer.companyName)}`, {
      token,
    });
    expect(byBuyer.json().total).toBe(5);
    expect(byBuyer.json().orders).toHaveLength(5);
    const shipped = await call(
      t.app,
      'GET',
      `/api/admin/orders?status=shipped&q=${encodeURIComponent(y.seller.manufacturer.companyName)}`,
      { token },
    );
    expect(shipped.json().orders).toHaveLength(1);
    expect(shipped.json().orders[0]).toMatchObject({ total: '250.00', statusLabel: 'Shipped' });
    const detail = await call(t.app, 'GET', `/api/admin/orders/${shipped.json().orders[0].id}`, { token });
    expect(detail.json()).toMatchObject({
      status: 'shipped',
      nextStatuses: ['delivered', 'cancelled'],
      manufacturer: y.seller.manufacturer.companyName,
    });
  });

  it('moves orders forward only, records the timeline and tells the seller about a cancellation', async () => {
    const { token } = await loginAdmin(t.app);
    const x = await trade();
    const o = await insertOrder(t.database, { manufacturerId: x.m, buyerId: x.b, total: '100.00' });
    const url = `/api/admin/orders/${o.id}/status`;
    expect((await call(t.app, 'POST', url, { token, body: { status: 'delivered' } })).statusCode).toBe(409);
    const noReason = await call(t.app, 'POST', url, { token, body: { status: 'cancelled' } });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().fields.reason).toBe('Reason is required.');
    const ok = await call(t.app, 'POST', url, { token, body: { status: 'processing' } });
    expect(ok.json()).toMatchObject({ status: 'processing', timeline: [{ from: 'pending', to: 'processing' }] });
    const cancel = await call(t.app, 'POST', url, {
      token,
      body: { status: 'cancelled', reason: 'Buyer fraud check' },
    });
    expect(cancel.json()).toMatchObject({ status: 'cancelled', cancelReason: 'Buyer fraud check' });
    expect((await call(t.app, 'POST', url, { token, body: { status: 'processing' } })).statusCode).toBe(409);
    const notes = await t.database.query<{ type: string }>('select type from notifications where user_id = $1', [
      x.seller.user.id,
    ]);
    expect(notes.map((n) => n.type)).toEqual(['order_cancelled']);
    expect(await count(t.database, `audit_log where entity_id = '${o.id}' and action = 'order.status'`)).toBe(2);
  });

  // The full money flow (escrow, release, commission and taxes, payout) is in money.test.ts; this keeps the admin
  // list, the run's idempotence and mark-paid's checks and notice.
  it('settles only money that went through escrow, and marks a settlement paid once with its UTR', async () => {
    const { token } = await loginAdmin(t.app);
    const x = await trade();
    const o = await insertOrder(t.database, {
      manufacturerId: x.m,
      buyerId: x.b,
      total: '1000.10',
      status: 'delivered',
    });
    // Marked paid outside the payment flow (no capture in the ledger): never settled, never paid out.
    await insertPayment(t.database, {
      orderId: o.id,
      manufacturerId: x.m,
      buyerId: x.b,
      amount: '1000.10',
      status: 'paid',
    });
    const gen = await call(t.app, 'POST', '/api/admin/settlements/generate', { token, body: { manufacturerId: x.m } });
    expect(gen.statusCode).toBe(200);
    expect(gen.json().created).toBe(0);
    const [row] = await t.database.query<{ id: string }>(
      `insert into settlements (settlement_number, manufacturer_id, period_start, period_end, amount)
       values ('STL-TEST-' || floor(random() * 1e9)::text, $1, '2026-05-04', '2026-05-10', '3000.30') returning id`,
      [x.m],
    );
    const list = await call(
      t.app,
      'GET',
      `/api/admin/settlements?q=${encodeURIComponent(x.seller.manufacturer.companyName)}`,
      { token },
    );
    const [s] = list.json().settlements;
    expect(s).toMatchObject({ id: row?.id, amount: '3000.30', status: 'pending' });

    const url = `/api/admin/settlements/${s.id}/mark-paid`;
    expect((await call(t.app, 'POST', url, { token, body: { reference: '  ' } })).statusCode).toBe(400);
    // A UTR is checked by its format (IMPS/UPI 12 digits, NEFT 16, RTGS 22): "abc" was once accepted.
    const abc = await call(t.app, 'POST', url, { token, body: { reference: 'abc' } });
    expect(abc.statusCode).toBe(400);
    expect(abc.json().fields.reference).toMatch(/12 digits for IMPS/);
    const paid = await call(t.app, 'POST', url, { token, body: { reference: 'hdfcn52026112401' } });
    expect(paid.json()).toMatchObject({ status: 'paid', reference: 'HDFCN52026112401' });
    expect((await call(t.app, 'POST', url, { token, body: { reference: '123456789012' } })).statusCode).toBe(409);
    const [n] = await t.database.query<{ type: string; message: string }>(
      `select type, message from notifications where user_id = $1 and type = 'settlement_paid'`,
      [x.seller.user.id],
    );
    expect(n?.message).toContain('HDFCN52026112401');
  });

  it('keeps lead status and notes, and moves disputes on until resolved', async () => {
    const { token } = await loginAdmin(t.app);
    const [lead] = await t.database.query<{ id: string }>(
      `insert into leads (name, company, contact) values ('Ravi Kumar', 'Kumar Plastics', '9812345678') returning id`,
    );
    const lurl = `/api/admin/leads/${lead?.id}`;
    expect((await call(t.app, 'PATCH', lurl, { token, body: { status: 'won' } })).statusCode).toBe(400);
    const upd = await call(t.app, 'PATCH', lurl, { token, body: { status: 'contacted', notes: 'Call back Monday' } });
    expect(upd.json()).toMatchObject({ status: 'contacted', notes: 'Call back Monday' });
    const leads = await call(t.app, 'GET', '/api/admin/leads?status=contacted&q=kumar', { token });
    expect(leads.json().leads.map((l: { id: string }) => l.id)).toEqual([lead?.id]);

    const x = await trade();
    const o = await insertOrder(t.database, { manufacturerId: x.m, buyerId: x.b, total: '100.00' });
    const id = await insertDispute(t.database, { orderId: o.id, manufacturerId: x.m, buyerId: x.b });
    const durl = `/api/admin/disputes/${id}`;
    expect((await call(t.app, 'PATCH', durl, { token, body: { status: 'under_review' } })).statusCode).toBe(400);
    const review = await call(t.app, 'PATCH', durl, {
      token,
      body: { status: 'under_review', notes: 'Asked for photos' },
    });
    expect(review.json()).toMatchObject({ status: 'under_review', statusLabel: 'Under review' });
    const done = await call(t.app, 'PATCH', durl, {
      token,
      body: { status: 'resolved_seller', notes: 'Photos show intact goods' },
    });
    expect(done.json().notes).toMatch(/Asked for photos[\s\S]*Photos show intact goods/);
    expect((await call(t.app, 'PATCH', durl, { token, body: { status: 'open', notes: 'x' } })).statusCode).toBe(409);
    const open = await call(t.app, 'GET', `/api/admin/disputes?status=resolved_seller&q=${o.orderNumber}`, { token });
    expect(open.json().total).toBe(1);
    expect(await count(t.database, `audit_log where entity_id = '${id}'`)).toBe(2);
  });
});

describe('admin reports and console settings', () => {
  const t = useTestApp();

  it('exports CSV for a date range with a header row, in date order, across batches', async () => {
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { companyName: 'Csv, "Quoted" Makers' });
    await t.database.query(
      `insert into leads (name, company, contact, created_at)
       select 'Lead ' || g, 'Co ' || g, '98' || lpad(g::text, 8, '0'), now() - g * interval '1 second'
       from generate_series(1, 4500) g`,
    );
    await t.database.query(
      `insert into leads (name, company, contact, created_at) values ('Old', 'Old Co', '9800000000', ${LAST_MONTH} - interval '40 days')`,
    );
    const res = await call(t.app, 'GET', '/api/admin/reports/leads.csv', { token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('leads.csv');
    const rows = parse(res.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows).toHaveLength(4501);
    expect(new Set(rows.map((r) => r.ID)).size).toBe(4501);
    expect(rows[0]?.Name).toBe('Old');
    expect(rows.at(-1)?.Name).toBe('Lead 1');

    const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
    const ranged = await call(t.app, 'GET', `/api/admin/reports/leads.csv?from=${today}&to=${today}`, { token });
    const rangedRows = parse(ranged.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rangedRows.find((r) => r.Name === 'Old')).toBeUndefined();

    await createProduct(t.app.db, s.manufacturer.id, { name: 'Wooden, "train"', price: '1234.50' });
    const products = await call(t.app, 'GET', '/api/admin/reports/products.csv', { token });
    const [p] = parse(products.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(p).toMatchObject({
      Product: 'Wooden, "train"',
      Manufacturer: 'Csv, "Quoted" Makers',
      'Price (INR)': '1234.50',
    });

    for (const kind of ['manufacturers', 'orders', 'payments']) {
      const r = await call(t.app, 'GET', `/api/admin/reports/${kind}.csv`, { token });
      expect(r.statusCode, kind).toBe(200);
    }
    expect((await call(t.app, 'GET', '/api/admin/reports/users.csv', { token })).statusCode).toBe(400);
    expect(
      (await call(t.app, 'GET', '/api/admin/reports/leads.csv?from=2026-05-02&to=2026-05-01', { token })).statusCode,
    ).toBe(400);
    expect((await call(t.app, 'GET', '/api/admin/reports/leads.csv?from=yesterday', { token })).statusCode).toBe(400);
  });

  it('invites an admin with a one-time password, and deactivates others but never oneself', async () => {
    const me = await loginAdmin(t.app);
    const invite = await call(t.app, 'POST', '/api/admin/admins', {
      token: me.token,
      body: { fullName: 'Neha Ops', email: 'Neha.Ops@Example.in', role: 'support' },
    });
    expect(invite.statusCode).toBe(201);
    const { admin, temporaryPassword } = invite.json();
    expect(admin.email).toBe('neha.ops@example.in');
    const dup = await call(t.app, 'POST', '/api/admin/admins', {
      token: me.token,
      body: { fullName: 'Neha Again', email: 'neha.ops@example.in', role: 'support' },
    });
    expect(dup.statusCode).toBe(409);
    expect((await call(t.app, 'POST', '/api/admin/admins', { token: me.token, body: { email: 'x' } })).statusCode).toBe(
      400,
    );

    const login = await call(t.app, 'POST', '/api/admin/login', {
      body: { email: admin.email, password: temporaryPassword },
    });
    expect(login.statusCode).toBe(200);
    const theirToken = login.json().token;

    const self = await call(t.app, 'POST', `/api/admin/admins/${me.user.id}/deactivate`, { token: me.token });
    expect(self.statusCode).toBe(400);
    expect(self.json().error).toBe('You cannot deactivate your own account.');
    const off = await call(t.app, 'POST', `/api/admin/admins/${admin.id}/deactivate`, { token: me.token });
    expect(off.json().isActive).toBe(false);
    expect((await call(t.app, 'GET', '/api/admin/admins', { token: theirToken })).statusCode).toBe(401);
    const list = await call(t.app, 'GET', '/api/admin/admins', { token: me.token });
    expect(list.json().admins.find((a: { id: string }) => a.id === admin.id).isActive).toBe(false);
  });

  it('saves site settings with an audit row, refuses bad ones, and pages the audit log', async () => {
    const { token } = await loginAdmin(t.app);
    const current = (await call(t.app, 'GET', '/api/admin/site-settings', { token })).json();
    const bad = await call(t.app, 'PUT', '/api/admin/site-settings', {
      token,
      body: { ...current, contactEmail: 'nope' },
    });
    expect(bad.statusCode).toBe(400);
    const next = {
      ...current,
      contactPhone: '+91 80 1234 5678',
      autoApproveVerifiedSellers: true,
      gstRates: [0, 5, 18],
    };
    const saved = await call(t.app, 'PUT', '/api/admin/site-settings', { token, body: next });
    expect(saved.json()).toMatchObject({ contactPhone: '+91 80 1234 5678', autoApproveVerifiedSellers: true });
    expect((await call(t.app, 'GET', '/api/site')).json().gstRates).toEqual([0, 5, 18]);

    const log = await call(t.app, 'GET', '/api/admin/audit-log?entityType=site_settings', { token });
    expect(log.json().total).toBe(1);
    expect(log.json().entries[0]).toMatchObject({ action: 'site.settings' });
    expect(JSON.parse(log.json().entries[0].after).autoApproveVerifiedSellers).toBe(true);
    const paged = await call(t.app, 'GET', '/api/admin/audit-log?pageSize=1&page=1', { token });
    expect(paged.json().entries).toHaveLength(1);
  });

  it('refuses seller tokens (403) and anonymous callers (401) on every console route', async () => {
    const seller = await loginSeller(t.app);
    const id = crypto.randomUUID();
    const routes: Array<[string, string]> = [
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/orders'],
      ['GET', `/api/admin/orders/${id}`],
      ['POST', `/api/admin/orders/${id}/status`],
      ['GET', '/api/admin/payments'],
      ['GET', '/api/admin/settlements'],
      ['POST', '/api/admin/settlements/generate'],
      ['POST', `/api/admin/settlements/${id}/mark-paid`],
      ['GET', '/api/admin/leads'],
      ['PATCH', `/api/admin/leads/${id}`],
      ['GET', '/api/admin/disputes'],
      ['PATCH', `/api/admin/disputes/${id}`],
      ['GET', '/api/admin/reports/orders.csv'],
      ['GET', '/api/admin/admins'],
      ['POST', '/api/admin/admins'],
      ['POST', `/api/admin/admins/${id}/deactivate`],
      ['GET', '/api/admin/site-settings'],
      ['PUT', '/api/admin/site-settings'],
      ['GET', '/api/admin/audit-log'],
    ];
    for (const [method, url] of routes) {
      const asSeller = await call(t.app, method as 'GET', url, { token: seller.token, body: {} });
      expect(asSeller.statusCode, `${method} ${url}`).toBe(403);
      expect((await call(t.app, method as 'GET', url, { body: {} })).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
