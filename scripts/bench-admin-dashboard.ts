/**
 * Times the admin dashboard aggregates on a PostgreSQL database (BENCH_DATABASE_URL); an empty database is first
 * filled with 200 sellers, 5,000 buyers and 1,000,000 orders over two years (about a minute):
 * `BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/admin_bench npx tsx scripts/bench-admin-dashboard.ts`.
 */
import type { FastifyInstance } from 'fastify';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { dashboard } from '../apps/server/src/modules/admin/dashboard.ts';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('Set BENCH_DATABASE_URL');
const database = await openDatabase({ url, poolSize: 10 });
const app = { database, db: database.db } as unknown as FastifyInstance;
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
let [orders] = await database.query<{ n: number }>('select count(*)::int as n from orders');
if (!orders?.n) {
  for (const statement of SEED) await database.query(statement);
  [orders] = await database.query<{ n: number }>('select count(*)::int as n from orders');
}
console.log(`orders: ${orders?.n}`);
const times: number[] = [];
for (let i = 0; i < 7; i++) {
  const t = performance.now();
  await dashboard(app);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(
  `dashboard: median ${times[3]?.toFixed(1)} ms, best ${times[0]?.toFixed(1)} ms, worst ${times[6]?.toFixed(1)} ms`,
);
await database.close();
