import { DEFAULT_SITE_SETTINGS, MANUFACTURER_REASONS, MODERATION_REASONS } from '@ub/shared';
import { describe, expect, it } from 'vitest';
import { saveSiteSettings } from '../src/modules/site/site-settings.ts';
import * as schema from '../src/db/schema/index.ts';
import { ADMIN_COUNT_EXACT_MAX, ADMIN_SEARCH_WINDOW, listProducts } from '../src/modules/admin/products.ts';
import { createProduct, createSeller } from '../src/seed/factories.ts';
import { call, count, loginAdmin, loginSeller, useTestApp } from './helpers.ts';

/** The documents verification needs by default. */
const VERIFIABLE = { documents: ['gst_certificate', 'pan'] } as const;

describe('admin manufacturer verification', () => {
  const t = useTestApp();

  async function auditRows(entityId: string) {
    return t.database.query<{ action: string; reason: string | null; before: string; after: string }>(
      'select action, reason, before, after from audit_log where entity_id = $1 order by created_at',
      [entityId],
    );
  }
  async function notificationsOf(userId: string) {
    return t.database.query<{ type: string; message: string }>(
      'select type, message from notifications where user_id = $1 order by created_at',
      [userId],
    );
  }

  it('searches name, email and phone case-insensitively, pages by 5 and hides rejected by default', async () => {
    const { token } = await loginAdmin(t.app);
    const tag = 'Zebracorn';
    for (let i = 0; i < 6; i++) await createSeller(t.app.db, { companyName: `${tag} Works ${i}`, status: 'received' });
    await createSeller(t.app.db, { companyName: `${tag} Rejected`, status: 'rejected' });
    await createSeller(t.app.db, { email: 'UniqueMail.Zebracorn@Example.in', companyName: 'Other Co' });
    const phoneSeller = await createSeller(t.app.db, { phone: '9123456780', companyName: 'Phone Co' });

    const p1 = await call(t.app, 'GET', `/api/admin/manufacturers?q=${tag.toLowerCase()}`, { token });
    expect(p1.statusCode).toBe(200);
    expect(p1.json().total).toBe(7);
    expect(p1.json().manufacturers).toHaveLength(5);
    const p2 = await call(t.app, 'GET', `/api/admin/manufacturers?q=ZEBRACORN&page=2`, { token });
    expect(p2.json().manufacturers).toHaveLength(2);
    expect(p2.json().manufacturers.map((m: { name: string }) => m.name)).not.toContain(`${tag} Rejected`);

    const rejected = await call(t.app, 'GET', `/api/admin/manufacturers?q=${tag}&status=rejected`, { token });
    expect(rejected.json().manufacturers.map((m: { name: string }) => m.name)).toEqual([`${tag} Rejected`]);
    const pending = await call(t.app, 'GET', `/api/admin/manufacturers?q=${tag}&status=pending`, { token });
    expect(pending.json().total).toBe(6);
    expect(pending.json().manufacturers[0].statusLabel).toBe('Pending Approval');

    const byPhone = await call(t.app, 'GET', '/api/admin/manufacturers?q=12345678', { token });
    expect(byPhone.json().manufacturers.map((m: { id: string }) => m.id)).toEqual([phoneSeller.manufacturer.id]);
    const literal = await call(t.app, 'GET', '/api/admin/manufacturers?q=%25', { token });
    expect(literal.json().total).toBe(0);
  });

  it('opening a Received request moves it to Under review once, with an audit row', async () => {
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { status: 'received' });
    const res = await call(t.app, 'GET', `/api/admin/manufacturers/${s.manufacturer.id}`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'under_review', reviewStarted: true, certificates: [] });
    const again = await call(t.app, 'GET', `/api/admin/manufacturers/${s.manufacturer.id}`, { token });
    expect(again.json().reviewStarted).toBe(false);
    expect((await auditRows(s.manufacturer.id)).map((r) => r.action)).toEqual(['manufacturer.review_started']);
    const missing = await call(t.app, 'GET', `/api/admin/manufacturers/${crypto.randomUUID()}`, { token });
    expect(missing.statusCode).toBe(404);
    const bad = await call(t.app, 'GET', '/api/admin/manufacturers/not-a-uuid', { token });
    expect(bad.statusCode).toBe(400);
  });

  it('approves a pending manufacturer, notifies the seller and audits before and after', async () => {
    const { token, user } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { status: 'under_review', documents: [...VERIFIABLE.documents] });
    const res = await call(t.app, 'POST', `/api/admin/manufacturers/${s.manufacturer.id}/approve`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', statusLabel: 'Approved' });
    expect((await notificationsOf(s.user.id)).map((n) => n.type)).toEqual(['account_verified']);
    const [row] = await t.database.query<{ actor_user_id: string; before: string; after: string }>(
      "select actor_user_id, before, after from audit_log where entity_id = $1 and action = 'manufacturer.approve'",
      [s.manufacturer.id],
    );
    expect(row?.actor_user_id).toBe(user.id);
    expect(JSON.parse(row?.before ?? '{}').status).toBe('under_review');
    expect(JSON.parse(row?.after ?? '{}').status).toBe('approved');
  });

  it.each([
    ['no documents at all', [], 'GST certificate, PAN'],
    ['only the GST certificate', ['gst_certificate', 'udyam'], 'PAN'],
    ['only the PAN', ['pan'], 'GST certificate'],
  ] as const)(
    'refuses to approve a manufacturer with %s, naming what is missing, changing nothing',
    async (_w, docs, missing) => {
      const { token } = await loginAdmin(t.app);
      const s = await createSeller(t.app.db, { status: 'under_review', documents: [...docs] });
      const res = await call(t.app, 'POST', `/api/admin/manufacturers/${s.manufacturer.id}/approve`, { token });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe(`Verification needs these documents, not yet uploaded: ${missing}.`);
      const [row] = await t.database.query<{ status: string }>('select status from manufacturers where id = $1', [
        s.manufacturer.id,
      ]);
      expect(row?.status).toBe('under_review');
      expect(await auditRows(s.manufacturer.id)).toHaveLength(0);
      expect(await notificationsOf(s.user.id)).toHaveLength(0);
    },
  );

  it('refuses to activate a suspended manufacturer whose documents are missing', async () => {
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { status: 'suspended', documents: ['gst_certificate'] });
    const res = await call(t.app, 'POST', `/api/admin/manufacturers/${s.manufacturer.id}/activate`, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('Verification needs these documents, not yet uploaded: PAN.');
  });

  it('requires the documents the site settings name, and shows them in the manufacturer details', async () => {
    const { token } = await loginAdmin(t.app);
    await saveSiteSettings(t.app.db, {
      ...DEFAULT_SITE_SETTINGS,
      requiredDocuments: ['gst_certificate', 'pan', 'udyam'],
    });
    try {
      const s = await createSeller(t.app.db, { status: 'under_review', documents: ['gst_certificate', 'pan'] });
      const details = await call(t.app, 'GET', `/api/admin/manufacturers/${s.manufacturer.id}`, { token });
      expect(details.json().missingDocuments).toEqual(['Udyam/MSME']);
      const url = `/api/admin/manufacturers/${s.manufacturer.id}/approve`;
      const res = await call(t.app, 'POST', url, { token });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('Verification needs these documents, not yet uploaded: Udyam/MSME.');
      await saveSiteSettings(t.app.db, { ...DEFAULT_SITE_SETTINGS, requiredDocuments: ['gst_certificate'] });
      expect((await call(t.app, 'POST', url, { token })).statusCode).toBe(200);
    } finally {
      await saveSiteSettings(t.app.db, DEFAULT_SITE_SETTINGS);
    }
  });

  it('keeps at least one required document type in the site settings', async () => {
    const { token } = await loginAdmin(t.app);
    const current = (await call(t.app, 'GET', '/api/admin/site-settings', { token })).json();
    expect(current.requiredDocuments).toEqual(['gst_certificate', 'pan']);
    const empty = await call(t.app, 'PUT', '/api/admin/site-settings', {
      token,
      body: { ...current, requiredDocuments: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.requiredDocuments).toBe('Choose at least one document that verification needs.');
    const unknown = await call(t.app, 'PUT', '/api/admin/site-settings', {
      token,
      body: { ...current, requiredDocuments: ['passport'] },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('offers manufacturer reasons, not product reasons, for rejecting and suspending a manufacturer', async () => {
    expect(MANUFACTURER_REASONS).toEqual([
      'Documents unreadable',
      'GSTIN does not match documents',
      'Not a manufacturer',
      'Duplicate account',
      'Other',
    ]);
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { status: 'received' });
    const url = `/api/admin/manufacturers/${s.manufacturer.id}/reject`;
    for (const productReason of MODERATION_REASONS.filter((r) => r !== 'Other')) {
      const res = await call(t.app, 'POST', url, { token, body: { reason: productReason } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields.reason).toBe('Please select a reason.');
    }
    const ok = await call(t.app, 'POST', url, { token, body: { reason: 'GSTIN does not match documents' } });
    expect(ok.json()).toMatchObject({ status: 'rejected', statusReason: 'GSTIN does not match documents' });
    expect((await notificationsOf(s.user.id))[0]?.message).toContain('Reason: GSTIN does not match documents');
  });

  it('rejects only with a reason, keeps the record as Rejected and tells the seller why', async () => {
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { status: 'received' });
    const url = `/api/admin/manufacturers/${s.manufacturer.id}/reject`;
    const none = await call(t.app, 'POST', url, { token, body: {} });
    expect(none.statusCode).toBe(400);
    expect(none.json().fields.reason).toBe('Please select a reason.');
    const blankOther = await call(t.app, 'POST', url, { token, body: { reason: 'Other', customReason: '   ' } });
    expect(blankOther.statusCode).toBe(400);
    expect(blankOther.json().fields.customReason).toBe('Please enter a custom reason.');
    const unknown = await call(t.app, 'POST', url, { token, body: { reason: 'Because' } });
    expect(unknown.statusCode).toBe(400);
    expect(await auditRows(s.manufacturer.id)).toHaveLength(0);

    const ok = await call(t.app, 'POST', url, {
      token,
      body: { reason: 'Other', customReason: '  GSTIN does not match the PAN  ' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'rejected', statusReason: 'GSTIN does not match the PAN' });
    const [n] = await notificationsOf(s.user.id);
    expect(n).toMatchObject({ type: 'account_rejected' });
    expect(n?.message).toContain('GSTIN does not match the PAN');
    expect((await auditRows(s.manufacturer.id))[0]?.reason).toBe('GSTIN does not match the PAN');
  });

  it('suspends an approved seller: they still sign in, their products leave the marketplace; activate restores', async () => {
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { status: 'approved', ...VERIFIABLE });
    const product = await createProduct(t.app.db, s.manufacturer.id);
    const { isListable } = await import('../src/modules/catalog/listable.ts');
    const { products } = await import('../src/db/schema/index.ts');
    const { and, eq } = await import('drizzle-orm');
    const listable = async () =>
      (
        await t.app.db
          .select({ id: products.id })
          .from(products)
          .where(and(eq(products.id, product.id), isListable))
      ).length;
    expect(await listable()).toBe(1);

    const res = await call(t.app, 'POST', `/api/admin/manufacturers/${s.manufacturer.id}/suspend`, {
      token,
      body: { reason: 'Duplicate account' },
    });
    expect(res.json()).toMatchObject({
      status: 'suspended',
      statusLabel: 'Suspended',
      statusReason: 'Duplicate account',
    });
    expect(await listable()).toBe(0);
    const login = await call(t.app, 'POST', '/api/login', { body: { username: s.user.email, password: s.password } });
    expect(login.statusCode).toBe(200);
    expect((await notificationsOf(s.user.id)).at(-1)?.type).toBe('account_suspended');

    const back = await call(t.app, 'POST', `/api/admin/manufacturers/${s.manufacturer.id}/activate`, { token });
    expect(back.json().status).toBe('approved');
    expect(await listable()).toBe(1);
  });

  it.each([
    ['received', 'suspend'],
    ['received', 'activate'],
    ['under_review', 'activate'],
    ['approved', 'approve'],
    ['approved', 'reject'],
    ['approved', 'activate'],
    ['suspended', 'approve'],
    ['suspended', 'suspend'],
    ['suspended', 'reject'],
    ['rejected', 'approve'],
    ['rejected', 'activate'],
    ['rejected', 'suspend'],
  ] as const)('refuses to %s -> %s with 409 and changes nothing', async (status, action) => {
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { status });
    const res = await call(t.app, 'POST', `/api/admin/manufacturers/${s.manufacturer.id}/${action}`, {
      token,
      body: { reason: 'Other', customReason: 'x' },
    });
    expect(res.statusCode).toBe(409);
    const [row] = await t.database.query<{ status: string }>('select status from manufacturers where id = $1', [
      s.manufacturer.id,
    ]);
    expect(row?.status).toBe(status);
    expect(await notificationsOf(s.user.id)).toHaveLength(0);
  });
});

describe('admin product moderation', () => {
  const t = useTestApp();

  async function product(moderationStatus: 'pending' | 'approved' | 'suspended' | 'rejected', spec = {}) {
    const s = await createSeller(t.app.db, { companyName: `Maker ${crypto.randomUUID().slice(0, 6)}` });
    return { seller: s, product: await createProduct(t.app.db, s.manufacturer.id, { moderationStatus, ...spec }) };
  }

  it('searches name, manufacturer or category, filters category, pages by 5 and lists categories in use', async () => {
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { companyName: 'Kaleidoscope Crafts' });
    for (let i = 0; i < 6; i++) await createProduct(t.app.db, s.manufacturer.id, { name: `Spinning top ${i}` });
    await createProduct(t.app.db, s.manufacturer.id, { name: 'Cardboard carton', category: 'packaging' });
    await createProduct(t.app.db, s.manufacturer.id, { name: 'Resistor pack', category: 'electronic_components' });
    await createProduct(t.app.db, s.manufacturer.id, { name: 'Spinning top hidden', moderationStatus: 'rejected' });

    const byMaker = await call(t.app, 'GET', '/api/admin/products?q=kaleidoscope', { token });
    expect(byMaker.json().total).toBe(8);
    expect(byMaker.json().products).toHaveLength(5);
    const page2 = await call(t.app, 'GET', '/api/admin/products?q=kaleidoscope&page=2', { token });
    expect(page2.json().products).toHaveLength(3);
    const byName = await call(t.app, 'GET', '/api/admin/products?q=SPINNING', { token });
    expect(byName.json().total).toBe(6);
    const byCategoryWords = await call(t.app, 'GET', '/api/admin/products?q=electronic%20comp', { token });
    expect(byCategoryWords.json().products.map((p: { name: string }) => p.name)).toEqual(['Resistor pack']);
    const filtered = await call(t.app, 'GET', '/api/admin/products?q=kaleidoscope&category=packaging', { token });
    expect(filtered.json().products.map((p: { name: string }) => p.name)).toEqual(['Cardboard carton']);
    const rejected = await call(t.app, 'GET', '/api/admin/products?q=spinning&status=rejected', { token });
    expect(rejected.json().products.map((p: { name: string }) => p.name)).toEqual(['Spinning top hidden']);

    const cats = await call(t.app, 'GET', '/api/admin/products/categories', { token });
    expect(cats.json().categories).toEqual(['electronic_components', 'packaging', 'toys']);
  });

  it("totals by status come from the sellers' counters and follow moderation and deletion", async () => {
    const { token } = await loginAdmin(t.app);
    const total = async (status = 'all') =>
      (await call(t.app, 'GET', `/api/admin/products?status=${status}`, { token })).json() as {
        total: number;
        exact: boolean;
      };
    const before = await total();
    const pending = await total('pending');
    const { product: a } = await product('pending');
    await product('approved');
    await product('rejected');
    expect(await total()).toEqual(expect.objectContaining({ total: before.total + 2, exact: true }));
    expect((await total('pending')).total).toBe(pending.total + 1);
    await call(t.app, 'POST', `/api/admin/products/${a.id}/reject`, { token, body: { reason: 'Prohibited item' } });
    expect((await total()).total).toBe(before.total + 1);
    expect((await total('pending')).total).toBe(pending.total);
    await t.database.query('delete from products where id = $1', [a.id]);
    expect((await total('rejected')).total).toBe(
      (
        await t.database.query<{ n: number }>(
          `select count(*)::int as n from products where moderation_status = 'rejected'`,
        )
      )[0]?.n,
    );
  });

  it('counts a narrow search exactly and gives the estimate for a search matching very many', async () => {
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { companyName: 'Bulk Widgets' });
    await t.database.query(
      `insert into products (manufacturer_id, name, description, sku, price, moq, stock, unit, category,
                             hsn_code, gst_percentage, moderation_status)
       select $1, case when g % 4 = 0 then 'Zephyr widget ' else 'Plain item ' end || g, 'Bulk', 'ZW-' || g, 10, 1,
              5, 'piece', 'toys', '9503', 18, 'pending'
         from generate_series(1, ${ADMIN_COUNT_EXACT_MAX * 20}) g`,
      [s.manufacturer.id],
    );
    await t.database.query('analyze products');
    // The planner's estimate of a category's share comes from the column's statistics (words' estimates depend on
    // how the words spread, which a test's uniform rows do not show as a real catalogue does).
    const many = (await call(t.app, 'GET', '/api/admin/products?category=toys&status=pending', { token })).json();
    expect(many.exact).toBe(false);
    expect(many.total).toBeGreaterThan(ADMIN_COUNT_EXACT_MAX * 18);
    expect(many.total).toBeLessThan(ADMIN_COUNT_EXACT_MAX * 22);
    expect(many.products).toHaveLength(5);
    expect((await call(t.app, 'GET', '/api/admin/products?q=zephyr', { token })).json().products).toHaveLength(5);
    const one = (await call(t.app, 'GET', '/api/admin/products?q=zephyr%20widget%2016', { token })).json();
    expect(one).toMatchObject({ total: 1, exact: true });
    expect(one.products[0].name).toBe('Zephyr widget 16');
    // The seller's name matches too, each word anywhere in it.
    const byMaker = (await call(t.app, 'GET', '/api/admin/products?q=widgets%20bulk&status=pending', { token })).json();
    expect(byMaker.exact).toBe(false);
    expect(byMaker.products[0].manufacturer).toBe('Bulk Widgets');
    // A search nothing matches is an exact zero (and reads no product in order of date to find it).
    expect((await call(t.app, 'GET', '/api/admin/products?q=quixotic', { token })).json()).toMatchObject({
      total: 0,
      exact: true,
      products: [],
    });
  });

  it('counts two common words that never occur together as an exact zero, and sorts a narrow search itself', async () => {
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { companyName: 'Stone Goods' });
    const n = ADMIN_COUNT_EXACT_MAX * 6;
    await t.database.query(
      `insert into products (manufacturer_id, name, description, sku, price, moq, stock, unit, category,
                             hsn_code, gst_percentage, moderation_status, created_at)
       select $1, case when g % 2 = 0 then 'Quartz ' else 'Basalt ab ' end || g, 'Bulk', 'QB-' || g, 10, 1,
              5, 'piece', 'toys', '9503', 18, 'pending', now() - (g % 7 || ' minutes')::interval
         from generate_series(1, ${n}) g`,
      [s.manufacturer.id],
    );
    await t.database.query('analyze products');
    // The planner multiplies the two words' shares (a quarter of these rows); none has both.
    const none = (await call(t.app, 'GET', '/api/admin/products?q=quartz%20ab', { token })).json();
    expect(none).toMatchObject({ total: 0, exact: true, products: [] });
    // A search matching fewer than the cap: exact, newest first, paged from its own matches.
    const expected = await t.database.query<{ name: string }>(
      `select name from products where catalog_doc @@ to_tsquery('simple', 'basalt & 111:*')
        order by created_at desc, id`,
    );
    const page1 = (await call(t.app, 'GET', '/api/admin/products?q=basalt%20111', { token })).json();
    const page2 = (await call(t.app, 'GET', '/api/admin/products?q=basalt%20111&page=2', { token })).json();
    expect(page1).toMatchObject({ total: expected.length, exact: true });
    expect([...page1.products, ...page2.products].map((p: { name: string }) => p.name)).toEqual(
      expected.slice(0, 10).map((r) => r.name),
    );
    // More than the cap: the page in date order, the total an estimate of at least the cap.
    const many = (await call(t.app, 'GET', '/api/admin/products?q=quartz', { token })).json();
    expect(many.exact).toBe(false);
    expect(many.total).toBeGreaterThan(ADMIN_COUNT_EXACT_MAX);
    const newest = await t.database.query<{ name: string }>(
      `select name from products where catalog_doc @@ to_tsquery('simple', 'quartz:*') order by created_at desc, id limit 5`,
    );
    expect(many.products.map((p: { name: string }) => p.name)).toEqual(newest.map((r) => r.name));
  });

  it("pages a search of sellers holding many products from each one's newest, merged with the words' matches", async () => {
    const { token } = await loginAdmin(t.app);
    const forge = await createSeller(t.app.db, { companyName: 'Anvil Forge Works' });
    const other = await createSeller(t.app.db, { companyName: 'Hammer Supply' });
    const newer = await createSeller(t.app.db, { companyName: 'Newer Goods' });
    const insert = (mfr: string, name: string, n: number, minutesAgo: string, status = 'pending') =>
      t.database.query(
        `insert into products (manufacturer_id, name, description, sku, price, moq, stock, unit, category,
                               hsn_code, gst_percentage, moderation_status, created_at)
         select $1, ${name}, 'Bulk', ${name} || '-' || g, 10, 1, 5, 'piece', 'toys', '9503', 18, '${status}',
                now() - (${minutesAgo} || ' minutes')::interval
           from generate_series(1, ${n}) g`,
        [mfr],
      );
    // The seller's own products (more than the exact count's limit, a few rejected at the top), the words' matches
    // of another seller between them, and a newer seller's products above the window.
    await insert(forge.manufacturer.id, `'Ingot ' || g`, ADMIN_COUNT_EXACT_MAX + 100, `100 + g * 2`);
    await insert(forge.manufacturer.id, `'Rejected ingot ' || g`, 3, `99`, 'rejected');
    await insert(other.manufacturer.id, `'Anvil forge hammer ' || g`, 4, `100 + g * 3`);
    await insert(newer.manufacturer.id, `'Plain item ' || g`, ADMIN_SEARCH_WINDOW + 50, `g % 50`);
    await t.database.query('analyze products');
    const expected = await t.database.query<{ name: string }>(
      `select p.name from products p
        where p.moderation_status <> 'rejected'
          and (p.manufacturer_id = $1 or p.catalog_doc @@ to_tsquery('simple', 'anvil & forge'))
        order by p.created_at desc, p.id limit 15`,
      [forge.manufacturer.id],
    );
    expect(expected.map((r) => r.name)).toContain('Anvil forge hammer 2');
    const names = [];
    for (const page of [1, 2, 3]) {
      const res = (await call(t.app, 'GET', `/api/admin/products?q=anvil%20forge&page=${page}`, { token })).json();
      expect(res.exact).toBe(false);
      expect(res.total).toBeGreaterThan(ADMIN_COUNT_EXACT_MAX);
      names.push(...res.products.map((p: { name: string }) => p.name));
    }
    expect(names).toEqual(expected.map((r) => r.name));
    // The page is read from the seller's own newest products, not by walking every product in date order (which,
    // at 10,000,000 products, passed another seller's 100,000 newer ones first).
    const statements: string[] = [];
    const logger = { logQuery: (text: string) => void statements.push(text) };
    const raw = t.database.raw;
    const recording = (raw.kind === 'pglite'
      ? (await import('drizzle-orm/pglite')).drizzle(raw.client, { schema, logger })
      : (await import('drizzle-orm/node-postgres')).drizzle(raw.pool, {
          schema,
          logger,
        })) as unknown as typeof t.app.db;
    await listProducts(recording, { q: 'anvil forge', status: 'all', page: 2, pageSize: 5 });
    expect(statements.some((text) => /cross join lateral/.test(text))).toBe(true);
  });

  it("spells the search's last word out as the forms any product holds, listed or not, kept as products change", async () => {
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { companyName: 'Form Works' });
    const { id: pendingId } = await createProduct(t.app.db, s.manufacturer.id, {
      name: 'Zorbatron gear',
      moderationStatus: 'pending',
    });
    await createProduct(t.app.db, s.manufacturer.id, { name: 'Zorbaxe tool', moderationStatus: 'approved' });
    for (let i = 0; i < 20; i++) await createProduct(t.app.db, s.manufacturer.id, { name: `Yarrowmix${i} kit` });
    const names = async (q: string) =>
      (await call(t.app, 'GET', `/api/admin/products?q=${encodeURIComponent(q)}`, { token }))
        .json()
        .products.map((p: { name: string }) => p.name);
    // Two forms, one held only by a product awaiting review (the catalogue's word rows know only listed ones).
    expect((await names('zorba')).sort()).toEqual(['Zorbatron gear', 'Zorbaxe tool']);
    expect(await names('gear zorbat')).toEqual(['Zorbatron gear']);
    // More forms than are spelled out: the prefix itself.
    expect((await call(t.app, 'GET', '/api/admin/products?q=yarrowmix', { token })).json().total).toBe(20);
    // A renamed product's new words are searchable at once.
    await t.database.query(`update products set name = 'Quillfeather pen' where id = $1`, [pendingId]);
    expect(await names('quillfea')).toEqual(['Quillfeather pen']);
    // Every word of every product is a row (a word no product holds any more stays, and matches nothing).
    const missing = await t.database.query<{ term: string }>(
      `select distinct l.term from products p cross join lateral unnest(tsvector_to_array(p.catalog_doc)) l(term)
        where not exists (select 1 from product_words w where w.term = l.term)`,
    );
    expect(missing).toEqual([]);
  });

  it('shows a product with its images as media URLs', async () => {
    const { token } = await loginAdmin(t.app);
    const { product: p } = await product('pending');
    await t.database.query(
      `insert into product_media (product_id, storage_key, thumb_key, mime, width, height, position, original_name)
       values ($1, 'products/a.webp', 'products/a-thumb.webp', 'image/webp', 800, 800, 0, 'a.jpg')`,
      [p.id],
    );
    const res = await call(t.app, 'GET', `/api/admin/products/${p.id}`, { token });
    expect(res.json()).toMatchObject({
      sku: p.sku,
      status: 'pending',
      statusLabel: 'Pending Approval',
      images: [{ url: '/api/media/products/a.webp', thumb: '/api/media/products/a-thumb.webp' }],
    });
    const list = await call(t.app, 'GET', `/api/admin/products?q=${encodeURIComponent(p.name)}`, { token });
    expect(list.json().products[0].image).toBe('/api/media/products/a-thumb.webp');
  });

  it.each([
    ['pending', 'approve', undefined, 'approved', 'product_approved'],
    ['pending', 'reject', { reason: 'Prohibited item' }, 'rejected', 'product_rejected'],
    ['approved', 'suspend', { reason: 'Other', customReason: 'Counterfeit brand' }, 'suspended', 'product_suspended'],
    ['suspended', 'activate', undefined, 'approved', 'product_approved'],
    ['pending', 'flag', { reason: 'Bad images' }, 'pending', 'product_flagged'],
    ['approved', 'flag', { reason: 'Insufficient description' }, 'approved', 'product_flagged'],
    ['suspended', 'flag', { reason: 'Incorrect category' }, 'suspended', 'product_flagged'],
    ['rejected', 'flag', { reason: 'Pricing issue' }, 'rejected', 'product_flagged'],
  ] as const)(
    '%s -> %s is allowed, stores the reason and notifies the seller',
    async (from, action, body, to, type) => {
      const { token } = await loginAdmin(t.app);
      const { seller, product: p } = await product(from);
      const res = await call(t.app, 'POST', `/api/admin/products/${p.id}/${action}`, { token, body });
      expect(res.statusCode).toBe(200);
      const reason = body ? (body.reason === 'Other' ? body.customReason : body.reason) : null;
      expect(res.json()).toMatchObject({ status: to, moderationReason: reason });
      const notes = await t.database.query<{ type: string; message: string }>(
        'select type, message from notifications where user_id = $1',
        [seller.user.id],
      );
      expect(notes.map((n) => n.type)).toEqual([type]);
      if (reason) expect(notes[0]?.message).toContain(reason);
      const audits = await t.database.query<{ action: string; reason: string | null }>(
        'select action, reason from audit_log where entity_id = $1',
        [p.id],
      );
      expect(audits).toEqual([{ action: `product.${action}`, reason }]);
    },
  );

  it.each([
    ['pending', 'suspend'],
    ['pending', 'activate'],
    ['approved', 'approve'],
    ['approved', 'reject'],
    ['approved', 'activate'],
    ['suspended', 'approve'],
    ['suspended', 'reject'],
    ['suspended', 'suspend'],
    ['rejected', 'approve'],
    ['rejected', 'suspend'],
    ['rejected', 'activate'],
  ] as const)('%s -> %s answers 409', async (from, action) => {
    const { token } = await loginAdmin(t.app);
    const { product: p } = await product(from);
    const res = await call(t.app, 'POST', `/api/admin/products/${p.id}/${action}`, {
      token,
      body: { reason: 'Bad images' },
    });
    expect(res.statusCode).toBe(409);
    expect(await count(t.database, `audit_log where entity_id = '${p.id}'`)).toBe(0);
  });

  it('needs exactly one known reason, and words for "Other", on flag, reject and suspend', async () => {
    const { token } = await loginAdmin(t.app);
    const { product: p } = await product('approved');
    for (const action of ['flag', 'suspend']) {
      const url = `/api/admin/products/${p.id}/${action}`;
      expect((await call(t.app, 'POST', url, { token })).statusCode).toBe(400);
      expect((await call(t.app, 'POST', url, { token, body: { reason: ['Bad images', 'Other'] } })).statusCode).toBe(
        400,
      );
      const other = await call(t.app, 'POST', url, { token, body: { reason: 'Other' } });
      expect(other.json().fields.customReason).toBe('Please enter a custom reason.');
    }
    const { product: pending } = await product('pending');
    const reject = await call(t.app, 'POST', `/api/admin/products/${pending.id}/reject`, { token, body: {} });
    expect(reject.statusCode).toBe(400);
    expect(await count(t.database, `audit_log where entity_id in ('${p.id}', '${pending.id}')`)).toBe(0);
  });

  it('refuses seller tokens (403) and anonymous callers (401) on every admin moderation route', async () => {
    const seller = await loginSeller(t.app);
    const { product: p } = await product('pending');
    const id = p.id;
    const mid = seller.manufacturer.id;
    const routes: Array<[string, string]> = [
      ['GET', '/api/admin/manufacturers'],
      ['GET', `/api/admin/manufacturers/${mid}`],
      ['GET', `/api/admin/manufacturers/${mid}/documents/${crypto.randomUUID()}`],
      ...['approve', 'reject', 'suspend', 'activate'].map(
        (a) => ['POST', `/api/admin/manufacturers/${mid}/${a}`] as [string, string],
      ),
      ['GET', '/api/admin/products'],
      ['GET', '/api/admin/products/categories'],
      ['GET', `/api/admin/products/${id}`],
      ...['flag', 'approve', 'reject', 'suspend', 'activate'].map(
        (a) => ['POST', `/api/admin/products/${id}/${a}`] as [string, string],
      ),
    ];
    for (const [method, url] of routes) {
      const asSeller = await call(t.app, method as 'GET', url, { token: seller.token, body: { reason: 'Bad images' } });
      expect(asSeller.statusCode, `${method} ${url}`).toBe(403);
      const anonymous = await call(t.app, method as 'GET', url, { body: { reason: 'Bad images' } });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
