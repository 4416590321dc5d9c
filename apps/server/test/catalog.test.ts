import { CATALOG_COUNT_CAP, CATALOG_MESSAGES, CATALOG_PAGE_SIZE, type CatalogList, catalogQuery } from '@ub/shared';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { manufacturerDocuments, manufacturers, rfqOffers, rfqs } from '../src/db/schema/index.ts';
import { isListableP } from '../src/modules/catalog/listable.ts';
import { searchCatalog } from '../src/modules/catalog/queries.ts';
import { createBuyer, createProduct, createSeller } from '../src/seed/factories.ts';
import { call, useTestApp } from './helpers.ts';

const ctx = useTestApp();

type Seller = Awaited<ReturnType<typeof createSeller>>;
let gujarat: Seller;
let karnataka: Seller;
let suspended: Seller;
const ids: Record<string, string> = {};

async function list(query = ''): Promise<CatalogList> {
  const res = await call(ctx.app, 'GET', `/api/catalog/products${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

beforeAll(async () => {
  const db = ctx.app.db;
  gujarat = await createSeller(db, { companyName: 'Rann Toys', gstNumber: '24AAPFU0939F1ZX', state: 'Gujarat' });
  karnataka = await createSeller(db, { companyName: 'Mysore Packs', state: 'Karnataka', category: 'packaging' });
  suspended = await createSeller(db, { companyName: 'Gone Traders', status: 'approved' });
  await db.insert(manufacturerDocuments).values({
    manufacturerId: gujarat.manufacturer.id,
    kind: 'gst_certificate',
    storageKey: 'documents/x.pdf',
    mime: 'application/pdf',
    originalName: 'gst.pdf',
    reviewStatus: 'approved',
  });
  const day = (n: number) => new Date(Date.UTC(2026, 0, n));
  ids.car = (
    await createProduct(db, gujarat.manufacturer.id, {
      name: 'Wooden Toy Car',
      price: '250.00',
      moq: 10,
      stock: 1000,
      createdAt: day(1),
    })
  ).id;
  ids.train = (
    await createProduct(db, gujarat.manufacturer.id, {
      name: 'Wooden Train Set',
      price: '1200.00',
      moq: 50,
      stock: 60,
      createdAt: day(2),
    })
  ).id;
  ids.box = (
    await createProduct(db, karnataka.manufacturer.id, {
      name: 'Corrugated Shipping Box',
      category: 'packaging',
      price: '18.50',
      moq: 500,
      stock: 0,
      createdAt: day(3),
    })
  ).id;
  ids.pending = (
    await createProduct(db, gujarat.manufacturer.id, { name: 'Wooden Pending Kite', moderationStatus: 'pending' })
  ).id;
  ids.hidden = (await createProduct(db, gujarat.manufacturer.id, { name: 'Wooden Hidden Top', status: 'inactive' })).id;
  ids.gone = (await createProduct(db, suspended.manufacturer.id, { name: 'Wooden Gone Yoyo' })).id;
  await db.update(manufacturers).set({ status: 'suspended' }).where(eq(manufacturers.id, suspended.manufacturer.id));
});

describe('GET /api/catalog/products', () => {
  it('lists only approved, active products of approved sellers, newest first, without signing in', async () => {
    const body = await list();
    expect(body.products.map((p) => p.id)).toEqual([ids.box, ids.train, ids.car]);
    expect(body.total).toBe(3);
    expect(body.exact).toBe(true);
    const car = body.products.find((p) => p.id === ids.car);
    expect(car).toMatchObject({
      name: 'Wooden Toy Car',
      price: '250.00',
      unit: 'piece',
      moq: 10,
      category: 'toys',
      sellerId: gujarat.manufacturer.id,
      sellerName: 'Rann Toys',
      sellerState: 'Gujarat',
      verified: true,
    });
    expect(body.products.find((p) => p.id === ids.box)?.verified).toBe(false);
  });

  it('matches every word typed, the last as a prefix, never an unlisted product', async () => {
    expect((await list('?q=wooden')).products.map((p) => p.name).sort()).toEqual([
      'Wooden Toy Car',
      'Wooden Train Set',
    ]);
    expect((await list('?q=wooden%20tra')).products.map((p) => p.name)).toEqual(['Wooden Train Set']);
    expect((await list('?q=kite')).total).toBe(0);
    expect((await list('?q=yoyo')).total).toBe(0);
    expect((await list('?q=%21%21')).total).toBe(3);
  });

  it('filters by category, price range, MOQ, seller state and verified sellers', async () => {
    expect((await list('?category=packaging')).products.map((p) => p.id)).toEqual([ids.box]);
    expect((await list('?minPrice=100&maxPrice=300')).products.map((p) => p.id)).toEqual([ids.car]);
    expect((await list('?maxMoq=50')).products.map((p) => p.id)).toEqual([ids.train, ids.car]);
    expect((await list('?state=Karnataka')).products.map((p) => p.id)).toEqual([ids.box]);
    expect((await list('?verified=true')).products.map((p) => p.id)).toEqual([ids.train, ids.car]);
    // A state none of whose sellers is verified: nothing, whether the sellers go in as an id list or a subquery.
    const found = async (q: string, sellerIdsMax?: number) =>
      (
        await searchCatalog(ctx.database, catalogQuery.parse(Object.fromEntries(new URLSearchParams(q))), {
          sellerIdsMax,
        })
      ).products.map((p) => p.id);
    for (const max of [undefined, 0]) {
      expect(await found('state=Karnataka&verified=true', max)).toEqual([]);
      expect(await found('state=Gujarat&verified=true', max)).toEqual([ids.train, ids.car]);
      expect(await found('q=wooden&verified=true', max)).toEqual([ids.train, ids.car]);
    }
  });

  it('reads the sellers a seller filter passes first, and gives the products their ids, which the planner can count', async () => {
    // As a subquery inside the products' statement, a state none of whose sellers is verified looked like a third of
    // the catalogue to the planner, which then walked every product to find none (1.7 s at 10,000,000 products).
    const statements: string[] = [];
    const recording = Object.create(ctx.database, {
      query: {
        value: (text: string, params?: unknown[]) => {
          statements.push(text);
          return ctx.database.query(text, params);
        },
      },
    });
    const query = catalogQuery.parse({ state: 'Karnataka', verified: 'true' });
    expect((await searchCatalog(recording, query)).products).toEqual([]);
    const productStatements = statements.filter((s) => /from products p where/.test(s));
    expect(productStatements.length).toBeGreaterThan(0);
    for (const s of productStatements) {
      expect(s).toMatch(/manufacturer_id = any\(string_to_array\(/);
      expect(s).not.toMatch(/select s\.id from manufacturers s/);
    }
  });

  it('counts facets for the current filters', async () => {
    const all = await list();
    expect(all.facets.category).toEqual([
      { value: 'toys', count: 2 },
      { value: 'packaging', count: 1 },
    ]);
    expect(all.facets.state).toEqual([
      { value: 'Gujarat', count: 2 },
      { value: 'Karnataka', count: 1 },
    ]);
    expect(all.facets.price).toEqual([
      { value: 'under_500', count: 2 },
      { value: '500_2000', count: 1 },
    ]);
    const toys = await list('?category=toys');
    expect(toys.facets.state).toEqual([{ value: 'Gujarat', count: 2 }]);
  });

  it('sorts by price both ways and by relevance', async () => {
    expect((await list('?sort=price_asc')).products.map((p) => p.id)).toEqual([ids.box, ids.car, ids.train]);
    expect((await list('?sort=price_desc')).products.map((p) => p.id)).toEqual([ids.train, ids.car, ids.box]);
    expect((await list('?q=wooden%20car&sort=relevance')).products.map((p) => p.id)).toEqual([ids.car]);
  });

  it('pages by CATALOG_PAGE_SIZE and says when a page is past the end', async () => {
    const seller = await createSeller(ctx.app.db, { companyName: 'Paging Works', state: 'Punjab' });
    for (let i = 0; i < CATALOG_PAGE_SIZE + 1; i++) {
      await createProduct(ctx.app.db, seller.manufacturer.id, { name: `Pager ${i}`, category: 'packaging' });
    }
    const first = await list('?state=Punjab');
    const second = await list('?state=Punjab&page=2');
    expect(first.products).toHaveLength(CATALOG_PAGE_SIZE);
    expect(second.products).toHaveLength(1);
    expect(second.total).toBe(CATALOG_PAGE_SIZE + 1);
    expect(new Set([...first.products, ...second.products].map((p) => p.id)).size).toBe(CATALOG_PAGE_SIZE + 1);
    expect((await list('?state=Punjab&page=3')).products).toEqual([]);
  });

  it('answers 400 with field messages for bad input', async () => {
    const res = await call(
      ctx.app,
      'GET',
      '/api/catalog/products?minPrice=abc&maxMoq=0&state=Atlantis&sort=cheap&category=cars&page=0',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      minPrice: CATALOG_MESSAGES.price,
      maxMoq: CATALOG_MESSAGES.moq,
      state: CATALOG_MESSAGES.state,
      sort: CATALOG_MESSAGES.sort,
      category: CATALOG_MESSAGES.category,
      page: CATALOG_MESSAGES.page,
    });
    const range = await call(ctx.app, 'GET', '/api/catalog/products?minPrice=500&maxPrice=100');
    expect(range.statusCode).toBe(400);
    expect(range.json().fields).toMatchObject({ maxPrice: CATALOG_MESSAGES.priceRange });
  });
});

describe('GET /api/catalog/products/:id', () => {
  it('shows a listed product with its stock state, tax fields and seller card, never the stock number', async () => {
    const res = await call(ctx.app, 'GET', `/api/catalog/products/${ids.train}`);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({
      id: ids.train,
      name: 'Wooden Train Set',
      price: '1200.00',
      moq: 50,
      stockState: 'low',
      hsnCode: '9503',
      gstRate: '18.00',
      seller: { id: gujarat.manufacturer.id, company: 'Rann Toys', state: 'Gujarat', verified: true },
    });
    expect(p).not.toHaveProperty('stock');
    expect((await call(ctx.app, 'GET', `/api/catalog/products/${ids.car}`)).json().stockState).toBe('in_stock');
    expect((await call(ctx.app, 'GET', `/api/catalog/products/${ids.box}`)).json().stockState).toBe('out');
  });

  it('answers 404 for pending, inactive and suspended-seller products, and unknown ids', async () => {
    for (const id of [ids.pending, ids.hidden, ids.gone, '00000000-0000-4000-8000-000000000000']) {
      const res = await call(ctx.app, 'GET', `/api/catalog/products/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe(CATALOG_MESSAGES.notFound);
    }
    expect((await call(ctx.app, 'GET', '/api/catalog/products/not-an-id')).statusCode).toBe(400);
  });
});

