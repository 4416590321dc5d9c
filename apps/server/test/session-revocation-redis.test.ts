import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { createSession, SESSIONS_REVOKED_CHANNEL } from '../src/modules/auth/sessions.ts';
import { createSeller } from '../src/seed/factories.ts';
import { call, freshDatabase, testConfig } from './helpers.ts';

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
if (unreachable)
  console.warn(`session-revocation-redis: skipped, Redis at ${REDIS_URL} is unreachable (${unreachable})`);

/**
 * Each process caches a verified session for a few seconds. "Another process" here is a plain Redis client and a
 * change made in the database: the app under test must drop its cached entry on the message alone, at once.
 */
describe.skipIf(Boolean(unreachable))('session revocation across server processes (Redis)', () => {
  let database: Database & { drop(): Promise<void> };
  let app: FastifyInstance;
  let other: Redis;

  beforeAll(async () => {
    database = await freshDatabase();
    app = await buildApp({ config: testConfig({ REDIS_URL }), database, logger: false });
    await app.ready();
    other = new Redis(REDIS_URL);
    const deadline = Date.now() + 5000;
    for (;;) {
      const [, n] = (await other.pubsub('NUMSUB', SESSIONS_REVOKED_CHANNEL)) as [string, number];
      if (Number(n) > 0) break;
      if (Date.now() > deadline) throw new Error('the app never subscribed to revocations');
      await new Promise((r) => setTimeout(r, 25));
    }
  });

  afterAll(async () => {
    other?.disconnect();
    await app?.close();
    await database?.drop();
  });

  const signedIn = async () => {
    const seller = await createSeller(app.db);
    const a = await createSession(app.db, seller.user.id, { remember: false });
    const b = await createSession(app.db, seller.user.id, { remember: false });
    const ids = await database.query<{ id: string }>('select id from sessions where user_id = $1 order by created_at', [
      seller.user.id,
    ]);
    return { userId: seller.user.id, tokens: [a.token, b.token], sessionIds: ids.map((r) => r.id) };
  };
  const status = async (token: string) => (await call(app, 'GET', '/api/notifications', { token })).statusCode;

  it('drops a session revoked by another process at once, while an unannounced change waits for the cache', async () => {
    const { tokens, sessionIds } = await signedIn();
    for (const token of tokens) expect(await status(token)).toBe(200);
    // Both sessions are revoked in the database; only the first revocation is announced.
    await database.query('update sessions set revoked_at = now() where id = any($1)', [sessionIds]);
    await other.publish(SESSIONS_REVOKED_CHANNEL, JSON.stringify({ sessionId: sessionIds[0] }));
    await expect.poll(() => status(tokens[0] ?? '')).toBe(401);
    // The cache still answers for the unannounced one: that is what the message saves.
    expect(await status(tokens[1] ?? '')).toBe(200);
  });

  it('drops every session of a user when another process revokes them all (password change, suspension)', async () => {
    const { userId, tokens } = await signedIn();
    for (const token of tokens) expect(await status(token)).toBe(200);
    await database.query('update sessions set revoked_at = now() where user_id = $1', [userId]);
    await other.publish(SESSIONS_REVOKED_CHANNEL, JSON.stringify({ userId }));
    for (const token of tokens) await expect.poll(() => status(token)).toBe(401);
  });

  it('announces its own logout to the other processes', async () => {
    const { tokens, sessionIds } = await signedIn();
    const listener = other.duplicate();
    const heard: unknown[] = [];
    listener.on('message', (_channel: string, message: string) => heard.push(JSON.parse(message)));
    await listener.subscribe(SESSIONS_REVOKED_CHANNEL);
    try {
      const res = await call(app, 'POST', '/api/logout', { token: tokens[0] });
      expect(res.statusCode).toBe(200);
      await expect.poll(() => heard).toContainEqual({ sessionId: sessionIds[0] });
    } finally {
      listener.disconnect();
    }
  });
});
