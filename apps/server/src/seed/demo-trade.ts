import { eq, sql } from 'drizzle-orm';
import { buyers, disputes, orderEvents, orders, payments, products, rfqOffers, rfqs } from '../db/schema/index.ts';
import { nextNumber } from '../modules/trade/common.ts';
import { insertOrder, type OrderLine } from '../modules/orders/commands.ts';
import { platformOf } from '../modules/money/commission-invoice.ts';
import { markPayoutPaid, runSettlements } from '../modules/money/settlements.ts';
import { payByBankTransfer } from './demo-money.ts';
import type { DemoContext } from './demo-context.ts';
import { createBuyer, createProduct } from './factories.ts';
import { transaction } from '../lib/transaction.ts';
import { systemClock } from '../lib/deps.ts';

const DAY = 86_400_000;

/** A small deterministic generator, so every fresh demo database looks the same. */
function prng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

const BUYERS = [
  {
    companyName: 'Bharat Retail Mart Pvt Ltd',
    contactName: 'Anil Mehta',
    state: 'Maharashtra',
    address: '88 Linking Road, Bandra West, Mumbai 400050',
  },
  {
    companyName: 'Southern Toys Distributors',
    contactName: 'Lakshmi Iyer',
    state: 'Tamil Nadu',
    address: '14 Anna Salai, Teynampet, Chennai 600018',
  },
  {
    companyName: 'Kids Kingdom Stores LLP',
    contactName: 'Rohit Bansal',
    state: 'Delhi',
    address: 'B-22 Connaught Place, New Delhi 110001',
  },
  {
    companyName: 'Gujarat Gift House',
    contactName: 'Hetal Shah',
    state: 'Gujarat',
    address: '5 CG Road, Navrangpura, Ahmedabad 380009',
  },
  {
    companyName: 'Eastern Playthings Co',
    contactName: 'Sourav Ghosh',
    state: 'West Bengal',
    address: '31 Park Street, Kolkata 700016',
  },
  {
    companyName: 'Deccan School Supplies',
    contactName: 'Kiran Reddy',
    state: 'Telangana',
    address: '7 Banjara Hills Road No 2, Hyderabad 500034',
  },
];

const PRODUCTS = [
  { name: 'Wooden Stacking Rings', price: '249.00', moq: 50, hsnCode: '9503', gstPercentage: '12', category: 'toys' },
  {
    name: 'Handcrafted Channapatna Train',
    price: '899.00',
    moq: 20,
    hsnCode: '9503',
    gstPercentage: '12',
    category: 'toys',
  },
  { name: 'Alphabet Puzzle Board', price: '399.00', moq: 30, hsnCode: '9503', gstPercentage: '12', category: 'toys' },
  {
    name: 'Soft Cotton Elephant Plush',
    price: '549.00',
    moq: 25,
    hsnCode: '9503',
    gstPercentage: '12',
    category: 'toys',
  },
  {
    name: 'Corrugated Gift Box (Pack of 50)',
    price: '1250.00',
    moq: 10,
    hsnCode: '4819',
    gstPercentage: '18',
    category: 'packaging',
  },
  { name: 'Spinning Top Set of 6', price: '180.00', moq: 100, hsnCode: '9503', gstPercentage: '12', category: 'toys' },
];

const CARRIERS = ['Delhivery', 'Blue Dart', 'DTDC', 'Ecom Express', 'India Post'];

/**
 * Trade demo data for the demo seller: buyers, products (when the catalogue step made none), orders in every status
 * over the last 12 months with payments and weekly settlements, RFQs in every status with their negotiation, and
 * an open dispute.
 */
