import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createProduct } from '../src/seed/factories.ts';
import { call, count, loginSeller, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';

const HEADER = 'name,description,sku,price,moq,stock,unit';

describe('bulk product upload', () => {
  const t = useTestApp();

  const send = (token: string, data: string | Buffer, name = 'products.csv') =>
    upload(t.app, '/api/products/bulk-upload', token, [{ field: 'file', name, data, type: 'text/csv' }]);

  it('gives the template with exactly the required headers', async () => {
    const s = await loginSeller(t.app);
    const res = await call(t.app, 'GET', '/api/products/bulk-upload/template', { token: s.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bulk_upload_template.csv"');
    expect(res.body).toBe('name,description,sku,price,moq,stock,unit\n');
  });

  it('inserts the good rows and reports each bad row by row number, column and reason', async () => {
    const s = await loginSeller(t.app);
    await createProduct(t.app.db, s.manufacturer.id, { sku: 'EXISTING-1' });
    const csv = [
      `${HEADER},category,sizes,colors,gst_percentage,hsn_code`,
      'Teddy Bear,Soft plush 30 cm,TB-30,399.00,24,500,piece,toys,"S, M,,L",Brown,18,9503',
      'Bad price,Desc,BP-1,0,10,5,piece,,,,,',
      'Missing unit,Desc,MU-1,10,10,5,,,,,,',
      'Rubber Duck,"Bath toy, floats",RD-1,59.5,100,0,piece,toys,,Yellow,5,950300',
      'Second Teddy,Same SKU,TB-30,10,1,1,piece,,,,,',
      'Old stock,Desc,EXISTING-1,10,1,1,piece,,,,,',
      'Bad GST,Desc,GST-1,10,1,1,piece,,,,12,',
      'Two errors,,TE-1,10,0,1,box,,,,,',
      'Short row,Desc',
      ',,,,,,,,,,,',
      'Carton,5 ply,CB-1,12.75,1000,20000,box,packaging,,,18,48191010',
    ].join('\r\n');
    const before = await count(t.database, 'products');
    const res = await send(s.token, csv);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.successCount).toBe(3);
    expect(body.failedCount).toBe(7);
    expect(body.truncated).toBe(false);
    expect(body.failed).toEqual([
      { row: 3, column: 'price', reason: 'Price must be greater than 0.', sku: 'BP-1' },
      { row: 4, column: 'unit', reason: 'Unit is required.', sku: 'MU-1' },
      { row: 6, column: 'sku', reason: 'SKU already used in row 2 of this file.', sku: 'TB-30' },
      { row: 7, column: 'sku', reason: 'A product with this SKU already exists.', sku: 'EXISTING-1' },
      { row: 8, column: 'gst_percentage', reason: 'GST rate must be one of 0, 0.25, 3, 5, 18, 40.', sku: 'GST-1' },
      { row: 9, column: 'description', reason: 'Description is required.', sku: 'TE-1' },
      { row: 9, column: 'moq', reason: 'MOQ must be at least 1.', sku: 'TE-1' },
      { row: 10, column: 'row', reason: 'Expected 12 columns, found 2.' },
    ]);
    expect(await count(t.database, 'products')).toBe(before + 3);
    const list = (await call(t.app, 'GET', '/api/products?q=TB-30', { token: s.token })).json();
    expect(list.products).toHaveLength(1);
    const teddy = (await call(t.app, 'GET', `/api/product/${list.products[0].id}`, { token: s.token })).json();
    expect(teddy).toMatchObject({
      price: '399.00',
      moq: 24,
      sizes: ['S', 'M', 'L'],
      colors: ['Brown'],
      gst_percentage: 18,
      hsn_code: '9503',
      moderation_status: 'pending',
      status: 'active',
    });
  });

  it('reports whole-number, unit and case-blind SKU errors, and splits lists on commas only', async () => {
    const s = await loginSeller(t.app);
    await createProduct(t.app.db, s.manufacturer.id, { sku: 'old-1' });
    const csv = [
      `${HEADER},sizes,colors`,
      'Kurta,Cotton,KU-1,499,10,5,piece,"Free Size, XL","Sky Blue, Navy Blue, sky blue"',
      'Half MOQ,Desc,HM-1,10,1.5,5,piece,,',
      'Dozen,Desc,DZ-1,10,1,5,dozen,,',
      'Upper,Desc,OLD-1,10,1,5,piece,,',
      'Lower again,Desc,ku-1,10,1,5,piece,,',
    ].join('\n');
    const res = await send(s.token, csv);
    expect(res.json().failed).toEqual([
      { row: 3, column: 'moq', reason: 'MOQ must be a whole number.', sku: 'HM-1' },
      { row: 4, column: 'unit', reason: 'Unit must be one of piece, kg, gram, liter, meter, box, pack.', sku: 'DZ-1' },
      { row: 5, column: 'sku', reason: 'A product with this SKU already exists.', sku: 'OLD-1' },
      { row: 6, column: 'sku', reason: 'SKU already used in row 2 of this file.', sku: 'ku-1' },
    ]);
    expect(res.json().successCount).toBe(1);
    const list = (await call(t.app, 'GET', '/api/products?q=KU-1', { token: s.token })).json();
    const kurta = (await call(t.app, 'GET', `/api/product/${list.products[0].id}`, { token: s.token })).json();
    expect(kurta).toMatchObject({ sizes: ['Free Size', 'XL'], colors: ['Sky Blue', 'Navy Blue'] });
  });

  it('accepts a UTF-8 BOM and quoted fields with commas, quotes and line breaks', async () => {
    const s = await loginSeller(t.app);
    const csv = `\uFEFF${HEADER}\n"Kite ""Patang""","Paper kite,\nwith string",KITE-1,35,100,50,piece\n`;
    const res = await send(s.token, csv);
    expect(res.json()).toMatchObject({ successCount: 1, failedCount: 0 });
    const list = (await call(t.app, 'GET', '/api/products?q=KITE', { token: s.token })).json();
    expect(list.products[0].name).toBe('Kite "Patang"');
  });

  const malformed: Array<[string, string | Buffer, string, string?]> = [
    ['an empty file', '', 'The file is empty.'],
    ['a header without rows', `${HEADER}\n`, 'The file has no product rows.'],
    [
      'columns in another order',
      'description,name,sku,price,moq,stock,unit\nx,y,z,1,1,1,piece\n',
      'The columns must be exactly name,description,sku,price,moq,stock,unit in this order (optional product columns may follow).',
    ],
    [
      'a missing required column',
      'name,description,sku,price,moq,stock\nx,y,z,1,1,1\n',
      'The columns must be exactly name,description,sku,price,moq,stock,unit in this order (optional product columns may follow).',
    ],
    ['an unknown extra column', `${HEADER},colour\nx,y,z,1,1,1,piece,red\n`, 'Unknown column "colour".'],
    [
      'an unterminated quote after good rows',
      `${HEADER}\nGood,Row,G-1,1,1,1,piece\nGood,Row,G-2,1,1,1,piece\n"Broken,Row,G-3,1,1,1,piece\n`,
      'The file is not valid CSV: a quoted value is never closed.',
    ],
    [
      'a binary file named .csv',
      Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x10]),
      'Only CSV files can be uploaded.',
    ],
    [
      'a zip (xlsx) named .csv',
      Buffer.concat([Buffer.from('504b030414000000', 'hex'), deflateRawSync(Buffer.from(HEADER))]),
      'Only CSV files can be uploaded.',
    ],
    ['a PNG named .csv', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), 'Only CSV files can be uploaded.'],
    [
      'text that is not UTF-8',
      Buffer.from(`${HEADER}\nCaf\xe9,d,s,1,1,1,piece\n`, 'latin1'),
      'Only CSV files can be uploaded.',
    ],
  ];

  it.each(malformed)('refuses %s with a 400 and writes nothing', async (_label, data, message) => {
    const s = await loginSeller(t.app);
    const before = await count(t.database, 'products');
    const res = await send(s.token, data);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await count(t.database, 'products')).toBe(before);
  });

  it('refuses a request without a file field', async () => {
    const s = await loginSeller(t.app);
    const res = await upload(t.app, '/api/products/bulk-upload', s.token, [
      { field: 'other', name: 'x.csv', data: `${HEADER}\n` },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Choose a CSV file to upload.');
  });

  it('imports more rows than one insert batch holds, with errors spread through the file', async () => {
    const s = await loginSeller(t.app);
    const lines = [HEADER];
    for (let i = 1; i <= 4500; i++) {
      lines.push(i % 1000 === 0 ? `Bad ${i},d,BULK-${i},-1,1,1,piece` : `Item ${i},d,BULK-${i},${i}.25,1,${i},kg`);
    }
    const res = await send(s.token, `${lines.join('\n')}\n`);
    const body = res.json();
    expect(body.successCount).toBe(4496);
    expect(body.failedCount).toBe(4);
    expect(body.failed.map((f: { row: number }) => f.row)).toEqual([1001, 2001, 3001, 4001]);
    const [row] = await t.database.query<{ n: number }>(
      'select count(*)::int as n from products where manufacturer_id = $1',
      [s.manufacturer.id],
    );
    expect(row?.n).toBe(4496);
  });

  it('scopes the import to the caller: another seller’s SKUs do not clash', async () => {
    const a = await loginSeller(t.app);
    const b = await loginSeller(t.app);
    await createProduct(t.app.db, a.manufacturer.id, { sku: 'SHARED-1' });
    const res = await send(b.token, `${HEADER}\nX,Y,SHARED-1,1,1,1,piece\n`);
    expect(res.json()).toMatchObject({ successCount: 1, failedCount: 0 });
  });
});
