/**
 * PostgreSQL stopped and started again while the server runs (a clean `fast` stop, then an `immediate` one that
 * drops every connection like a crash): requests answer 503 with the API's error shape, never a 500 or a hang;
 * GET /api/health answers 503 while the database is down; everything recovers by itself once it is back, with
 * the same server process.
 */
import {
  type Answer,
  type Checks,
  call,
  crashLines,
  isCleanError,
  loginBuyer,
  loginSeller,
  mainIfRun,
  openData,
  type PrivatePostgres,
  type Resources,
  SHIPPING,
  sleep,
  startPostgres,
  startServer,
} from './harness.ts';

/** The longest a request may take while the database is down (the pool's connect timeout is 5 s). */
const MAX_DOWN_MS = 6_000;

export async function pgRestartScenario(checks: Checks, res: Resources) {
  const pg = await startPostgres(res);
  const data = await openData(pg.url);
  const seller = await data.createSeller(data.database.db, { email: 'pg.seller@example.in' });
  const buyer = await data.createBuyer(data.database.db, { email: 'pg.buyer@example.in' });
  const product = await data.createProduct(data.database.db, seller.manufacturer.id, { stock: 100_000, moq: 1 });
  await data.database.close();

  const server = await startServer(res, { databaseUrl: pg.url });
  const sellerToken = await loginSeller(server.base, 'pg.seller@example.in', seller.password);
  const buyerToken = await loginBuyer(server.base, 'pg.buyer@example.in', buyer.password);

  const requests = {
    health: () => call(server.base, 'GET', '/api/health', { timeoutMs: 20_000 }),
    'seller product list': () =>
      call(server.base, 'GET', '/api/products?page=1', { token: sellerToken, timeoutMs: 20_000 }),
    'seller login': () =>
      call(server.base, 'POST', '/api/login', {
        body: { username: 'pg.seller@example.in', password: seller.password },
        timeoutMs: 20_000,
      }),
    'place an order': () =>
      call(server.base, 'POST', '/api/buyer/orders', {
        token: buyerToken,
        body: {
          manufacturerId: seller.manufacturer.id,
          items: [{ productId: product.id, quantity: 2 }],
          shippingAddress: SHIPPING,
        },
        timeoutMs: 20_000,
      }),
    'notification list': () =>
      call(server.base, 'GET', '/api/notifications', { token: sellerToken, timeoutMs: 20_000 }),
  } satisfies Record<string, () => Promise<Answer>>;

  for (const a of await Promise.all(Object.values(requests).map((r) => r()))) {
    if (a.status >= 300) throw new Error(`baseline request failed: ${a.status} ${a.text}`);
  }

  await outage(checks, pg, requests, 'fast');
  await outage(checks, pg, requests, 'immediate');

  checks.ok('the same server process served throughout', server.child.exitCode === null, `pid ${server.child.pid}`);
  checks.ok('no unhandled error in the server logs', crashLines(server).length === 0, crashLines(server).slice(0, 3));
}

async function outage(
  checks: Checks,
  pg: PrivatePostgres,
  requests: Record<string, () => Promise<Answer>>,
  mode: 'fast' | 'immediate',
) {
  checks.info(`--- pg_ctl stop -m ${mode} ---`);
  // A burst in flight while the database goes away: each either completes or fails cleanly.
  const burst = Promise.all(
    Array.from({ length: 30 }, (_, i) => {
      const names = Object.keys(requests);
      const name = names[i % names.length] as string;
      return (requests[name] as () => Promise<Answer>)().then(
        (a) => ({ name, a }),
        (err: Error) => ({ name, a: { status: 0, body: undefined, text: err.message, ms: 0 } as Answer }),
      );
    }),
  );
  await sleep(20);
  await pg.stop(mode);
  const inFlight = await burst;
  const completed = inFlight.filter(({ a }) => a.status < 300).length;
  checks.info(`of 30 requests in flight: ${completed} completed, ${inFlight.length - completed} failed`);
  const bad = inFlight.filter(({ name, a }) => !(a.status < 300 || cleanOutage(name, a)));
  checks.ok(
    `requests in flight when PostgreSQL stopped (${mode}) completed or answered 503`,
    bad.length === 0,
    bad.length ? bad.slice(0, 3).map(({ name, a }) => `${name}: ${a.status} ${a.text.slice(0, 200)}`) : undefined,
  );

  for (const [name, req] of Object.entries(requests)) {
    const a = await req().catch((err: Error) => ({ status: 0, body: undefined, text: err.message, ms: 0 }) as Answer);
    checks.ok(
      `database down (${mode}): ${name} answers 503 with a JSON error in ${Math.round(a.ms)} ms`,
      cleanOutage(name, a) && a.ms < MAX_DOWN_MS,
      a.status === 503 ? undefined : `${a.status} ${a.text.slice(0, 300)}`,
    );
  }

  await pg.start();
  const t0 = Date.now();
  let health: Answer | undefined;
  while (Date.now() - t0 < 15_000) {
    health = await requests.health?.();
    if (health?.status === 200) break;
    await sleep(100);
  }
  checks.ok(
    `after PostgreSQL is back, /api/health answers 200 by itself (${Date.now() - t0} ms)`,
    health?.status === 200,
    health?.status,
  );
  for (const [name, req] of Object.entries(requests)) {
    const a = await req();
    checks.ok(`recovered (${mode}): ${name} succeeds`, a.status >= 200 && a.status < 300, `${a.status}`);
  }
  // A pool that leaked clients during the outage would stall here: more concurrent requests than its 20 slots.
  const many = await Promise.all(
    Array.from({ length: 60 }, () => requests['seller product list']?.() as Promise<Answer>),
  );
  const notOk = many.filter((a) => a.status !== 200);
  checks.ok(`recovered (${mode}): 60 concurrent requests all succeed`, notOk.length === 0, {
    failed: notOk.length,
    slowestMs: Math.round(Math.max(...many.map((a) => a.ms))),
  });
}

/** 503 with the API's error shape (the health check has its own `{ status: 'unavailable' }`). */
function cleanOutage(name: string, a: Answer): boolean {
  if (a.status !== 503) return false;
  return name === 'health' ? (a.body as { status?: string })?.status === 'unavailable' : isCleanError(a);
}

await mainIfRun(import.meta.url, 'PostgreSQL restarted while the server runs', pgRestartScenario);
