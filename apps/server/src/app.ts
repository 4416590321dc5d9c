import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { createReadRouter, primaryUntil, readPrimaryCookie } from './db/replica.ts';
import { inProcessBus } from './lib/events.ts';
import { createImageWork } from './lib/image-work.ts';
import { serializeRequest } from './lib/log-redaction.ts';
import { redisBus } from './lib/redis-bus.ts';
import { createStorage } from './lib/storage.ts';
import { sweepPendingFiles } from './lib/stored-files.ts';
import { webDistDir } from './lib/paths.ts';
import { type HtmlShell, htmlShell } from './lib/html-shell.ts';
import { pageLanguage } from './lib/i18n.ts';
import { cachedCatalogSearch } from './modules/catalog/queries.ts';
import { publicPageRoutes } from './routes/pages.ts';
import fastifyCompress from '@fastify/compress';
import { constants as zlibConstants } from 'node:zlib';
import { jobDefinitions } from './jobs/definitions.ts';
import { paymentGateway, payoutProvider } from './modules/payments/providers/index.ts';
import { RAZORPAY_CHECKOUT_CSP } from './modules/payments/providers/razorpay.ts';
import { createJobRunner } from './jobs/runner.ts';
import { startSchedules } from './jobs/schedules.ts';
import { ensureAdmin } from './modules/auth/accounts.ts';
import { forgetCachedSessions, onSessionsRevoked, SESSIONS_REVOKED_CHANNEL } from './modules/auth/sessions.ts';
import { loadCommonPasswords } from './modules/auth/common-passwords.ts';
import { createSmsProvider } from './modules/auth/sms.ts';
import { createMailer } from './modules/notifications/mailer.ts';
import authPlugin from './plugins/auth.ts';
import errorsPlugin from './plugins/errors.ts';
import { refuseDemoAccounts } from './plugins/production-guards.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import unreadBodyPlugin from './plugins/unread-body.ts';
import sellerStatusPlugin from './plugins/seller-status.ts';
import { apiRoutes } from './routes/index.ts';
import testCheckout from './routes/pay/test.ts';
import './types.ts';

/** Far above a healthy Redis round trip (well under 1 ms here), low enough that a hung Redis costs little. */
export const REDIS_COMMAND_TIMEOUT_MS = 500;

/**
 * Fastify's own number option trusts nothing, so a hop count N is the function that believes the N nearest hops
 * (hop 0 is the socket's peer): X-Forwarded-For entries beyond them are the client's own word.
 */
function trustProxyOption(setting: Config['TRUST_PROXY']) {
  return typeof setting === 'number' ? (_address: string, hop: number) => hop < setting : setting;
}

/** Request log lines keep the URL but not the secrets in its query string (stream tickets, tokens, codes). */
function withRedactedUrls(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, req: serializeRequest } };
}

export interface BuildOptions {
  config: Config;
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  logger?: FastifyServerOptions['logger'];
  /** The built web app to serve (tests pass a fixture directory); default apps/web/dist when built; false: none. */
  webDir?: string | false;
}

