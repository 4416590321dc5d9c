import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, count, loginAdmin, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ub-version-')) });

const STALE = 'This product changed since you opened it';

async function load(token: string, id: string) {
  const res = await call(t.app, 'GET', `/api/product/${id}`, { token });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const save = (token: string, form: Record<string, unknown>, change: Record<string, unknown> = {}) =>
  call(t.app, 'PUT', `/api/product/${form.id}`, { token, body: { ...form, ...change } });

async function stockOf(id: string) {
  const [r] = await t.database.query<{ stock: number }>('select stock from products where id = $1', [id]);
  return r?.stock;
}

describe('product edits and concurrent changes', () => {
  it('gives the product a version that each save moves on', async () => {
    const { seller, product } = await tradeSetup(t.app);
    const form = await load(seller.token, product.id);
    expect(form.version).toEqual(expect.any(Number));
    const saved = await save(seller.token, form, { stock: 5 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().version).toBeGreaterThan(form.version);
    expect((await load(seller.token, product.id)).version).toBe(saved.json().version);
  });

  it('refuses a save from a form opened before a buyer took stock: 409, and the sold units stay sold', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { stock: 10, moq: 1 });
    const form = await load(seller.token, product.id);
    expect(form.stock).toBe(10);
    expect((await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 4)).statusCode).toBe(201);
    const before = await count(t.database, `audit_log where entity_id = '${product.id}'`);
    const res = await save(seller.token, form, { name: 'Renamed in the old form' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: STALE });
    expect(await stockOf(product.id)).toBe(6);
    const now = await load(seller.token, product.id);
    expect(now.name).toBe(product.name);
    expect(await count(t.database, `audit_log where entity_id = '${product.id}'`)).toBe(before);
    // Reloaded, the form saves.
    expect((await save(seller.token, now, { stock: 20 })).statusCode).toBe(200);
  });

  it('refuses the second of two saves from forms opened at the same version', async () => {
    const { seller, product } = await tradeSetup(t.app);
    const form = await load(seller.token, product.id);
    const results = await Promise.all([save(seller.token, form, { stock: 1 }), save(seller.token, form, { stock: 2 })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('counts returned stock from a cancelled order, new images and moderation as changes', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app, { stock: 10, moq: 1 });
    const placed = await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 3);
    const form = await load(seller.token, product.id);
    expect(
      (await setStatus(t.app, seller.token, placed.json().id, { status: 'cancelled', reason: 'x' })).statusCode,
    ).toBe(200);
    expect((await save(seller.token, form)).statusCode).toBe(409);

    const form2 = await load(seller.token, product.id);
    const image = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const up = await upload(t.app, `/api/upload/product-media/${product.id}`, seller.token, [
      { field: 'files', name: 'a.png', data: image },
    ]);
    expect(up.statusCode).toBe(201);
    expect((await save(seller.token, form2)).statusCode).toBe(409);

    const form3 = await load(seller.token, product.id);
    const admin = await loginAdmin(t.app);
    const approve = await call(t.app, 'POST', `/api/admin/products/${product.id}/approve`, { token: admin.token });
    expect(approve.statusCode).toBe(200);
    expect((await save(seller.token, form3)).statusCode).toBe(409);
  });

  it('needs the version the form loaded', async () => {
    const { seller, product } = await tradeSetup(t.app);
    const { version: _, ...form } = await load(seller.token, product.id);
    const res = await save(seller.token, form);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.version).toBe('Reload the product and save again.');
    const bad = await save(seller.token, { ...form, version: 'x' });
    expect(bad.statusCode).toBe(400);
  });
});
