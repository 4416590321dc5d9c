import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { DOCUMENT_MESSAGES, PRODUCT_MESSAGES } from '@ub/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../src/seed/factories.ts';
import { count, filesUnder, loginSeller, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ub-hostile-'));
const uploadsDir = join(dataDir, 'uploads');

const storedFiles = () => filesUnder(uploadsDir);

function pngChunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A few hundred bytes that declare a 10000 x 100000 image: a billion pixels once decoded. */
function pngBomb(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10_000, 0);
  ihdr.writeUInt32BE(100_000, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', Buffer.from([0x78, 0x9c, 0x63, 0, 0, 0, 1, 0, 1])),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

interface Hostile {
  what: string;
  name: string;
  data: Buffer;
  type: string;
  /** Expected message for product images and for seller documents. */
  media: string;
  document: string;
}

describe('hostile uploads', () => {
  const t = useTestApp({ DATA_DIR: dataDir });
  let corpus: Hostile[];
  let jpeg: Buffer;

  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 9, g: 99, b: 199 } } })
      .jpeg()
      .toBuffer();
    const tenMbPlusOne = Buffer.alloc(10 * 1024 * 1024 + 1, 0);
    jpeg.copy(tenMbPlusOne);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(1)</script></svg>';
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004\u0014\u0000\u0000\u0000'), Buffer.alloc(200, 7)]);
    const gifJs = Buffer.from('GIF89a/*\u0000\u0001\u0000\u0001*/=1;alert(document.domain)//');
    corpus = [
      {
        what: 'an SVG with a script',
        name: 'logo.svg',
        data: Buffer.from(svg),
        type: 'image/svg+xml',
        media: PRODUCT_MESSAGES.imageType('logo.svg'),
        document: DOCUMENT_MESSAGES.badType('logo.svg'),
      },
      {
        what: 'an SVG renamed .png',
        name: 'logo.png',
        data: Buffer.from(svg),
        type: 'image/png',
        media: PRODUCT_MESSAGES.imageType('logo.png'),
        document: DOCUMENT_MESSAGES.badType('logo.png'),
      },
      {
        what: 'HTML renamed .png',
        name: 'photo.png',
        data: Buffer.from(HTML),
        type: 'image/png',
        media: PRODUCT_MESSAGES.imageType('photo.png'),
        document: DOCUMENT_MESSAGES.badType('photo.png'),
      },
      {
        what: 'a PNG declaring a billion pixels',
        name: 'bomb.png',
        data: pngBomb(),
        type: 'image/png',
        media: 'Image "bomb.png" has more than 50 million pixels.',
        document: DOCUMENT_MESSAGES.tooManyPixels('bomb.png'),
      },
      {
        what: 'a truncated JPEG',
        name: 'cut.jpg',
        data: jpeg.subarray(0, Math.floor(jpeg.length / 2)),
        type: 'image/jpeg',
        media: PRODUCT_MESSAGES.imageUnreadable('cut.jpg'),
        document: DOCUMENT_MESSAGES.unreadable('cut.jpg'),
      },
      {
        what: 'a zip',
        name: 'photos.zip',
        data: zip,
        type: 'application/zip',
        media: PRODUCT_MESSAGES.imageType('photos.zip'),
        document: DOCUMENT_MESSAGES.badType('photos.zip'),
      },
      {
        what: 'an image of 10 MB and 1 byte',
        name: 'huge.jpg',
        data: tenMbPlusOne,
        type: 'image/jpeg',
        media: PRODUCT_MESSAGES.imageTooBig('huge.jpg'),
        document: DOCUMENT_MESSAGES.tooLarge('huge.jpg'),
      },
      {
        what: 'a GIF that is also JavaScript',
        name: 'poly.gif',
        data: gifJs,
        type: 'image/gif',
        media: PRODUCT_MESSAGES.imageType('poly.gif'),
        document: DOCUMENT_MESSAGES.badType('poly.gif'),
      },
      {
        what: 'a fake PDF (text with a .pdf name)',
        name: 'gst.pdf',
        data: Buffer.from('GST certificate, honestly. %%EOF'),
        type: 'application/pdf',
        media: PRODUCT_MESSAGES.imageType('gst.pdf'),
        document: DOCUMENT_MESSAGES.badType('gst.pdf'),
      },
      {
        what: 'a PDF header on HTML',
        name: 'page.pdf',
        data: Buffer.from(`%PDF-1.4\n${HTML}`),
        type: 'application/pdf',
        media: PRODUCT_MESSAGES.imageType('page.pdf'),
        document: DOCUMENT_MESSAGES.unreadable('page.pdf'),
      },
    ];
  }, 30_000);

  it('refuses every hostile product image with its message, storing no row and no file', async () => {
    const seller = await loginSeller(t.app);
    const product = await createProduct(t.app.db, seller.manufacturer.id);
    for (const h of corpus) {
      const rows = await count(t.database, 'product_media');
      const files = storedFiles().length;
      const res = await upload(t.app, `/api/upload/product-media/${product.id}`, seller.token, [
        { field: 'files', name: h.name, data: h.data, type: h.type },
      ]);
      expect({ what: h.what, status: res.statusCode, error: res.json().error }).toEqual({
        what: h.what,
        status: 400,
        error: h.media,
      });
      expect(await count(t.database, 'product_media')).toBe(rows);
      expect(storedFiles().length).toBe(files);
    }
  }, 60_000);

  it('refuses every hostile seller document with its message, storing no row and no file', async () => {
    const seller = await loginSeller(t.app);
    for (const h of corpus) {
      const rows = await count(t.database, 'manufacturer_documents');
      const files = storedFiles().length;
      const res = await upload(t.app, '/api/settings/documents', seller.token, [
        { field: 'kind', data: 'pan' },
        { field: 'file', name: h.name, data: h.data, type: h.type },
      ]);
      expect({ what: h.what, status: res.statusCode, error: res.json().error }).toEqual({
        what: h.what,
        status: h.document === DOCUMENT_MESSAGES.tooLarge(h.name) ? 413 : 400,
        error: h.document,
      });
      expect(await count(t.database, 'manufacturer_documents')).toBe(rows);
      expect(storedFiles().length).toBe(files);
    }
  }, 60_000);

  it('stores a JPEG with HTML appended re-encoded, so the HTML never reaches storage', async () => {
    const seller = await loginSeller(t.app);
    const product = await createProduct(t.app.db, seller.manufacturer.id);
    const polyglot = Buffer.concat([jpeg, Buffer.from(HTML)]);
    const before = new Set(storedFiles());
    const media = await upload(t.app, `/api/upload/product-media/${product.id}`, seller.token, [
      { field: 'files', name: 'poly.jpg', data: polyglot, type: 'image/jpeg' },
    ]);
    expect(media.statusCode).toBe(201);
    const doc = await upload(t.app, '/api/settings/documents', seller.token, [
      { field: 'kind', data: 'pan' },
      { field: 'file', name: 'poly.jpg', data: polyglot, type: 'image/jpeg' },
    ]);
    expect(doc.statusCode).toBe(201);
    const added = storedFiles().filter((f) => !before.has(f));
    expect(added.length).toBeGreaterThanOrEqual(3);
    for (const f of added) expect(readFileSync(join(uploadsDir, f)).includes('<script>')).toBe(false);
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/settings/documents/${doc.json().id}/file`,
      headers: { authorization: `Bearer ${seller.token}` },
    });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.includes('<script>')).toBe(false);
  }, 30_000);
});
