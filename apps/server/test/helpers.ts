import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import type { LightMyRequestResponse } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import {
  createAdmin,
  createBuyer,
  createSeller,
  makeGstin,
  makePhone,
  type SellerSpec,
} from '../src/seed/factories.ts';

/**
 * A fresh database for one test file: an in-memory PGlite started from the run's migrated snapshot, or, when
 * DATABASE_URL is set, a new PostgreSQL database copied from the run's migrated template and dropped after it
 * (test/global-setup.ts).
 */
export async function freshDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const snapshot = new Blob([readFileSync(inject('pgliteTemplate'))]);
    const db = await openDatabase({ snapshot });
    return Object.assign(db, { drop: () => db.close() });
  }
  const pg = (await import('pg')).default;
  const name = `t_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('postgresTemplate')}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const db = await openDatabase({ url: dbUrl.toString(), poolSize: 10 });
  return Object.assign(db, {
    async drop() {
      await db.close();
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: 'false', JOBS_ENABLED: 'false', ...overrides });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** Every log line the app wrote (JSON objects), e.g. to read an SMS code. */
  logs: Array<Record<string, unknown>>;
}

/**
 * Builds the app on a fresh database for the test file (beforeAll) and closes both afterwards. The returned
 * object is filled in once beforeAll has run.
 */
export function useTestApp(overrides: Record<string, string> = {}): TestContext {
  const ctx = { logs: [] } as unknown as TestContext;
  beforeAll(async () => {
    const database = await freshDatabase();
    const stream = {
      write(line: string) {
        try {
          ctx.logs.push(JSON.parse(line));
        } catch {
          // not JSON: ignore
        }
      },
    };
    const app = await buildApp({
      config: testConfig(overrides),
      database,
      logger: { level: 'info', stream },
    });
    await app.ready();
    ctx.app = app;
    ctx.database = database;
  });
  // Registered here, not inside beforeAll: a hook added while a hook runs never ran, so every file's app stayed
  // open and its database stayed behind, and on PostgreSQL the idle pools ran the server out of connections.
  afterAll(async () => {
    await ctx.app?.close();
    await (ctx.database as (Database & { drop?(): Promise<void> }) | undefined)?.drop?.();
  });
  return ctx;
}

let ipCounter = 0;
/** A distinct client address per call, so per-IP rate limits only bite the tests that aim at them. */
export function nextIp(): string {
  ipCounter++;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export async function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  url: string,
  opts: { token?: string; body?: unknown; ip?: string; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    remoteAddress: opts.ip ?? nextIp(),
    headers: { ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}), ...opts.headers },
    ...(opts.body !== undefined ? { payload: opts.body as InjectOptions['payload'] } : {}),
  });
}

export async function loginSeller(app: FastifyInstance, spec: SellerSpec = {}) {
  const seller = await createSeller(app.db, spec);
  const res = await call(app, 'POST', '/api/login', {
    body: { username: seller.user.email, password: seller.password },
  });
  if (res.statusCode !== 200) throw new Error(`seller login failed: ${res.body}`);
  return { ...seller, token: res.json().token as string };
}

export async function loginAdmin(app: FastifyInstance) {
  const admin = await createAdmin(app.db);
  const res = await call(app, 'POST', '/api/admin/login', {
    body: { email: admin.user.email, password: admin.password },
  });
  if (res.statusCode !== 200) throw new Error(`admin login failed: ${res.body}`);
  return { ...admin, token: res.json().token as string };
}

/** Signs a buyer in through the seller login's sibling: buyers get a session the same way (see buyer API). */
export async function createBuyerSession(app: FastifyInstance) {
  const buyer = await createBuyer(app.db);
  const { createSession } = await import('../src/modules/auth/sessions.ts');
  const { token } = await createSession(app.db, buyer.user.id, { remember: false });
  return { ...buyer, token };
}

export async function count(database: Database, table: string): Promise<number> {
  const rows = await database.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]?.n ?? 0;
}

let registrations = 0;
/** A valid `POST /api/register` body (a strong password, a GSTIN of the address's state) with `overrides`. */
export function sellerRegistration(overrides: Record<string, unknown> = {}) {
  registrations++;
  return {
    full_name: 'Asha Patil',
    email: `registrant${registrations}.${randomBytes(3).toString('hex')}@example.in`,
    phone: makePhone(),
    password: 'Kesar-Mango-Lassi-7',
    confirm_password: 'Kesar-Mango-Lassi-7',
    type: 'seller',
    company_name: 'Patil Plastics Pvt Ltd',
    gst_number: makeGstin('27'),
    company_address: 'Plot 7, MIDC Bhosari, Pune 411026',
    state: 'Maharashtra',
    category: 'packaging',
    ...overrides,
  };
}

/** The Redis the shared-Redis tests use (REDIS_URL_TEST, as .ci/run sets it). */
export const TEST_REDIS_URL = process.env.REDIS_URL_TEST ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Why TEST_REDIS_URL cannot be used (warned once, for `describe.skipIf`), or undefined when it answers PING. */
export async function redisUnreachable(suite: string): Promise<string | undefined> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    await probe.ping();
    return undefined;
  } catch (err) {
    const why = (err as Error).message;
    console.warn(`${suite}: skipped, Redis at ${TEST_REDIS_URL} is unreachable (${why})`);
    return why;
  } finally {
    probe.disconnect();
  }
}

/** The files below `dir`, as paths relative to it; none when it does not exist yet. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => statSync(join(dir, f)).isFile());
  } catch {
    return [];
  }
}

/** A notification's title and message written out in full (`notify.text`), for tests that only need some notice. */
export function textNotice(title: string, message: string) {
  return {
    title: { id: 'notify.text.title', values: { title } },
    message: { id: 'notify.text.message', values: { message } },
  };
}
