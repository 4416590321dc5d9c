import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { rateLimited } from '../lib/errors.ts';
import { parseUsername } from '../modules/auth/accounts.ts';

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
  }
}

/** Counters live in memory by default and in Redis when REDIS_URL is set, so every process shares them. */
export default fp(
  async (app: FastifyInstance, opts: { redis?: Redis }) => {
    await app.register(rateLimit, {
      global: false,
      ...(opts.redis ? { redis: opts.redis, skipOnError: true, nameSpace: 'ub-rl:' } : {}),
    });
    // createRateLimit rather than rateLimit: the plugin's route handler runs only once per request, so a second
    // limit on the same route (per IP and per account) would silently never count.
    app.decorate('limit', (name: string, max: number, minutes: number, key?: (req: FastifyRequest) => string) => {
      const check = app.createRateLimit({
        max: Math.max(1, Math.ceil(max * app.config.RATE_LIMIT_SCALE)),
        timeWindow: minutes * 60_000,
        keyGenerator: (req) => `${name}:${key ? key(req) : req.ip}`,
      });
      const handler: preHandlerAsyncHookHandler = async (req) => {
        const result = await check(req);
        if (result.isAllowed || !result.isExceeded) return;
        throw rateLimited('Too many requests. Please try again later.', result.ttlInSeconds);
      };
      return handler;
    });
  },
  { name: 'rate-limit', dependencies: [] },
);

/** A string field of the parsed JSON body, lower-cased, for per-account and per-phone limits. */
export function bodyField(field: string) {
  return (req: FastifyRequest) => {
    const v = (req.body as Record<string, unknown> | undefined)?.[field];
    return typeof v === 'string' ? v.trim().toLowerCase() : '';
  };
}

/**
 * Per-account limit key from the first non-empty of `fields`: "+91 98765 43210" and "9876543210" are the same
 * account, so they share a counter (a raw key would give every spelling its own allowance).
 */
export function accountKey(...fields: string[]) {
  return (req: FastifyRequest) => {
    const body = req.body as Record<string, unknown> | undefined;
    const value = fields.map((f) => body?.[f]).find((v): v is string => typeof v === 'string' && v.trim() !== '');
    if (!value) return '';
    const { email, phone } = parseUsername(value);
    return phone ?? email;
  };
}
