import { saveDocument } from '../modules/admin/documents.ts';
import type { DemoContext } from './demo-context.ts';
import { createProduct, createSeller } from './factories.ts';

/**
 * Demo content for the admin console: requests waiting for verification, products waiting for moderation, disputes
 * and leads. It runs after the trade demo, whose year of orders feeds the dashboard charts.
 */
/** A minimal PDF standing in for a scanned certificate. */
const DEMO_PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export async function adminDemo({ app }: DemoContext): Promise<void> {
  const db = app.db;
  const requests = [
    ['Rajesh Patel', 'Patel Packaging Industries', 'packaging'],
    ['Anita Desai', 'Desai Electronics Components', 'electronic_components'],
    ['Vikram Singh', 'Singh Wooden Toys LLP', 'toys'],
  ] as const;
  for (const [i, [fullName, companyName, category]] of requests.entries()) {
    const { manufacturer } = await createSeller(db, { fullName, companyName, category, status: 'received' });
    // Two requests have what verification needs; the last shows the admin which documents are missing.
    if (i === requests.length - 1) continue;
    for (const kind of ['gst_certificate', 'pan'] as const) {
      await saveDocument(app, manufacturer.id, { kind, fileName: `${kind}.pdf`, data: DEMO_PDF });
    }
  }
  const second = await createSeller(db, {
    fullName: 'Meera Iyer',
    companyName: 'Iyer Circuits Pvt Ltd',
    category: 'electronic_components',
    status: 'approved',
    verified: true,
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
  // Orders, payments and settlements come from the trade demo; two more disputes make the queue worth a look.
  await app.database.query(
    `insert into disputes (order_id, manufacturer_id, buyer_id, reason, status, created_at)
     select o.id, o.manufacturer_id, o.buyer_id, r.reason, r.status::dispute_status, now() - r.age * interval '1 day'
       from (select id, manufacturer_id, buyer_id, row_number() over (order by created_at desc) as n
               from orders o where status = 'delivered'
                and not exists (select 1 from disputes d where d.order_id = o.id)) o
       join (values (1, 'Quantity short by 40 pieces', 'under_review', 12),
                    (2, 'Wrong colour shipped', 'resolved_seller', 45)) r(n, reason, status, age) on r.n = o.n`,
  );
  await app.database.query(
    `insert into leads (name, company, gst, contact, email, referred_by, status, notes)
     values ('Farhan Qureshi', 'Qureshi Leather Works', null, '9811122233', 'farhan@qureshileather.in', 'Trade fair', 'new', null),
            ('Lakshmi Menon', 'Menon Coir Products', null, '9847012345', null, 'Google', 'contacted', 'Call back on Friday'),
            ('Harpreet Kaur', 'Punjab Agro Tools', null, '9876001122', 'harpreet@agrotools.in', 'Referral', 'converted', 'Registered as seller')`,
  );
}
