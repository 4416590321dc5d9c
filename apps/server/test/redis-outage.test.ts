import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { createSeller, makePhone } from '../src/seed/factories.ts';
import { freshDatabase, sellerRegistration, testConfig, textNotice } from './helpers.ts';

/**
 * A Redis that completes the connection handshake (answers INFO, so the client is ready) and then never answers
 * again: a frozen host or a network partition, where the socket stays open and commands get no reply.
 */
function hungRedis(): Promise<{ server: Server; url: string; handshakes: () => number }> {
  let handshakes = 0;
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('data', (chunk) => {
      // Commands arrive as RESP arrays; the first bulk string of each is its name.
      for (const [, name] of chunk.toString().matchAll(/\*\d+\r\n\$\d+\r\n([a-z]+)\r\n/gi)) {
        if (name?.toLowerCase() === 'client') socket.write('+OK\r\n');
        else if (name?.toLowerCase() === 'info') {
          const info = '# Server\r\nredis_version:7.0.0\r\nloading:0\r\n';
          socket.write(`$${Buffer.byteLength(info)}\r\n${info}\r\n`);
          handshakes++;
        } else return;
      }
    });
  });
  server.on('close', () => {
    for (const s of sockets) s.destroy();
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const addr = server.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      resolve({ server, url: `redis://127.0.0.1:${port}`, handshakes: () => handshakes });
    }),
  );
}

/** `n` wrong passwords for `username` from one address; the statuses in order. */
async function wrongLogins(app: FastifyInstance, username: string, n: number, ip = '10.9.8.7'): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { username, password: 'WrongPassw0rd!' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

/** A port on which nothing listens: a Redis that is down. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

describe('a Redis that is down', () => {
  let database: Database & { drop(): Promise<void> };
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await freshDatabase();
    const port = await closedPort();
    app = await buildApp({
      config: testConfig({ REDIS_URL: `redis://127.0.0.1:${port}` }),
      database,
      logger: false,
    });
    await app.ready();
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
  });

  it('still answers 429 to the 11th of 30 wrong passwords for one account (limits counted in process)', async () => {
    const { user } = await createSeller(app.db);
    const statuses = await wrongLogins(app, user.email, 30);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
  });

  it('still limits logins per address across accounts', async () => {
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await wrongLogins(app, `someone${i}@example.in`, 1, '10.9.8.20'))[0] as number;
    }
    expect(last).toBe(429);
  });

  let n = 0;
  for (const [what, url, max, body] of [
    ['registrations', '/api/register', 10, () => sellerRegistration()],
    ['reset code requests', '/api/forgot-password-sms', 20, () => ({ phoneNumber: makePhone() })],
    ['reset code checks', '/api/verify-reset-code', 20, () => ({ phoneNumber: makePhone(), code: '123456' })],
    [
      'password resets',
      '/api/reset-password',
      20,
      () => ({ phoneNumber: makePhone(), code: '123456', newPassword: 'Kesar-Mango-Lassi-7' }),
    ],
    [
      'landing page leads',
      '/api/leads',
      10,
      () => ({ name: 'Asha Patil', company: 'Patil Plastics', contact: makePhone(), email: `lead${++n}@example.in` }),
    ],
    ['contact messages', '/api/contact/admin', 5, () => ({})],
  ] as const) {
    it(`still limits ${what} per address`, async () => {
      const ip = `10.9.7.${url.length * 3 + max}`;
      const statuses: number[] = [];
      for (let i = 0; i <= max; i++) {
        const res = await app.inject({ method: 'POST', url, remoteAddress: ip, payload: body() });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, max)).not.toContain(429);
      expect(statuses.at(-1)).toBe(429);
    });
  }
});

describe('a Redis that stops answering', () => {
  let redis: Awaited<ReturnType<typeof hungRedis>>;
  let database: Database & { drop(): Promise<void> };
  let app: FastifyInstance;

  beforeAll(async () => {
    redis = await hungRedis();
    database = await freshDatabase();
    app = await buildApp({ config: testConfig({ REDIS_URL: redis.url }), database, logger: false });
    await app.ready();
    // The command connection and the subscriber are both ready before the test starts.
    await vi.waitFor(() => expect(redis.handshakes()).toBeGreaterThanOrEqual(2), 2000);
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    await new Promise((r) => redis.server.close(r));
  });

  it('does not hold a rate-limited request: it is counted in process after the command timeout', async () => {
    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody@example.in', password: 'WrongPassw0rd!' },
    });
    expect(res.statusCode).toBe(401);
    expect(Date.now() - started).toBeLessThan(3000);
  }, 5000);

  it('still answers 429 to the 11th of 30 wrong passwords for one account, without waiting on Redis each time', async () => {
    const { user } = await createSeller(app.db);
    const started = Date.now();
    const statuses = await wrongLogins(app, user.email, 30);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(20).fill(429));
    // One command timeout (500 ms) to notice, then no more waits while Redis stays silent.
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);

  it('does not hold notify(): the event is delivered in this process only', async () => {
    const { user } = await createSeller(app.db);
    const heard: unknown[] = [];
    const off = app.events.subscribe(`notifications:${user.id}`, (p) => heard.push(p));
    const started = Date.now();
    await notify(app.db, {
      userId: user.id,
      type: 'order_new',
      ...textNotice('New order', 'Order placed.'),
      link: '/',
    });
    await app.jobs.drain();
    off();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(heard).toHaveLength(1);
  }, 5000);
});
