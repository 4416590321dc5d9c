import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sameOriginPath } from '@ub/shared';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/modules/auth/passwords.ts';
import { createMailer } from '../src/modules/notifications/mailer.ts';
import { signWebhook } from '../src/modules/payments/providers/razorpay-webhook.ts';
import type { TestGateway } from '../src/modules/payments/providers/test-gateway.ts';
import { DEMO } from '../src/seed/demo.ts';
import { createAdmin } from '../src/seed/factories.ts';
import { call, freshDatabase, testConfig } from './helpers.ts';
import { PRODUCTION_ENV, STAGING_ENV } from './production-env.ts';

/**
 * Issue 28, "Production is a boundary": a production start refuses make-believe payments, default secrets and the
 * other development defaults (each refusal names its variable); absolute addresses come from PUBLIC_URL, never from
 * the Host header; a return path is a same-origin path after the URL parser's normalisation.
 */

const PRODUCTION = PRODUCTION_ENV;
const STAGING = STAGING_ENV;

/** The message a refused configuration stops with. */
function refusal(env: Record<string, string | undefined>): string {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.message;
    throw err;
  }
  throw new Error('loadConfig accepted the configuration');
}

const without = (env: Record<string, string | undefined>, ...names: string[]) =>
  Object.fromEntries(Object.entries(env).filter(([k]) => !names.includes(k)));

