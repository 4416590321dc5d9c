/**
 * Redis gone while REDIS_URL is set. Documented degradation: rate limits are counted in each process instead of
 * Redis (never skipped) and live notifications are delivered to the streams held by the publishing process only;
 * the API keeps answering.
 * Also Redis frozen (SIGSTOP: the socket stays open, nothing answers), which must not hang requests. Then Redis
 * back: limits are counted in Redis again and live notifications flow through it again.
 */
import {
  type Checks,
  call,
  crashLines,
  loginBuyer,
  loginSeller,
  mainIfRun,
  openData,
  openStream,
  type PrivateRedis,
  type Resources,
  SHIPPING,
  type StreamClient,
  sleep,
  startPostgres,
  startRedis,
  startServer,
  waitFor,
} from './harness.ts';

/** The per-account seller login limit (routes/api/auth: 10 per 15 minutes) at RATE_LIMIT_SCALE=1. */
const LOGIN_ACCOUNT_LIMIT = 10;

export async function redisDownScenario(checks: Checks, res: Resources) {
  const pg = await startPostgres(res);
  const redis = await startRedis(res);
  const data = await openData(pg.url);
  const seller = await data.createSeller(data.database.db, { email: 'redis.seller@example.in' });
  const buyer = await data.createBuyer(data.database.db, { email: 'redis.buyer@example.in' });
  const product = await data.createProduct(data.database.db, seller.manufacturer.id, { stock: 100_000, moq: 1 });
  // Accounts whose wrong passwords are counted, one per phase, so no phase inherits another's counter.
  for (const phase of ['up', 'down', 'frozen', 'back']) {
    await data.createSeller(data.database.db, { email: `redis.${phase}@example.in` });
  }
  await data.database.close();

  // Real limits (scale 1): the point is to see them counted in Redis, in the process, and in Redis again. The
  // server believes X-Forwarded-For from loopback, so each phase's guesser has its own client address and no
  // phase spends another's per-address budget.
  const server = await startServer(res, {
    databaseUrl: pg.url,
    redisUrl: redis.url,
    env: { RATE_LIMIT_SCALE: '1', TRUST_PROXY: 'loopback' },
  });
  const phaseAddress = { up: 1, down: 2, frozen: 3, back: 4, probe: 5 } as const;
  const sellerToken = await loginSeller(server.base, 'redis.seller@example.in', seller.password);
  const buyerToken = await loginBuyer(server.base, 'redis.buyer@example.in', buyer.password);

  const wrongLogins = async (phase: keyof typeof phaseAddress, n: number) => {
    const statuses: number[] = [];
    let slowest = 0;
    for (let i = 0; i < n; i++) {
      const a = await call(server.base, 'POST', '/api/login', {
        body: { username: `redis.${phase}@example.in`, password: 'WrongPassw0rd!' },
        headers: { 'x-forwarded-for': `198.51.100.${phaseAddress[phase]}` },
        timeoutMs: 10_000,
      }).catch(() => ({ status: 0, ms: 10_000 }));
      statuses.push(a.status);
      slowest = Math.max(slowest, a.ms);
    }
    return { statuses, slowest: Math.round(slowest) };
  };
  const order = async () => {
    const a = await call(server.base, 'POST', '/api/buyer/orders', {
      token: buyerToken,
      body: {
        manufacturerId: seller.manufacturer.id,
        items: [{ productId: product.id, quantity: 1 }],
        shippingAddress: SHIPPING,
      },
      timeoutMs: 10_000,
    });
    return { status: a.status, number: (a.body as { number?: string }).number ?? '', ms: a.ms };
  };
  const heard = (stream: StreamClient, orderNumber: string) =>
    stream.events.filter((e) => String(e.message ?? '').includes(orderNumber)).length;
  const expectHeard = async (what: string, streams: StreamClient[], orderNumber: string) => {
    await waitFor(what, async () => streams.every((s) => heard(s, orderNumber) >= 1), 5_000, 50).catch(() => undefined);
    // Once each, not twice: the in-process fallback must not duplicate what came through Redis.
    await sleep(300);
    const counts = streams.map((s) => heard(s, orderNumber));
    checks.ok(
      what,
      counts.every((c) => c === 1),
      { deliveriesPerStream: counts },
    );
  };

  /* --- Redis up --- */
  const up = await wrongLogins('up', LOGIN_ACCOUNT_LIMIT + 1);
  checks.ok(
    `Redis up: the ${LOGIN_ACCOUNT_LIMIT + 1}th wrong password for one account answers 429`,
    up.statuses.at(-1) === 429 && up.statuses.slice(0, -1).every((s) => s === 401),
    up.statuses.join(','),
  );
  checks.ok('Redis up: the counters are kept in Redis', (await rateKeys(redis)) > 0);
  const names = await redis.cli(['--scan', '--pattern', 'ub-rl:*']).catch(() => '');
  checks.ok(
    'Redis up: counter keys are <prefix><limit>:<key>, with nothing undefined in them',
    names.includes('ub-rl:login-ip:') && !names.includes('undefined'),
    names.split('\n').slice(0, 3),
  );
  const streamA = await openStream(server.base, sellerToken);
  const o1 = await order();
  await expectHeard('Redis up: the seller stream hears a new order', [streamA], o1.number);

  /* --- Redis gone --- */
  await redis.kill();
  await sleep(200);
  const health = await call(server.base, 'GET', '/api/health');
  checks.ok('Redis gone: /api/health still answers 200', health.status === 200, health.status);
  const down = await wrongLogins('down', 30);
  checks.ok(
    `Redis gone: limits are counted in the process: wrong passwords 1-${LOGIN_ACCOUNT_LIMIT} answer 401, the rest 429, without delay`,
    down.statuses.slice(0, LOGIN_ACCOUNT_LIMIT).every((s) => s === 401) &&
      down.statuses.slice(LOGIN_ACCOUNT_LIMIT).every((s) => s === 429) &&
      down.slowest < 1000,
    { statuses: down.statuses.join(','), slowest: down.slowest },
  );
  const login = await call(server.base, 'POST', '/api/login', {
    body: { username: 'redis.seller@example.in', password: seller.password },
  });
  checks.ok('Redis gone: a seller can sign in', login.status === 200, login.status);
  const list = await call(server.base, 'GET', '/api/products?page=1', { token: sellerToken });
  checks.ok('Redis gone: the seller product list answers', list.status === 200, list.status);
  const streamB = await openStream(server.base, sellerToken).catch((err: Error) => err);
  checks.ok(
    'Redis gone: a new live stream can be opened',
    !(streamB instanceof Error),
    streamB instanceof Error ? streamB.message : undefined,
  );
  const o2 = await order();
  checks.ok('Redis gone: an order is placed', o2.status === 201, o2.status);
  await expectHeard(
    'Redis gone: streams on this process hear the order (in-process delivery)',
    streamB instanceof Error ? [streamA] : [streamA, streamB],
    o2.number,
  );
  const stored = await call(server.base, 'GET', '/api/notifications', { token: sellerToken });
  checks.ok(
    'Redis gone: the notification is stored for the bell list',
    stored.status === 200 && stored.text.includes(o2.number),
    stored.status,
  );

  /* --- Redis frozen: the port is open, nothing answers --- */
  await redis.start();
  await waitFor('the server to reconnect to Redis', async () => {
    await wrongLogins('probe', 1);
    return (await rateKeys(redis)) > 0;
  });
  await redis.pause();
  const frozen = await wrongLogins('frozen', 30);
  checks.ok(
    `Redis frozen: each request answers within 2 s, and the ${LOGIN_ACCOUNT_LIMIT + 1}th wrong password on still gets 429`,
    frozen.statuses.slice(0, LOGIN_ACCOUNT_LIMIT).every((s) => s === 401) &&
      frozen.statuses.slice(LOGIN_ACCOUNT_LIMIT).every((s) => s === 429) &&
      frozen.slowest < 2000,
    { statuses: frozen.statuses.join(','), slowest: frozen.slowest },
  );
  const o3 = await order();
  checks.ok('Redis frozen: an order is placed within 2 s', o3.status === 201 && o3.ms < 2000, {
    status: o3.status,
    ms: Math.round(o3.ms),
  });
  await redis.resume();

  /* --- Redis back --- */
  await redis.kill();
  await redis.start();
  await waitFor(
    'rate-limit counters in Redis again',
    async () => {
      await wrongLogins('probe', 1);
      return (await rateKeys(redis)) > 0;
    },
    15_000,
    250,
  ).then(
    () => checks.ok('Redis back: the server reconnects by itself and counts limits in Redis again', true),
    () => checks.ok('Redis back: the server reconnects by itself and counts limits in Redis again', false),
  );
  const back = await wrongLogins('back', LOGIN_ACCOUNT_LIMIT + 1);
  checks.ok(
    `Redis back: the ${LOGIN_ACCOUNT_LIMIT + 1}th wrong password answers 429 again`,
    back.statuses.at(-1) === 429,
    back.statuses.join(','),
  );
  // Each stream resubscribes on reconnect: an event now goes through Redis and is heard once.
  await sleep(500);
  const o4 = await order();
  await expectHeard(
    'Redis back: the streams opened before and during the outage hear a new order once',
    streamB instanceof Error ? [streamA] : [streamA, streamB],
    o4.number,
  );
  const subscribers = Number((await redis.cli(['pubsub', 'numsub', `notifications:${seller.user.id}`])).split('\n')[1]);
  checks.ok('Redis back: the seller channel is subscribed in Redis again', subscribers >= 1, { subscribers });

  streamA.close();
  if (!(streamB instanceof Error)) streamB.close();
  checks.ok('the server never exited', server.child.exitCode === null);
  checks.ok('no unhandled error in the server logs', crashLines(server).length === 0, crashLines(server).slice(0, 3));
}

async function rateKeys(redis: PrivateRedis): Promise<number> {
  const out = await redis.cli(['--scan', '--pattern', 'ub-rl:*']).catch(() => '');
  return out.split('\n').filter(Boolean).length;
}

await mainIfRun(import.meta.url, 'Redis gone while REDIS_URL is set', redisDownScenario);
