/**
 * Orders for a benchmark fixture, in SQL: `total` orders of the sellers `otherSellers` selects, one in
 * `total / mine` of them the measured seller's, with one line each, a payment for each order not cancelled, and
 * `buyers` buyers whose company names ("Ganga Traders 17") the order searches look for. Used by the orders
 * benchmark (1,000,000 orders of 40 sellers) and the ten-times fixture (10,000,000 of 10,000 sellers).
 */
import type { Database } from '../apps/server/src/db/client.ts';
import { searchDocSql } from './bench-lib.ts';

export const PRODUCT_NAMES = [
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

export interface OrdersSpec {
  total: number;
  mine: number;
  sellerId: string;
  /** A select of the other sellers' ids. */
  otherSellers: string;
  buyers: number;
  chunk?: number;
}

export async function generateOrders(database: Database, spec: OrdersSpec) {
  const q = (text: string, params: unknown[] = []) => database.query(text, params);
  const step = Math.max(1, Math.round(spec.total / spec.mine));
  const chunk = spec.chunk ?? 250_000;
  const names = `array[${PRODUCT_NAMES.map((n) => `'${n}'`).join(',')}]`;
  const number = (i: string) => `'ORD-B-' || lpad(${i}::text, 8, '0')`;
  await q(`insert into users (role, email, phone, full_name, password_hash)
           select 'buyer', 'bench.buyer' || i || '@example.in', '7' || lpad(i::text, 9, '0'), 'Buyer Contact ' || i, 'x'
             from generate_series(1, ${spec.buyers}) i`);
  await q(`insert into buyers (user_id, company_name, contact_name, phone, state, address)
           select id, (array['Bharat','Deccan','Sahyadri','Ganga','Kaveri','Himalaya','Narmada','Konkan'])[1 + (row_number() over () % 8)]
                      || ' Traders ' || row_number() over (), full_name, phone, 'Karnataka', '1 MG Road, Bengaluru 560001'
             from users where role = 'buyer' and email like 'bench.buyer%'`);
  // Numbered lookups for the generator (ordinary tables: the pool may run each statement on another connection).
  await q(`create unlogged table bench_buyers as
           select row_number() over (order by b.id) - 1 as n, b.id, b.company_name, b.contact_name
             from buyers b join users u on u.id = b.user_id where u.email like 'bench.buyer%'`);
  await q(`create unlogged table bench_sellers as
           select row_number() over (order by id) - 1 as n, id from (${spec.otherSellers}) s`);
  const [{ sellers } = { sellers: 0 }] = await database.query<{ sellers: number }>(
    'select count(*)::int as sellers from bench_sellers',
  );
  // The word index is built once after the load, and the admin rollups summed once (what the row trigger of
  // migration 0002 would leave, order by order): maintaining either row by row would dominate the load time.
  await q('drop index if exists orders_search_doc_idx');
  await q('alter table orders disable trigger orders_stats_rollup');
  for (let start = 1; start <= spec.total; start += chunk) {
    const end = Math.min(spec.total, start + chunk - 1);
    const seller = `case when i % ${step} = 0 then $1::uuid else s.id end`;
    await q(
      `insert into orders (order_number, manufacturer_id, buyer_id, status, payment_status, subtotal, shipping, tax, total,
                           ship_street, ship_city, ship_state, ship_zip_code, search_doc, created_at, updated_at)
       select ${number('i')}, ${seller}, b.id,
              (array['pending','processing','shipped','delivered','delivered','delivered','cancelled'])[1 + ((i / 10) % 7)]::order_status,
              case when i % 3 = 0 then 'pending' else 'paid' end::payment_status,
              1000 + (i % 500) * 10, 0, (1000 + (i % 500) * 10) * 0.18, (1000 + (i % 500) * 10) * 1.18,
              '1 MG Road', 'Bengaluru', 'Karnataka', '560001',
              ${searchDocSql(seller, `${number('i')} || ' ' || b.company_name || ' ' || b.contact_name || ' ' || (${names})[1 + ((i / 10) * 13 % 20)]`)},
              now() - ((i::bigint * 7919) % 525600) * interval '1 minute',
              now()
         from generate_series(${start}, ${end}) i
         join bench_buyers b on b.n = i % ${spec.buyers}
         join bench_sellers s on s.n = i % ${sellers}`,
      [spec.sellerId],
    );
    const range = `order_number between ${number(String(start))} and ${number(String(end))}`;
    await q(`insert into order_items (order_id, name, quantity, unit_price, gst_percentage, tax_amount, line_total)
             select id, (${names})[1 + ((substr(order_number, 7)::int / 10) * 13 % 20)], 10, subtotal / 10, 18, tax,
                    subtotal
               from orders where ${range}`);
    await q(`insert into payments (payment_number, order_id, manufacturer_id, buyer_id, amount, method, status, paid_at,
                                   created_at)
             select 'PAY-B-' || substr(order_number, 7), id, manufacturer_id, buyer_id, total, 'NEFT', payment_status,
                    case when payment_status = 'paid' then created_at end, created_at
               from orders where ${range} and status <> 'cancelled'`);
    process.stdout.write(`  ${end.toLocaleString('en-IN')} orders\r`);
  }
  await q('alter table orders enable trigger orders_stats_rollup');
  await q(`insert into order_stats_monthly as s (month, manufacturer_id, sales, orders)
           select date_trunc('month', created_at at time zone 'Asia/Kolkata')::date, manufacturer_id, sum(total), count(*)
             from orders where order_number like 'ORD-B-%' and status <> 'cancelled' group by 1, 2
           on conflict (month, manufacturer_id) do update
             set sales = s.sales + excluded.sales, orders = s.orders + excluded.orders`);
  await q(`insert into buyer_activity_monthly (month, buyer_id)
           select distinct date_trunc('month', created_at at time zone 'Asia/Kolkata')::date, buyer_id
             from orders where order_number like 'ORD-B-%'
           on conflict do nothing`);
  await q('drop table bench_buyers');
  await q('drop table bench_sellers');
  await q('CREATE INDEX "orders_search_doc_idx" ON "orders" USING gin ("search_doc")');
  await q('vacuum analyze');
}
