/**
 * Two production server processes (A and B) on one PostgreSQL and one Redis, as behind a load balancer, each with
 * its job runner and schedules on, rate limits at their real size:
 * - live notifications: a seller's stream held by A hears an order placed through B, once;
 * - rate limits are shared: wrong passwords for one account alternate between A and B, and the eleventh is refused
 *   (10 per address per 15 minutes) whichever process gets it;
 * - session revocation: a token B has just verified (and cached) is refused by B at once after sign-out on A;
 *   a buyer blocked by an admin on A is refused by B at once;
 * - caches: a seller suspended on A is held to the suspended rules by B at once (B cached the session with the
 *   status it had);
 * - jobs run once: twenty orders through A and B in turn queue twenty notification deliveries, each run once
 *   (attempts = 1, done), each heard once on streams held by A and by B; a schedule slot queued by both processes
 *   at the same moment is one job.
 */
import {
  type Checks,
  call,
  loginBuyer,
  loginSeller,
  mainIfRun,
  openData,
  openStream,
  type Resources,
  SHIPPING,
  type StreamClient,
  sleep,
  startPostgres,
  startRedis,
  startServer,
  waitFor,
} from './harness.ts';
// The server's Fastify declarations, for the schedule module imported below.
import '../../apps/server/src/types.ts';

