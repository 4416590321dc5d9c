import { describe, expect, it } from 'vitest';
import { DEMO, seedDemo } from '../src/seed/demo.ts';
import { call, count, useTestApp } from './helpers.ts';

/** server.ts builds the app (which creates the ADMIN_EMAIL administrator) and then seeds: the same order here. */

async function canSignIn(t: ReturnType<typeof useTestApp>, url: string, body: Record<string, string>) {
  return (await call(t.app, 'POST', url, { body })).statusCode === 200;
}

describe('demo seed after ADMIN_EMAIL created the first administrator', () => {
  const t = useTestApp({ ADMIN_EMAIL: 'ops@example.in', ADMIN_PASSWORD: 'OpsAdminPass1' });

  it('still seeds the demo data, keeps the administrator, and seeds only once', async () => {
    expect(await count(t.database, 'users')).toBe(1);
    await seedDemo(t.app);
    expect(await canSignIn(t, '/api/login', { username: DEMO.seller.email, password: DEMO.seller.password })).toBe(
      true,
    );
    expect(await canSignIn(t, '/api/admin/login', { email: DEMO.admin.email, password: DEMO.admin.password })).toBe(
      true,
    );
    expect(await canSignIn(t, '/api/admin/login', { email: 'ops@example.in', password: 'OpsAdminPass1' })).toBe(true);
    expect(await count(t.database, 'products')).toBeGreaterThan(0);
    // The demo buyer signs in at the one /login, with orders in several states and notifications to see.
    const buyer = await call(t.app, 'POST', '/api/login', {
      body: { username: DEMO.buyer.email, password: DEMO.buyer.password },
    });
    expect(buyer.json().user.role).toBe('buyer');
    const token = buyer.json().token as string;
    const statuses = (await call(t.app, 'GET', '/api/buyer/orders', { token }))
      .json()
      .orders.map((o: { status: string }) => o.status);
    expect(new Set(statuses).size).toBeGreaterThanOrEqual(3);
    const bell = (await call(t.app, 'GET', '/api/notifications', { token })).json();
    expect(bell.unread).toBeGreaterThan(0);
    expect(bell.notifications[0].link).toMatch(/^\/buyer\/(orders|rfqs|requirements)\//);
    expect(t.logs.some((l) => l.event === 'demo.seeded')).toBe(true);

    // Every buyer screen and the requirements screens of all three roles have content on first start.
    const get = async (url: string, as = token) => (await call(t.app, 'GET', url, { token: as })).json();
    for (const [url, list] of [
      ['/api/buyer/rfqs', 'orders'],
      ['/api/buyer/addresses', 'addresses'],
      ['/api/buyer/requirements', 'requirements'],
    ] as const) {
      expect((await get(url))[list]?.length, url).toBeGreaterThan(0);
    }
    expect((await get('/api/buyer/cart')).sellers.length).toBeGreaterThan(0);
    const dashboard = await get('/api/buyer/dashboard');
    expect(dashboard.recentOrders.length).toBeGreaterThan(0);
    const mine = (await get('/api/buyer/requirements')).requirements as Array<{ id: string; quoteCount: number }>;
    const compared = await get(`/api/buyer/requirements/${mine.find((r) => r.quoteCount >= 2)?.id}`);
    expect(compared.quotes.length).toBeGreaterThanOrEqual(2);
    expect(compared.attachments.length).toBeGreaterThan(0);
    // The demo buyer's open dispute carries evidence, which its seller and the admin open too.
    expect(
      await count(
        t.database,
        `dispute_evidence e join disputes d on d.id = e.dispute_id join buyers b on b.id = d.buyer_id
         join users u on u.id = b.user_id where u.email = '${DEMO.buyer.email}'`,
      ),
    ).toBeGreaterThan(0);
    // A session straight from the store: the password sign-in is checked above, and each one costs an argon2 hash.
    const [demoSeller] = await t.database.query<{ id: string }>('select id from users where email = $1', [
      DEMO.seller.email,
    ]);
    const { createSession } = await import('../src/modules/auth/sessions.ts');
    const sellerToken = (await createSession(t.app.db, demoSeller?.id as string, { remember: false })).token;
    const board = await get('/api/requirements', sellerToken);
    expect(board.requirements.length).toBeGreaterThan(0);
    expect(board.requirements.some((r: { attachments: unknown[] }) => r.attachments.length > 0)).toBe(true);

    // Every demo order that shipped has its invoice frozen at seed time, numbered in its seller's series in
    // shipping order (none left for a lazy backfill), so the demo seller's GSTR-1 is complete at start.
    const invoices = await t.database.query<{
      manufacturer_id: string;
      number: string;
      issued_at: Date;
      backfilled: boolean;
    }>(
      `select d.manufacturer_id, d.number, d.issued_at, d.backfilled from tax_documents d where d.kind = 'invoice'
       order by d.manufacturer_id, d.financial_year, d.number`,
    );
    const shipped = await count(
      t.database,
      `(select distinct order_id from order_events where to_status = 'shipped') s`,
    );
    expect(shipped).toBeGreaterThan(10);
    expect(invoices.length).toBe(shipped);
    expect(invoices.some((i) => i.backfilled)).toBe(false);
    for (let i = 1; i < invoices.length; i++) {
      const [a, b] = [invoices[i - 1], invoices[i]];
      if (a?.manufacturer_id === b?.manufacturer_id && a?.number.slice(0, -5) === b?.number.slice(0, -5)) {
        expect(Number(b?.number.slice(-5))).toBe(Number(a?.number.slice(-5)) + 1);
        expect(new Date(b?.issued_at as Date).getTime()).toBeGreaterThanOrEqual(
          new Date(a?.issued_at as Date).getTime(),
        );
      }
    }
    const [demoMfr] = await t.database.query<{ id: string; n: string; month: string }>(
      `select m.id, count(*)::text as n, to_char(max(d.issued_at) at time zone 'Asia/Kolkata', 'YYYY-MM') as month
       from manufacturers m join users u on u.id = m.user_id join tax_documents d on d.manufacturer_id = m.id
       where u.email = $1 group by m.id`,
      [DEMO.seller.email],
    );
    const month = demoMfr?.month as string;
    const returns = await get(`/api/gst/gstr1?month=${month}`, sellerToken);
    const listed = [
      ...returns.b2b.flatMap((b: { inv: unknown[] }) => b.inv),
      ...returns.b2cl.flatMap((b: { inv: unknown[] }) => b.inv),
    ];
    const [inMonth] = await t.database.query<{ n: string; b2c: string }>(
      `select count(*)::text as n, count(*) filter (where buyer_gstin is null)::text as b2c from tax_documents
       where manufacturer_id = $1 and kind = 'invoice'
         and to_char(issued_at at time zone 'Asia/Kolkata', 'YYYY-MM') = $2`,
      [demoMfr?.id, month],
    );
    expect(Number(inMonth?.n)).toBeGreaterThan(0);
    expect(returns.doc_issue.doc_det[0].docs[0].totnum).toBe(Number(inMonth?.n));
    expect(listed.length).toBeGreaterThanOrEqual(Number(inMonth?.n) - Number(inMonth?.b2c));

    const users = await count(t.database, 'users');
    const orders = await count(t.database, 'orders');
    await seedDemo(t.app);
    expect(await count(t.database, 'users')).toBe(users);
    expect(await count(t.database, 'orders')).toBe(orders);
    // The whole demo is seeded twice here: on a busy two-core machine that takes longer than the default 30 s.
  }, 90_000);
});

describe('demo seed when ADMIN_EMAIL is the demo administrator', () => {
  const t = useTestApp({ ADMIN_EMAIL: DEMO.admin.email, ADMIN_PASSWORD: 'ChosenAdminPass1' });

  it('seeds the demo data and leaves the administrator the password the operator chose', async () => {
    await seedDemo(t.app);
    expect(await canSignIn(t, '/api/login', { username: DEMO.seller.email, password: DEMO.seller.password })).toBe(
      true,
    );
    expect(await canSignIn(t, '/api/admin/login', { email: DEMO.admin.email, password: 'ChosenAdminPass1' })).toBe(
      true,
    );
    expect(await canSignIn(t, '/api/admin/login', { email: DEMO.admin.email, password: DEMO.admin.password })).toBe(
      false,
    );
    // The start-up log must not advertise a demo password that does not work.
    const seeded = t.logs.find((l) => l.event === 'demo.seeded');
    expect(seeded?.admin).toBeUndefined();
    expect(String(seeded?.msg)).not.toContain(DEMO.admin.password);
  });
});