describe('a production start', () => {
  it('starts with every required variable set, and a staging site with its opt-ins', () => {
    const c = loadConfig(PRODUCTION);
    expect(c.PAYMENT_PROVIDER).toBe('razorpay');
    expect(c.testPayments).toBe(false);
    expect(c.PUBLIC_URL).toBe('https://udyog.example');
    const s = loadConfig(STAGING);
    expect(s.PAYMENT_PROVIDER).toBe('test');
    expect(s.testPayments).toBe(true);
  });

  it('refuses an unnamed payment provider', () => {
    expect(refusal(without(PRODUCTION, 'PAYMENT_PROVIDER'))).toMatch(/^ {2}PAYMENT_PROVIDER: .*must be named/m);
  });

  it('refuses the test gateway without the opt-in that says so', () => {
    const env = { ...without(STAGING, 'ALLOW_TEST_PAYMENTS_IN_PRODUCTION') };
    expect(refusal(env)).toMatch(/^ {2}PAYMENT_PROVIDER: .*ALLOW_TEST_PAYMENTS_IN_PRODUCTION=true/m);
    expect(refusal({ ...env, ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'false' })).toMatch(/^ {2}PAYMENT_PROVIDER: /m);
  });

  it("refuses the test gateway's default secret, set or unset", () => {
    expect(refusal(without(STAGING, 'TEST_GATEWAY_SECRET'))).toMatch(/^ {2}TEST_GATEWAY_SECRET: /m);
    expect(refusal({ ...STAGING, TEST_GATEWAY_SECRET: 'test-gateway-secret' })).toMatch(/^ {2}TEST_GATEWAY_SECRET: /m);
  });

  it("refuses Razorpay's test keys unless test payments are opted into", () => {
    expect(refusal({ ...PRODUCTION, RAZORPAY_KEY_ID: 'rzp_test_Abc123' })).toMatch(/^ {2}RAZORPAY_KEY_ID: /m);
    const staging = loadConfig({
      ...PRODUCTION,
      RAZORPAY_KEY_ID: 'rzp_test_Abc123',
      ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    });
    expect(staging.testPayments).toBe(true);
  });

  it('requires PUBLIC_URL: an https origin', () => {
    expect(refusal(without(PRODUCTION, 'PUBLIC_URL'))).toMatch(/^ {2}PUBLIC_URL: /m);
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: 'http://udyog.example' })).toMatch(/^ {2}PUBLIC_URL: .*https/m);
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: 'https://udyog.example/shop?x=1' })).toMatch(
      /^ {2}PUBLIC_URL: must be an origin only/m,
    );
    // The production build run on this machine (browser tests, benchmarks) may say http to a loopback address.
    expect(loadConfig({ ...PRODUCTION, PUBLIC_URL: 'http://127.0.0.1:4310/' }).PUBLIC_URL).toBe(
      'http://127.0.0.1:4310',
    );
  });

  it('refuses logged SMS and logged e-mail without their opt-ins', () => {
    expect(refusal(without(PRODUCTION, 'SMS_PROVIDER', 'MSG91_AUTH_KEY', 'MSG91_TEMPLATE_ID'))).toMatch(
      /^ {2}SMS_PROVIDER: .*ALLOW_LOGGED_SMS_IN_PRODUCTION=true/m,
    );
    expect(refusal(without(PRODUCTION, 'SMTP_URL'))).toMatch(/^ {2}SMTP_URL: .*ALLOW_LOGGED_EMAIL_IN_PRODUCTION=true/m);
  });

  it('refuses the e-invoice and e-way bill simulators without their opt-ins, and a GSP without its keys', () => {
    const local = { ...without(PRODUCTION, 'EINVOICE_PROVIDER'), EINVOICE_PROVIDER: undefined };
    expect(refusal(local)).toMatch(/^ {2}EINVOICE_PROVIDER: .*ALLOW_EINVOICE_SIMULATOR_IN_PRODUCTION=true/m);
    expect(refusal({ ...PRODUCTION, EWAYBILL_PROVIDER: 'simulator' })).toMatch(
      /^ {2}EWAYBILL_PROVIDER: .*ALLOW_EWAYBILL_SIMULATOR_IN_PRODUCTION=true/m,
    );
    expect(refusal(without(PRODUCTION, 'EINVOICE_GSP_PASSWORD'))).toMatch(/^ {2}EINVOICE_GSP_PASSWORD: /m);
    expect(refusal({ ...PRODUCTION, EWAYBILL_PROVIDER: 'nic' })).toMatch(/^ {2}EWAYBILL_API_URL: /m);
    expect(refusal({ ...PRODUCTION, EINVOICE_PROVIDER: 'irp' })).toMatch(/^ {2}EINVOICE_PROVIDER: /m);
    // The default e-way bill provider only writes the portal's JSON for the seller to upload: nothing make-believe.
    expect(loadConfig(PRODUCTION).EWAYBILL_PROVIDER).toBe('local');
  });

  it('refuses the demo bank account, the demo platform and a local store nobody named', () => {
    for (const name of ['BANK_ACCOUNT_NAME', 'BANK_ACCOUNT_NUMBER', 'BANK_IFSC', 'BANK_NAME']) {
      expect(refusal(without(PRODUCTION, name)), name).toMatch(new RegExp(`^ {2}${name}: `, 'm'));
    }
    expect(refusal({ ...PRODUCTION, BANK_ACCOUNT_NUMBER: '50200012345678' })).toMatch(/^ {2}BANK_ACCOUNT_NUMBER: /m);
    for (const name of ['PLATFORM_GSTIN', 'PLATFORM_LEGAL_NAME', 'PLATFORM_ADDRESS']) {
      expect(refusal(without(PRODUCTION, name)), name).toMatch(new RegExp(`^ {2}${name}: `, 'm'));
    }
    expect(refusal({ ...PRODUCTION, PLATFORM_GSTIN: '27AAFCU5055K1ZZ' })).toMatch(/^ {2}PLATFORM_GSTIN: /m);
    expect(refusal(without(PRODUCTION, 'DATA_DIR'))).toMatch(/^ {2}DATA_DIR: /m);
    // Object storage and PostgreSQL keep nothing under DATA_DIR.
    const remote = {
      ...without(PRODUCTION, 'DATA_DIR'),
      DATABASE_URL: 'postgres://ub@db/ub',
      S3_BUCKET: 'ub-media',
      S3_ACCESS_KEY_ID: 'AKIA0',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(loadConfig(remote).S3_BUCKET).toBe('ub-media');
    // A staging site takes no real money: the demo account and platform are what it shows.
    const staging = loadConfig(STAGING);
    expect(staging.BANK_ACCOUNT_NUMBER).toBe('50200012345678');
    expect(staging.platformGstin).toBeNull();
  });

  it('refuses an administrator password the README publishes', () => {
    const env = { ...PRODUCTION, ADMIN_EMAIL: 'root@udyog.example', ADMIN_PASSWORD: 'DemoAdmin@123' };
    expect(refusal(env)).toMatch(/^ {2}ADMIN_PASSWORD: /m);
  });

  it('names every refused variable at once', () => {
    const message = refusal({ NODE_ENV: 'production' });
    for (const name of [
      'PUBLIC_URL',
      'PAYMENT_PROVIDER',
      'SMS_PROVIDER',
      'SMTP_URL',
      'EINVOICE_PROVIDER',
      'DATA_DIR',
    ]) {
      expect(message).toMatch(new RegExp(`^ {2}${name}: `, 'm'));
    }
  });

  it('changes nothing for development: npm start needs no configuration', () => {
    const c = loadConfig({});
    expect(c.PAYMENT_PROVIDER ?? 'test').toBe('test');
    expect(c.announceTestPayments).toBe(false);
    expect(c.testPayments).toBe(true);
    expect(c.PUBLIC_URL).toBe('http://localhost:8080');
    expect(loadConfig({ PORT: '3000' }).PUBLIC_URL).toBe('http://localhost:3000');
  });
});

