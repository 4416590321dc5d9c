import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { END_STREAMS_CHANNEL } from '../src/lib/streams.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import {
  call,
  createBuyerSession,
  freshDatabase,
  loginAdmin,
  loginSeller,
  redisUnreachable,
  TEST_REDIS_URL,
  testConfig,
  textNotice,
} from './helpers.ts';
import { openStream, type SseClient } from './sse-client.ts';

const unreachable = await redisUnreachable('stream-endings-redis');

/**
 * Two server processes sharing one database and one Redis, as behind a load balancer: the account is blocked,
 * suspended or deactivated, or the session signed out, through instance A while its stream is open on instance B.
 */
describe.skipIf(Boolean(unreachable))('live streams end in every process (Redis)', () => {
  let database: Database & { drop(): Promise<void> };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let bUrl: string;
  let other: Redis;
  let admin: Awaited<ReturnType<typeof loginAdmin>>;

  beforeAll(async () => {
    database = await freshDatabase();
    const config = testConfig({ REDIS_URL: TEST_REDIS_URL });
    a = await buildApp({ config, database, logger: false });
    b = await buildApp({ config, database, logger: false });
    await Promise.all([a.ready(), b.ready()]);
    bUrl = await b.listen({ port: 0, host: '127.0.0.1' });
    other = new Redis(TEST_REDIS_URL);
    // Both instances listen for endings before anything is ended (each subscribes once its connection is ready).
    await vi.waitFor(async () => {
      const [, n] = (await other.pubsub('NUMSUB', END_STREAMS_CHANNEL)) as [string, number];
      expect(Number(n)).toBeGreaterThanOrEqual(2);
    }, 10_000);
    admin = await loginAdmin(a);
  });

  afterAll(async () => {
    other?.disconnect();
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  /** A stream on B that still delivers what A publishes: the proof it was left open. */
  const stillDelivers = async (stream: SseClient, userId: string, title: string) => {
    await notify(a.db, { userId, type: 'order_new', ...textNotice(title, title) });
    await a.jobs.drain();
    expect(await stream.next('notification', 10_000)).toMatchObject({ title });
  };

  it('blocking a buyer on A ends the buyer’s stream on B', async () => {
    const buyer = await createBuyerSession(a);
    const stream = await openStream(bUrl, b, buyer.token);
    const res = await call(a, 'POST', `/api/admin/buyers/${buyer.buyer.id}/block`, {
      token: admin.token,
      body: { reason: 'Payment default' },
    });
    expect(res.statusCode).toBe(200);
    await stream.endedByServer();
  });

  it('suspending a seller on A ends the seller’s stream on B', async () => {
    const seller = await loginSeller(a);
    const stream = await openStream(bUrl, b, seller.token);
    const res = await call(a, 'POST', `/api/admin/manufacturers/${seller.manufacturer.id}/suspend`, {
      token: admin.token,
      body: { reason: 'Not a manufacturer' },
    });
    expect(res.statusCode).toBe(200);
    await stream.endedByServer();
  });

  it('deactivating an admin on A ends that admin’s stream on B', async () => {
    const target = await loginAdmin(a);
    const stream = await openStream(bUrl, b, target.token);
    const res = await call(a, 'POST', `/api/admin/admins/${target.user.id}/deactivate`, { token: admin.token });
    expect(res.statusCode).toBe(200);
    await stream.endedByServer();
  });

  it('signing out on A ends that session’s stream on B and keeps the other session’s', async () => {
    const seller = await loginSeller(a);
    const { token: otherDevice } = await createSession(a.db, seller.user.id, { remember: false });
    const stream = await openStream(bUrl, b, seller.token);
    const kept = await openStream(bUrl, b, otherDevice);
    const res = await call(a, 'POST', '/api/logout', { token: seller.token });
    expect(res.statusCode).toBe(200);
    await stream.endedByServer();
    await stillDelivers(kept, seller.user.id, 'Other device, other process');
    kept.close();
  });

  it('ends a stream on the message of another process alone', async () => {
    const seller = await loginSeller(a);
    const stream = await openStream(bUrl, b, seller.token);
    await other.publish(END_STREAMS_CHANNEL, JSON.stringify({ userId: seller.user.id }));
    await stream.endedByServer();
  });
});
