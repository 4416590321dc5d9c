import { and, asc, eq, gt } from 'drizzle-orm';
import { buyerAddresses, buyerCartItems, buyers, manufacturers, products, users } from '../db/schema/index.ts';
import { depsOf } from '../lib/deps.ts';
import { buyerRfqResponse, convertRfq, createRfq, sellerRfqAction } from '../modules/rfqs/commands.ts';
import type { DemoContext } from './demo-context.ts';

/** The buyer the buyer screens are shown with: the buyer area's demo buyer when seeded, else the first trade buyer. */
const DEMO_BUYER_EMAILS = ['demo.buyer@example.in', 'buyer1@demo-buyers.example.in'];

/**
 * The demo buyer's address book (two addresses), an order list with lines from two sellers, and RFQs waiting for
 * the buyer: one quoted, one accepted and converted into an order that waits for the buyer's confirmation.
 */
export async function seedBuyerShoppingDemo({ app, seller }: DemoContext): Promise<void> {
  const db = app.db;
  const deps = depsOf(app);
  let found: { buyer: typeof buyers.$inferSelect; userId: string } | undefined;
  for (const email of DEMO_BUYER_EMAILS) {
    const [row] = await db
      .select({ buyer: buyers, userId: users.id })
      .from(buyers)
      .innerJoin(users, eq(users.id, buyers.userId))
      .where(eq(users.email, email));
    if (row) {
      found = row;
      break;
    }
  }
  if (!found) return;
  const { buyer, userId } = found;

  await db.insert(buyerAddresses).values([
    {
      buyerId: buyer.id,
      label: 'Head office',
      contactName: buyer.contactName,
      phone: '9820012345',
      line1: '88 Linking Road, Bandra West',
      line2: '2nd floor, Shop 14',
      city: 'Mumbai',
      state: 'Maharashtra',
      pinCode: '400050',
      isDefault: true,
    },
    {
      buyerId: buyer.id,
      label: 'Bhiwandi warehouse',
      contactName: 'Suresh Patil',
      phone: '9820098765',
      line1: 'Gala 7, Rahnal Village Road',
      line2: 'Near Mumbai-Nashik Highway',
      city: 'Bhiwandi',
      state: 'Maharashtra',
      pinCode: '421302',
    },
  ]);

  // The second seller's lines: the catalogue demo's Tamil Nadu seller (seed/demo-catalog.ts runs before this step).
  const theirs = await db
    .select({ id: products.id, moq: products.moq })
    .from(products)
    .innerJoin(users, eq(users.email, 'catalog.seller2@example.in'))
    .innerJoin(manufacturers, and(eq(manufacturers.userId, users.id), eq(manufacturers.id, products.manufacturerId)))
    .where(eq(products.status, 'active'))
    .orderBy(asc(products.name))
    .limit(2);
  const own = await db
    .select()
    .from(products)
    .where(
      and(eq(products.manufacturerId, seller.manufacturer.id), eq(products.status, 'active'), gt(products.stock, 200)),
    )
    .orderBy(asc(products.name))
    .limit(2);
  const lines = [
    ...own.map((p) => ({ productId: p.id, quantity: p.moq * 2 })),
    ...theirs.map((p) => ({ productId: p.id, quantity: p.moq * 3 })),
  ];
  await db.insert(buyerCartItems).values(lines.map((l) => ({ buyerId: buyer.id, ...l })));

  const [rfqProduct] = own;
  if (!rfqProduct) return;
  const mid = seller.manufacturer.id;
  // Quoted: the seller's price waits for the buyer's reply.
  const quoted = await createRfq(deps, buyer, userId, {
    manufacturerId: mid,
    productId: rfqProduct.id,
    productName: rfqProduct.name,
    category: rfqProduct.category ?? undefined,
    quantity: 1500,
    targetPrice: Math.max(1, Math.round(Number(rfqProduct.price) * 0.8)),
    description: 'For our Diwali gift hampers: printed box with our logo, delivery to Bhiwandi.',
    specifications: ['Logo printed on the box', 'Shrink-wrapped in sets of 10'],
  });
  await sellerRfqAction(deps, mid, quoted.id, seller.user.id, {
    action: 'quote',
    pricePerUnit: Math.round(Number(rfqProduct.price) * 0.9),
    quantity: 1500,
    notes: 'Price includes printed boxes; dispatch in 3 weeks.',
  });
  // Accepted and converted: the order waits for the buyer to choose the address and confirm.
  const deal = await createRfq(deps, buyer, userId, {
    manufacturerId: mid,
    productId: rfqProduct.id,
    productName: rfqProduct.name,
    category: rfqProduct.category ?? undefined,
    quantity: 800,
    targetPrice: Math.max(1, Math.round(Number(rfqProduct.price) * 0.85)),
    description: 'Repeat order for our retail stores.',
    specifications: [],
  });
  await sellerRfqAction(deps, mid, deal.id, seller.user.id, {
    action: 'quote',
    pricePerUnit: Math.round(Number(rfqProduct.price) * 0.88),
    quantity: 800,
    notes: 'Best price for 800 units.',
  });
  await buyerRfqResponse(deps, buyer, deal.id, userId, { action: 'accept', notes: 'Agreed, please proceed.' });
  await convertRfq(deps, mid, deal.id, seller.user.id, {});
}
