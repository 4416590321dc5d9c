import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createSeller } from '../src/seed/factories.ts';
import { freshDatabase, testConfig } from './helpers.ts';
import { STAGING_ENV } from './production-env.ts';

/** Apps on one database, each with its own TRUST_PROXY, all in production mode. */
describe('TRUST_PROXY: whose X-Forwarded-For counts', () => {
  let database: Database & { drop(): Promise<void> };
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.drop();
  });

  async function appWith(trustProxy?: string) {
    const app = await buildApp({
      config: testConfig({ ...STAGING_ENV, ...(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }) }),
      database,
      logger: false,
    });
    await app.ready();
    apps.push(app);
    return app;
  }

  /** The client address the app saw, as stored on the session a successful sign-in opens. */
  async function addressSeen(app: FastifyInstance, remoteAddress: string, forwardedFor?: string) {
    const s = await createSeller(app.db);
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { username: s.user.email, password: s.password },
    });
    expect(res.statusCode).toBe(200);
    const rows = await database.query<{ ip: string }>('select ip from sessions where user_id = $1', [s.user.id]);
    return rows[0]?.ip;
  }

  it('believes no X-Forwarded-For by default, even in production: 30 rotated headers still get 429', async () => {
    const app = await appWith();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '203.0.113.5',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
        payload: { username: `nobody${i}@example.in`, password: 'WrongPassw0rd!' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.slice(20)).toEqual(Array(10).fill(429));
    expect(await addressSeen(app, '203.0.113.6', '198.51.100.99')).toBe('203.0.113.6');
  });

  it('with a list of proxy addresses, believes the header only from those proxies', async () => {
    const app = await appWith('127.0.0.1, 10.0.0.0/8');
    expect(await addressSeen(app, '10.1.2.3', '198.51.100.7')).toBe('198.51.100.7');
    expect(await addressSeen(app, '127.0.0.1', '198.51.100.8')).toBe('198.51.100.8');
    // A client talking to the server directly cannot choose its own address.
    expect(await addressSeen(app, '203.0.113.9', '198.51.100.9')).toBe('203.0.113.9');
    // What a client put in the header before the proxy appended the real address is not believed.
    expect(await addressSeen(app, '10.1.2.3', '198.51.100.66, 198.51.100.10')).toBe('198.51.100.10');
  });

  it('with a hop count, believes that many proxies and no more', async () => {
    const app = await appWith('1');
    expect(await addressSeen(app, '10.1.2.3', '198.51.100.66, 198.51.100.11')).toBe('198.51.100.11');
    const two = await appWith('2');
    expect(await addressSeen(two, '10.1.2.3', '198.51.100.66, 198.51.100.12, 10.9.9.9')).toBe('198.51.100.12');
  });
});

describe('TRUST_PROXY configuration', () => {
  function configError(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('loadConfig accepted a bad value');
  }

  it('trusts nothing when unset, empty, 0 or false, in production too', () => {
    for (const value of [undefined, '', '0', 'false']) {
      const env: Record<string, string> = { ...STAGING_ENV };
      if (value !== undefined) env.TRUST_PROXY = value;
      expect(loadConfig(env).TRUST_PROXY).toBe(false);
    }
  });

  it('reads a hop count and a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('stops start-up naming TRUST_PROXY for "true", a bad address or CIDR, or an absurd hop count', () => {
    for (const bad of ['true', 'proxy.internal', '10.0.0.0/33', '10.0.0.1,', '300.1.1.1', '1.2.3.4/8/8', '99']) {
      expect(configError({ TRUST_PROXY: bad })).toMatch(/TRUST_PROXY: /);
    }
  });

  it('stops start-up naming RATE_LIMIT_PREFIX for a prefix with spaces or an empty one', () => {
    expect(configError({ RATE_LIMIT_PREFIX: 'my app:' })).toMatch(/RATE_LIMIT_PREFIX: /);
    expect(loadConfig({}).RATE_LIMIT_PREFIX).toBe('ub-rl:');
    expect(loadConfig({ RATE_LIMIT_PREFIX: '' }).RATE_LIMIT_PREFIX).toBe('ub-rl:');
    expect(loadConfig({ RATE_LIMIT_PREFIX: 'shop2:rl:' }).RATE_LIMIT_PREFIX).toBe('shop2:rl:');
  });
});
