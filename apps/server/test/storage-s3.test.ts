import { mkdtempSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { s3Storage } from '../src/lib/storage.ts';
import { call, loginSeller, testConfig, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';

/**
 * Object storage against s3rver, an S3-compatible server on a local port (it checks requests, paths and buckets,
 * not Signature V4 itself, which `aws4fetch` computes).
 */
const objects = mkdtempSync(join(tmpdir(), 'ub-s3-'));
const dataDir = mkdtempSync(join(tmpdir(), 'ub-s3-data-'));
const env = {
  S3_BUCKET: 'media',
  S3_ENDPOINT: '',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  DATA_DIR: dataDir,
};
let server: S3rver;

beforeAll(async () => {
  server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: objects,
    configureBuckets: [{ name: 'media' }],
  });
  const { port } = await server.run();
  env.S3_ENDPOINT = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  await server.close();
});

const storage = () =>
  s3Storage({
    bucket: 'media',
    region: 'ap-south-1',
    endpoint: env.S3_ENDPOINT,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
const text = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c as Buffer));
  return Buffer.concat(chunks).toString();
};

describe('S3-compatible object storage', () => {
  const t = useTestApp(env);

  it('puts, gets with its size, and deletes an object; a missing one is undefined', async () => {
    const s = storage();
    await s.put('docs/a b/ünïcode.txt', Buffer.from('hello storage'), 'text/plain');
    const got = await s.get('docs/a b/ünïcode.txt');
    expect(got?.size).toBe(13);
    expect(await text(got?.stream as NodeJS.ReadableStream)).toBe('hello storage');
    await s.delete('docs/a b/ünïcode.txt');
    expect(await s.get('docs/a b/ünïcode.txt')).toBeUndefined();
    // Deleting what is already gone is not an error.
    await s.delete('docs/a b/ünïcode.txt');
  });

  it('refuses keys with empty or dot segments, and reports a store that answers with an error', async () => {
    await expect(storage().put('../escape.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/invalid storage key/);
    await expect(storage().get('a//b')).rejects.toThrow(/invalid storage key/);
    const noBucket = s3Storage({
      bucket: 'missing',
      region: 'ap-south-1',
      endpoint: env.S3_ENDPOINT,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
    });
    await expect(noBucket.put('x.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/answered 404/);
    // A missing bucket is a misconfiguration, not a missing file.
    await expect(noBucket.get('x.txt')).rejects.toThrow(/answered 404/);
  });

  it('gives up on a store that keeps failing after two retries, with an error', async () => {
    let requests = 0;
    const failing = createServer((_req, res) => {
      requests++;
      res.writeHead(503).end('<Error><Code>SlowDown</Code></Error>');
    });
    await new Promise<void>((r) => failing.listen(0, '127.0.0.1', () => r()));
    const { port } = failing.address() as AddressInfo;
    try {
      const down = s3Storage({
        bucket: 'media',
        region: 'ap-south-1',
        endpoint: `http://127.0.0.1:${port}`,
        accessKeyId: 'K',
        secretAccessKey: 'S',
      });
      await expect(down.put('a.txt', Buffer.from('x'), 'text/plain')).rejects.toThrow(/answered 503/);
      expect(requests).toBe(3);
    } finally {
      failing.close();
    }
  });

  it('is what the app uses when S3_BUCKET is set: product images and thumbnails go to the bucket, not the disk', async () => {
    const s = await loginSeller(t.app);
    const created = await call(t.app, 'POST', '/api/product/add', {
      token: s.token,
      body: {
        name: 'Brass Hinge',
        description: 'Pair',
        sku: 'S3-1',
        price: 120,
        moq: 10,
        stock: 50,
        unit: 'piece',
        category: 'packaging',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().product_id as string;
    const picture = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c85028' } })
      .jpeg()
      .toBuffer();
    const res = await upload(t.app, `/api/upload/product-media/${id}`, s.token, [
      { field: 'files', name: 'hinge.jpg', data: picture },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json().media[0] as { url: string; thumb_url: string };
    const thumb = await call(t.app, 'GET', media.thumb_url);
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');
    expect((await sharp(thumb.rawPayload).metadata()).width).toBe(320);
    const key = media.url.replace('/api/media/', '');
    expect(await storage().get(key)).toBeDefined();
    expect(readdirSync(dataDir, { recursive: true }).some((f) => String(f).includes('uploads'))).toBe(false);

    expect((await call(t.app, 'DELETE', `/api/product/${id}`, { token: s.token })).statusCode).toBe(200);
    expect(await storage().get(key)).toBeUndefined();
    expect((await call(t.app, 'GET', media.thumb_url)).statusCode).toBe(404);
  });

  it('will not start with a bucket but no keys', () => {
    expect(() => testConfig({ S3_BUCKET: 'media' })).toThrow(
      /S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY/,
    );
  });
});
