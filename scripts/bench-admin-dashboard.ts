/**
 * Admin dashboard benchmark: a separate database (bench_admin) is filled with 200 sellers, 5,000 buyers and
 * 1,000,000 orders over two years (about a minute), then GET /api/admin/dashboard is timed against the production
 * build, one request at a time (the target is the answer time of one request: < 100 ms).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench-admin-dashboard.ts
 *
 * BENCH_REUSE=1 keeps the database afterwards and reuses it on the next run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createAdmin } from '../apps/server/src/seed/factories.ts';
import {
  buildServer,
  cannon,
  dropFixture,
  fixtureDatabase,
  info,
  markFixture,
  readFixture,
  requireDatabaseUrl,
  result,
  startServer,
} from './bench-lib.ts';

const DB_NAME = `${process.env.BENCH_DB_PREFIX ?? 'bench_'}admin`;
const base = requireDatabaseUrl();

const SEED = [
  `insert into users (role, email, full_name, password_hash)
     select 'seller', 'bench.s' || g || '@example.in', 'Seller ' || g, 'x' from generate_series(1, 200) g`,
  `insert into manufacturers (user_id, company_name, company_address, category, gst_number, status, created_at)
     select id, 'Co ' || email, 'Mumbai', 'toys', 'GST', 'approved', now() - random() * interval '400 days'
       from users where email like 'bench.s%'`,
  `insert into users (role, email, full_name, password_hash)
     select 'buyer', 'bench.b' || g || '@example.in', 'Buyer ' || g, 'x' from generate_series(1, 5000) g`,
  `insert into buyers (user_id, company_name, contact_name, created_at)
     select id, 'Buyer ' || email, 'Contact', now() - random() * interval '400 days' from users where email like 'bench.b%'`,
  `insert into orders (order_number, manufacturer_id, buyer_id, status, subtotal, tax, total, ship_street, ship_city,
                       ship_state, ship_zip_code, created_at)
     select 'BENCH-' || g, m.a[1 + g % 200], b.a[1 + g % 5000],
            (array['pending','processing','shipped','delivered','cancelled'])[1 + g % 5]::order_status,
            100, 18, 118 + g % 1000, 'Street', 'City', 'State', '400001',
            now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second'
       from generate_series(1, 1000000) g,
            (select array_agg(id) a from manufacturers) m, (select array_agg(id) a from buyers) b`,
  'vacuum analyze',
];

const { url, fresh } = await fixtureDatabase(base, DB_NAME);
if (fresh) {
  const database = await openDatabase({ url, poolSize: 2 });
  const t0 = Date.now();
  for (const statement of SEED) await database.query(statement);
  const { user, password } = await createAdmin(database.db, { email: 'bench.admin@example.in' });
  await database.close();
  await markFixture(url, { adminEmail: user.email, adminPassword: password });
  console.log(`seeded 1,000,000 orders in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
} else {
  console.log(`reusing the ${DB_NAME} fixture (BENCH_REUSE=1)`);
}
const fixture = await readFixture(url);

buildServer();
const work = mkdtempSync(join(tmpdir(), 'bench-admin-'));
const server = await startServer(url, join(work, 'data'));
let ok = false;
try {
  const login = await fetch(`${server.base}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: fixture.adminEmail, password: fixture.adminPassword }),
  });
  if (!login.ok) throw new Error(`admin login answered ${login.status}: ${await login.text()}`);
  const { token } = (await login.json()) as { token: string };
  const r = await cannon({
    label: 'admin dashboard',
    url: `${server.base}/api/admin/dashboard`,
    headers: { authorization: `Bearer ${token}` },
    connections: 1,
    warmup: 2,
  });
  console.log(
    `GET /api/admin/dashboard, one request at a time: ${r.requests.total} requests, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, max ${r.latency.max} ms (target < 100 ms)`,
  );
  ok = result({
    name: 'admin dashboard (1M orders): p99',
    value: r.latency.p99,
    unit: 'ms',
    target: 100,
    comparator: '<=',
  });
  info('admin dashboard: p50', r.latency.p50, 'ms');
} finally {
  await server.stop();
  rmSync(work, { recursive: true, force: true });
  await dropFixture(base, DB_NAME);
}
process.exit(ok ? 0 : 1);
