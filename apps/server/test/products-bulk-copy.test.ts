import { describe, expect, it } from 'vitest';
import { idSequence, SkuRows } from '../src/modules/products/bulk-import.ts';
import { createProduct } from '../src/seed/factories.ts';
import { call, loginSeller, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';

/**
 * The bulk upload loads rows with COPY (FROM STDIN on PostgreSQL, from a blob on PGlite) while later rows are still
 * being parsed: these check what that path must keep from the INSERT path it replaced.
 */
const HEADER = 'name,description,sku,price,moq,stock,unit';

describe('bulk product upload through COPY', () => {
  const t = useTestApp();

  const send = (token: string, data: string | Buffer) =>
    upload(t.app, '/api/products/bulk-upload', token, [{ field: 'file', name: 'p.csv', data, type: 'text/csv' }]);
  const productsOf = async (manufacturerId: string) => {
    const [row] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from products where manufacturer_id = $1',
      [manufacturerId],
    );
    return row?.n;
  };
  /** `n` good rows, several COPY batches' worth. */
  const goodRows = (n: number, prefix: string) =>
    Array.from({ length: n }, (_, i) => `Item ${i},d,${prefix}-${i},${i + 1}.50,1,${i},piece`);

  it.each([
    ['an unterminated quote', '"Broken,d,X-1,1,1,1,piece'],
    ['a NUL byte', 'Nul\u0000row,d,X-1,1,1,1,piece'],
    ['a row longer than a product row can be', `Long,${'x'.repeat(70 * 1024)},X-1,1,1,1,piece`],
  ])('writes nothing when %s comes after thousands of rows already sent to the database', async (_what, bad) => {
    const s = await loginSeller(t.app);
    const lines = [HEADER, ...goodRows(6500, 'LATE'), bad, ...goodRows(10, 'AFTER')];
    const res = await send(s.token, `${lines.join('\n')}\n`);
    expect(res.statusCode).toBe(400);
    expect(await productsOf(s.manufacturer.id)).toBe(0);
    // The connection the failed COPY held is not handed out broken: the next upload goes through.
    const again = await send(s.token, `${HEADER}\n${goodRows(3, 'NEXT').join('\n')}\n`);
    expect(again.json()).toMatchObject({ successCount: 3, failedCount: 0 });
    expect(await productsOf(s.manufacturer.id)).toBe(3);
  });

  it('reports SKUs the seller already has in any batch, case-blind, with the same report as row errors', async () => {
    const s = await loginSeller(t.app);
    await createProduct(t.app.db, s.manufacturer.id, { sku: 'dup-10' });
    await createProduct(t.app.db, s.manufacturer.id, { sku: 'DUP-4321' });
    const lines = [HEADER, ...goodRows(5000, 'DUP')];
    lines[4001] = 'Bad,d,BADPRICE,0,1,1,piece';
    const res = await send(s.token, `${lines.join('\n')}\n`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ successCount: 4997, failedCount: 3, truncated: false });
    expect(body.failed).toEqual([
      { row: 12, column: 'sku', reason: 'A product with this SKU already exists.', sku: 'DUP-10' },
      { row: 4002, column: 'price', reason: 'Price must be greater than 0.', sku: 'BADPRICE' },
      { row: 4323, column: 'sku', reason: 'A product with this SKU already exists.', sku: 'DUP-4321' },
    ]);
    expect(await productsOf(s.manufacturer.id)).toBe(4997 + 2);
  });

  it('keeps backslashes, tabs, line breaks and quotes exactly (COPY text escaping)', async () => {
    const s = await loginSeller(t.app);
    const csv = [
      `${HEADER},sizes,colors,brand`,
      '"Back\\slash \\N name","Line one\nline\ttwo\r\nthree \\t",ESC-1,10,1,1,piece,"A\\B, ""C""",\\N,',
    ].join('\n');
    const res = await send(s.token, csv);
    expect(res.json()).toMatchObject({ successCount: 1, failedCount: 0 });
    const list = (await call(t.app, 'GET', '/api/products?q=ESC-1', { token: s.token })).json();
    const p = (await call(t.app, 'GET', `/api/product/${list.products[0].id}`, { token: s.token })).json();
    expect(p.name).toBe('Back\\slash \\N name');
    expect(p.description).toBe('Line one\nline\ttwo\r\nthree \\t');
    expect(p.sizes).toEqual(['A\\B', '"C"']);
    expect(p.colors).toEqual(['\\N']);
    expect(p.brand ?? null).toBeNull();
  });

  it('lets a second upload of the same seller wait for the first and then report the first one’s SKUs', async () => {
    const s = await loginSeller(t.app);
    const file = `${HEADER}\n${goodRows(3000, 'TWICE').join('\n')}\n`;
    const [a, b] = await Promise.all([send(s.token, file), send(s.token, file)]);
    const bodies = [a.json(), b.json()].sort((x, y) => y.successCount - x.successCount);
    expect(bodies[0]).toMatchObject({ successCount: 3000, failedCount: 0 });
    expect(bodies[1]).toMatchObject({ successCount: 0, failedCount: 3000 });
    expect(await productsOf(s.manufacturer.id)).toBe(3000);
  });
});

describe('idSequence', () => {
  it('makes version 7 UUIDs that increase in file order and differ between imports', () => {
    const next = idSequence(Date.UTC(2026, 10, 24));
    const ids = Array.from({ length: 5000 }, () => next());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids[0]?.slice(0, 13)).toBe(
      `${Date.UTC(2026, 10, 24).toString(16).padStart(12, '0').slice(0, 8)}-${Date.UTC(2026, 10, 24).toString(16).padStart(12, '0').slice(8)}`,
    );
    const other = idSequence(Date.UTC(2026, 10, 24));
    expect(ids).not.toContain(other());
  });
});

describe('SkuRows', () => {
  it('remembers the first row of each of many SKUs and knows nothing else', () => {
    const rows = new SkuRows();
    for (let i = 1; i <= 50_000; i++) rows.set(`sku-${i}`, i + 1);
    for (let i = 1; i <= 50_000; i++) expect(rows.get(`sku-${i}`)).toBe(i + 1);
    for (let i = 50_001; i <= 60_000; i++) expect(rows.get(`sku-${i}`)).toBeUndefined();
    expect(rows.get('')).toBeUndefined();
  });
});