/** A built web app in miniature, so the public pages and the app's pages are served. */
function miniWeb(): string {
  const web = mkdtempSync(join(tmpdir(), 'ub-web-'));
  writeFileSync(
    join(web, 'index.html'),
    '<!doctype html><html lang="en"><head><title>Landing</title></head><body><div id="root"></div></body></html>',
  );
  return web;
}

describe('a production database', () => {
  const drops: Array<() => Promise<void>> = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'ub-prod-'));
  afterAll(async () => {
    for (const drop of drops) await drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('holding a demo account with its published password stops the start; another password or staging does not', async () => {
    const database = await freshDatabase();
    drops.push(() => database.drop());
    const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' };
    const start = async (config: Record<string, string>) => {
      const app = await buildApp({ config: loadConfig(config), database, webDir: false });
      await app.close();
    };
    const demo = await createAdmin(database.db, { email: DEMO.admin.email, password: DEMO.admin.password });
    await expect(start({ ...PRODUCTION, ...env })).rejects.toThrow(
      /^ {2}database: holds the demo account admin@example\.in with the password the README publishes/m,
    );
    await start({ ...STAGING, ...env });
    await database.db
      .update(users)
      .set({ passwordHash: await hashPassword('Kesar-Mango-Lassi-7') })
      .where(eq(users.id, demo.user.id));
    await start({ ...PRODUCTION, ...env });
  }, 120_000);
});

