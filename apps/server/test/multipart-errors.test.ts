import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../src/seed/factories.ts';
import { call, count, loginSeller, useTestApp } from './helpers.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ub-multipart-'));
const uploadsDir = join(dataDir, 'uploads');

function storedFiles(): number {
  try {
    return readdirSync(uploadsDir, { recursive: true }).filter((f) => statSync(join(uploadsDir, String(f))).isFile())
      .length;
  } catch {
    return 0;
  }
}

const BOUNDARY = '----ubMalformed7MA4YWxkTrZu0gW';
const CSV =
  'name,description,sku,price,moq,stock,unit\nBolt,Zinc plated,MP-1,10,1,5,piece\nNut,Brass,MP-2,5,1,5,piece\n';

function filePart(field: string, name: string, type: string, data: Buffer, boundary = BOUNDARY): Buffer {
  return Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    data,
  ]);
}

interface Malformed {
  what: string;
  contentType: string;
  body: (file: Buffer) => Buffer;
}

/** Bodies a broken client, a proxy that cut the upload, or a prober sends. */
const MALFORMED: Malformed[] = [
  {
    what: 'a multipart content type without a boundary',
    contentType: 'multipart/form-data',
    body: (file) => Buffer.concat([filePart('FIELD', 'NAME', 'TYPE', file), Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]),
  },
  {
    what: 'a body cut off in the middle of the file',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: (file) => filePart('FIELD', 'NAME', 'TYPE', file.subarray(0, Math.floor(file.length / 2))),
  },
  {
    what: 'a body cut off in the headers of a part',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: () => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; na`),
  },
  {
    what: 'a body that never shows its boundary',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: (file) => Buffer.concat([Buffer.from('just some bytes\r\n'), file]),
  },
  {
    what: 'a part without a Content-Disposition header',
    contentType: `multipart/form-data; boundary=${BOUNDARY}`,
    body: (file) =>
      Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Type: TYPE\r\n\r\n`),
        file,
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]),
  },
  {
    what: 'a boundary longer than 256 characters',
    contentType: `multipart/form-data; boundary=${'b'.repeat(300)}`,
    body: (file) =>
      Buffer.concat([
        filePart('FIELD', 'NAME', 'TYPE', file, 'b'.repeat(300)),
        Buffer.from(`\r\n--${'b'.repeat(300)}--\r\n`),
      ]),
  },
];

describe('malformed multipart bodies', () => {
  const t = useTestApp({ DATA_DIR: dataDir });
  let jpeg: Buffer;
  let pdf: Buffer;
  let s: Awaited<ReturnType<typeof loginSeller>>;

  beforeAll(async () => {
    s = await loginSeller(t.app);
    jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 9, g: 99, b: 199 } } })
      .jpeg()
      .toBuffer();
    pdf = Buffer.from(`%PDF-1.4\n1 0 obj <<>> endobj\n${'x'.repeat(4000)}\ntrailer <<>>\n%%EOF\n`);
  });

  async function expectRefused(url: string, token: string, m: Malformed, body: Buffer, table: string) {
    const rows = await count(t.database, table);
    const files = storedFiles();
    const res = await call(t.app, 'POST', url, { token, body, headers: { 'content-type': m.contentType } });
    const json = res.json();
    expect({ what: m.what, status: res.statusCode }).toEqual({ what: m.what, status: 400 });
    expect(typeof json.error).toBe('string');
    expect(json.error).not.toMatch(/Something went wrong/);
    expect(await count(t.database, table)).toBe(rows);
    expect(storedFiles()).toBe(files);
    return json.error as string;
  }

  const fill = (b: Buffer, field: string, name: string, type: string) =>
    Buffer.from(
      b.toString('latin1').replace('FIELD', field).replace('NAME', name).replace('TYPE', type).replace('TYPE', type),
      'latin1',
    );

  it.each(MALFORMED)('answers 400 to product images sent as $what, storing nothing', async (m) => {
    const product = await createProduct(t.app.db, s.manufacturer.id);
    const body = fill(m.body(jpeg), 'files', 'front.jpg', 'image/jpeg');
    await expectRefused(`/api/upload/product-media/${product.id}`, s.token, m, body, 'product_media');
  });

  it.each(MALFORMED)('answers 400 to a bulk CSV sent as $what, importing nothing', async (m) => {
    const body = fill(m.body(Buffer.from(CSV)), 'file', 'products.csv', 'text/csv');
    await expectRefused('/api/products/bulk-upload', s.token, m, body, 'products');
  });

  it.each(MALFORMED)('answers 400 to a seller document sent as $what, storing nothing', async (m) => {
    const kind = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="kind"\r\n\r\npan\r\n`);
    const body = fill(m.body(pdf), 'file', 'pan.pdf', 'application/pdf');
    // The form sends the document type first; the broken part follows it where the body has a boundary to use.
    const withKind = m.contentType.endsWith(BOUNDARY) && body.includes(BOUNDARY) ? Buffer.concat([kind, body]) : body;
    await expectRefused('/api/settings/documents', s.token, m, withKind, 'manufacturer_documents');
  });

  it('says what is wrong: no boundary, and a body that ended too soon', async () => {
    const noBoundary = await call(t.app, 'POST', '/api/products/bulk-upload', {
      token: s.token,
      body: Buffer.from('name,description\n'),
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.json()).toEqual({ error: 'The upload is not valid multipart/form-data: it has no boundary.' });
    const cut = await call(t.app, 'POST', '/api/products/bulk-upload', {
      token: s.token,
      body: filePart('file', 'products.csv', 'text/csv', Buffer.from(CSV)),
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    });
    expect(cut.json()).toEqual({ error: 'The upload ended before it was complete. Please try again.' });
  });
});
