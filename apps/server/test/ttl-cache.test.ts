import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { lruStrings, ttlCache } from '../src/lib/ttl-cache.ts';
import { createProduct, createSeller } from '../src/seed/factories.ts';
import { freshDatabase, testConfig } from './helpers.ts';

describe('ttlCache', () => {
  it('loads a key once for concurrent callers and keeps it until its time is up', async () => {
    let t = 0;
    const cache = ttlCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => t });
    let loads = 0;
    let release: (v: number) => void = () => undefined;
    const load = () => {
      loads++;
      return new Promise<number>((r) => {
        release = r;
      });
    };
    const a = cache.get('k', load);
    const b = cache.get('k', load);
    release(7);
    expect(await a).toBe(7);
    expect(await b).toBe(7);
    expect(loads).toBe(1);
    t = 999;
    expect(await cache.get('k', async () => 8)).toBe(7);
    t = 1000;
    expect(await cache.get('k', async () => 9)).toBe(9);
  });

  it('does not keep a failed load, and drops the least recently used past its bound', async () => {
    const cache = ttlCache<number>({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 1)).toBe(1);
    await cache.get('b', async () => 2);
    await cache.get('bad', async () => 0); // used again: now the newest
    await cache.get('c', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('b', async () => 20)).toBe(20);
    expect(await cache.get('c', async () => 30)).toBe(3);
  });

  it('with a time to live of 0 always loads', async () => {
    const cache = ttlCache<number>({ ttlMs: 0, maxEntries: 2 });
    let n = 0;
    await cache.get('k', async () => ++n);
    expect(await cache.get('k', async () => ++n)).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe('lruStrings', () => {
  it('stays under its character bound, dropping the least recently used', () => {
    const m = lruStrings(20);
    m.set('a', 'x'.repeat(8));
    m.set('b', 'y'.repeat(8));
    expect(m.get('a')).toBe('x'.repeat(8));
    m.set('c', 'z'.repeat(8));
    expect(m.get('b')).toBeUndefined();
    expect(m.get('a')).toBe('x'.repeat(8));
    m.set('huge', 'w'.repeat(30));
    expect(m.get('huge')).toBeUndefined();
    expect(m.size).toBe(2);
  });
});

describe('catalogue search cache', () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await freshDatabase();
    drop = () => database.drop();
    app = await buildApp({ config: testConfig({ CATALOG_CACHE_SECONDS: '60' }), database });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('answers a repeated search from the cache for its time to live, and a product page always fresh', async () => {
    const seller = await createSeller(app.db, {});
    const first = await createProduct(app.db, seller.manufacturer.id, { name: 'Cached Brass Lamp', price: '100.00' });
    const search = async () =>
      (await app.inject({ method: 'GET', url: '/api/catalog/products?q=cached%20brass' })).json() as {
        products: Array<{ id: string; price: string }>;
      };
    expect((await search()).products.map((p) => p.id)).toEqual([first.id]);
    await createProduct(app.db, seller.manufacturer.id, { name: 'Cached Brass Bell' });
    await app.database.query('update products set price = 250 where id = $1', [first.id]);
    // The list may lag (the same answer for up to CATALOG_CACHE_SECONDS)...
    const again = await search();
    expect(again.products.map((p) => p.id)).toEqual([first.id]);
    expect(again.products[0]?.price).toBe('100.00');
    // ...but the product itself is read afresh.
    const page = await app.inject({ method: 'GET', url: `/api/catalog/products/${first.id}` });
    expect(page.json().price).toBe('250.00');
    // Another search (other words) is not served the cached one.
    const other = await app.inject({ method: 'GET', url: '/api/catalog/products?q=cached%20brass%20bell' });
    expect(other.json().products).toHaveLength(1);
  });

  it('answers a client that wrote a moment ago afresh, and tells it so with the read-your-writes cookie', async () => {
    const seller = await createSeller(app.db, {});
    await createProduct(app.db, seller.manufacturer.id, { name: 'Sticky Copper Kettle' });
    const search = async (cookie?: string) =>
      (
        await app.inject({
          method: 'GET',
          url: '/api/catalog/products?q=sticky%20copper',
          headers: cookie ? { cookie } : {},
        })
      ).json().total as number;
    expect(await search()).toBe(1);
    // A write through the API answers the cookie...
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: seller.user.email, password: seller.password },
    });
    const cookie = /ub_rw=\d+/.exec(String(login.headers['set-cookie']))?.[0];
    expect(cookie).toBeDefined();
    await createProduct(app.db, seller.manufacturer.id, { name: 'Sticky Copper Pot' });
    // ...and its client is not served the cached list; everyone else still is, for the cache's time.
    expect(await search(cookie)).toBe(2);
    expect(await search()).toBe(1);
  });
});