describe('absolute addresses', () => {
  let web: string;
  const apps: FastifyInstance[] = [];
  const drops: Array<() => Promise<void>> = [];
  async function appWith(overrides: Record<string, string>) {
    const database = await freshDatabase();
    drops.push(() => database.drop());
    const app = await buildApp({ config: testConfig(overrides), database, webDir: web });
    await app.ready();
    apps.push(app);
    return app;
  }
  beforeAll(() => {
    web = miniWeb();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const drop of drops) await drop();
    rmSync(web, { recursive: true, force: true });
  });

  const hostile = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

  it('come from PUBLIC_URL whatever Host a client sends: canonical, Open Graph and JSON-LD', async () => {
    const app = await appWith({ PUBLIC_URL: 'https://udyog.example', TRUST_PROXY: 'loopback' });
    const res = await call(app, 'GET', '/', { headers: hostile, ip: '127.0.0.1' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="https://udyog.example/" />');
    expect(res.body).toContain('<meta property="og:url" content="https://udyog.example/" />');
    expect(res.body).not.toContain('evil.example');
  }, 120_000);

  it('come from the development address when PUBLIC_URL is unset, never from Host', async () => {
    const app = await appWith({ PORT: '8080' });
    const res = await call(app, 'GET', '/', { headers: hostile });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<link rel="canonical" href="http://localhost:8080/" />');
    expect(res.body).not.toContain('evil.example');
    const list = await call(app, 'GET', '/products', { headers: hostile });
    expect(list.body).toContain('<link rel="canonical" href="http://localhost:8080/products" />');
    expect(list.body).not.toContain('evil.example');
  }, 120_000);
});

describe('a staging site taking test payments', () => {
  let web: string;
  let dataDir: string;
  let staging: FastifyInstance;
  let plain: FastifyInstance;
  const drops: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    web = miniWeb();
    dataDir = mkdtempSync(join(tmpdir(), 'ub-staging-'));
    const config = loadConfig({ ...STAGING, DATA_DIR: dataDir, LOG_LEVEL: 'silent', JOBS_ENABLED: 'false' });
    const database = await freshDatabase();
    drops.push(() => database.drop());
    staging = await buildApp({ config, database, webDir: web });
    await staging.ready();
    const other = await freshDatabase();
    drops.push(() => other.drop());
    plain = await buildApp({ config: testConfig(), database: other, webDir: web });
    await plain.ready();
  });
  afterAll(async () => {
    await staging?.close();
    await plain?.close();
    for (const drop of drops) await drop();
    rmSync(web, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('says "test payments" on every page: public pages and the app, in the reader\'s language', async () => {
    for (const url of ['/', '/products', '/dashboard', '/buyer/orders', '/admin']) {
      const res = await call(staging, 'GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toMatch(/<div role="note" data-testid="test-payments-banner"[^>]*>Test payments: /);
      expect((await call(plain, 'GET', url)).body, url).not.toContain('test-payments-banner');
    }
    const hindi = await call(staging, 'GET', '/dashboard', { headers: { cookie: 'ub_lang=hi' } });
    expect(hindi.body).toContain('परीक्षण भुगतान');
  });

  it('says "test payments" in every e-mail', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const log = { info: (o: Record<string, unknown>) => lines.push(o) } as unknown as FastifyBaseLogger;
    await createMailer(staging.config, log).send({ to: 'b@example.in', subject: 'Order paid', text: 'Your order.' });
    expect(lines[0]).toMatchObject({ event: 'email.sent', subject: '[Test payments] Order paid' });
    expect(String(lines[0]?.text)).toMatch(/^Test payments: .*\n\nYour order\.$/s);
    lines.length = 0;
    await createMailer(plain.config, log).send({ to: 'b@example.in', subject: 'Order paid', text: 'Your order.' });
    expect(lines[0]).toMatchObject({ subject: 'Order paid', text: 'Your order.' });
  });
});

describe('the test checkout', () => {
  let web: string;
  let app: FastifyInstance;
  let razorpay: FastifyInstance;
  const drops: Array<() => Promise<void>> = [];
  beforeAll(async () => {
    web = miniWeb();
    const database = await freshDatabase();
    drops.push(() => database.drop());
    app = await buildApp({ config: testConfig({ PUBLIC_URL: 'https://udyog.example' }), database, webDir: web });
    await app.ready();
    const other = await freshDatabase();
    drops.push(() => other.drop());
    razorpay = await buildApp({
      config: testConfig({
        PUBLIC_URL: 'https://udyog.example',
        PAYMENT_PROVIDER: 'razorpay',
        RAZORPAY_KEY_ID: 'rzp_live_Abc123',
        RAZORPAY_KEY_SECRET: 'key-secret-0123456789',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-0123456789',
      }),
      database: other,
      webDir: web,
    });
    await razorpay.ready();
  });
  afterAll(async () => {
    await app?.close();
    await razorpay?.close();
    for (const drop of drops) await drop();
    rmSync(web, { recursive: true, force: true });
  });

  it('does not exist unless the test gateway is the provider', async () => {
    expect((await call(razorpay, 'GET', '/pay/test/order_test1')).statusCode).toBe(404);
    const post = await call(razorpay, 'POST', '/pay/test/order_test1/succeed', {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'return=%2Fbuyer',
    });
    expect(post.statusCode).toBe(404);
    expect((await call(app, 'GET', '/pay/test/order_nobody')).statusCode).toBe(404);
  });

  /** Where a browser goes from this Location on https://udyog.example (tabs dropped, backslashes as slashes). */
  const landsOn = (location: string) => new URL(location, 'https://udyog.example/pay/test/x');

  // Raw query strings: the parser decodes them once, so each arrives as the hostile path it spells.
  const hostileQueries = [
    '/%09/evil.example',
    '/%5Cevil.example',
    '%2F%2Fevil.example',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '%2F%0A%2Fevil.example',
    '/%5C%5Cevil.example',
    'https://evil.example/',
    '%2F%2F%09evil.example',
  ];

  it('sends the buyer back only to a same-origin path, whatever the return parameter holds', async () => {
    for (const query of hostileQueries) {
      const gw = app.gateway as TestGateway;
      const { providerOrderId } = await gw.createOrder({ receipt: `r-${Math.random()}`, amountPaise: 10_000 });
      const page = await call(app, 'GET', `/pay/test/${providerOrderId}?return=${query}`);
      expect(page.statusCode, query).toBe(200);
      const value = /name="return" value="([^"]*)"/.exec(page.body)?.[1]?.replace(/&amp;/g, '&') ?? '';
      expect(landsOn(value).origin, `${query} -> ${value}`).toBe('https://udyog.example');
      const done = await call(app, 'POST', `/pay/test/${providerOrderId}/fail`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `return=${query}`,
      });
      expect(done.statusCode, query).toBe(303);
      const location = String(done.headers.location);
      expect(landsOn(location).origin, `${query} -> ${location}`).toBe('https://udyog.example');
      expect(location, query).toMatch(/^\/[^/\\\s]/);
    }
  });

  it('keeps a same-origin return path with its query', async () => {
    const gw = app.gateway as TestGateway;
    const { providerOrderId } = await gw.createOrder({ receipt: 'r-keep', amountPaise: 10_000 });
    const back = '/buyer/orders/123?attempt=9';
    const done = await call(app, 'POST', `/pay/test/${providerOrderId}/fail`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `return=${encodeURIComponent(back)}`,
    });
    expect(done.headers.location).toBe(`${back}&payment_failed=1`);
  });
});

