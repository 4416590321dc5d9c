import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { notificationChannel, notify } from '../src/modules/notifications/notify.ts';
import { call, freshDatabase, loginSeller, testConfig } from './helpers.ts';
import { openStream } from './sse-client.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<string | undefined> {
  const probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return undefined;
  } catch (err) {
    return (err as Error).message;
  } finally {
    probe.disconnect();
  }
}

const unreachable = await redisReachable();
if (unreachable) console.warn(`notifications-redis: skipped, Redis at ${REDIS_URL} is unreachable (${unreachable})`);

/** Two server processes sharing one database and one Redis, as behind a load balancer. */
describe.skipIf(Boolean(unreachable))('live notifications across server instances (Redis pub/sub)', () => {
  let database: Database & { drop(): Promise<void> };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let bUrl: string;
  let watcher: Redis;

  beforeAll(async () => {
    database = await freshDatabase();
    const config = testConfig({ REDIS_URL });
    a = await buildApp({ config, database, logger: false });
    b = await buildApp({ config, database, logger: false });
    await Promise.all([a.ready(), b.ready()]);
    bUrl = await b.listen({ port: 0, host: '127.0.0.1' });
    watcher = new Redis(REDIS_URL);
  });

  afterAll(async () => {
    watcher?.disconnect();
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  /** Waits until instance B has subscribed the channel in Redis, so the publish below cannot race it. */
  async function subscribed(channel: string) {
    const deadline = Date.now() + 5000;
    for (;;) {
      const [, n] = (await watcher.pubsub('NUMSUB', channel)) as [string, number];
      if (Number(n) > 0) return;
      if (Date.now() > deadline) throw new Error(`nobody subscribed ${channel}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('delivers a notification published by instance A on a stream opened on instance B', async () => {
    const seller = await loginSeller(a);
    const stream = await openStream(bUrl, b, seller.token);
    await subscribed(notificationChannel(seller.user.id));

    await notify(a.db, {
      userId: seller.user.id,
      type: 'product_approved',
      title: 'Product approved: Wooden Train',
      message: 'Your product is live.',
      link: '/dashboard/products',
    });
    await a.jobs.drain();
    const event = (await stream.next('notification')) as Record<string, unknown>;
    expect(event).toMatchObject({
      title: 'Product approved: Wooden Train',
      type: 'product_approved',
      is_read: false,
      link: '/dashboard/products',
    });
    const listed = await call(b, 'GET', '/api/notifications', { token: seller.token });
    expect(listed.json().notifications[0].id).toBe(event.id);
    stream.close();
  });

  it('caps a user at 5 open streams across both instances, and frees a slot when one closes', async () => {
    const aUrl = await a.listen({ port: 0, host: '127.0.0.1' });
    const seller = await loginSeller(a);
    const streams = [];
    for (let i = 0; i < 5; i++) streams.push(await openStream(i % 2 ? bUrl : aUrl, i % 2 ? b : a, seller.token));
    await expect(openStream(aUrl, a, seller.token)).rejects.toThrow('stream answered 429');
    await expect(openStream(bUrl, b, seller.token)).rejects.toThrow('stream answered 429');
    streams.shift()?.close();
    let reopened: Awaited<ReturnType<typeof openStream>> | undefined;
    for (let i = 0; i < 50 && !reopened; i++) {
      reopened = await openStream(bUrl, b, seller.token).catch(() => undefined);
      if (!reopened) await new Promise((r) => setTimeout(r, 25));
    }
    expect(reopened).toBeDefined();
    for (const s of [...streams, reopened]) s?.close();
  });

  it('unsubscribes in Redis when the last stream of a user disconnects', async () => {
    const seller = await loginSeller(a);
    const channel = notificationChannel(seller.user.id);
    const stream = await openStream(bUrl, b, seller.token);
    await subscribed(channel);
    stream.close();
    const deadline = Date.now() + 5000;
    for (;;) {
      const [, n] = (await watcher.pubsub('NUMSUB', channel)) as [string, number];
      if (Number(n) === 0) break;
      if (Date.now() > deadline) throw new Error('channel still subscribed after the stream closed');
      await new Promise((r) => setTimeout(r, 25));
    }
  });
});

describe('a Redis that is down', () => {
  it('keeps the API working and publish fails soft', async () => {
    const database = await freshDatabase();
    const logs: string[] = [];
    const app = await buildApp({
      config: testConfig({ REDIS_URL: 'redis://127.0.0.1:1' }),
      database,
      logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } },
    });
    try {
      await app.ready();
      const seller = await loginSeller(app);
      await notify(app.db, {
        userId: seller.user.id,
        type: 'order_new',
        title: 'Order while Redis is down',
        message: 'x',
      });
      await app.jobs.drain();
      const res = await call(app, 'GET', '/api/notifications', { token: seller.token });
      expect(res.statusCode).toBe(200);
      expect(res.json().notifications[0].title).toBe('Order while Redis is down');
      expect(logs.some((l) => l.includes('redis publish failed'))).toBe(true);
    } finally {
      await app.close();
      await database.drop();
    }
  });
});
