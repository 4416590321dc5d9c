import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { notificationChannel, notify } from '../src/modules/notifications/notify.ts';
import {
  call,
  freshDatabase,
  loginSeller,
  redisUnreachable,
  TEST_REDIS_URL,
  testConfig,
  textNotice,
} from './helpers.ts';
import { openStream } from './sse-client.ts';

const unreachable = await redisUnreachable('notifications-redis');

/** Two server processes sharing one database and one Redis, as behind a load balancer. */
describe.skipIf(Boolean(unreachable))('live notifications across server instances (Redis pub/sub)', () => {
  let database: Database & { drop(): Promise<void> };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let bUrl: string;
  let watcher: Redis;

  beforeAll(async () => {
    database = await freshDatabase();
    const config = testConfig({ REDIS_URL: TEST_REDIS_URL });
    a = await buildApp({ config, database, logger: false });
    b = await buildApp({ config, database, logger: false });
    await Promise.all([a.ready(), b.ready()]);
    bUrl = await b.listen({ port: 0, host: '127.0.0.1' });
    watcher = new Redis(TEST_REDIS_URL);
  });

  afterAll(async () => {
    watcher?.disconnect();
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  /** Subscribers of `channel` in Redis: the publish below must not race instance B's subscription. */
  async function subscribers(channel: string): Promise<number> {
    const [, n] = (await watcher.pubsub('NUMSUB', channel)) as [string, number];
    return Number(n);
  }
  const subscribed = (channel: string) =>
    vi.waitFor(async () => expect(await subscribers(channel)).toBeGreaterThan(0), 5000);

  it('delivers a notification published by instance A on a stream opened on instance B', async () => {
    const seller = await loginSeller(a);
    const stream = await openStream(bUrl, b, seller.token);
    await subscribed(notificationChannel(seller.user.id));

    await notify(a.db, {
      userId: seller.user.id,
      type: 'product_approved',
      ...textNotice('Product approved: Wooden Train', 'Your product is live.'),
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
    const reopened = await vi.waitFor(() => openStream(bUrl, b, seller.token), 2000);
    for (const s of [...streams, reopened]) s?.close();
  });

  it('unsubscribes in Redis when the last stream of a user disconnects', async () => {
    const seller = await loginSeller(a);
    const channel = notificationChannel(seller.user.id);
    const stream = await openStream(bUrl, b, seller.token);
    await subscribed(channel);
    stream.close();
    await vi.waitFor(async () => expect(await subscribers(channel)).toBe(0), 5000);
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
        ...textNotice('Order while Redis is down', 'x'),
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
