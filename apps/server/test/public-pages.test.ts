import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { productPath } from '@ub/shared';
import { PUBLIC_NAMESPACES } from '@ub/shared/i18n';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createProduct, createSeller } from '../src/seed/factories.ts';
import { call, freshDatabase, testConfig } from './helpers.ts';

/** A built web app in miniature: index.html and one content-hashed script with its precompressed copies. */
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(4000))});`;
let web: string;
let app: FastifyInstance;
let drop: () => Promise<void>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  web = mkdtempSync(join(tmpdir(), 'ub-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(
    join(web, 'index.html'),
    `<!doctype html><html><head><title>Landing</title><meta name="description" content="Landing page" />
<meta property="og:title" content="Landing" /><script type="module" src="/assets/app-abc123.js"></script></head>
<body><div id="root"></div></body></html>`,
  );
  writeFileSync(join(web, 'assets/app-abc123.js'), SCRIPT);
  writeFileSync(join(web, 'assets/app-abc123.js.br'), brotliCompressSync(SCRIPT));
  writeFileSync(join(web, 'assets/app-abc123.js.gz'), gzipSync(SCRIPT));
  const database = await freshDatabase();
  drop = () => database.drop();
  app = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://udyog.example' }), database, webDir: web });
  await app.ready();
  const seller = await createSeller(app.db, { companyName: 'Rann <Toys>', state: 'Gujarat' });
  ids.seller = seller.manufacturer.id;
  const product = await createProduct(app.db, seller.manufacturer.id, {
    name: 'Wooden Toy Car',
    price: '1250.00',
    moq: 10,
    description: 'Sheesham wood </script><b>car</b>',
  });
  ids.product = product.id;
  ids.pending = (await createProduct(app.db, seller.manufacturer.id, { moderationStatus: 'pending' })).id;
});

afterAll(async () => {
  await app?.close();
  await drop?.();
  rmSync(web, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

function jsonLd(html: string): Record<string, unknown> {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!m?.[1]) throw new Error('no JSON-LD');
  return JSON.parse(m[1]);
}

describe('public pages', () => {
  it('serve a product page with its own head, canonical address, Open Graph, JSON-LD offer in INR and data', async () => {
    const res = await get(`/products/${ids.product}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = res.body;
    expect(html).toContain('<title>Wooden Toy Car · Udyog Bazaar</title>');
    expect(html).not.toContain('<title>Landing</title>');
    expect(html).not.toContain('content="Landing page"');
    const canonical = `https://udyog.example${productPath({ id: ids.product as string, name: 'Wooden Toy Car' })}`;
    expect(html).toContain(`<link rel="canonical" href="${canonical}" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    expect(html).toContain('<meta property="og:title" content="Wooden Toy Car · Udyog Bazaar" />');
    expect(html).toMatch(/<meta name="description" content="₹1,250.00 per piece, MOQ 10 piece\. Rann &lt;Toys&gt;\./);
    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      '@type': 'Product',
      name: 'Wooden Toy Car',
      offers: { '@type': 'Offer', priceCurrency: 'INR', price: '1250.00', url: canonical },
    });
    // A description cannot close the script element that carries it (JSON-LD, data, catalogue, app).
    expect(html.match(/<\/script>/g)?.length).toBe(4);
    const data = /<script type="application\/json" id="ub-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(JSON.parse(data)).toMatchObject({ page: `/products/${ids.product}`, data: { id: ids.product } });
  });

  it('accept a readable slug after the product id', async () => {
    const res = await get(`/products/${ids.product}-wooden-toy-car`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Wooden Toy Car · Udyog Bazaar</title>');
  });

  it('render a product afresh once it changed, though its rendered body is kept (ADR 0025)', async () => {
    const seller = await createSeller(app.db, { companyName: 'Render Cache Works' });
    const p = await createProduct(app.db, seller.manufacturer.id, { name: 'Brass Bell Cache', price: '1250.00' });
    const root = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('id="ub-data"'));
    const first = await get(`/products/${p.id}`);
    expect((await get(`/products/${p.id}`)).body).toBe(first.body);
    await app.database.query("update products set price = 2000, name = 'Brass Bell Renamed' where id = $1", [p.id]);
    const after = await get(`/products/${p.id}`);
    expect(after.body).toContain('<title>Brass Bell Renamed · Udyog Bazaar</title>');
    expect(root(after.body)).not.toContain('Brass Bell Cache');
    expect(root(after.body)).not.toContain('1,250.00');
    await app.database.query("update manufacturers set status = 'suspended' where id = $1", [seller.manufacturer.id]);
    expect((await get(`/products/${p.id}`)).statusCode).toBe(404);
  });

  it('answer 404, not indexed, for a product that is not listed or does not exist', async () => {
    for (const url of [`/products/${ids.pending}`, '/products/00000000-0000-4000-8000-000000000000', '/products/x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).toContain('<meta name="robots" content="noindex, follow" />');
      expect(res.body).not.toContain('id="ub-data"');
    }
  });

  it('serve the seller page with an Organization and the catalogue with its list', async () => {
    const seller = await get(`/sellers/${ids.seller}`);
    expect(seller.statusCode).toBe(200);
    expect(jsonLd(seller.body)).toMatchObject({
      '@type': 'Organization',
      name: 'Rann <Toys>',
      url: `https://udyog.example/sellers/${ids.seller}`,
    });
    expect((await get('/sellers/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const list = await get('/products?category=toys');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('<link rel="canonical" href="https://udyog.example/products?category=toys" />');
    expect(list.body).toContain('Wooden Toy Car');
    const filtered = await get('/products?q=car&maxMoq=50');
    expect(filtered.body).toContain('<meta name="robots" content="noindex, follow" />');
    const bad = await get('/products?maxMoq=zero');
    expect(bad.statusCode).toBe(200);
    expect(bad.body).not.toContain('id="ub-data"');
  });

  it('serve the landing page with its own head', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>Udyog Bazaar: become a verified seller/);
    expect(res.body).toContain('<link rel="canonical" href="https://udyog.example/" />');
  });

  it('carry only the public namespaces of the catalogue inline; an app page carries the whole', async () => {
    const inline = (html: string) => {
      const m = /<script type="application\/json" id="ub-i18n">([\s\S]*?)<\/script>/.exec(html);
      if (!m?.[1]) throw new Error('no inline catalogue');
      return JSON.parse(m[1]) as { partial?: boolean; messages: Record<string, unknown> };
    };
    const namespaces = (c: { messages: Record<string, unknown> }) =>
      new Set(Object.keys(c.messages).map((id) => id.split('.')[0]));
    const all = await call(app, 'GET', '/api/i18n/hi');
    for (const url of ['/', `/products/${ids.product}`, '/products']) {
      const page = inline((await get(url, { cookie: 'ub_lang=hi' })).body);
      expect(page.partial).toBe(true);
      expect([...namespaces(page)].filter((ns) => !PUBLIC_NAMESPACES.includes(ns ?? ''))).toEqual([]);
      expect(page.messages['landing.becomeSeller']).toBe(all.json().messages['landing.becomeSeller']);
    }
    const appPage = inline((await get('/dashboard/orders', { cookie: 'ub_lang=hi' })).body);
    expect(appPage.partial).toBeUndefined();
    expect(Object.keys(appPage.messages).length).toBe(Object.keys(all.json().messages).length);
  });

  it('compress the HTML as the browser accepts', async () => {
    const br = await get(`/products/${ids.product}`, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('Wooden Toy Car');
    for (let i = 0; i < 3; i++) await createProduct(app.db, ids.seller as string, { name: `Spinning Top ${i}` });
    const gz = await get('/api/catalog/products', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).total).toBe(4);
    const small = await get(`/api/catalog/sellers/00000000-0000-4000-8000-000000000000`, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('built assets', () => {
  it('go out precompressed, cached for a year as immutable', async () => {
    const br = await get('/assets/app-abc123.js', { 'accept-encoding': 'br, gzip' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    const gz = await get('/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('leave other HTML to be checked on every use', async () => {
    const res = await get('/dashboard/orders');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
