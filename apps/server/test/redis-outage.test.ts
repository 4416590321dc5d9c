import { createServer, type Server, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { createSeller } from '../src/seed/factories.ts';
import { freshDatabase, testConfig } from './helpers.ts';

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
    for (let i = 0; i < 100 && redis.handshakes() < 2; i++) await new Promise((r) => setTimeout(r, 20));
  });

  afterAll(async () => {
    await app.close();
    await database.drop();
    await new Promise((r) => redis.server.close(r));
  });

  it('does not hold a rate-limited request: the limit is skipped after the command timeout', async () => {
    const started = Date.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody@example.in', password: 'WrongPassw0rd!' },
    });
    expect(res.statusCode).toBe(401);
    expect(Date.now() - started).toBeLessThan(3000);
  }, 5000);

  it('does not hold notify(): the event is delivered in this process only', async () => {
    const { user } = await createSeller(app.db);
    const heard: unknown[] = [];
    const off = app.events.subscribe(`notifications:${user.id}`, (p) => heard.push(p));
    const started = Date.now();
    await notify(app, { userId: user.id, type: 'order_new', title: 'New order', message: 'Order placed.', link: '/' });
    off();
    expect(Date.now() - started).toBeLessThan(3000);
    expect(heard).toHaveLength(1);
  }, 5000);
});