describe('sameOriginPath, the one check of every return path', () => {
  it('refuses or reduces what the URL parser would take off this site', () => {
    const hostile = [
      '/\t/evil.example',
      '/\\evil.example',
      '//evil.example',
      '/%2F%2Fevil.example',
      '/%252F%252Fevil.example',
      '/%5Cevil.example',
      '\\\\evil.example',
      '/\n/evil.example',
      ' //evil.example',
      'https://evil.example/x',
      'javascript:alert(1)',
      'buyer/orders',
      '',
    ];
    for (const raw of hostile) expect(sameOriginPath(raw, '/home'), JSON.stringify(raw)).toBe('/home');
    expect(sameOriginPath(undefined, '/home')).toBe('/home');
    expect(sameOriginPath(['/a'], '/home')).toBe('/home');
  });

  it('keeps a path on this site, normalised', () => {
    expect(sameOriginPath('/buyer/orders/7?attempt=3#pay', '/home')).toBe('/buyer/orders/7?attempt=3#pay');
    expect(sameOriginPath('/products?q=a%2Fb', '/home')).toBe('/products?q=a%2Fb');
    expect(sameOriginPath('/buyer/../dashboard', '/home')).toBe('/dashboard');
  });
});

describe('a signed payment webhook', () => {
  let app: FastifyInstance;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const database = await freshDatabase();
    drop = () => database.drop();
    app = await buildApp({ config: testConfig(), database, webDir: false });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await drop?.();
  });

  it('whose body is JSON null or any other non-object is refused 400, not 500', async () => {
    for (const body of ['null', '42', '"event"', 'true', '[]', '[{"entity":"event"}]']) {
      const res = await call(app, 'POST', '/api/payments/webhooks/razorpay', {
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': signWebhook(body, app.config.TEST_GATEWAY_SECRET),
          'x-razorpay-event-id': `evt_null_${body.length}_${Math.random()}`,
        },
        body,
      });
      expect(res.statusCode, body).toBe(400);
      expect(res.json(), body).toMatchObject({ ok: false, outcome: 'bad_body' });
    }
  });
});