describe('GET /api/catalog/sellers/:id', () => {
  it('shows the profile, listed products and RFQ responsiveness from real RFQ history', async () => {
    const buyer = await createBuyer(ctx.app.db);
    const db = ctx.app.db;
    const at = (h: number) => new Date(Date.now() - 10 * 24 * 3600 * 1000 + h * 3600 * 1000);
    const rfq = (n: number) => ({
      rfqNumber: `RFQ-CAT-${n}`,
      manufacturerId: gujarat.manufacturer.id,
      buyerId: buyer.buyer.id,
      productName: 'Wooden Toy Car',
      requestedQuantity: 100,
      createdAt: at(0),
    });
    const [a, b] = await db
      .insert(rfqs)
      .values([rfq(1), rfq(2), rfq(3), rfq(4)])
      .returning();
    if (!a || !b) throw new Error('no rfq');
    await db.insert(rfqOffers).values([
      { rfqId: a.id, byRole: 'seller', kind: 'quote', pricePerUnit: '240.00', quantity: 100, createdAt: at(2) },
      { rfqId: b.id, byRole: 'seller', kind: 'quote', pricePerUnit: '240.00', quantity: 100, createdAt: at(4) },
    ]);
    const res = await call(ctx.app, 'GET', `/api/catalog/sellers/${gujarat.manufacturer.id}`);
    expect(res.statusCode).toBe(200);
    const s = res.json();
    expect(s).toMatchObject({ company: 'Rann Toys', state: 'Gujarat', verified: true, rfqCount: 4, responseRate: 50 });
    expect(s.responseHours).toBe(3);
    expect(s.products.map((p: { id: string }) => p.id)).toEqual([ids.train, ids.car]);
    expect(s.total).toBe(2);
  });

  it('answers 404 for a suspended or unapproved seller', async () => {
    const pendingSeller = await createSeller(ctx.app.db, { status: 'received' });
    for (const id of [suspended.manufacturer.id, pendingSeller.manufacturer.id]) {
      expect((await call(ctx.app, 'GET', `/api/catalog/sellers/${id}`)).statusCode).toBe(404);
    }
  });
});

