import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { call, count, loginSeller, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ub-media-'));

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } });

/** A JPEG with EXIF (camera make and GPS-like comment) that must not survive the upload. */
const jpegWithExif = () =>
  solid(800, 600)
    .jpeg()
    .withExif({ IFD0: { Make: 'SecretCam', Copyright: 'Hidden Owner' } })
    .toBuffer();

const fileCount = (dir: string): number => {
  try {
    return readdirSync(dir, { recursive: true }).filter((f) => String(f).includes('.')).length;
  } catch {
    return 0;
  }
};

describe('product images', () => {
  const t = useTestApp({ DATA_DIR: dataDir });
  const uploadsDir = join(dataDir, 'uploads');

  async function newProduct(token: string, sku: string) {
    const res = await call(t.app, 'POST', '/api/product/add', {
      token,
      body: {
        name: 'Resistor Kit',
        description: '600 pieces',
        sku,
        price: 450,
        moq: 10,
        stock: 90,
        unit: 'box',
        category: 'electronic_components',
      },
    });
    return res.json().product_id as string;
  }

  it('stores JPEG, PNG and WebP images with thumbnails, and lists them in media_urls and the table', async () => {
    const s = await loginSeller(t.app);
    const id = await newProduct(s.token, 'IMG-OK');
    const res = await upload(t.app, `/api/upload/product-media/${id}`, s.token, [
      { field: 'files', name: 'front.jpg', data: await solid(800, 600).jpeg().toBuffer() },
      { field: 'files', name: 'side.png', data: await solid(500, 500).png().toBuffer() },
      { field: 'files', name: 'top.webp', data: await solid(10000, 200).webp().toBuffer() },
    ]);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.media_urls).toHaveLength(3);
    expect(body.media.map((m: { name: string }) => m.name)).toEqual(['front.jpg', 'side.png', 'top.webp']);
    expect(body.media[0].url).toMatch(/^\/api\/media\/products\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.jpg$/);

    const img = await call(t.app, 'GET', body.media_urls[0]);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.headers['cache-control']).toContain('immutable');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    const thumb = await call(t.app, 'GET', body.media[0].thumb_url);
    expect(thumb.headers['content-type']).toBe('image/webp');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);

    const list = (await call(t.app, 'GET', '/api/products?q=IMG-OK', { token: s.token })).json();
    expect(list.products[0].thumbnail_url).toBe(body.media[0].thumb_url);
  });

  it('strips EXIF metadata from stored images', async () => {
    const s = await loginSeller(t.app);
    const id = await newProduct(s.token, 'IMG-EXIF');
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(t.app, `/api/upload/product-media/${id}`, s.token, [
      { field: 'files', name: 'camera.jpg', data: original },
    ]);
    expect(res.statusCode).toBe(201);
    const stored = await call(t.app, 'GET', res.json().media_urls[0]);
    expect((await sharp(stored.rawPayload).metadata()).exif).toBeUndefined();
    expect(stored.rawPayload.includes('SecretCam')).toBe(false);
  });

  const cases: Array<[string, () => Promise<Buffer> | Buffer, string, string]> = [
    [
      'an image narrower than 500 px',
      () => solid(499, 800).png().toBuffer(),
      'narrow.png',
      'width must be between 500px and 10000px.',
    ],
    [
      'an image wider than 10000 px',
      () => solid(10001, 10).png().toBuffer(),
      'wide.png',
      'width must be between 500px and 10000px.',
    ],
    [
      'a file over 10 MB',
      () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024)]),
      'huge.jpg',
      'exceeds 10MB size limit.',
    ],
    [
      'an SVG',
      () =>
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><script>alert(1)</script></svg>'),
      'logo.svg',
      'is not a JPEG, PNG or WebP image.',
    ],
    [
      'text renamed .png',
      () => Buffer.from('<html><body>not an image</body></html>'),
      'page.png',
      'is not a JPEG, PNG or WebP image.',
    ],
    [
      'a zip archive',
      () => Buffer.from('504b0304140000000800', 'hex'),
      'photos.zip',
      'is not a JPEG, PNG or WebP image.',
    ],
  ];

  it.each(cases)('rejects %s and stores nothing', async (_label, make, name, message) => {
    const s = await loginSeller(t.app);
    const id = await newProduct(s.token, `BAD-${name}`);
    const filesBefore = fileCount(uploadsDir);
    const rowsBefore = await count(t.database, 'product_media');
    const res = await upload(t.app, `/api/upload/product-media/${id}`, s.token, [
      { field: 'files', name, data: await make(), type: 'image/png' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message.startsWith('is not') ? `"${name}" ${message}` : `Image "${name}" ${message}`);
    expect(await count(t.database, 'product_media')).toBe(rowsBefore);
    expect(fileCount(uploadsDir)).toBe(filesBefore);
  });

  it('rejects a truncated image as unreadable', async () => {
    const s = await loginSeller(t.app);
    const id = await newProduct(s.token, 'IMG-TRUNC');
    const full = await solid(1200, 900).jpeg({ quality: 95 }).toBuffer();
    const res = await upload(t.app, `/api/upload/product-media/${id}`, s.token, [
      { field: 'files', name: 'cut.jpg', data: full.subarray(0, Math.floor(full.length / 2)) },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Could not read image "cut.jpg".');
  });

  it('rejects a decompression bomb by its pixel count before decoding it', async () => {
    const s = await loginSeller(t.app);
    const id = await newProduct(s.token, 'IMG-BOMB');
    // A small PNG whose header claims 8000 x 8000 (64 megapixels): decoding it would allocate ~200 MB.
    const bomb = await solid(600, 600).png().toBuffer();
    bomb.writeUInt32BE(8000, 16);
    bomb.writeUInt32BE(8000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const res = await upload(t.app, `/api/upload/product-media/${id}`, s.token, [
      { field: 'files', name: 'bomb.png', data: bomb },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('Image "bomb.png" has more than 50 million pixels.');
  });

  it('stores nothing when one image of several is bad', async () => {
    const s = await loginSeller(t.app);
    const id = await newProduct(s.token, 'IMG-MIX');
    const res = await upload(t.app, `/api/upload/product-media/${id}`, s.token, [
      { field: 'files', name: 'good.png', data: await solid(600, 600).png().toBuffer() },
      { field: 'files', name: 'small.png', data: await solid(100, 100).png().toBuffer() },
    ]);
    expect(res.statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/product/${id}`, { token: s.token })).json().media_urls).toEqual([]);
  });

  it('asks for at least one image when the request has none, and refuses a non-multipart body', async () => {
    const s = await loginSeller(t.app);
    const id = await newProduct(s.token, 'IMG-NONE');
    const empty = await upload(t.app, `/api/upload/product-media/${id}`, s.token, []);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe('Please upload at least one product image before submitting.');
    const json = await call(t.app, 'POST', `/api/upload/product-media/${id}`, { token: s.token, body: { files: [] } });
    expect(json.statusCode).toBe(400);
  });

  it('caps a product at 10 images', async () => {
    const s = await loginSeller(t.app);
    const id = await newProduct(s.token, 'IMG-MAX');
    const png = await solid(500, 500).png().toBuffer();
    const ten = Array.from({ length: 10 }, (_, i) => ({ field: 'files', name: `p${i}.png`, data: png }));
    expect((await upload(t.app, `/api/upload/product-media/${id}`, s.token, ten)).statusCode).toBe(201);
    const more = await upload(t.app, `/api/upload/product-media/${id}`, s.token, [
      { field: 'files', name: 'x.png', data: png },
    ]);
    expect(more.statusCode).toBe(400);
    expect(more.json().error).toBe('A product can have at most 10 images.');
  });

  it('removes images chosen in an edit, and deletes every file with the product', async () => {
    const s = await loginSeller(t.app);
    const id = await newProduct(s.token, 'IMG-RM');
    const before = fileCount(uploadsDir);
    const up = await upload(t.app, `/api/upload/product-media/${id}`, s.token, [
      { field: 'files', name: 'a.png', data: await solid(600, 600).png().toBuffer() },
      { field: 'files', name: 'b.png', data: await solid(700, 600).png().toBuffer() },
    ]);
    expect(fileCount(uploadsDir)).toBe(before + 4);
    const [first, second] = up.json().media;
    const detail = (await call(t.app, 'GET', `/api/product/${id}`, { token: s.token })).json();
    const put = await call(t.app, 'PUT', `/api/product/${id}`, {
      token: s.token,
      body: { ...detail, hsn_code: undefined, remove_media_ids: [first.id] },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().media.map((m: { id: string }) => m.id)).toEqual([second.id]);
    expect((await call(t.app, 'GET', first.url)).statusCode).toBe(404);
    expect(fileCount(uploadsDir)).toBe(before + 2);

    expect((await call(t.app, 'DELETE', `/api/product/${id}`, { token: s.token })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', second.url)).statusCode).toBe(404);
    expect(fileCount(uploadsDir)).toBe(before);
  });

  it('serves only server-generated keys under /api/media/products', async () => {
    expect((await call(t.app, 'GET', '/api/media/products/../../etc/passwd')).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/media/documents/x.pdf')).statusCode).toBe(404);
  });
});
