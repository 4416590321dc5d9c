import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { rateLimited } from '../lib/errors.ts';
import { createRateLimiter, type RateLimiter, type Slot } from '../lib/rate-limiter.ts';

const TOO_MANY_REQUESTS = 'Too many requests. Please try again later.';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A preHandler that allows `max` requests per `minutes` for each key (the client IP unless `key` is given;
     * the body is parsed by then, so keys may use it). Scaled by RATE_LIMIT_SCALE.
     */
    limit(
      name: string,
      max: number,
      minutes: number,
      key?: (req: FastifyRequest) => string,
    ): preHandlerAsyncHookHandler;
    /** The same limits called from a handler, for keys known only there (an account looked up first). */
    limits: {
      /** Counts one hit of `key` on `name`; throws 429 with Retry-After past `max` per `minutes` (scaled). */
      hit(name: string, max: number, minutes: number, key: string): Promise<void>;
      reset(name: string, key: string): Promise<void>;
      /** One of `max` concurrent slots of `name` for `key` (a cap, not a rate: not scaled); 429 when all are taken. */
      acquire(name: string, max: number, key: string, ttlMs: number): Promise<Slot>;
    };
  }
}

/**
 * Counters live in memory by default and in Redis when REDIS_URL is set, so every process shares them; while
 * Redis is down or hung they are counted in each process (lib/rate-limiter.ts), never skipped.
 */
export default fp(
  async (app: FastifyInstance, opts: { redis?: Redis }) => {
    const limiter: RateLimiter = createRateLimiter({
      redis: opts.redis,
      prefix: app.config.RATE_LIMIT_PREFIX,
      log: app.log,
    });
    const scaled = (max: number) => Math.max(1, Math.ceil(max * app.config.RATE_LIMIT_SCALE));

    const hit = async (name: string, max: number, minutes: number, key: string) => {
      const { count, resetInMs } = await limiter.hit(name, key, minutes * 60_000);
      if (count > scaled(max)) throw rateLimited(TOO_MANY_REQUESTS, Math.max(1, Math.ceil(resetInMs / 1000)));
    };

    app.decorate('limits', {
      hit,
      reset: (name: string, key: string) => limiter.reset(name, key),
      async acquire(name: string, max: number, key: string, ttlMs: number) {
        const slot = await limiter.acquire(name, key, max, ttlMs);
        if (!slot) throw rateLimited(TOO_MANY_REQUESTS, Math.ceil(ttlMs / 1000));
        return slot;
      },
    });

    app.decorate('limit', (name: string, max: number, minutes: number, key?: (req: FastifyRequest) => string) => {
      const handler: preHandlerAsyncHookHandler = async (req) => {
        await hit(name, max, minutes, key ? key(req) : req.ip);
      };
      return handler;
    });
  },
  { name: 'rate-limit', dependencies: [] },
);

/** A string field of the parsed JSON body, lower-cased, for per-phone limits. */
export function bodyField(field: string) {
  return (req: FastifyRequest) => {
    const v = (req.body as Record<string, unknown> | undefined)?.[field];
    return typeof v === 'string' ? v.trim().toLowerCase() : '';
  };
}