it('keeps the catalogue words in step with the product row', async () => {
  await ctx.app.db.execute(sql`update products set name = 'Teak Rocking Horse' where id = ${ids.car}`);
  expect((await list('?q=rocking')).products.map((p) => p.id)).toEqual([ids.car]);
});

describe('the catalogue word rows (catalog_terms)', () => {
  /** Rows that differ between catalog_terms and the words of the products listable.ts calls listable, both ways. */
  async function drift() {
    const rows = await ctx.app.db.execute(sql`
      with want as (
        select l.lexeme as term, p.id as product_id, coalesce(array_length(l.positions, 1), 1)::smallint as hits,
               p.manufacturer_id, p.category, p.price, p.moq, p.created_at
          from products p cross join lateral unnest(p.catalog_doc) l
         where ${isListableP}
      ), have as (
        select term, product_id, hits, manufacturer_id, category, price, moq, created_at from catalog_terms
      )
      (select 'missing' as side, * from (select * from want except select * from have) a)
      union all
      (select 'extra', * from (select * from have except select * from want) b)`);
    return (rows as unknown as { rows?: unknown[] }).rows ?? (rows as unknown as unknown[]);
  }

  it('follow every change that lists, unlists or edits a product, and every change of its seller', async () => {
    const db = ctx.app.db;
    const seller = await createSeller(db, { companyName: 'Drift Valves', state: 'Kerala' });
    const valve = await createProduct(db, seller.manufacturer.id, { name: 'Drift Valve Body', price: '900.00' });
    const pending = await createProduct(db, seller.manufacturer.id, {
      name: 'Drift Valve Cap',
      moderationStatus: 'pending',
    });
    expect(await drift()).toEqual([]);
    expect((await list('?q=drift')).products.map((p) => p.id)).toEqual([valve.id]);

    await db.execute(
      sql`update products set moderation_status = 'approved', approved_price = price where id = ${pending.id}`,
    );
    expect((await list('?q=drift')).total).toBe(2);
    await db.execute(sql`update products set price = 2500, stock = 3 where id = ${valve.id}`);
    expect((await list('?q=drift&minPrice=2000')).products.map((p) => p.id)).toEqual([valve.id]);
    await db.execute(sql`update products set status = 'inactive' where id = ${pending.id}`);
    expect((await list('?q=drift')).products.map((p) => p.id)).toEqual([valve.id]);
    expect(await drift()).toEqual([]);

    await db.update(manufacturers).set({ status: 'suspended' }).where(eq(manufacturers.id, seller.manufacturer.id));
    expect((await list('?q=drift')).total).toBe(0);
    expect(await drift()).toEqual([]);
    await db.update(manufacturers).set({ status: 'approved' }).where(eq(manufacturers.id, seller.manufacturer.id));
    expect((await list('?q=drift')).products.map((p) => p.id)).toEqual([valve.id]);

    await db.execute(sql`delete from products where id = ${valve.id}`);
    expect((await list('?q=drift')).total).toBe(0);
    expect(await drift()).toEqual([]);
  });

  it('count a product once when it holds several forms of the word typed', async () => {
    const seller = await createSeller(ctx.app.db, { companyName: 'Forms Works' });
    const both = await createProduct(ctx.app.db, seller.manufacturer.id, { name: 'Gasketry gaskets gasket set' });
    const body = await list('?q=gasket');
    expect(body.products.map((p) => p.id)).toEqual([both.id]);
    expect(body.total).toBe(1);
    expect(body.exact).toBe(true);
  });

  it('find a last word with more listed forms than are spelled out, and nothing for a prefix no product has', async () => {
    const seller = await createSeller(ctx.app.db, { companyName: 'Many Forms' });
    for (let i = 0; i < 18; i++) {
      await createProduct(ctx.app.db, seller.manufacturer.id, { name: `Quartz zircon${String.fromCharCode(97 + i)}` });
    }
    expect((await list('?q=quartz%20zirc')).total).toBe(18);
    expect((await list('?q=quartz%20zirconb')).total).toBe(1);
    expect((await list('?q=quartz%20zzz')).total).toBe(0);
  });

  it('intersect several words through their newest word rows, and ask the word index when those do not hold the answer', async () => {
    // The windows serve a catalogue of WORD_WINDOW_FROM_ROWS word rows or more; here, any size, and smaller ones.
    const wordWindow = 1_500;
    const list = async (query: string) =>
      searchCatalog(ctx.database, catalogQuery.parse(Object.fromEntries(new URLSearchParams(query))), {
        windowFromRows: 0,
        wordWindow,
      });
    const seller = await createSeller(ctx.app.db, { companyName: 'Window Works' });
    const n = wordWindow + 100;
    // Ids that grow with g, so "newest by id" is known: zinnia only on the 50 lowest, outside anvil's window.
    await ctx.app.db.execute(sql`
      insert into products (id, manufacturer_id, name, description, sku, price, moq, stock, unit, category, hsn_code,
                            gst_percentage, status, moderation_status, approved_price)
      select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, ${seller.manufacturer.id},
             'Anvil ' || case when g <= 50 then 'zinnia ' else '' end || 'gizmo ' || g, 'Bulk', 'AW-' || g, 10, 1, 5,
             'piece', 'toys', '9503', 18, 'active', 'approved', 10
        from generate_series(1, ${n}) g`);
    // Found only past the window: the word index answers, exactly.
    const rare = await list('?q=anvil%20zinnia');
    expect(rare).toMatchObject({ total: 50, exact: true });
    expect(rare.products).toHaveLength(CATALOG_PAGE_SIZE);
    expect((await list('?q=zinnia%20anvil')).total).toBe(50);
    // Common together: the cap from the windows, the matches with the highest ids.
    const common = await list('?q=anvil%20gizm');
    expect(common).toMatchObject({ total: CATALOG_COUNT_CAP, exact: false });
    expect(common.products[0]?.name).toBe(`Anvil gizmo ${n}`);
    // One, inside the windows: counted exactly.
    const few = await list(`?q=anvil%20gizmo%20${n - 23}`);
    expect(few).toMatchObject({ total: 1, exact: true });
    expect(few.products.map((p) => p.name)).toEqual([`Anvil gizmo ${n - 23}`]);
  });
});
