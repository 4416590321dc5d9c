import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BUSY_MESSAGE, createImageWork } from '../src/lib/image-work.ts';
import { createProduct } from '../src/seed/factories.ts';
import { call, loginSeller, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';

/** A job that runs until the test ends it, recording when it started. */
function controlled(log: string[], name: string) {
  let finish!: () => void;
  const ended = new Promise<void>((r) => {
    finish = r;
  });
  return {
    job: async () => {
      log.push(name);
      await ended;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('the image work queue', () => {
  it('runs at most `workers` jobs, one per user at a time, users taking turns', async () => {
    const work = createImageWork({ workers: 2, perUser: 2 });
    const started: string[] = [];
    const a = [1, 2, 3, 4].map((i) => controlled(started, `a${i}`));
    const b = [1, 2].map((i) => controlled(started, `b${i}`));
    const c = controlled(started, 'c1');
    const results = [
      ...a.map((j) => work.run('seller-a', j.job)),
      ...b.map((j) => work.run('seller-b', j.job)),
      work.run('seller-c', c.job),
    ];
    await tick();
    // Two workers: seller A's first image and seller B's first; A's other three wait behind them.
    expect(started).toEqual(['a1', 'b1']);
    expect(work.load()).toEqual({ running: 2, waiting: 5 });
    a[0]?.finish();
    await tick();
    // A's turn ended: C, who waited, goes before A's second image.
    expect(started).toEqual(['a1', 'b1', 'c1']);
    b[0]?.finish();
    await tick();
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2']);
    c.finish();
    await tick();
    expect(started).toEqual(['a1', 'b1', 'c1', 'a2', 'b2']);
    for (const j of [...a, ...b]) j.finish();
    expect(await Promise.all(results)).toEqual(['a1', 'a2', 'a3', 'a4', 'b1', 'b2', 'c1']);
    expect(work.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('passes a failed job’s error to its caller and goes on with the next', async () => {
    const work = createImageWork({ workers: 1 });
    const failed = work.run('s', async () => {
      throw new Error('unreadable');
    });
    const next = work.run('s', async () => 'ok');
    await expect(failed).rejects.toThrow('unreadable');
    expect(await next).toBe('ok');
  });

  it('admits `perUser` requests per user and refuses the next with 429 and Retry-After until one ends', () => {
    const work = createImageWork({ workers: 1, perUser: 2 });
    const first = work.admit('s');
    work.admit('s');
    expect(() => work.admit('s')).toThrow(expect.objectContaining({ statusCode: 429, retryAfterSeconds: 5 }));
    expect(work.admitted('other')).toBe(0);
    work.admit('other');
    first();
    first();
    expect(work.admitted('s')).toBe(1);
    work.admit('s');
  });
});

const dataDir = mkdtempSync(join(tmpdir(), 'ub-image-work-'));
const BOUNDARY = '----ubImageWork';

describe('image uploads under load', () => {
  const t = useTestApp({ DATA_DIR: dataDir, IMAGE_WORKERS: '1' });
  let jpeg: Buffer;

  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 90, g: 30, b: 160 } } })
      .jpeg()
      .toBuffer();
  });

  /** An upload whose body arrives only up to the middle of its file until `finish` is called. */
  function slowUpload(productId: string, token: string) {
    const body = Buffer.concat([
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="slow.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      jpeg,
      Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
    ]);
    const stream = new PassThrough();
    stream.write(body.subarray(0, body.length >> 1));
    const answer = t.app.inject({
      method: 'POST',
      url: `/api/upload/product-media/${productId}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: stream,
    });
    return { answer, finish: () => stream.end(body.subarray(body.length >> 1)) };
  }

  it('refuses a seller’s third upload in progress with 429 and Retry-After, and not another seller’s', async () => {
    const a = await loginSeller(t.app);
    const b = await loginSeller(t.app);
    const [p1, p2, p3] = await Promise.all([1, 2, 3].map(() => createProduct(t.app.db, a.manufacturer.id)));
    const first = slowUpload(p1?.id as string, a.token);
    const second = slowUpload(p2?.id as string, a.token);
    await vi.waitFor(() => expect(t.app.imageWork.admitted(a.manufacturer.id)).toBe(2));

    const third = await upload(t.app, `/api/upload/product-media/${p3?.id}`, a.token, [
      { field: 'files', name: 'third.jpg', data: jpeg },
    ]);
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('5');
    expect(third.json().error).toBe(BUSY_MESSAGE);
    const doc = await upload(t.app, '/api/settings/documents', a.token, [
      { field: 'kind', data: 'pan' },
      { field: 'file', name: 'pan.jpg', data: jpeg },
    ]);
    expect(doc.statusCode).toBe(429);

    const other = await createProduct(t.app.db, b.manufacturer.id);
    const fromB = await upload(t.app, `/api/upload/product-media/${other.id}`, b.token, [
      { field: 'files', name: 'b.jpg', data: jpeg },
    ]);
    expect(fromB.statusCode).toBe(201);
    expect((await call(t.app, 'GET', '/api/products', { token: b.token })).statusCode).toBe(200);

    first.finish();
    second.finish();
    expect((await first.answer).statusCode).toBe(201);
    expect((await second.answer).statusCode).toBe(201);
    expect(t.app.imageWork.admitted(a.manufacturer.id)).toBe(0);
    const again = await upload(t.app, `/api/upload/product-media/${p3?.id}`, a.token, [
      { field: 'files', name: 'third.jpg', data: jpeg },
    ]);
    expect(again.statusCode).toBe(201);
  });

  it('decodes at most IMAGE_WORKERS images at once while three sellers upload batches together', async () => {
    const sellers = await Promise.all([1, 2, 3].map(() => loginSeller(t.app)));
    const work = t.app.imageWork;
    const run = work.run.bind(work);
    let now = 0;
    let most = 0;
    let jobs = 0;
    work.run = (key, job) =>
      run(key, async () => {
        jobs++;
        most = Math.max(most, ++now);
        try {
          return await job();
        } finally {
          now--;
        }
      });
    try {
      const answers = await Promise.all(
        sellers.map(async (s) => {
          const product = await createProduct(t.app.db, s.manufacturer.id);
          const four = Array.from({ length: 4 }, (_, i) => ({ field: 'files', name: `${i}.jpg`, data: jpeg }));
          return upload(t.app, `/api/upload/product-media/${product.id}`, s.token, four);
        }),
      );
      expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    } finally {
      work.run = run;
    }
    expect(jobs).toBe(12);
    expect(most).toBe(1);
  });
});
