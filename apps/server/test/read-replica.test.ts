import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { createReadRouter, lsnValue, primaryUntil, readPrimaryCookie } from '../src/db/replica.ts';
import { STAGING_ENV } from './production-env.ts';

/**
 * The read router's decisions with stand-in databases (the real streaming replica is exercised by the fault
 * scenario `npm run faults replica`, on a pg_basebackup standby).
 */
function fakeDb(name: string, lsn: () => string, fail?: () => Error | undefined): Database & { name: string } {
  return {
    name,
    kind: 'postgres',
    db: undefined as never,
    raw: undefined as never,
    async query<T>(text: string) {
      const err = fail?.();
      if (err) throw err;
      return [{ lsn: lsn() }] as T[];
    },
    ping: async () => undefined,
    close: async () => undefined,
  };
}

describe('read replica routing', () => {
  it('reads WAL positions as numbers', () => {
    expect(lsnValue('0/0')).toBe(0);
    expect(lsnValue('0/16B3748')).toBe(0x16b3748);
    expect(lsnValue('16/B374D848')).toBe(0x16 * 2 ** 32 + 0xb374d848);
  });

  it('uses a caught-up replica, leaves it when it lags past the limit, and comes back when it catches up', async () => {
    let clock = 1_000_000;
    let primaryLsn = '0/100';
    let replayed = '0/100';
    const primary = fakeDb('primary', () => primaryLsn);
    const replica = fakeDb('replica', () => replayed);
    const router = createReadRouter({ primary, replica, maxLagMs: 2000, intervalMs: 60_000, now: () => clock });
    const where = () => router.read(async (d) => (d as typeof primary).name);
    try {
      await router.check();
      expect(router.state()).toMatchObject({ healthy: true, lagMs: 0 });
      expect(await where()).toBe('replica');
      // The primary moves on; the replica does not replay it.
      primaryLsn = '0/200';
      clock += 1000;
      await router.check();
      expect(router.state()).toMatchObject({ healthy: true, lagMs: 0 });
      clock += 1500;
      await router.check();
      expect(router.state()).toMatchObject({ healthy: true, lagMs: 1500 });
      clock += 1000;
      await router.check();
      expect(router.state()).toMatchObject({ healthy: false, lagMs: 2500 });
      expect(await where()).toBe('primary');
      // An idle primary does not make a caught-up replica look behind, however long since the last write.
      replayed = '0/200';
      clock += 60_000;
      await router.check();
      expect(router.state()).toMatchObject({ healthy: true, lagMs: 0 });
      expect(await where()).toBe('replica');
      // A client that wrote a moment ago reads from the primary.
      expect(await router.read(async (d) => (d as typeof primary).name, clock + 1)).toBe('primary');
      expect(await router.read(async (d) => (d as typeof primary).name, clock - 1)).toBe('replica');
    } finally {
      await router.close();
    }
  });

  it('runs a read that fails on the replica again on the primary, and stops using the replica', async () => {
    const primary = fakeDb('primary', () => '0/10');
    const replica = fakeDb('replica', () => '0/10');
    const router = createReadRouter({ primary, replica, maxLagMs: 2000, intervalMs: 60_000 });
    try {
      await router.check();
      const seen: string[] = [];
      const answer = await router.read(async (d) => {
        const name = (d as typeof primary).name;
        seen.push(name);
        if (name === 'replica') throw Object.assign(new Error('terminating connection'), { code: '57P01' });
        return 'ok';
      });
      expect(answer).toBe('ok');
      expect(seen).toEqual(['replica', 'primary']);
      expect(router.state().healthy).toBe(false);
      // An answer of the application (404 and the like) is not retried.
      await router.check();
      await expect(
        router.read(async () => {
          throw Object.assign(new Error('Product not found'), { statusCode: 404 });
        }),
      ).rejects.toThrow('Product not found');
      expect(router.state().healthy).toBe(true);
    } finally {
      await router.close();
    }
  });

  it('takes no reads from a server that is not a replica or does not answer', async () => {
    const primary = fakeDb('primary', () => '0/10');
    const notReplica = { ...fakeDb('x', () => '0/10'), query: async <T>() => [{ lsn: null }] as T[] };
    const router = createReadRouter({ primary, replica: notReplica, maxLagMs: 2000, intervalMs: 60_000 });
    await router.check();
    expect(router.state()).toMatchObject({ healthy: false, lastError: expect.stringContaining('not a replica') });
    await router.close();
  });

  it('reads the stickiness cookie and writes it', () => {
    expect(primaryUntil(undefined)).toBeUndefined();
    expect(primaryUntil('a=1; ub_rw=1795557495327; b=2')).toBe(1795557495327);
    expect(primaryUntil('ub_rw=abc')).toBeUndefined();
    expect(readPrimaryCookie(5000, 4000, true)).toBe('ub_rw=5000; Max-Age=4; Path=/; HttpOnly; SameSite=Lax; Secure');
  });

  it('refuses a replica or several workers without what they need', () => {
    const base = STAGING_ENV;
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URL: 'postgres://r/ub' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, WORKERS: '2' })).toThrow(/WORKERS: several workers need DATABASE_URL/);
    expect(() => loadConfig({ ...base, WORKERS: '2', DATABASE_URL: 'postgres://p/ub' })).toThrow(/REDIS_URL/);
    expect(() => loadConfig({ ...base, WORKERS: 'many' })).toThrow(/WORKERS/);
    const ok = loadConfig({ ...base, WORKERS: 'auto', DATABASE_URL: 'postgres://p/ub', REDIS_URL: 'redis://r' });
    expect(ok.WORKERS).toBeGreaterThanOrEqual(2);
    expect(loadConfig(base).WORKERS).toBe(1);
  });
});
