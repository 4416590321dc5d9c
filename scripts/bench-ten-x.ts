/**
 * Issue 16 at ten times the data: the seller's product list and search and the admin console (cross-seller product
 * search, dashboard) against the public catalogue fixture of `npm run bench:public` at BENCH_SELLERS sellers x 1,000
 * products (10,000 for 10,000,000 products; build it first with
 * `BENCH_REUSE=1 BENCH_SELLERS=10000 BENCH_FIXTURE_ONLY=1 BENCH_NO_BUILD=1 npx tsx scripts/bench-public-catalog.ts`).
 * Adds, once, the measured seller's 100,000 products (one word in six is "capacitor"), BENCH_ORDERS orders
 * (10,000,000 by default) of the fixture's sellers with 100,000 of them the measured seller's, and an admin. Then,
 * at 10 connections against the production build: each request over HTTP (p99, req/s, server CPU per request),
 * the same request alone, and its SQL alone (the module's own function through the driver, one at a time), with
 * the ratio: the seller's products, orders and dashboard, the admin console's searches and dashboard.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_SELLERS=10000 npx tsx scripts/bench-ten-x.ts
 *
 * The fixture is kept (it takes tens of minutes to build); drop the database by hand. BENCH_FIXTURE_ONLY=1 builds it
 * and stops.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminProductsQuery, productListQuery, sellerOrderListQuery } from '@ub/shared';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { dashboard } from '../apps/server/src/modules/admin/dashboard.ts';
import { listProducts as adminListProducts } from '../apps/server/src/modules/admin/products.ts';
import { listSellerOrders } from '../apps/server/src/modules/orders/queries.ts';
import { listProducts } from '../apps/server/src/modules/products/products.ts';
import { dashboardOverview } from '../apps/server/src/modules/trade/dashboard.ts';
import { createAdmin, createSeller } from '../apps/server/src/seed/factories.ts';
import {
  buildServer,
  cannon,
  info,
  loadAverage,
  login,
  requireDatabaseUrl,
  result,
  searchDocSql,
  startServer,
  withCpu,
} from './bench-lib.ts';
import { generateOrders } from './bench-orders-fixture.ts';

const SELLERS = Number(process.env.BENCH_SELLERS ?? 10_000);
const DB_NAME = `${process.env.BENCH_DB_PREFIX ?? 'bench_'}public_catalog${SELLERS === 1000 ? '' : `_${SELLERS}`}`;
const MINE = 100_000;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000_000);
const MY_ORDERS = 100_000;
const SELLER = { email: 'tenx.seller@example.in', password: 'TenxSeller@1' };
const ADMIN = { email: 'tenx.admin@example.in', password: 'TenxAdmin@12' };
const base = requireDatabaseUrl();
const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');

async function prepare(url: string): Promise<{ sellerId: string; count: number }> {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    const found = await database.query<{ id: string }>(
      `select m.id from manufacturers m join users u on u.id = m.user_id where u.email = $1`,
      [SELLER.email],
    );
    let sellerId = found[0]?.id;
    if (!sellerId) {
      console.log(`Adding the measured seller's ${fmt(MINE)} products and an admin...`);
      const me = await createSeller(database.db, { ...SELLER, status: 'approved' });
      sellerId = me.manufacturer.id;
      const kinds = `(array['Wooden puzzle','Ceramic capacitor','Corrugated box','Plush toy','LED driver','Bubble wrap'])`;
      await database.query(
        `insert into products (manufacturer_id, name, description, sku, price, moq, stock, unit, category, hsn_code,
                               gst_percentage, moderation_status, approved_price, search_doc, created_at)
         select $1, ${kinds}[1 + i % 6] || ' model ' || i, 'Export quality, batch ' || (i % 97), 'TENX-' || i,
                10 + (i % 5000) / 4.0, 1 + i % 50, i % 10000, 'piece', 'toys', '9503', 18, 'approved',
                10 + (i % 5000) / 4.0,
                ${searchDocSql('$1::uuid', `${kinds}[1 + i % 6] || ' model ' || i || ' TENX-' || i`)},
                now() - (i || ' seconds')::interval
           from generate_series(1, ${MINE}) i`,
        [sellerId],
      );
      await database.query('vacuum analyze products');
    }
    const [hasAdmin] = await database.query(`select 1 from users where email = $1`, [ADMIN.email]);
    if (!hasAdmin) {
      const t0 = performance.now();
      console.log(`Adding ${fmt(ORDERS)} orders (${fmt(MY_ORDERS)} of the measured seller)...`);
      await generateOrders(database, {
        total: ORDERS,
        mine: MY_ORDERS,
        sellerId,
        otherSellers: `select id from manufacturers where company_name like 'Bench Industries %'`,
        buyers: 10_000,
      });
      console.log(`\nOrders added in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
      // Last: its presence marks the additions complete.
      await createAdmin(database.db, ADMIN);
    }
    const [{ n } = { n: 0 }] = await database.query<{ n: number }>(
      `select reltuples::bigint as n from pg_class where relname = 'products'`,
    );
    return { sellerId, count: Number(n) };
  } finally {
    await database.close();
  }
}

async function sqlAlone(
  url: string,
  label: string,
  fn: (d: Awaited<ReturnType<typeof openDatabase>>) => Promise<unknown>,
) {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    const times: number[] = [];
    for (let i = 0; i < 23; i++) {
      const t0 = performance.now();
      await fn(database);
      const t = performance.now() - t0;
      // A query of seconds is timed three times, without warm-ups: enough to say it misses by far.
      if (t > 1000 && times.length === 0 && i === 0) {
        times.push(t);
        for (let j = 0; j < 2; j++) {
          const t1 = performance.now();
          await fn(database);
          times.push(performance.now() - t1);
        }
        break;
      }
      if (i >= 3) times.push(t);
    }
    times.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)] as number;
    info(`${label}: SQL alone p50`, p50, 'ms');
    return p50;
  } finally {
    await database.close();
  }
}

async function main() {
  const url = new URL(base);
  url.pathname = `/${DB_NAME}`;
  const fixtureUrl = url.toString();
  const { sellerId, count } = await prepare(fixtureUrl);
  console.log(`${DB_NAME}: about ${fmt(count)} products`);
  // The additions alone (tens of minutes), to be measured later on a quiet machine.
  if (process.env.BENCH_FIXTURE_ONLY === '1') return;
  buildServer();
  const work = mkdtempSync(join(tmpdir(), 'bench-tenx-'));
  const server = await startServer(fixtureUrl, join(work, 'data'));
  let ok = true;
  try {
    const seller = { authorization: `Bearer ${await login(server.base, SELLER.email, SELLER.password)}` };
    const admin = {
      authorization: `Bearer ${await login(server.base, ADMIN.email, ADMIN.password, '/api/admin/login')}`,
    };
    type Case = {
      label: string;
      path: string;
      headers: Record<string, string>;
      target: number;
      sql: (d: Awaited<ReturnType<typeof openDatabase>>) => Promise<unknown>;
    };
    const qs = (path: string) => Object.fromEntries(new URL(path, 'http://x').searchParams);
    const sellerCase = (label: string, path: string): Case => ({
      label,
      path,
      headers: seller,
      target: 25,
      sql: (d) => listProducts(d, sellerId, productListQuery.parse(qs(path))),
    });
    const ordersCase = (label: string, path: string): Case => ({
      label,
      path,
      headers: seller,
      target: 30,
      sql: (d) => listSellerOrders(d, sellerId, sellerOrderListQuery.parse(qs(path))),
    });
    const adminCase = (label: string, path: string): Case => ({
      label,
      path,
      headers: admin,
      target: 100,
      sql: (d) => adminListProducts(d.db, adminProductsQuery.parse(qs(path))),
    });
    const cases: Case[] = [
      sellerCase('seller products page 1', '/api/products?page=1'),
      sellerCase('seller products search q=capacitor', '/api/products?q=capacitor'),
      sellerCase('seller products search q=TENX-4242', '/api/products?q=TENX-4242'),
      ordersCase('seller orders page 1', '/api/orders?page=1'),
      ordersCase('seller orders tab=completed', '/api/orders?tab=completed&page=1'),
      ordersCase('seller orders search "hinge"', '/api/orders?search=hinge'),
      ordersCase('seller orders search "ganga traders 17"', '/api/orders?search=ganga%20traders%2017'),
      {
        label: 'seller dashboard overview',
        path: '/api/dashboard/overview',
        headers: seller,
        target: 50,
        sql: (d) => dashboardOverview(d.db, sellerId),
      },
      adminCase('admin products page 1 (all sellers)', '/api/admin/products?page=1'),
      adminCase('admin products category=packaging', '/api/admin/products?category=packaging'),
      adminCase('admin products search q=bearing', '/api/admin/products?q=bearing'),
      adminCase('admin products search q=brass hinge 77', '/api/admin/products?q=brass%20hinge%2077'),
      adminCase('admin products search q=steel hinge', '/api/admin/products?q=steel%20hinge'),
      adminCase('admin products search q=industries 777', '/api/admin/products?q=industries%20777'),
      {
        label: 'admin dashboard',
        path: '/api/admin/dashboard',
        headers: admin,
        target: 100,
        sql: (d) => dashboard(d),
      },
    ];
    console.log(`\nAt about ${fmt(count)} products, 10 connections; load ${loadAverage()}`);
    for (const c of cases) {
      const sql = await sqlAlone(fixtureUrl, c.label, c.sql);
      if (sql > 1000) {
        // Ten at once would queue past the pool's connect timeout and answer 503: the SQL alone already fails.
        console.log(
          `  ${c.label.padEnd(40)} SQL alone p50 ${sql.toFixed(0)} ms: not run at 10 connections (target p99 < ${c.target} ms; load ${loadAverage()})`,
        );
        ok =
          result({
            name: `10x (${fmt(count)} products) ${c.label}: SQL alone p50 (not run at 10 connections)`,
            value: sql,
            unit: 'ms',
            target: c.target,
            comparator: '<=',
          }) && ok;
        continue;
      }
      await cannon({ label: c.label, url: `${server.base}${c.path}`, headers: c.headers, duration: 2 });
      const { r, cpuPerRequest } = await withCpu(server, () =>
        cannon({ label: c.label, url: `${server.base}${c.path}`, headers: c.headers }),
      );
      const one = await cannon({
        label: c.label,
        url: `${server.base}${c.path}`,
        headers: c.headers,
        connections: 1,
        duration: 3,
      });
      console.log(
        `  ${c.label.padEnd(40)} p99 ${String(r.latency.p99).padStart(5)} ms  ${fmt(r.requests.average).padStart(6)} req/s  CPU ${cpuPerRequest.toFixed(2)} ms/req | alone mean ${one.latency.mean.toFixed(1)} ms | SQL alone p50 ${sql.toFixed(1)} ms, HTTP/SQL ${(one.latency.mean / sql).toFixed(2)}  (target p99 < ${c.target} ms; load ${loadAverage()})`,
      );
      ok =
        result({
          name: `10x (${fmt(count)} products) ${c.label}: p99`,
          value: r.latency.p99,
          unit: 'ms',
          target: c.target,
          comparator: '<=',
        }) && ok;
      info(`10x ${c.label}: server CPU per request`, cpuPerRequest, 'ms');
      info(`10x ${c.label}: HTTP alone (mean)`, one.latency.mean, 'ms');
      info(`10x ${c.label}: HTTP alone / SQL alone`, one.latency.mean / sql, 'x');
    }
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
  if (!ok) process.exitCode = 1;
}

await main();
