import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SITE_SETTINGS } from '@ub/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { insertOrder } from '../src/modules/orders/commands.ts';
import { saveSiteSettings } from '../src/modules/site/site-settings.ts';
import { createProduct, createSeller, type ProductSpec } from '../src/seed/factories.ts';
import { call, count, loginAdmin, loginSeller, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';
import { placeOrder, shippingTo, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ub-review-')) });

const png = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();

/** An approved, active product at Rs 100 (stock 10, MOQ 1) of an approved seller, and a buyer. */
function approvedProduct(spec: ProductSpec = {}) {
  return tradeSetup(t.app, { price: '100.00', stock: 10, moq: 1, ...spec });
}

/** What the seller's edit form does: load the product, change some fields, send the whole product back. */
async function edit(token: string, id: string, change: Record<string, unknown>) {
  const loaded = (await call(t.app, 'GET', `/api/product/${id}`, { token })).json();
  return call(t.app, 'PUT', `/api/product/${id}`, { token, body: { ...loaded, ...change } });
}

async function moderationOf(id: string) {
  const [r] = await t.database.query<{ moderation_status: string }>(
    'select moderation_status from products where id = $1',
    [id],
  );
  return r?.moderation_status;
}

describe('editing an approved product', () => {
  it('sends it back to Pending Approval when renamed "Prohibited item", and buyers can no longer order it', async () => {
    const { seller, buyer, product } = await approvedProduct();
    const res = await edit(seller.token, product.id, { name: 'Prohibited item', price: 99_999 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Prohibited item', price: '99999.00', moderation_status: 'pending' });
    const order = await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 1);
    expect(order.statusCode).toBe(400);
    expect(order.json().fields['items.0.productId']).toBe('Prohibited item is not available for ordering.');
    const audits = await t.database.query<{ after: string | Record<string, unknown> }>(
      `select after from audit_log where entity_id = $1 and action = 'product.updated'`,
      [product.id],
    );
    const after = audits.map((a) => (typeof a.after === 'string' ? JSON.parse(a.after) : a.after));
    expect(after.map((a) => [a.moderation_status, a.moderation_reason])).toEqual([
      ['pending', 'Changed after approval: name and price.'],
    ]);
  });

  it.each([
    ['description', 'Now with a different description.'],
    ['category', 'packaging'],
    ['subCategory', 'Stacking toys'],
    ['brand', 'Some Other Brand'],
    ['unit', 'box'],
    ['hsn_code', '950300'],
    ['gst_percentage', 5],
  ])('sends it back for review when %s changes', async (field, value) => {
    const { seller, product } = await approvedProduct();
    const res = await edit(seller.token, product.id, { [field]: value });
    expect(res.statusCode).toBe(200);
    expect(res.json().moderation_status).toBe('pending');
  });

  it('keeps it approved and orderable when only stock, MOQ, SKU, variants, details or listing status change', async () => {
    const { seller, buyer, product } = await approvedProduct();
    const res = await edit(seller.token, product.id, {
      stock: 500,
      moq: 2,
      sku: `${product.sku}-B`,
      sizes: ['S', 'M'],
      colors: ['Red'],
      material: 'Wood',
      modelNumber: 'M-2',
      dimensions: '10 x 10 cm',
      weight: '200 g',
      packaging: 'Carton of 12',
      status: 'active',
      name: `  ${product.name}  `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().moderation_status).toBe('approved');
    expect((await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 2)).statusCode).toBe(201);
  });

  it.each([
    ['99999', 'pending'],
    ['200.01', 'pending'],
    ['49.99', 'pending'],
    ['200', 'approved'],
    ['150', 'approved'],
    ['50', 'approved'],
  ])(
    'a price change from Rs 100 to Rs %s leaves it %s (more than double or less than half needs review)',
    async (price, status) => {
      const { seller, product } = await approvedProduct();
      const res = await edit(seller.token, product.id, { price });
      expect(res.statusCode).toBe(200);
      expect(res.json().moderation_status).toBe(status);
    },
  );

  it('measures the price against the approved price, so small steps cannot add up past the guard', async () => {
    const { seller, product } = await approvedProduct();
    expect((await edit(seller.token, product.id, { price: 180 })).json().moderation_status).toBe('approved');
    expect((await edit(seller.token, product.id, { price: 250 })).json().moderation_status).toBe('pending');
  });

  it('takes the price an admin approves as the new reference', async () => {
    const { seller, product } = await approvedProduct();
    const admin = await loginAdmin(t.app);
    expect((await edit(seller.token, product.id, { price: 300 })).json().moderation_status).toBe('pending');
    const approve = await call(t.app, 'POST', `/api/admin/products/${product.id}/approve`, { token: admin.token });
    expect(approve.statusCode).toBe(200);
    expect((await edit(seller.token, product.id, { price: 550 })).json().moderation_status).toBe('approved');
  });

  it('sends it back for review when an image is uploaded', async () => {
    const { seller, product } = await approvedProduct();
    const res = await upload(t.app, `/api/upload/product-media/${product.id}`, seller.token, [
      { field: 'files', name: 'new.png', data: await png() },
    ]);
    expect(res.statusCode).toBe(201);
    expect(res.json().moderation_status).toBe('pending');
    expect(await moderationOf(product.id)).toBe('pending');
  });

  it('sends it back for review when an image is removed', async () => {
    const { seller, product } = await approvedProduct();
    const [media] = await t.database.query<{ id: string }>(
      `insert into product_media (product_id, storage_key, thumb_key, mime, width, height, position, original_name)
       values ($1, 'products/x.webp', 'products/x-thumb.webp', 'image/webp', 800, 800, 0, 'x.jpg') returning id`,
      [product.id],
    );
    const res = await edit(seller.token, product.id, { remove_media_ids: [media?.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json().moderation_status).toBe('pending');
  });

  it('approves the edit again at once when the site auto-approves verified sellers', async () => {
    const { seller, product } = await approvedProduct();
    await saveSiteSettings(t.app.db, { ...DEFAULT_SITE_SETTINGS, autoApproveVerifiedSellers: true });
    try {
      const res = await edit(seller.token, product.id, { name: 'Renamed by a trusted seller', price: 1000 });
      expect(res.json().moderation_status).toBe('approved');
      expect((await edit(seller.token, product.id, { price: 1999 })).json().moderation_status).toBe('approved');
    } finally {
      await saveSiteSettings(t.app.db, DEFAULT_SITE_SETTINGS);
    }
  });

  it('leaves a pending, suspended or rejected product in its state', async () => {
    for (const moderationStatus of ['pending', 'suspended', 'rejected'] as const) {
      const { seller, product } = await approvedProduct({ moderationStatus });
      const res = await edit(seller.token, product.id, { name: 'Changed', price: 5000 });
      expect(res.json().moderation_status).toBe(moderationStatus);
    }
  });

  it('cannot be changed by a bulk upload: a row with an existing SKU fails and the product stays as approved', async () => {
    const { seller, product } = await approvedProduct();
    const csv = `name,description,sku,price,moq,stock,unit\nProhibited item,x,${product.sku},99999,1,1,piece\n`;
    const res = await upload(t.app, '/api/products/bulk-upload', seller.token, [
      { field: 'file', name: 'p.csv', data: csv, type: 'text/csv' },
    ]);
    expect(res.json()).toMatchObject({ successCount: 0, failedCount: 1 });
    const got = (await call(t.app, 'GET', `/api/product/${product.id}`, { token: seller.token })).json();
    expect(got).toMatchObject({ name: product.name, price: '100.00', moderation_status: 'approved' });
  });

  /** The write of a buyer's order for one unit at Rs 100, as placeBuyerOrder makes it after reading the product. */
  function orderOneAt100(
    seller: { manufacturer: { id: string } },
    buyer: Awaited<ReturnType<typeof approvedProduct>>['buyer'],
    product: { id: string; name: string },
  ) {
    return t.app.db.transaction((tx) =>
      insertOrder(tx, {
        manufacturerId: seller.manufacturer.id,
        buyer: buyer.buyer,
        buyerEmail: buyer.user.email,
        lines: [
          {
            productId: product.id,
            name: product.name,
            brand: null,
            category: 'toys',
            hsnCode: '9503',
            unit: 'piece',
            quantity: 1,
            unitPaise: 10_000,
            gstPercentage: 18,
          },
        ],
        shipping: { ...shippingTo(), apartment: undefined },
        paymentMethod: 'NEFT',
        takeStock: true,
        actorUserId: buyer.user.id,
      }),
    );
  }

  it('an order does not take stock of a product that stopped being orderable after the order read it', async () => {
    const { seller, buyer, product } = await approvedProduct();
    expect((await orderOneAt100(seller, buyer, product)).orderNumber).toMatch(/^ORD-/);
    await t.database.query(`update products set moderation_status = 'pending' where id = $1`, [product.id]);
    const before = await count(t.database, 'orders');
    await expect(orderOneAt100(seller, buyer, product)).rejects.toMatchObject({
      statusCode: 409,
      message: `${product.name} changed while the order was placed. Review it and order again.`,
    });
    expect(await count(t.database, 'orders')).toBe(before);
  });

  it('an order does not take stock at a price the seller changed after the order read it', async () => {
    const { seller, buyer, product } = await approvedProduct();
    await t.database.query(`update products set price = 120 where id = $1`, [product.id]);
    await expect(orderOneAt100(seller, buyer, product)).rejects.toMatchObject({ statusCode: 409 });
  });
});

describe('approval needs an HSN code and a GST rate', () => {
  async function productOf(moderationStatus: 'pending' | 'suspended', spec: ProductSpec) {
    const s = await createSeller(t.app.db);
    return createProduct(t.app.db, s.manufacturer.id, { moderationStatus, ...spec });
  }

  const ASK_ONE = 'Flag it (Request Edit) to ask the seller for it.';
  it.each([
    ['approve', 'pending', { hsnCode: null }, `This product needs an HSN code before it can be approved. ${ASK_ONE}`],
    [
      'approve',
      'pending',
      { gstPercentage: null },
      `This product needs a GST rate before it can be approved. ${ASK_ONE}`,
    ],
    [
      'approve',
      'pending',
      { hsnCode: null, gstPercentage: null },
      'This product needs an HSN code and a GST rate before it can be approved. Flag it (Request Edit) to ask the seller for them.',
    ],
    ['approve', 'pending', { hsnCode: '95' }, `This product needs an HSN code before it can be approved. ${ASK_ONE}`],
    [
      'activate',
      'suspended',
      { hsnCode: null },
      `This product needs an HSN code before it can be activated. ${ASK_ONE}`,
    ],
  ] as const)('%s of a %s product with %j answers 409 and changes nothing', async (action, from, spec, message) => {
    const { token } = await loginAdmin(t.app);
    const p = await productOf(from, spec);
    const res = await call(t.app, 'POST', `/api/admin/products/${p.id}/${action}`, { token });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe(message);
    expect(await moderationOf(p.id)).toBe(from);
    expect(await count(t.database, `audit_log where entity_id = '${p.id}'`)).toBe(0);
    expect(await count(t.database, `notifications where message like '%${p.sku}%'`)).toBe(0);
  });

  it('approves a product with an HSN code and a GST rate of 0 %', async () => {
    const { token } = await loginAdmin(t.app);
    const p = await productOf('pending', { hsnCode: '1006', gstPercentage: '0' });
    const res = await call(t.app, 'POST', `/api/admin/products/${p.id}/approve`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'approved', hsnCode: '1006', gstPercentage: 0 });
  });

  it('shows the admin the HSN code and GST rate, or their absence', async () => {
    const { token } = await loginAdmin(t.app);
    const p = await productOf('pending', { hsnCode: null, gstPercentage: null });
    const res = await call(t.app, 'GET', `/api/admin/products/${p.id}`, { token });
    expect(res.json()).toMatchObject({ hsnCode: null, gstPercentage: null });
  });

  it('cannot be stored approved without them, whatever writes the row', async () => {
    const s = await createSeller(t.app.db);
    await expect(createProduct(t.app.db, s.manufacturer.id, { hsnCode: null })).rejects.toThrow();
    await expect(createProduct(t.app.db, s.manufacturer.id, { gstPercentage: null })).rejects.toThrow();
  });

  it('auto-approval of verified sellers skips products without them, on the form and in a bulk upload', async () => {
    const s = await loginSeller(t.app, { status: 'approved' });
    const base = { description: 'd', price: 10, moq: 1, stock: 1, unit: 'piece', category: 'toys' };
    await saveSiteSettings(t.app.db, { ...DEFAULT_SITE_SETTINGS, autoApproveVerifiedSellers: true });
    try {
      const add = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/product/add', { token: s.token, body });
      expect((await add({ ...base, name: 'a', sku: 'AA-1' })).json().moderation_status).toBe('pending');
      expect((await add({ ...base, name: 'b', sku: 'AA-2', hsn_code: '9503' })).json().moderation_status).toBe(
        'pending',
      );
      expect(
        (await add({ ...base, name: 'c', sku: 'AA-3', hsn_code: '9503', gst_percentage: 18 })).json().moderation_status,
      ).toBe('approved');
      const csv = [
        'name,description,sku,price,moq,stock,unit,hsn_code,gst_percentage',
        'With both,d,BB-1,10,1,1,piece,9503,18',
        'No HSN,d,BB-2,10,1,1,piece,,18',
        'No GST,d,BB-3,10,1,1,piece,9503,',
      ].join('\n');
      const res = await upload(t.app, '/api/products/bulk-upload', s.token, [
        { field: 'file', name: 'p.csv', data: csv, type: 'text/csv' },
      ]);
      expect(res.json()).toMatchObject({ successCount: 3, failedCount: 0 });
      const rows = await t.database.query<{ sku: string; moderation_status: string }>(
        `select sku, moderation_status from products where manufacturer_id = $1 and sku like 'BB-%' order by sku`,
        [s.manufacturer.id],
      );
      expect(rows.map((r) => r.moderation_status)).toEqual(['approved', 'pending', 'pending']);
    } finally {
      await saveSiteSettings(t.app.db, DEFAULT_SITE_SETTINGS);
    }
  });

  it('an approved product ordered and shipped is invoiced with its own HSN code and GST rate', async () => {
    const { seller, buyer, product } = await approvedProduct({ hsnCode: '95030010', gstPercentage: '5' });
    const placed = await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 2);
    expect(placed.statusCode).toBe(201);
    const { invoiceOf } = await import('../src/modules/tax-documents/commands.ts');
    const id = placed.json().id;
    for (const status of ['processing', 'shipped']) {
      const res = await call(t.app, 'POST', `/api/orders/${id}/status`, {
        token: seller.token,
        body: { status, carrier: 'Delhivery', trackingNumber: 'DL123' },
      });
      expect(res.statusCode).toBe(200);
    }
    const inv = (await invoiceOf(t.app.db, { kind: 'seller', manufacturerId: seller.manufacturer.id }, id))?.body as {
      lines: Array<{ hsn: string; gstRate: number }>;
    };
    expect(inv.lines.map((l) => [l.hsn, l.gstRate])).toEqual([['95030010', 5]]);
  });

  it('an RFQ turned into an order takes only a well-formed HSN code and a GST rate the site offers', async () => {
    const { seller, buyer } = await approvedProduct();
    const rfq = await call(t.app, 'POST', '/api/buyer/rfqs', {
      token: buyer.token,
      body: { manufacturerId: seller.manufacturer.id, productName: 'Custom puzzle', quantity: 100, targetPrice: 80 },
    });
    const id = rfq.json().id;
    await call(t.app, 'POST', `/api/rfqs/${id}/counter`, {
      token: seller.token,
      body: { pricePerUnit: 90, quantity: 100 },
    });
    await call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, { token: buyer.token, body: { action: 'accept' } });
    const convert = (body: Record<string, unknown>) =>
      call(t.app, 'POST', `/api/rfqs/${id}/convert`, { token: seller.token, body });
    const badHsn = await convert({ hsnCode: 'toys' });
    expect(badHsn.statusCode).toBe(400);
    expect(badHsn.json().fields.hsnCode).toBe('HSN code must be 4, 6 or 8 digits.');
    const badRate = await convert({ hsnCode: '9503', gstPercentage: 7 });
    expect(badRate.statusCode).toBe(400);
    expect(badRate.json().fields.gstPercentage).toBe('Choose the GST rate of this order: 0, 0.25, 3, 5, 18 or 40%.');
    expect(await count(t.database, `orders where rfq_id = '${id}'`)).toBe(0);
    const ok = await convert({ hsnCode: '9503', gstPercentage: 5 });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().products[0]).toMatchObject({ hsnCode: '9503', gstPercentage: '5.00' });
  });
});
