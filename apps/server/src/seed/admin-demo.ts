import type { DemoContext } from './demo.ts';
import { createBuyer, createProduct, createSeller } from './factories.ts';

/**
 * Demo content for the admin console: requests waiting for verification, products waiting for moderation, and a
 * year of orders with payments, disputes and leads so the dashboard charts and the oversight screens have data.
 */
export async function adminDemo({ app, seller }: DemoContext): Promise<void> {
  const db = app.db;
  const requests = [
    ['Rajesh Patel', 'Patel Packaging Industries', 'packaging'],
    ['Anita Desai', 'Desai Electronics Components', 'electronic_components'],
    ['Vikram Singh', 'Singh Wooden Toys LLP', 'toys'],
  ] as const;
  for (const [fullName, companyName, category] of requests) {
    await createSeller(db, { fullName, companyName, category, status: 'received' });
  }
  const second = await createSeller(db, {
    fullName: 'Meera Iyer',
    companyName: 'Iyer Circuits Pvt Ltd',
    category: 'electronic_components',
    status: 'approved',
  });
  for (const [name, price] of [
    ['Ceramic capacitor kit (500 pcs)', '899.00'],
    ['USB-C breakout board', '149.00'],
    ['Soldering flux paste 50 g', '220.00'],
  ] as const) {
    await createProduct(db, second.manufacturer.id, {
      name,
      price,
      category: 'electronic_components',
      hsnCode: '8532',
      moderationStatus: 'pending',
    });
  }
  const buyers = [];
  for (const [companyName, contactName, state] of [
    ['Bharat Retail Mart', 'Sunil Mehta', 'Maharashtra'],
    ['Kids Planet Stores', 'Pooja Nair', 'Kerala'],
    ['Om Electronics Traders', 'Arjun Rao', 'Karnataka'],
    ['Ganga Gift House', 'Neha Gupta', 'Uttar Pradesh'],
  ] as const) {
    buyers.push((await createBuyer(db, { companyName, contactName, state })).buyer.id);
  }
  const makers = [seller.manufacturer.id, second.manufacturer.id];
  // About 15 orders a month for a year, growing towards today; older ones delivered and paid.
  await app.database.query(
    `insert into orders (order_number, manufacturer_id, buyer_id, status, payment_status, subtotal, tax, total,
                         ship_street, ship_city, ship_state, ship_zip_code, created_at)
     select 'ORD-DEMO-' || lpad(g::text, 4, '0'), ($1::uuid[])[1 + g % 2], ($2::uuid[])[1 + g % 4],
            (case when g > 170 then (array['pending','processing','shipped'])[1 + g % 3]
                  when g % 23 = 0 then 'cancelled' else 'delivered' end)::order_status,
            (case when g > 170 or g % 23 = 0 then 'pending' else 'paid' end)::payment_status,
            round((2000 + (g * 7919) % 18000)::numeric, 2), round((2000 + (g * 7919) % 18000) * 0.18, 2),
            round((2000 + (g * 7919) % 18000) * 1.18, 2),
            '12 Market Road', 'Pune', 'Maharashtra', '411001',
            now() - ((180 - g) * interval '2 days') - (g % 11) * interval '1 hour'
       from generate_series(1, 180) g`,
    [makers, buyers],
  );
  await app.database.query(
    `insert into payments (payment_number, order_id, manufacturer_id, buyer_id, amount, method, status, paid_at, created_at)
     select 'PAY-' || substr(order_number, 5), id, manufacturer_id, buyer_id, total,
            (array['upi','neft','card'])[1 + (extract(day from created_at)::int % 3)], 'paid', created_at, created_at
       from orders where order_number like 'ORD-DEMO-%' and payment_status = 'paid'`,
  );
  await app.database.query(
    `insert into disputes (order_id, manufacturer_id, buyer_id, reason, status, created_at)
     select id, manufacturer_id, buyer_id, r.reason, r.status::dispute_status, now() - r.age * interval '1 day'
       from (values ('ORD-DEMO-0160', 'Two cartons arrived crushed', 'open', 3),
                    ('ORD-DEMO-0150', 'Quantity short by 40 pieces', 'under_review', 12),
                    ('ORD-DEMO-0120', 'Wrong colour shipped', 'resolved_seller', 45)) r(num, reason, status, age)
       join orders o on o.order_number = r.num`,
  );
  await app.database.query(
    `insert into leads (name, company, gst, contact, email, referred_by, status, notes)
     values ('Farhan Qureshi', 'Qureshi Leather Works', null, '9811122233', 'farhan@qureshileather.in', 'Trade fair', 'new', null),
            ('Lakshmi Menon', 'Menon Coir Products', null, '9847012345', null, 'Google', 'contacted', 'Call back on Friday'),
            ('Harpreet Kaur', 'Punjab Agro Tools', null, '9876001122', 'harpreet@agrotools.in', 'Referral', 'converted', 'Registered as seller')`,
  );
}
