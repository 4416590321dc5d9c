import { todayInIndia } from '@ub/shared';
import { eq, inArray } from 'drizzle-orm';
import { buyers, manufacturers, users } from '../db/schema/index.ts';
import { DEMO_BUYER } from './demo-buyer.ts';
import { depsOf } from '../lib/deps.ts';
import { acceptQuote, createRequirement, putQuote, reportRequirement } from '../modules/requirements/commands.ts';
import type { DemoContext } from './demo-context.ts';
import { createSeller, makeGstin } from './factories.ts';

const inDays = (days: number) => todayInIndia(new Date(Date.now() + days * 86_400_000));

/**
 * The requirements board's demo: the trade demo's buyers post requirements; the demo seller, a second toy maker and
 * the electronics seller quote. One is accepted (an accepted RFQ for the demo seller), one is open with quotes to
 * compare, one waits for quotes and one is reported as spam for the admin.
 */
export async function seedRequirementsDemo({ app, seller }: DemoContext): Promise<void> {
  const deps = depsOf(app);
  const db = app.db;
  const rows = await db
    .select({ buyer: buyers, email: users.email })
    .from(buyers)
    .innerJoin(users, eq(users.id, buyers.userId))
    .where(inArray(users.email, [DEMO_BUYER.email, 'buyer2@demo-buyers.example.in', 'buyer3@demo-buyers.example.in']));
  // The trade demo's first buyer is the demo buyer (seed/demo-buyer.ts renames it before this step runs).
  const buyer = (n: number) =>
    rows.find((r) => r.email === (n === 1 ? DEMO_BUYER.email : `buyer${n}@demo-buyers.example.in`))?.buyer;
  const [b1, b2, b3] = [buyer(1), buyer(2), buyer(3)];
  if (!b1 || !b2 || !b3) return;

  const toyMaker = await createSeller(db, {
    fullName: 'Ravi Kondapalli',
    companyName: 'Kondapalli Wooden Crafts Pvt Ltd',
    companyAddress: 'Plot 7, Industrial Estate, Vijayawada, Andhra Pradesh 520007',
    category: 'toys',
    gstNumber: makeGstin('37'),
    status: 'approved',
    verified: true,
  });
  const [electronics] = await db
    .select({ id: manufacturers.id, userId: manufacturers.userId })
    .from(manufacturers)
    .where(eq(manufacturers.companyName, 'Iyer Circuits Pvt Ltd'));
  const demo = { manufacturerId: seller.manufacturer.id, userId: seller.user.id };
  const kondapalli = { manufacturerId: toyMaker.manufacturer.id, userId: toyMaker.user.id };

  // Open, with two quotes to compare.
  const puzzles = await createRequirement(deps, b1, {
    title: 'Wooden educational puzzle sets (24 pieces)',
    description: 'Neem or rubber wood, non-toxic water-based paint, each set in a printed carton. BIS mark needed.',
    category: 'toys',
    quantity: 1500,
    unit: 'piece',
    targetPrice: 120,
    deadline: inDays(20),
    deliveryState: 'Maharashtra',
    pinCode: '400050',
  });
  await putQuote(deps, demo, puzzles.id, {
    pricePerUnit: 118,
    quantity: 1500,
    deliveryDays: 14,
    validUntil: inDays(30),
    gstRate: 5,
    note: 'BIS certified; sample set can be couriered in 3 days.',
  });
  await putQuote(deps, kondapalli, puzzles.id, {
    pricePerUnit: 109,
    quantity: 1500,
    deliveryDays: 21,
    validUntil: inDays(25),
    gstRate: 5,
    note: 'Hand-painted Kondapalli finish; cartons printed with your logo at no extra cost.',
  });

  // Accepted: the second toy maker's faster quote became an accepted RFQ (the demo seller's RFQ list is the trade
  // demo's), and the demo seller's quote closed.
  const teddies = await createRequirement(deps, b2, {
    title: 'Plush teddy bears, 30 cm',
    description: 'Brown and cream, embroidered eyes (no buttons), safe for ages 3+.',
    category: 'toys',
    quantity: 800,
    unit: 'piece',
    targetPrice: 250,
    deadline: inDays(12),
    deliveryState: 'Tamil Nadu',
    pinCode: '600017',
  });
  await putQuote(deps, demo, teddies.id, {
    pricePerUnit: 240,
    quantity: 800,
    deliveryDays: 18,
    validUntil: inDays(20),
    gstRate: 5,
    note: 'Embroidered eyes as asked; packed 20 to a carton.',
  });
  const accepted = await putQuote(deps, kondapalli, teddies.id, {
    pricePerUnit: 255,
    quantity: 800,
    deliveryDays: 12,
    validUntil: inDays(20),
    gstRate: 5,
    note: undefined,
  });
  await acceptQuote(deps, b2, b2.userId, teddies.id, accepted.quote.id);

  // Electronics: only the electronics seller sees and quotes it.
  const capacitors = await createRequirement(deps, b1, {
    title: 'Ceramic capacitor assortment kits',
    description: undefined,
    category: 'electronic_components',
    quantity: 200,
    unit: 'box',
    targetPrice: 850,
    deadline: inDays(15),
    deliveryState: 'Maharashtra',
    pinCode: '400050',
  });
  if (electronics) {
    await putQuote(deps, { manufacturerId: electronics.id, userId: electronics.userId }, capacitors.id, {
      pricePerUnit: 820,
      quantity: 200,
      deliveryDays: 7,
      validUntil: inDays(20),
      gstRate: 18,
      note: undefined,
    });
  }

  // Waiting for quotes.
  await createRequirement(deps, b3, {
    title: 'Stacking rings and shape sorters for play schools',
    description: undefined,
    category: 'toys',
    quantity: 600,
    unit: 'piece',
    deadline: inDays(25),
    deliveryState: 'Delhi',
    pinCode: '110085',
  });

  // Reported as spam, for the admin to judge.
  const spam = await createRequirement(deps, b3, {
    title: 'Earn ₹50,000 a month from home, call now',
    description: 'Work from home opportunity, no investment. WhatsApp 98xxxxxxx.',
    category: 'toys',
    quantity: 1,
    unit: 'piece',
    deadline: inDays(30),
    deliveryState: 'Delhi',
    pinCode: '110085',
  });
  await reportRequirement(
    deps,
    kondapalli,
    spam.id,
    'Not a product requirement: an advertisement with a phone number.',
  );
}
