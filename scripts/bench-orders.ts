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
  searchDocSql,
  startServer,
} from './bench-lib.ts';

const TOTAL = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const MINE = Math.floor(TOTAL / 10);
const SELLERS = 40;
const BUYERS = 2000;
const DB_NAME = `${process.env.BENCH_DB_PREFIX ?? 'bench_'}orders`;

const base = requireDatabaseUrl();

const PRODUCT_NAMES = [
  'Brass Door Hinge',
  'Wooden Stacking Rings',
  'Copper Wire Coil',
  'Corrugated Gift Box',
  'Steel Hex Bolt',
  'Alphabet Puzzle Board',
  'Cotton Tote Bag',
  'LED Driver Module',
  'Plush Elephant',
  'Kraft Paper Roll',
  'Spinning Top Set',
  'Magnetic Alphabet Set',
  'Ceramic Capacitor Pack',
  'Bubble Wrap Roll',
  'Channapatna Train',
  'Rubber Gasket',
  'Jute Shopping Bag',
  'PCB Terminal Block',
  'Stretch Film Roll',
  'Wooden Abacus',
];

async function seed(url: string) {
  const database = await openDatabase({ url, poolSize: 4 });
  const t0 = Date.now();
  const me = await createSeller(database.db, { email: 'bench.seller@example.in', password: 'BenchSeller@1' });
  for (let i = 0; i < 20; i++) await createProduct(database.db, me.manufacturer.id, { name: PRODUCT_NAMES[i] });
  const q = (sql: string, params: unknown[] = []) => database.query(sql, params);
  // Other sellers and the buyers, straight in SQL: they only need to exist.
  await q(`insert into users (role, email, phone, full_name, password_hash)
           select 'seller', 'bench.other' || i || '@example.in', '8' || lpad(i::text, 9, '0'), 'Other ' || i, 'x'
             from generate_series(1, ${SELLERS - 1}) i`);
  await q(`insert into manufacturers (user_id, company_name, company_address, category, gst_number, status)
           select id, 'Other Works ' || email, 'Mumbai', 'toys', '27AAAAA0000A1Z5', 'approved'
             from users where email like 'bench.other%'`);
  await q(`insert into users (role, email, phone, full_name, password_hash)
           select 'buyer', 'bench.buyer' || i || '@example.in', '7' || lpad(i::text, 9, '0'), 'Buyer Contact ' || i, 'x'
             from generate_series(1, ${BUYERS}) i`);
  await q(`insert into buyers (user_id, company_name, contact_name, phone, state, address)
           select id, (array['Bharat','Deccan','Sahyadri','Ganga','Kaveri','Himalaya','Narmada','Konkan'])[1 + (row_number() over () % 8)]
                      || ' Traders ' || row_number() over (), full_name, phone, 'Karnataka', '1 MG Road, Bengaluru 560001'
             from users where role = 'buyer'`);
  await q(
    `create temp table bench_buyers as select row_number() over (order by id) - 1 as n, id, company_name, contact_name from buyers`,
  );
  await q(
    `create temp table bench_sellers as select row_number() over (order by id) - 1 as n, id from manufacturers where id <> $1`,
    [me.manufacturer.id],
  );
  // The word index is built once after the load: maintaining it row by row would dominate the load time.
  await q('drop index orders_search_doc_idx');
  const names = `array[${PRODUCT_NAMES.map((n) => `'${n}'`).join(',')}]`;
  const chunk = 250_000;
  for (let start = 1; start <= TOTAL; start += chunk) {
    const end = Math.min(TOTAL, start + chunk - 1);
    await q(
      `insert into orders (order_number, manufacturer_id, buyer_id, status, payment_status, subtotal, shipping, tax, total,
                           ship_street, ship_city, ship_state, ship_zip_code, search_doc, created_at, updated_at)
       select 'ORD-B-' || lpad(i::text, 7, '0'),
              case when i % 10 = 0 then $1::uuid else s.id end,
              b.id,
              (array['pending','processing','shipped','delivered','delivered','delivered','cancelled'])[1 + ((i / 10) % 7)]::order_status,
              case when i % 3 = 0 then 'pending' else 'paid' end::payment_status,
              1000 + (i % 500) * 10, 0, (1000 + (i % 500) * 10) * 0.18, (1000 + (i % 500) * 10) * 1.18,
              '1 MG Road', 'Bengaluru', 'Karnataka', '560001',
              ${searchDocSql(
                `case when i % 10 = 0 then $1::uuid else s.id end`,
                `'ORD-B-' || lpad(i::text, 7, '0') || ' ' || b.company_name || ' ' || b.contact_name || ' ' || (${names})[1 + ((i / 10) * 13 % 20)]`,
              )},
              now() - ((i::bigint * 7919) % 525600) * interval '1 minute',
              now()
         from generate_series(${start}, ${end}) i
         join bench_buyers b on b.n = i % ${BUYERS}
         join bench_sellers s on s.n = i % ${SELLERS - 1}`,
      [me.manufacturer.id],
    );
  }
  await q(`insert into order_items (order_id, name, quantity, unit_price, gst_percentage, tax_amount, line_total)
           select id, (${names})[1 + ((substr(order_number, 7)::int / 10) * 13 % 20)], 10, subtotal / 10, 18, tax,
                  subtotal
             from orders`);
  await q(`insert into payments (payment_number, order_id, manufacturer_id, buyer_id, amount, method, status, paid_at, created_at)
           select 'PAY-B-' || substr(order_number, 7), id, manufacturer_id, buyer_id, total, 'NEFT', payment_status,
                  case when payment_status = 'paid' then created_at end, created_at
             from orders where status <> 'cancelled'`);
  await q('CREATE INDEX "orders_search_doc_idx" ON "orders" USING gin ("search_doc")');
  await q('vacuum analyze');
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
