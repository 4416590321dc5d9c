import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A counter after one more hit: how many hits its window holds now, and when the window ends. */
export interface Hit {
  count: number;
  resetInMs: number;
}

/**
 * Fixed-window counters in this process's memory: the store without Redis, and the fallback while Redis is down
 * or hung, so a limit never lapses. Expired windows are swept once a minute; past MEMORY_MAX_KEYS live windows the
 * oldest go first (a flood of distinct keys is itself bounded by the per-address limits).
 */
export class MemoryCounters {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private nextSweep = 0;

  hit(key: string, windowMs: number, now = Date.now()): Hit {
    this.sweep(now);
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.windows.delete(key);
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count++;
    return { count: w.count, resetInMs: w.resetAt - now };
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    if (now >= this.nextSweep) {
      this.nextSweep = now + 60_000;
      for (const [key, w] of this.windows) if (w.resetAt <= now) this.windows.delete(key);
    }
    for (const key of this.windows.keys()) {
      if (this.windows.size < MEMORY_MAX_KEYS) break;
      this.windows.delete(key);
    }
  }
}

const MEMORY_MAX_KEYS = 500_000;

/**
 * How long Redis is left alone after a failed command: requests meanwhile count in memory at once instead of each
 * waiting for a command timeout on a hung Redis. The first request after it tries Redis again.
 */
export const REDIS_RETRY_AFTER_MS = 5_000;

// INCR and the window's expiry in one step, so a crash between them cannot leave a counter that never expires.
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {count, ttl}`;

// Concurrent holders of a resource (open streams): a sorted set of holder ids scored by when each lapses, so the
// holders of a process that died without releasing drop out by themselves. Redis's clock, not the processes'.
const ACQUIRE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[1]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

const RENEW_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[1]), ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1`;

type ScriptedRedis = Redis & {
  ubRateHit(key: string, windowMs: number): Promise<[number, number]>;
  ubSlotAcquire(key: string, ttlMs: number, max: number, holder: string): Promise<number>;
  ubSlotRenew(key: string, ttlMs: number, holder: string): Promise<number>;
};

/** A held slot: renew it while in use (before `ttlMs` passes), release it when done. */
export interface Slot {
  renew(): void;
  release(): void;
}

export interface RateLimiter {
  /** Counts one hit on `name` for `key` in a window of `windowMs`. */
  hit(name: string, key: string, windowMs: number): Promise<Hit>;
  /** Forgets a counter, e.g. a person's failed sign-ins once they proved who they are. */
  reset(name: string, key: string): Promise<void>;
  /** Takes one of `max` concurrent slots of `name` for `key`, or undefined when all are taken. */
  acquire(name: string, key: string, max: number, ttlMs: number): Promise<Slot | undefined>;
}

/**
 * Counters shared through Redis (keys `<prefix><name>:<key>`) when it is configured and answering, and kept in
 * this process otherwise. A Redis error or timeout switches to memory for REDIS_RETRY_AFTER_MS, so a limit holds
 * through an outage (per process, from zero) instead of being skipped.
 */
export function createRateLimiter(opts: { redis?: Redis; prefix: string; log: FastifyBaseLogger }): RateLimiter {
  const memory = new MemoryCounters();
  const localSlots = new Map<string, Set<string>>();
  const redis = opts.redis as ScriptedRedis | undefined;
  if (redis && !redis.ubRateHit) {
    redis.defineCommand('ubRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand('ubSlotAcquire', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
    redis.defineCommand('ubSlotRenew', { numberOfKeys: 1, lua: RENEW_SCRIPT });
  }
  let downUntil = 0;
  let down = false;

  const usable = () => redis !== undefined && redis.status === 'ready' && Date.now() >= downUntil;
  const failed = (err: unknown) => {
    downUntil = Date.now() + REDIS_RETRY_AFTER_MS;
    if (!down) {
      down = true;
      opts.log.warn({ err: (err as Error).message }, 'rate limits counted in this process while Redis fails');
    }
  };
  const succeeded = () => {
    if (down) {
      down = false;
      opts.log.info('rate limits counted in Redis again');
    }
  };
  const keyOf = (name: string, key: string) => `${opts.prefix}${name}:${key}`;

  async function viaRedis<T>(run: (r: ScriptedRedis) => Promise<T>): Promise<T | undefined> {
    if (!redis || !usable()) return undefined;
    try {
      const result = await run(redis);
      succeeded();
      return result;
    } catch (err) {
      failed(err);
      return undefined;
    }
  }

  function acquireLocal(key: string, max: number, holder: string): boolean {
    const held = localSlots.get(key) ?? new Set<string>();
    if (held.size >= max) return false;
    held.add(holder);
    localSlots.set(key, held);
    return true;
  }
  function releaseLocal(key: string, holder: string) {
    const held = localSlots.get(key);
    held?.delete(holder);
    if (held?.size === 0) localSlots.delete(key);
  }

  return {
    async hit(name, key, windowMs) {
      const full = keyOf(name, key);
      const shared = await viaRedis((r) => r.ubRateHit(full, windowMs));
      if (shared) return { count: Number(shared[0]), resetInMs: Number(shared[1]) };
      return memory.hit(full, windowMs);
    },

    async reset(name, key) {
      const full = keyOf(name, key);
      memory.reset(full);
      await viaRedis((r) => r.del(full));
    },

    async acquire(name, key, max, ttlMs) {
      const full = keyOf(name, key);
      const holder = crypto.randomUUID();
      // This process's own holders are always counted, so the cap holds here whatever Redis does.
      if (!acquireLocal(full, max, holder)) return undefined;
      const granted = await viaRedis((r) => r.ubSlotAcquire(full, ttlMs, max, holder));
      if (granted === 0) {
        releaseLocal(full, holder);
        return undefined;
      }
      let released = false;
      return {
        renew() {
          if (!released) void viaRedis((r) => r.ubSlotRenew(full, ttlMs, holder));
        },
        release() {
          if (released) return;
          released = true;
          releaseLocal(full, holder);
          void viaRedis((r) => r.zrem(full, holder));
        },
      };
    },
  };
}
