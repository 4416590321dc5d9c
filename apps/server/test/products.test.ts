import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SITE_SETTINGS } from '@ub/shared';
import { describe, expect, it } from 'vitest';
import { SEARCH_WINDOW, searchDocument } from '../src/lib/search.ts';
import { saveSiteSettings } from '../src/modules/site/site-settings.ts';
import { createProduct } from '../src/seed/factories.ts';
import { call, count, loginSeller, useTestApp } from './helpers.ts';

const valid = {
  name: 'Wooden Stacking Rings',
  description: 'Seven colourful rings on a birch peg, non-toxic paint.',
  sku: 'WSR-001',
  price: 249.5,
  moq: 50,
  stock: 1200,
  unit: 'piece',
  category: 'toys',
  brand: 'Chanakya Toys',
  subCategory: 'Stacking toys',
  modelNumber: 'CT-7R',
  sizes: ['Small', 'Large'],
  colors: ['Red', 'Blue'],
  material: 'Wood',
  dimensions: '20 x 10 x 10 cm',
  weight: '450 g',
  packaging: 'Carton of 24',
  hsn_code: '9503',
  gst_percentage: 18,
};

describe('products API', () => {
  const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ub-products-')) });

  async function add(token: string, body: Record<string, unknown>) {
    return call(t.app, 'POST', '/api/product/add', { token, body });
  }

  it('creates a product with every field and reads it back with media_urls', async () => {
    const s = await loginSeller(t.app);
    const res = await add(s.token, valid);
    expect(res.statusCode).toBe(201);
    const id = res.json().product_id;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const got = await call(t.app, 'GET', `/api/product/${id}`, { token: s.token });
    expect(got.statusCode).toBe(200);
    expect(got.json()).toMatchObject({
      id,
      name: valid.name,
      price: '249.50',
      moq: 50,
      stock: 1200,
      unit: 'piece',
      category: 'toys',
      subCategory: 'Stacking toys',
      modelNumber: 'CT-7R',
      sizes: ['Small', 'Large'],
      colors: ['Red', 'Blue'],
      material: 'Wood',
      hsn_code: '9503',
      gst_percentage: 18,
      status: 'active',
      moderation_status: 'pending',
      media_urls: [],
    });
  });

  it('answers every required-field message of the spec, and writes nothing', async () => {
    const s = await loginSeller(t.app);
    const before = await count(t.database, 'products');
    const res = await add(s.token, { price: 0, moq: 0, stock: -1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      name: 'Product name is required.',
      description: 'Description is required.',
      sku: 'SKU is required.',
      price: 'Price must be greater than 0.',
      moq: 'MOQ must be at least 1.',
      stock: 'Stock must be 0 or more.',
      unit: 'Unit is required.',
      category: 'Category is required.',
    });
    expect(await count(t.database, 'products')).toBe(before);
  });

  it.each([
    [{ price: -5 }, 'price', 'Price must be greater than 0.'],
    [{ price: 'abc' }, 'price', 'Price must be greater than 0.'],
    [{ price: 10.555 }, 'price', 'Price can have at most 2 decimal places.'],
    [{ moq: 1.5 }, 'moq', 'MOQ must be a whole number.'],
    [{ stock: 2.5 }, 'stock', 'Stock must be a whole number.'],
    [{ unit: 'dozen' }, 'unit', 'Unit must be one of piece, kg, gram, liter, meter, box, pack.'],
    [{ category: 'furniture' }, 'category', 'Category is required.'],
    [{ material: 'Gold' }, 'material', 'Choose a material from the list.'],
    [{ hsn_code: '12345' }, 'hsn_code', 'HSN code must be 4, 6 or 8 digits.'],
    [{ hsn_code: '95O3' }, 'hsn_code', 'HSN code must be 4, 6 or 8 digits.'],
    [{ status: 'archived' }, 'status', 'Status must be active or inactive.'],
    [{ name: '   ' }, 'name', 'Product name is required.'],
  ])('rejects %j with the message for %s', async (patch, field, message) => {
    const s = await loginSeller(t.app);
    const res = await add(s.token, { ...valid, ...patch });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('accepts HSN codes of 4, 6 and 8 digits and a stock of 0', async () => {
    const s = await loginSeller(t.app);
    for (const [i, hsn] of ['9503', '950300', '95030010'].entries()) {
      const res = await add(s.token, { ...valid, sku: `HSN-${i}`, hsn_code: hsn, stock: 0 });
      expect(res.statusCode).toBe(201);
    }
  });

  it('splits sizes and colours sent as text on commas only: a value keeps its inner spaces', async () => {
    const s = await loginSeller(t.app);
    const res = await add(s.token, {
      ...valid,
      sku: 'NORM-1',
      sizes: ',, S,,Free   Size ,',
      colors: ' Sky Blue , ,Navy Blue, sky blue',
    });
    expect(res.statusCode).toBe(201);
    const got = await call(t.app, 'GET', `/api/product/${res.json().product_id}`, { token: s.token });
    expect(got.json().sizes).toEqual(['S', 'Free Size']);
    expect(got.json().colors).toEqual(['Sky Blue', 'Navy Blue']);
  });

  it('accepts only the configured GST rates (checked against site settings)', async () => {
    const s = await loginSeller(t.app);
    const bad = await add(s.token, { ...valid, sku: 'GST-12', gst_percentage: 12 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.gst_percentage).toBe('GST rate must be one of 0, 0.25, 3, 5, 18, 40.');
    await saveSiteSettings(t.app.db, { ...DEFAULT_SITE_SETTINGS, gstRates: [0, 5, 12, 18, 28] });
    const ok = await add(s.token, { ...valid, sku: 'GST-12', gst_percentage: 12 });
    expect(ok.statusCode).toBe(201);
    await saveSiteSettings(t.app.db, DEFAULT_SITE_SETTINGS);
  });

  it('answers 409 when the seller already has the SKU, but another seller may use it', async () => {
    const s = await loginSeller(t.app);
    expect((await add(s.token, { ...valid, sku: 'DUP-1' })).statusCode).toBe(201);
    const clash = await add(s.token, { ...valid, sku: 'DUP-1' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toEqual({
      error: 'A product with this SKU already exists.',
      fields: { sku: 'A product with this SKU already exists.' },
    });
    const other = await loginSeller(t.app);
    expect((await add(other.token, { ...valid, sku: 'DUP-1' })).statusCode).toBe(201);
  });

  it('treats SKUs that differ only in case as the same SKU, on add and on edit', async () => {
    const s = await loginSeller(t.app);
    expect((await add(s.token, { ...valid, sku: 'abc-1' })).statusCode).toBe(201);
    const clash = await add(s.token, { ...valid, sku: 'ABC-1' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().fields).toEqual({ sku: 'A product with this SKU already exists.' });
    const id = (await add(s.token, { ...valid, sku: 'abc-2' })).json().product_id;
    const { version } = (await call(t.app, 'GET', `/api/product/${id}`, { token: s.token })).json();
    const edit = await call(t.app, 'PUT', `/api/product/${id}`, {
      token: s.token,
      body: { ...valid, version, sku: 'Abc-1' },
    });
    expect(edit.statusCode).toBe(409);
    const own = await call(t.app, 'PUT', `/api/product/${id}`, {
      token: s.token,
      body: { ...valid, version, sku: 'ABC-2' },
    });
    expect(own.statusCode).toBe(200);
  });

  it('auto-approves products of approved sellers only when the site switch is on', async () => {
    const approved = await loginSeller(t.app, { status: 'approved' });
    const pending = await loginSeller(t.app, { status: 'under_review' });
    await saveSiteSettings(t.app.db, { ...DEFAULT_SITE_SETTINGS, autoApproveVerifiedSellers: true });
    const a = await add(approved.token, { ...valid, sku: 'AUTO-1' });
    const b = await add(pending.token, { ...valid, sku: 'AUTO-1' });
    await saveSiteSettings(t.app.db, DEFAULT_SITE_SETTINGS);
    const c = await add(approved.token, { ...valid, sku: 'AUTO-2' });
    expect(a.json().moderation_status).toBe('approved');
    expect(b.json().moderation_status).toBe('pending');
    expect(c.json().moderation_status).toBe('pending');
  });

  it('updates every field with PUT, keeps moderation, and 409s on another product’s SKU', async () => {
    const s = await loginSeller(t.app);
    const id = (await add(s.token, { ...valid, sku: 'UPD-1' })).json().product_id;
    await add(s.token, { ...valid, sku: 'UPD-2' });
    const { version } = (await call(t.app, 'GET', `/api/product/${id}`, { token: s.token })).json();
    const res = await call(t.app, 'PUT', `/api/product/${id}`, {
      token: s.token,
      body: {
        ...valid,
        version,
        sku: 'UPD-1B',
        name: 'Renamed',
        price: '99.90',
        stock: 0,
        status: 'inactive',
        brand: '',
        category: '',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      sku: 'UPD-1B',
      price: '99.90',
      stock: 0,
      status: 'inactive',
      brand: null,
      category: null,
      moderation_status: 'pending',
    });
    const current = { ...valid, version: res.json().version };
    const clash = await call(t.app, 'PUT', `/api/product/${id}`, {
      token: s.token,
      body: { ...current, sku: 'UPD-2' },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error).toBe('A product with this SKU already exists.');
    const bad = await call(t.app, 'PUT', `/api/product/${id}`, { token: s.token, body: { ...current, moq: 0 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.moq).toBe('MOQ must be at least 1.');
    expect((await call(t.app, 'GET', `/api/product/${id}`, { token: s.token })).json().name).toBe('Renamed');
  });

  it('deletes a product', async () => {
    const s = await loginSeller(t.app);
    const id = (await add(s.token, { ...valid, sku: 'DEL-1' })).json().product_id;
    const res = await call(t.app, 'DELETE', `/api/product/${id}`, { token: s.token });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/product/${id}`, { token: s.token })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/product/${id}`, { token: s.token })).statusCode).toBe(404);
  });

  it('answers 404 for another seller’s product on read, update, delete and image upload', async () => {
    const owner = await loginSeller(t.app);
    const intruder = await loginSeller(t.app);
    const id = (await add(owner.token, { ...valid, sku: 'MINE-1' })).json().product_id;
    const opts = { token: intruder.token };
    expect((await call(t.app, 'GET', `/api/product/${id}`, opts)).statusCode).toBe(404);
    expect(
      (await call(t.app, 'PUT', `/api/product/${id}`, { ...opts, body: { ...valid, version: 1 } })).statusCode,
    ).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/product/${id}`, opts)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/upload/product-media/${id}`, opts)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/product/${id}`, { token: owner.token })).json().name).toBe(valid.name);
  });

  it('requires a seller token', async () => {
    expect((await call(t.app, 'GET', '/api/products')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/product/add', { body: valid })).statusCode).toBe(401);
    expect(
      (await call(t.app, 'GET', '/api/product/not-a-uuid', { token: (await loginSeller(t.app)).token })).statusCode,
    ).toBe(400);
  });

  describe('listing', () => {
    it('lists only the caller’s products, newest first, paginated with a total', async () => {
      const s = await loginSeller(t.app);
      const other = await loginSeller(t.app);
      await createProduct(t.app.db, other.manufacturer.id, { name: 'Not mine' });
      for (let i = 0; i < 12; i++) {
        await createProduct(t.app.db, s.manufacturer.id, {
          name: `Item ${String(i).padStart(2, '0')}`,
          sku: `LIST-${i}`,
          createdAt: new Date(Date.UTC(2025, 0, 1 + i)),
        });
      }
      const p1 = (await call(t.app, 'GET', '/api/products?pageSize=5', { token: s.token })).json();
      expect(p1.total).toBe(12);
      expect(p1.products.map((p: { name: string }) => p.name)).toEqual([
        'Item 11',
        'Item 10',
        'Item 09',
        'Item 08',
        'Item 07',
      ]);
      const p3 = (await call(t.app, 'GET', '/api/products?pageSize=5&page=3', { token: s.token })).json();
      expect(p3.products.map((p: { name: string }) => p.name)).toEqual(['Item 01', 'Item 00']);
      expect(p3.products[0]).toMatchObject({ sku: 'LIST-1', price: '499.00', thumbnail_url: null, status: 'active' });
      const byName = (await call(t.app, 'GET', '/api/products?sort=name_asc&pageSize=2', { token: s.token })).json();
      expect(byName.products.map((p: { name: string }) => p.name)).toEqual(['Item 00', 'Item 01']);
    });

    it('searches words of the name and SKU and the start of the SKU, case-insensitively, and filters by status', async () => {
      const s = await loginSeller(t.app);
      const m = s.manufacturer.id;
      await createProduct(t.app.db, m, { name: 'Corrugated Carton Box', sku: 'PKG-100' });
      await createProduct(t.app.db, m, { name: 'Bubble Wrap Roll', sku: 'PKG-200', status: 'inactive' });
      await createProduct(t.app.db, m, { name: '100% Cotton Bag', sku: 'BAG_1' });
      const q = async (query: string) =>
        (await call(t.app, 'GET', `/api/products?${query}`, { token: s.token }))
          .json()
          .products.map((p: { name: string }) => p.name)
          .sort();
      expect(await q('q=carton')).toEqual(['Corrugated Carton Box']);
      // The last word typed also matches the start of a word, from three characters.
      expect(await q('q=CORRU')).toEqual(['Corrugated Carton Box']);
      expect(await q('q=roll%20wra')).toEqual(['Bubble Wrap Roll']);
      expect(await q('q=co')).toEqual([]);
      // Words, not substrings.
      expect(await q('q=arton')).toEqual([]);
      // The SKU as typed, punctuation included, matches from its start, with % and _ taken literally.
      expect(await q('q=pkg-')).toEqual(['Bubble Wrap Roll', 'Corrugated Carton Box']);
      expect(await q('q=PKG-1')).toEqual(['Corrugated Carton Box']);
      expect(await q('q=bag_1')).toEqual(['100% Cotton Bag']);
      expect(await q('q=ba_')).toEqual([]);
      expect(await q('q=100%25')).toEqual(['100% Cotton Bag', 'Corrugated Carton Box']);
      expect(await q('q=%25%25')).toEqual([]);
      expect(await q('q=PKG&status=inactive')).toEqual(['Bubble Wrap Roll']);
      const none = (await call(t.app, 'GET', '/api/products?q=zzz', { token: s.token })).json();
      expect(none).toMatchObject({ products: [], total: 0 });
    });

    it('finds old matches past the newest rows it reads first, in every sort order', async () => {
      const s = await loginSeller(t.app);
      const m = s.manufacturer.id;
      // More products than the search window; the ten kettles are the oldest, so the window holds none of them.
      const n = SEARCH_WINDOW + 100;
      const names = Array.from({ length: n }, (_, i) => (i < 10 ? `Copper Kettle ${i}` : `Steel Bolt ${i}`));
      await t.database.query(
        `insert into products (manufacturer_id, name, description, sku, price, unit, search_doc, created_at)
         select $1, u.name, 'd', 'K-' || u.i, 100 + u.i, 'piece', u.doc::tsvector, now() - ((${n} - u.i) || ' minutes')::interval
           from unnest($2::text[], $3::text[]) with ordinality as u(name, doc, i)`,
        [m, names, names.map((name, i) => searchDocument(m, name, `K-${i + 1}`))],
      );
      const list = async (query: string) =>
        (await call(t.app, 'GET', `/api/products?${query}`, { token: s.token })).json();
      const newest = await list('q=kettle&pageSize=5');
      expect(newest.products.map((p: { name: string }) => p.name)).toEqual([
        'Copper Kettle 9',
        'Copper Kettle 8',
        'Copper Kettle 7',
        'Copper Kettle 6',
        'Copper Kettle 5',
      ]);
      expect(newest).toMatchObject({ total: 10, totalExact: true });
      const cheapest = await list('q=kettle&sort=price_asc&pageSize=3&page=2');
      expect(cheapest.products.map((p: { name: string }) => p.name)).toEqual([
        'Copper Kettle 3',
        'Copper Kettle 4',
        'Copper Kettle 5',
      ]);
      expect(cheapest).toMatchObject({ total: 10, totalExact: true });
      // A common word's first page comes from the newest rows, its total counted ahead.
      const bolts = await list('q=steel%20bol&pageSize=10');
      expect(bolts.products[0].name).toBe(`Steel Bolt ${n - 1}`);
      expect(bolts).toMatchObject({ total: 110, totalExact: false });
    });

    it('takes names whose words grow long under normalisation, and finds them', async () => {
      const s = await loginSeller(t.app);
      // Each ㌖ becomes キロメートル (18 bytes): 200 of them would be a lexeme PostgreSQL refuses.
      const res = await call(t.app, 'POST', '/api/product/add', {
        token: s.token,
        body: { ...valid, name: '㌖'.repeat(200), sku: 'LONG-WORD' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const found = (await call(t.app, 'GET', '/api/products?q=キロメートル', { token: s.token })).json();
      expect(found.products.map((p: { sku: string }) => p.sku)).toEqual(['LONG-WORD']);
    });

    it('gives the exact total of the whole list, and counts a search only a few pages ahead', async () => {
      const s = await loginSeller(t.app);
      await t.database.query(
        `insert into products (manufacturer_id, name, description, sku, price, unit)
         select $1, 'Bulk ' || g, 'd', 'CAP-' || g, 10, 'piece' from generate_series(1, 130) g`,
        [s.manufacturer.id],
      );
      const all = (await call(t.app, 'GET', '/api/products?pageSize=10', { token: s.token })).json();
      expect(all).toMatchObject({ total: 130, totalExact: true });
      const p1 = (await call(t.app, 'GET', '/api/products?pageSize=10&q=cap', { token: s.token })).json();
      expect(p1).toMatchObject({ total: 110, totalExact: false });
      expect(p1.products).toHaveLength(10);
      const p3 = (await call(t.app, 'GET', '/api/products?pageSize=10&page=3&q=cap', { token: s.token })).json();
      expect(p3).toMatchObject({ total: 130, totalExact: true });
    });

    it('rejects a bad sort or page with 400', async () => {
      const s = await loginSeller(t.app);
      expect((await call(t.app, 'GET', '/api/products?sort=evil', { token: s.token })).statusCode).toBe(400);
      expect((await call(t.app, 'GET', '/api/products?page=0', { token: s.token })).statusCode).toBe(400);
    });
  });
});