export async function processesScenario(checks: Checks, res: Resources) {
  const pg = await startPostgres(res);
  const redis = await startRedis(res);
  const data = await openData(pg.url);
  res.add(() => data.database.close());
  const db = data.database.db;
  const seller = await data.createSeller(db, { email: 'two.seller@example.in', status: 'approved' });
  const suspended = await data.createSeller(db, { email: 'two.suspended@example.in', status: 'approved' });
  const buyer = await data.createBuyer(db, { email: 'two.buyer@example.in' });
  const blocked = await data.createBuyer(db, { email: 'two.blocked@example.in' });
  const admin = await data.createAdmin(db, { email: 'two.admin@example.in' });
  await data.createSeller(db, { email: 'two.guessed@example.in' });
  const product = await data.createProduct(db, seller.manufacturer.id, { stock: 100_000, moq: 1 });

  const env = { RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'loopback', JOBS_POLL_MS: '200' };
  const a = await startServer(res, { databaseUrl: pg.url, redisUrl: redis.url, env });
  const b = await startServer(res, { databaseUrl: pg.url, redisUrl: redis.url, env });

  /* --- live notifications across processes, and jobs once --- */
  const sellerToken = await loginSeller(a.base, 'two.seller@example.in', seller.password);
  const buyerToken = await loginBuyer(b.base, 'two.buyer@example.in', buyer.password);
  const streams: StreamClient[] = [await openStream(a.base, sellerToken), await openStream(b.base, sellerToken)];
  res.add(() => {
    for (const s of streams) s.close();
  });
  const numbers: string[] = [];
  for (let i = 0; i < 20; i++) {
    const via = i % 2 ? a : b;
    const o = await call(via.base, 'POST', '/api/buyer/orders', {
      token: buyerToken,
      body: {
        manufacturerId: seller.manufacturer.id,
        items: [{ productId: product.id, quantity: 1 }],
        shippingAddress: SHIPPING,
      },
    });
    if (o.status !== 201) throw new Error(`order answered ${o.status}: ${o.text}`);
    numbers.push((o.body as { number: string }).number);
  }
  const heard = (s: StreamClient, n: string) => s.events.filter((e) => String(e.message ?? '').includes(n)).length;
  await waitFor(
    'every order heard on both streams',
    async () => numbers.every((n) => streams.every((s) => heard(s, n) >= 1)),
    20_000,
  );
  await sleep(500);
  const counts = streams.map((s) => numbers.map((n) => heard(s, n)));
  checks.ok(
    'live notifications: streams held by A and by B hear each order placed through either, once',
    counts.every((c) => c.every((x) => x === 1)),
    JSON.stringify(counts),
  );
  await waitFor(
    'the delivery jobs to finish',
    async () =>
      (await pg.query<{ n: number }>(`select count(*)::int as n from jobs where state <> 'done'`))[0]?.n === 0,
    20_000,
  ).catch(() => undefined);
  const jobs = await pg.query<{ state: string; attempts: number; locked_by: string | null; n: number }>(
    `select state, attempts, count(*)::int as n from jobs group by state, attempts`,
  );
  const runners = await pg.query<{ n: number }>(
    `select count(distinct split_part(locked_by, ':', 2))::int as n from jobs`,
  );
  checks.ok(
    'jobs: every job done with one attempt (each claimed by one process)',
    jobs.length > 0 && jobs.every((j) => j.state === 'done' && j.attempts === 1),
    JSON.stringify(jobs),
  );
  const { enqueueSlot, SCHEDULES } = await import('../../apps/server/src/jobs/schedules.ts');
  const second = await openData(pg.url);
  const slot = new Date(Date.UTC(2030, 0, 1, 0, 17));
  const sweep = SCHEDULES.find((s) => s.pattern === '17 * * * *') ?? SCHEDULES[0];
  if (!sweep) throw new Error('no schedule');
  await Promise.all([enqueueSlot(db, sweep, slot), enqueueSlot(second.database.db, sweep, slot)]);
  await second.database.close();
  const slotJobs = await pg.query<{ n: number }>(`select count(*)::int as n from jobs where unique_key = $1`, [
    `${sweep.job}:${slot.toISOString()}`,
  ]);
  checks.ok('schedules: one slot queued by two processes at once is one job', slotJobs[0]?.n === 1, slotJobs[0]?.n);

  /* --- shared rate limits --- */
  const statuses: number[] = [];
  for (let i = 0; i < 11; i++) {
    const r = await call((i % 2 ? a : b).base, 'POST', '/api/login', {
      body: { username: 'two.guessed@example.in', password: 'WrongPassw0rd!' },
      headers: { 'x-forwarded-for': '198.51.100.77' },
    });
    statuses.push(r.status);
  }
  checks.ok(
    'rate limits: wrong passwords through A and B count together (the 11th answers 429)',
    statuses.slice(0, 10).every((s) => s === 401) && statuses[10] === 429,
    statuses.join(','),
  );

  /* --- session revocation --- */
  const t = await loginSeller(a.base, 'two.seller@example.in', seller.password);
  const first = await call(b.base, 'GET', '/api/products?page=1', { token: t });
  const out = await call(a.base, 'POST', '/api/logout', { token: t });
  const after = await call(b.base, 'GET', '/api/products?page=1', { token: t });
  checks.ok(
    'sign-out on A ends the session on B at once (B had it cached)',
    first.status === 200 && out.status < 300 && after.status === 401,
    `${first.status} ${out.status} ${after.status}`,
  );
  const blockedToken = await loginBuyer(a.base, 'two.blocked@example.in', blocked.password);
  const adminToken = (
    (
      await call(a.base, 'POST', '/api/admin/login', {
        body: { username: 'two.admin@example.in', password: admin.password },
      })
    ).body as { token: string }
  ).token;
  const before = await call(b.base, 'GET', '/api/buyer/orders', { token: blockedToken });
  const block = await call(a.base, 'POST', `/api/admin/buyers/${blocked.buyer?.id}/block`, {
    token: adminToken,
    body: { reason: 'Fraudulent orders' },
  });
  const afterBlock = await call(b.base, 'GET', '/api/buyer/orders', { token: blockedToken });
  checks.ok(
    'a buyer blocked on A is refused by B at once',
    before.status === 200 && block.status === 200 && afterBlock.status === 401,
    `${before.status} ${block.status} ${block.text.slice(0, 200)} ${afterBlock.status}`,
  );

  /* --- caches: seller status --- */
  const sToken = await loginSeller(b.base, 'two.suspended@example.in', suspended.password);
  const add = (sku: string) =>
    call(b.base, 'POST', '/api/product/add', {
      token: sToken,
      body: {
        name: `Cache check ${sku}`,
        description: 'd',
        sku,
        price: 10,
        moq: 1,
        stock: 1,
        unit: 'piece',
        category: 'toys',
      },
    });
  const okBefore = await add('CACHE-1');
  const suspend = await call(a.base, 'POST', `/api/admin/manufacturers/${suspended.manufacturer.id}/suspend`, {
    token: adminToken,
    body: { reason: 'Other', customReason: 'cache check' },
  });
  const refused = await add('CACHE-2');
  checks.ok(
    'a seller suspended on A is held to the suspended rules by B at once',
    okBefore.status < 300 && suspend.status === 200 && refused.status === 403,
    `${okBefore.status} ${okBefore.text.slice(0, 120)} | ${suspend.status} ${suspend.text.slice(0, 160)} | ${refused.status}`,
  );
}

await mainIfRun(import.meta.url, 'Two server processes on one PostgreSQL and Redis', processesScenario);
