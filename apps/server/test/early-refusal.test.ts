import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../src/seed/factories.ts';
import { loginSeller, useTestApp } from './helpers.ts';

const BOUNDARY = '----ubEarlyRefusal';

/** A multipart body with one file part (and optional plain fields before it), closed properly. */
function form(fields: Record<string, string>, field: string, name: string, data: Buffer): Buffer {
  const head = Object.entries(fields).map(
    ([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  return Buffer.concat([
    Buffer.from(
      `${head.join('')}--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

interface Sent {
  status: number;
  body: string;
  socket: Socket;
  ms: number;
}

/**
 * These tests need a real socket: the bug is the server leaving the rest of a refused body on a kept-alive
 * connection, so the next request on it waits behind bytes nobody reads. `inject` has no connection to reuse.
 */
describe('a request refused before its body was read', () => {
  const t = useTestApp();
  let base: string;
  let agent: Agent;
  let seller: Awaited<ReturnType<typeof loginSeller>>;

  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    seller = await loginSeller(t.app);
  });
  afterAll(() => agent?.destroy());

  /** One request on the shared keep-alive agent (one socket at most); fails after 5 s instead of hanging. */
  function send(method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Sent> {
    const t0 = performance.now();
    return new Promise((resolve, reject) => {
      const req = request(`${base}${path}`, { method, agent, headers, timeout: 5000 }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString(),
            socket: req.socket as Socket,
            ms: performance.now() - t0,
          }),
        );
      });
      req.on('timeout', () => req.destroy(new Error(`${method} ${path} got no answer within 5 s`)));
      // The server may answer and close before the whole body is written; the answer is what counts.
      req.on('error', (err) => (err.message.includes('within 5 s') ? reject(err) : undefined));
      req.end(body);
    });
  }

  async function refusedThenNext(first: () => Promise<Sent>, status: number) {
    agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const refused = await first();
    expect(refused.status).toBe(status);
    expect(JSON.parse(refused.body).error).toEqual(expect.any(String));
    const next = await send('GET', '/api/health', {});
    expect(next.status).toBe(200);
    expect(next.ms).toBeLessThan(2000);
    agent.destroy();
    return { refused, next };
  }

  const auth = () => ({ authorization: `Bearer ${seller.token}` });
  const multipart = { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };

  it('answers the next request on the connection after a bulk CSV refused at its 1 MB first line', async () => {
    const csv = Buffer.concat([Buffer.from('a'.repeat(1024 * 1024)), Buffer.from('\nx,y\n'.repeat(200_000))]);
    const { refused, next } = await refusedThenNext(
      () => send('POST', '/api/products/bulk-upload', { ...auth(), ...multipart }, form({}, 'file', 'p.csv', csv)),
      400,
    );
    expect(JSON.parse(refused.body).error).toMatch(/row is longer than/);
    // Drained, not closed: the same connection carried the next request.
    expect(next.socket).toBe(refused.socket);
  });

  it('answers the next request after product images refused before reading (another seller’s product)', async () => {
    const other = await createProduct(t.app.db, (await loginSeller(t.app)).manufacturer.id);
    const body = form({}, 'files', 'a.jpg', Buffer.alloc(4 * 1024 * 1024, 1));
    await refusedThenNext(
      () => send('POST', `/api/upload/product-media/${other.id}`, { ...auth(), ...multipart }, body),
      404,
    );
  });

  it('answers the next request after an upload refused for a missing sign-in', async () => {
    const body = form({ kind: 'pan' }, 'file', 'pan.pdf', Buffer.alloc(4 * 1024 * 1024, 1));
    await refusedThenNext(() => send('POST', '/api/settings/documents', multipart, body), 401);
  });

  it('answers the next request after a document refused for its size part-way through', async () => {
    const body = form({ kind: 'pan' }, 'file', 'pan.pdf', Buffer.alloc(14 * 1024 * 1024, 1));
    await refusedThenNext(() => send('POST', '/api/settings/documents', { ...auth(), ...multipart }, body), 413);
  });

  it('answers the next request after product images refused at the first bad file of several', async () => {
    const product = await createProduct(t.app.db, seller.manufacturer.id);
    const parts = Array.from({ length: 8 }, () => Buffer.alloc(1024 * 1024, 7));
    const body = Buffer.concat([
      ...parts.map((p, i) =>
        Buffer.concat([
          Buffer.from(
            `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="f${i}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
          ),
          p,
          Buffer.from('\r\n'),
        ]),
      ),
      Buffer.from(`--${BOUNDARY}--\r\n`),
    ]);
    await refusedThenNext(
      () => send('POST', `/api/upload/product-media/${product.id}`, { ...auth(), ...multipart }, body),
      400,
    );
  });

  it('answers the next request after a JSON body over the size limit', async () => {
    const body = Buffer.from(JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }));
    await refusedThenNext(
      () => send('POST', '/api/product/add', { ...auth(), 'content-type': 'application/json' }, body),
      413,
    );
  });
});