export async function seedTradeDemo({ app, seller }: DemoContext): Promise<void> {
  const db = app.db;
  const rand = prng(20_260_101);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)] as T;
  const mid = seller.manufacturer.id;
  const money = { db, events: app.events, log: app.log, clock: systemClock };

  const demoBuyers = [];
  for (const [i, b] of BUYERS.entries()) {
    const created = await createBuyer(db, {
      email: `buyer${i + 1}@demo-buyers.example.in`,
      companyName: b.companyName,
      contactName: b.contactName,
      state: b.state,
    });
    const [row] = await db
      .update(buyers)
      .set({ address: b.address })
      .where(eq(buyers.id, created.buyer.id))
      .returning();
    demoBuyers.push({ buyer: row ?? created.buyer, user: created.user });
  }

  let catalogue = await db.select().from(products).where(eq(products.manufacturerId, mid));
  if (!catalogue.length) {
    for (const p of PRODUCTS) {
      await createProduct(db, mid, { ...p, stock: 2000, createdAt: new Date(Date.now() - (60 + rand() * 240) * DAY) });
    }
    catalogue = await db.select().from(products).where(eq(products.manufacturerId, mid));
  }
  const orderable = catalogue.filter((p) => p.moderationStatus === 'approved' && p.status === 'active');
  const pool = orderable.length ? orderable : catalogue;

  for (let i = 0; i < 72; i++) {
    const age = Math.floor(rand() ** 1.4 * 360);
    const createdAt = new Date(Date.now() - age * DAY - Math.floor(rand() * 20) * 3_600_000);
    const { buyer, user } = pick(demoBuyers);
    const chosen = [...new Set([pick(pool), pick(pool)])];
    const lines: OrderLine[] = chosen.map((p) => ({
      productId: p.id,
      name: p.name,
      brand: p.brand,
      category: p.category,
      hsnCode: p.hsnCode,
      unit: p.unit,
      quantity: p.moq * (1 + Math.floor(rand() * 4)),
      unitPaise: Math.round(Number(p.price) * 100),
      gstPercentage: Number(p.gstPercentage ?? 18),
    }));
    const shipping = {
      street: (buyer.address ?? '').split(',')[0] ?? 'Main Road',
      apartment: undefined,
      city: (buyer.address ?? '').split(',').at(-1)?.replace(/\d+/g, '').trim() || 'Mumbai',
      state: buyer.state ?? 'Maharashtra',
      zipCode: (buyer.address ?? '').match(/\d{6}/)?.[0] ?? '400001',
    };
    const order = await transaction(db, (tx) =>
      insertOrder(tx, {
        manufacturerId: mid,
        buyer,
        buyerEmail: user.email,
        lines,
        shipping,
        paymentMethod: pick(['UPI', 'NEFT', 'RTGS', 'Net Banking']),
        takeStock: false,
        actorUserId: user.id,
        createdAt,
      }),
    );
    // Older orders have mostly run their course; the last weeks' are still moving.
    const r = rand();
    const path: Array<'processing' | 'shipped' | 'delivered' | 'cancelled'> =
      age > 21
        ? r < 0.1
          ? ['cancelled']
          : ['processing', 'shipped', 'delivered']
        : r < 0.25
          ? []
          : r < 0.45
            ? ['processing']
            : r < 0.7
              ? ['processing', 'shipped']
              : r < 0.9
                ? ['processing', 'shipped', 'delivered']
                : ['cancelled'];
    let from = order.status;
    let at = createdAt.getTime();
    const paid = path.includes('shipped') ? rand() < 0.92 : path.length > 0 && path[0] !== 'cancelled' && rand() < 0.5;
    for (const to of path) {
      at += (0.5 + rand() * 2.5) * DAY;
      const when = new Date(Math.min(at, Date.now() - 3_600_000));
      const patch: Partial<typeof orders.$inferInsert> = { status: to, updatedAt: when };
      let note: string | null = null;
      if (to === 'shipped') {
        patch.carrier = pick(CARRIERS);
        patch.trackingNumber = `${patch.carrier.slice(0, 3).toUpperCase()}${Math.floor(rand() * 1e10)}`;
        patch.estimatedDelivery = new Date(when.getTime() + 5 * DAY).toISOString().slice(0, 10);
        note = `Shipped with ${patch.carrier}, tracking number ${patch.trackingNumber}`;
      }
      if (to === 'cancelled') {
        patch.cancelReason = pick(['Buyer changed requirement', 'Raw material shortage', 'Duplicate order']);
        note = patch.cancelReason;
        await db.delete(payments).where(eq(payments.orderId, order.id));
      }
      await db.update(orders).set(patch).where(eq(orders.id, order.id));
      await db.insert(orderEvents).values({ orderId: order.id, fromStatus: from, toStatus: to, note, createdAt: when });
      from = to;
    }
    if (paid) {
      const paidAt = new Date(Math.min(createdAt.getTime() + (0.2 + rand()) * DAY, Date.now() - 3_600_000));
      const utr = String(100_000_000_000 + Math.floor(rand() * 899_999_999_999));
      await payByBankTransfer(money, order.id, { utr, at: paidAt, confirm: true });
    }
  }

  // Replays the weekly settlement run over the past year with the production engine (release, settlement,
  // commission invoice, ledger), so each week gets its own settlement; all but the latest reached the seller's bank.
  const platform = platformOf(app.config);
  let latest: { id: string; at: Date } | null = null;
  for (let w = 52; w >= 0; w--) {
    const at = new Date(Date.now() - w * 7 * DAY);
    if (latest) {
      const paidAt = new Date(latest.at.getTime() + 3 * DAY);
      const utr = `HDFCN${String(52_000_000_000 + w * 1_000_003).padStart(11, '0')}`;
      await markPayoutPaid({ ...money, clock: () => paidAt }, null, latest.id, utr);
      latest = null;
    }
    const made = await runSettlements(
      { ...money, clock: () => at },
      { holdDays: app.config.SETTLEMENT_HOLD_DAYS, platform, manufacturerId: mid },
    );
    const last = made.at(-1);
    if (last) latest = { id: last.id, at };
  }

  const rfqSpecs = [
    { status: 'pending', product: 'Custom Printed Building Blocks', qty: 1000, target: '95.00', offers: [] },
    { status: 'pending', product: 'Eco Kraft Mailer Boxes', qty: 5000, target: '18.50', offers: [] },
    {
      status: 'quoted',
      product: 'Wooden Abacus (School Pack)',
      qty: 300,
      target: '210.00',
      offers: [['seller', 'quote', '235.00', 300, 'Ex-works Mumbai, 3 weeks']],
    },
    {
      status: 'negotiating',
      product: 'Magnetic Alphabet Set',
      qty: 800,
      target: '140.00',
      offers: [
        ['seller', 'quote', '165.00', 800, 'Includes pouch'],
        ['buyer', 'counter', '150.00', 1000, 'We can take 1000 units'],
        ['seller', 'counter', '155.00', 1000, 'Final price for 1000'],
      ],
    },
    {
      status: 'negotiating',
      product: 'Plush Tiger Mascot 30 cm',
      qty: 400,
      target: '420.00',
      offers: [['seller', 'counter', '465.00', 400, 'Embroidered eyes, BIS certified']],
    },
    {
      status: 'accepted',
      product: 'Rainbow Stacker Deluxe',
      qty: 600,
      target: '260.00',
      offers: [
        ['seller', 'quote', '275.00', 600, null],
        ['buyer', 'accept', '275.00', 600, 'Agreed'],
      ],
    },
    {
      status: 'rejected',
      product: 'Battery Ride-on Car',
      qty: 50,
      target: '5500.00',
      offers: [['seller', 'reject', null, null, 'We do not make electric ride-ons']],
    },
  ] as const;
  for (const [i, spec] of rfqSpecs.entries()) {
    const { buyer, user } = demoBuyers[i % demoBuyers.length] as (typeof demoBuyers)[number];
    const createdAt = new Date(Date.now() - (20 - i * 2) * DAY);
    const last = spec.offers.at(-1);
    const [row] = await db
      .insert(rfqs)
      .values({
        rfqNumber: await nextNumber(db, 'RFQ', createdAt),
        manufacturerId: mid,
        buyerId: buyer.id,
        productId: i === 5 ? pool[0]?.id : null,
        productName: spec.product,
        category: 'toys',
        requestedQuantity: spec.qty,
        targetPrice: spec.target,
        deadline: new Date(Date.now() + (30 + i * 7) * DAY).toISOString().slice(0, 10),
        description: `Looking for a reliable supplier of ${spec.product.toLowerCase()} for the coming season.`,
        specifications: ['BIS / IS 9873 compliant', 'Non-toxic, lead-free paint', 'Carton of 24 units'],
        status: spec.status,
        rejectionReason: spec.status === 'rejected' ? 'We do not make electric ride-ons' : null,
        agreedPrice: spec.status === 'accepted' ? (last?.[2] ?? null) : null,
        agreedQuantity: spec.status === 'accepted' ? (last?.[3] ?? null) : null,
        createdAt,
        updatedAt: createdAt,
      })
      .returning();
    if (!row) continue;
    await db.insert(rfqOffers).values({
      rfqId: row.id,
      byRole: 'buyer',
      kind: 'request',
      pricePerUnit: spec.target,
      quantity: spec.qty,
      notes: row.description,
      createdBy: user.id,
      createdAt,
    });
    for (const [j, [by, kind, price, qty, notes]] of spec.offers.entries()) {
      await db.insert(rfqOffers).values({
        rfqId: row.id,
        byRole: by,
        kind,
        pricePerUnit: price,
        quantity: qty,
        notes,
        createdBy: by === 'seller' ? seller.user.id : user.id,
        createdAt: new Date(createdAt.getTime() + (j + 1) * DAY),
      });
    }
  }

  const [disputed] = await db
    .select({ id: orders.id, buyerId: orders.buyerId })
    .from(orders)
    .where(sql`${orders.manufacturerId} = ${mid} and ${orders.status} = 'delivered'`)
    .orderBy(sql`${orders.createdAt} desc`)
    .limit(1);
  if (disputed) {
    await db.insert(disputes).values({
      orderId: disputed.id,
      manufacturerId: mid,
      buyerId: disputed.buyerId,
      reason: 'Six units arrived with chipped paint.',
    });
  }
}