/** Composes the application; `server.ts` only listens, so tests build it and call `inject`. */
export async function buildApp(options: BuildOptions): Promise<FastifyInstance> {
  const { config, database, logger } = options;
  loadCommonPasswords();
  const app = Fastify({
    logger: withRedactedUrls(logger ?? { level: config.LOG_LEVEL }),
    // Never on by itself (NODE_ENV=production included): only TRUST_PROXY makes X-Forwarded-For count.
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    bodyLimit: 1024 * 1024,
    genReqId: () => crypto.randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const db =
    database ??
    (await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE }));
  // Production never serves a database holding demo accounts whose passwords the README publishes.
  await refuseDemoAccounts(db.db, config).catch(async (err) => {
    if (!database) await db.close();
    throw err;
  });
  app.decorate('config', config);
  app.decorate('database', db);
  app.decorate('db', db.db);
  app.decorate('catalogSearch', cachedCatalogSearch(config.catalogCacheSeconds));
  const reads = createReadRouter({
    primary: db,
    replica: config.DATABASE_REPLICA_URL
      ? await openDatabase({ url: config.DATABASE_REPLICA_URL, poolSize: config.DATABASE_POOL_SIZE, migrate: false })
      : undefined,
    maxLagMs: config.REPLICA_MAX_LAG_MS,
    onChange: (s) =>
      app.log.warn(
        { event: s.healthy ? 'replica.in_use' : 'replica.not_used', lagMs: s.lagMs, error: s.lastError },
        s.healthy
          ? 'the read replica takes lagging reads'
          : 'the read replica is behind or down: reads go to the primary',
      ),
  });
  app.decorate('reads', reads);
  app.decorate('readLagging', <T>(req: FastifyRequest, fn: (database: Database, wrote: boolean) => Promise<T>) => {
    const until = primaryUntil(req.headers.cookie);
    const wrote = until !== undefined && until > Date.now();
    return reads.read((database) => fn(database, wrote), until);
  });
  if (config.DATABASE_REPLICA_URL || config.catalogCacheSeconds > 0) {
    // A client that wrote reads from the primary, past the catalogue cache, until the replica surely holds its write
    // and the cached lists it could have been served have expired.
    const stickyMs = Math.max(config.DATABASE_REPLICA_URL ? reads.stickyMs : 0, config.catalogCacheSeconds * 1000);
    app.addHook('onSend', async (req, reply) => {
      if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || reply.statusCode >= 400) return;
      reply.header('set-cookie', readPrimaryCookie(Date.now() + stickyMs, stickyMs, req.protocol === 'https'));
    });
  }
  app.decorate('sms', createSmsProvider(config, app.log));
  app.decorate('mailer', createMailer(config, app.log));
  app.decorate('storage', createStorage(config));
  app.decorate('imageWork', createImageWork({ workers: config.IMAGE_WORKERS }));

  // A Redis that is down fails commands at once (no offline queue); one that hangs (a frozen host, a partition)
  // would hold every rate-limited request forever, so each command gives up after REDIS_COMMAND_TIMEOUT_MS.
  const redis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, {
        lazyConnect: false,
        maxRetriesPerRequest: 1,
        enableOfflineQueue: false,
        commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
      })
    : undefined;
  redis?.on('error', (err) => app.log.warn({ err: err.message }, 'redis unavailable'));
  // With Redis, a notification published by one server process reaches streams held open by the others.
  app.decorate('events', redis ? redisBus(redis, app.log) : inProcessBus());

  // Each process caches sessions for a few seconds: a revocation here reaches every other process's cache at once.
  const stopRevocations = redis
    ? [
        onSessionsRevoked((revoked) => void app.events.publish(SESSIONS_REVOKED_CHANNEL, revoked)),
        app.events.subscribe(SESSIONS_REVOKED_CHANNEL, (revoked) => forgetCachedSessions(revoked as never)),
      ]
    : [];

  app.decorate('gateway', await paymentGateway(config, db.db));
  app.decorate('payouts', payoutProvider(config));
  app.decorate(
    'jobs',
    createJobRunner({
      db: db.db,
      log: app.log,
      definitions: jobDefinitions(app),
      concurrency: config.JOBS_CONCURRENCY,
      pollMs: config.JOBS_POLL_MS,
      leaseMs: config.JOBS_LEASE_MS,
    }),
  );
  let stopSchedules: (() => void) | undefined;

  app.addHook('onClose', async () => {
    stopSchedules?.();
    await reads.close();
    await app.jobs.stop();
    for (const stop of stopRevocations) stop();
    await app.events.close();
    redis?.disconnect();
    if (!database) await db.close();
  });

  // With Razorpay, the pay page loads Checkout.js from Razorpay, which opens its iframe and calls home: those
  // origins only, and only then (the test gateway's checkout is our own page).
  const rzp = config.PAYMENT_PROVIDER === 'razorpay' ? RAZORPAY_CHECKOUT_CSP : null;
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...(rzp?.scriptSrc ?? [])],
        connectSrc: ["'self'", ...(rzp?.connectSrc ?? [])],
        ...(rzp ? { frameSrc: ["'self'", ...rzp.frameSrc], formAction: ["'self'", ...rzp.formAction] } : {}),
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Checkout opens some banks' pages in a pop-up it talks to: `same-origin` would cut it off from the pay page.
    ...(rzp ? { crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' as const } } : {}),
  });
  // API answers are personal (a session's data, a new token) unless a route says otherwise (GET /api/site, product
  // images): no browser, proxy or CDN may keep them.
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.url.startsWith('/api/') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    return payload;
  });
  await app.register(errorsPlugin);
  await app.register(unreadBodyPlugin);
  await app.register(rateLimitPlugin, { redis });
  await app.register(authPlugin);
  await app.register(sellerStatusPlugin);

  await app.register(swagger, {
    openapi: {
      info: { title: 'Udyog Bazaar API', version: '1.0.0', description: 'B2B marketplace for Indian manufacturers' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Large JSON and HTML answers go out compressed where a route asks for it (the catalogue, the public pages);
  // never globally, so live notification streams and CSV downloads keep flushing as they are written.
  await app.register(fastifyCompress, {
    global: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Per-request compression: brotli's default (quality 11) costs tens of milliseconds on a page; 4 is about
    // gzip's cost with smaller output. Build-time assets use 11 (scripts/compress-web.mjs).
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await app.register(apiRoutes, { prefix: '/api' });
  await app.register(testCheckout);

  const web = options.webDir === undefined ? webDistDir() : options.webDir || undefined;
  let shell: HtmlShell | undefined;
  if (web) {
    await app.register(fastifyStatic, {
      root: web,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (scripts/compress-web.mjs).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        // Content-hashed files never change; everything else (index.html, favicon) is checked on every use.
        res.setHeader('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    shell = htmlShell(web, { testPayments: config.announceTestPayments });
    publicPageRoutes(app, shell);
  }
  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // /pay/... is the test gateway's checkout (routes/pay/test.ts) or nothing: never the web app's page.
    const reserved = path === '/api' || path.startsWith('/api/') || path === '/pay' || path.startsWith('/pay/');
    if (reserved || req.method !== 'GET' || !web || !shell) {
      return reply.status(404).send({ error: `Route ${req.method} ${path} not found` });
    }
    // History fallback: the web app's router handles /dashboard/products and friends.
    // The page carries the catalogue of the browser's language (ADR 0028).
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'Cookie, Accept-Language')
      .type('text/html; charset=utf-8')
      .send(shell.app(pageLanguage(req)));
  });

  // A process killed mid-upload (or mid-deletion) left files whose rows never committed: see lib/stored-files.ts.
  // A failure here (object storage unreachable) must not stop the start; the entries wait for the next one.
  app.addHook('onReady', async () => {
    try {
      const files = await sweepPendingFiles(db.db, app.storage);
      if (files) app.log.info({ event: 'storage.swept', files }, 'deleted files left by interrupted uploads');
    } catch (err) {
      app.log.warn({ err }, 'could not delete files left by interrupted uploads; retried at the next start');
    }
  });

  if (config.JOBS_ENABLED) {
    app.addHook('onReady', async () => {
      app.jobs.start();
      stopSchedules = startSchedules(db.db, app.log);
    });
  }

  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    if (await ensureAdmin(db.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD)) {
      app.log.info({ event: 'admin.created', email: config.ADMIN_EMAIL }, 'administrator account created');
    }
  }
  return app;
}
