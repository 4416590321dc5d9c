/**
 * Orders benchmark: fills a separate PostgreSQL database (bench_orders) with 1,000,000 orders, 100,000 of them for
 * one seller, then measures the seller's order list (page 1, a tab, two searches) and the dashboard overview against
 * the production build with autocannon at concurrency 10. Targets: list p99 < 30 ms, dashboard p99 < 50 ms.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:orders
 *
 * BENCH_REUSE=1 keeps the database afterwards and reuses it on the next run instead of reloading it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { generateOrders, PRODUCT_NAMES } from './bench-orders-fixture.ts';
import { createProduct, createSeller } from '../apps/server/src/seed/factories.ts';
import {
  DURATION,
  buildServer,
  cannon,
  dropFixture,
  fixtureDatabase,
  info,
  login,
  markFixture,
  requireDatabaseUrl,
  result,
  startServer,
} from './bench-lib.ts';

const TOTAL = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const MINE = Math.floor(TOTAL / 10);
const SELLERS = 40;
const BUYERS = 2000;
const DB_NAME = `${process.env.BENCH_DB_PREFIX ?? 'bench_'}orders`;

const base = requireDatabaseUrl();

async function seed(url: string) {
  const database = await openDatabase({ url, poolSize: 4 });
  const t0 = Date.now();
  const me = await createSeller(database.db, { email: 'bench.seller@example.in', password: 'BenchSeller@1' });
  for (let i = 0; i < 20; i++) await createProduct(database.db, me.manufacturer.id, { name: PRODUCT_NAMES[i] });
  const q = (sql: string, params: unknown[] = []) => database.query(sql, params);
  // Other sellers straight in SQL: they only need to exist.
  await q(`insert into users (role, email, phone, full_name, password_hash)
           select 'seller', 'bench.other' || i || '@example.in', '8' || lpad(i::text, 9, '0'), 'Other ' || i, 'x'
             from generate_series(1, ${SELLERS - 1}) i`);
  await q(`insert into manufacturers (user_id, company_name, company_address, category, gst_number, status)
           select id, 'Other Works ' || email, 'Mumbai', 'toys', '27AAAAA0000A1Z5', 'approved'
             from users where email like 'bench.other%'`);
  await generateOrders(database, {
    total: TOTAL,
    mine: MINE,
    sellerId: me.manufacturer.id,
    otherSellers: `select id from manufacturers where id <> '${me.manufacturer.id}'`,
    buyers: BUYERS,
  });
  const [{ n }] = (await q('select count(*)::int as n from orders')) as Array<{ n: number }>;
  console.log(
    `seeded ${n.toLocaleString('en-IN')} orders (${MINE.toLocaleString('en-IN')} for the bench seller) in ${((Date.now() - t0) / 1000).toFixed(0)} s`,
  );
  await database.close();
  await markFixture(url, { orders: String(n) });
}

async function measure(url: string) {
  buildServer();
  const work = mkdtempSync(join(tmpdir(), 'bench-orders-'));
  const server = await startServer(url, join(work, 'data'));
  try {
    const token = await login(server.base, 'bench.seller@example.in', 'BenchSeller@1');
    const headers = { authorization: `Bearer ${token}` };
    const cases = [
      { name: 'orders page 1', path: '/api/orders?page=1', target: 30 },
      { name: 'orders tab=completed', path: '/api/orders?tab=completed&page=1', target: 30 },
      { name: 'orders search "hinge"', path: '/api/orders?search=hinge', target: 30 },
      { name: 'orders search "ganga traders 17"', path: '/api/orders?search=ganga%20traders%2017', target: 30 },
      { name: 'dashboard overview', path: '/api/dashboard/overview', target: 50 },
    ];
    console.log(`\nautocannon: ${DURATION} s each after a 3 s warm-up, 10 connections\n`);
    console.log('case                              req/s    p50 ms   p99 ms   target');
    let ok = true;
    for (const c of cases) {
      const probe = await fetch(`${server.base}${c.path}`, { headers });
      if (probe.status !== 200) throw new Error(`${c.path} answered ${probe.status}: ${await probe.text()}`);
      const r = await cannon({ label: c.name, url: `${server.base}${c.path}`, headers, warmup: 3 });
      console.log(
        `${c.name.padEnd(32)} ${r.requests.average.toFixed(0).padStart(6)} ${String(r.latency.p50).padStart(9)} ${String(r.latency.p99).padStart(8)}   < ${c.target}`,
      );
      ok =
        result({ name: `${c.name}: p99`, value: r.latency.p99, unit: 'ms', target: c.target, comparator: '<=' }) && ok;
      info(`${c.name}: req/s`, r.requests.average, 'req/s');
      info(`${c.name}: p50`, r.latency.p50, 'ms');
      // One request at a time: the cost of the request itself, apart from queueing for the two cores.
      const one = await cannon({ label: c.name, url: `${server.base}${c.path}`, headers, connections: 1, duration: 3 });
      info(`${c.name}: p50 one at a time`, one.latency.p50, 'ms');
    }
    return ok;
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

const { url, fresh } = await fixtureDatabase(base, DB_NAME);
if (fresh) await seed(url);
else console.log(`reusing the ${DB_NAME} fixture (BENCH_REUSE=1)`);
const ok = await measure(url);
await dropFixture(base, DB_NAME);
process.exit(ok ? 0 : 1);
