import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { freshDatabase, redisUnreachable, TEST_REDIS_URL, testConfig } from './helpers.ts';

const unreachable = await redisUnreachable('rate-limit-redis');

/** Two deployments sharing one Redis, each with its own key prefix (a run id keeps parallel test runs apart). */
describe.skipIf(Boolean(unreachable))('rate-limit counters in a shared Redis', () => {
  const run = randomBytes(4).toString('hex');
  const prefixA = `ub-test-${run}-a:`;
  const prefixB = `ub-test-${run}-b:`;
  let database: Database & { drop(): Promise<void> };
  let a: FastifyInstance;
  let b: FastifyInstance;
  let redis: Redis;

  const keys = async (pattern: string) => (await redis.keys(pattern)).sort();
  const wrongLogin = (app: FastifyInstance, ip: string, username: string) =>
    app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      payload: { username, password: 'Wr0ng-pass!' },
    });

  beforeAll(async () => {
    database = await freshDatabase();
    redis = new Redis(TEST_REDIS_URL);
    a = await buildApp({
      config: testConfig({ REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_PREFIX: prefixA }),
      database,
      logger: false,
    });
    b = await buildApp({
      config: testConfig({ REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_PREFIX: prefixB }),
      database,
      logger: false,
    });
    await Promise.all([a.ready(), b.ready()]);
  });

  afterAll(async () => {
    const left = await keys(`ub-test-${run}-*`);
    if (left.length) await redis.del(...left);
    redis?.disconnect();
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('keeps each counter under the configured prefix, named by the limit and the address', async () => {
    await wrongLogin(a, '10.60.0.1', 'nobody.a@example.in');
    const written = await keys(`${prefixA}*`);
    expect(written).toContain(`${prefixA}login-ip:10.60.0.1`);
    expect(written.join(' ')).not.toContain('undefined');
    expect(written.every((k) => k.startsWith(prefixA))).toBe(true);
  });

  it('gives two deployments with different prefixes separate budgets', async () => {
    const ip = '10.60.0.2';
    let lastA = 0;
    for (let i = 0; i < 21; i++) lastA = (await wrongLogin(a, ip, `someone${i}@example.in`)).statusCode;
    expect(lastA).toBe(429);
    // Deployment B has its own counters: the same address is not limited there.
    expect((await wrongLogin(b, ip, 'someone@example.in')).statusCode).toBe(401);
    expect(await redis.get(`${prefixB}login-ip:${ip}`)).toBe('1');
  });

  it('shares the counters of one deployment between its processes', async () => {
    const other = await buildApp({
      config: testConfig({ REDIS_URL: TEST_REDIS_URL, RATE_LIMIT_PREFIX: prefixA }),
      database,
      logger: false,
    });
    try {
      const ip = '10.60.0.3';
      for (let i = 0; i < 20; i++) await wrongLogin(i % 2 ? a : other, ip, `p${i}@example.in`);
      expect((await wrongLogin(other, ip, 'p20@example.in')).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });
});
