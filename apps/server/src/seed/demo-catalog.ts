import type { ProductPayload } from '@ub/shared';
import { eq } from 'drizzle-orm';
import { manufacturerDocuments, manufacturers, products } from '../db/schema/index.ts';
import { checkImage } from '../lib/uploads.ts';
import { addProductMedia, toColumns } from '../modules/products/products.ts';
import type { DemoContext } from './demo-context.ts';
import { demoPicture } from './demo-products.ts';
import { createSeller, makeGstin } from './factories.ts';

type Art = Parameters<typeof demoPicture>[0];
type Item = Omit<ProductPayload, 'status' | 'sizes' | 'colors'> & Partial<Pick<ProductPayload, 'sizes' | 'colors'>>;

/** Two more verified sellers in other states, so the public catalogue's state and verified filters have content. */
const SELLERS: Array<{
  companyName: string;
  gstNumber: string;
  companyAddress: string;
  category: string;
  items: Array<Item & { art: Art }>;
}> = [
  {
    companyName: 'Kutch Craft Exports',
    gstNumber: makeGstin('24'),
    companyAddress: 'Plot 18, GIDC Estate, Bhuj, Gujarat 370001',
    category: 'toys',
    items: [
      {
        name: 'Wooden Toy Car with Rolling Wheels',
        description: 'Sheesham wood toy car, rounded edges, food-safe oil finish. Ages 2+.',
        sku: 'KCE-CAR-01',
        price: 185,
        moq: 100,
        stock: 2400,
        unit: 'piece',
        category: 'toys',
        brand: 'Kutch Craft',
        material: 'Wood',
        hsn_code: '9503',
        gst_percentage: 5,
        colors: ['Natural', 'Red'],
        art: ['#b45309', '#fef3c7', 'box'],
      },
      {
        name: 'Embroidered Cloth Dolls (Set of 4)',
        description: 'Hand-embroidered cotton dolls in Kutchi mirror work, filled with soft fibre.',
        sku: 'KCE-DOLL-04',
        price: 640,
        moq: 20,
        stock: 90,
        unit: 'pack',
        category: 'toys',
        brand: 'Kutch Craft',
        material: 'Cotton',
        hsn_code: '9503',
        gst_percentage: 5,
        art: ['#be123c', '#ffe4e6', 'circle'],
      },
      {
        name: 'Corrugated Mailer Boxes A4 (Pack of 100)',
        description: 'Three-ply kraft mailer boxes with tuck flaps, 310 x 230 x 50 mm.',
        sku: 'KCE-MAIL-A4',
        price: 2150,
        moq: 5,
        stock: 300,
        unit: 'pack',
        category: 'packaging',
        brand: 'Kutch Pack',
        material: 'Paper',
        hsn_code: '48191010',
        gst_percentage: 18,
        art: ['#92400e', '#fde68a', 'box'],
      },
    ],
  },
  {
    companyName: 'Kaveri Electronics Works',
    gstNumber: makeGstin('33'),
    companyAddress: '27 SIDCO Industrial Estate, Guindy, Chennai, Tamil Nadu 600032',
    category: 'electronic_components',
    items: [
      {
        name: 'Electrolytic Capacitor 1000uF 25V (Pack of 200)',
        description: 'Radial aluminium electrolytic capacitors, 105 °C, 10 x 20 mm.',
        sku: 'KEW-EC-1000',
        price: 780,
        moq: 10,
        stock: 1200,
        unit: 'pack',
        category: 'electronic_components',
        brand: 'Kaveri',
        material: 'Aluminum',
        hsn_code: '85322200',
        gst_percentage: 18,
        art: ['#0f766e', '#ccfbf1', 'chip'],
      },
      {
        name: 'SMPS Power Supply 12V 5A',
        description: 'Enclosed switching power supply with short-circuit and overload protection.',
        sku: 'KEW-SMPS-125',
        price: 11500,
        moq: 2,
        stock: 40,
        unit: 'box',
        category: 'electronic_components',
        brand: 'Kaveri',
        material: 'Aluminum',
        hsn_code: '85044090',
        gst_percentage: 18,
        art: ['#1d4ed8', '#dbeafe', 'square'],
      },
    ],
  },
];

export async function seedCatalogDemo({ app }: DemoContext): Promise<void> {
  const db = app.db;
  const now = Date.now();
  for (const [s, spec] of SELLERS.entries()) {
    const { items, ...account } = spec;
    const seller = await createSeller(db, {
      ...account,
      email: `catalog.seller${s + 1}@example.in`,
      status: 'approved',
      documents: ['gst_certificate'],
    });
    const mfr = seller.manufacturer.id;
    const approvedAt = new Date(now - (400 + s * 200) * 24 * 3_600_000);
    await db.update(manufacturers).set({ reviewedAt: approvedAt }).where(eq(manufacturers.id, mfr));
    await db
      .update(manufacturerDocuments)
      .set({ reviewStatus: 'approved', reviewedAt: approvedAt })
      .where(eq(manufacturerDocuments.manufacturerId, mfr));
    for (const [i, { art, ...p }] of items.entries()) {
      const columns = toColumns({ sizes: [], colors: [], status: 'active', ...p }, mfr);
      const [row] = await db
        .insert(products)
        .values({ manufacturerId: mfr, ...columns, createdAt: new Date(now - (s * 10 + i + 20) * 3_600_000) })
        .returning({ id: products.id });
      if (!row) throw new Error('demo product insert failed');
      const image = await checkImage({
        name: `${p.sku.toLowerCase()}.png`,
        data: await demoPicture(art),
        tooBig: false,
      });
      await addProductMedia(db, app.storage, mfr, row.id, [image]);
      await db
        .update(products)
        .set({ moderationStatus: 'approved', approvedPrice: columns.price })
        .where(eq(products.id, row.id));
    }
  }
}
