import type { ProductPayload } from '@ub/shared';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { products } from '../db/schema/index.ts';
import { checkImage } from '../lib/uploads.ts';
import { addProductMedia, toColumns } from '../modules/products/products.ts';
import type { DemoContext } from './demo-context.ts';

type DemoProduct = Omit<ProductPayload, 'status' | 'sizes' | 'colors'> &
  Partial<Pick<ProductPayload, 'sizes' | 'colors' | 'status'>> & {
    moderation?: 'pending' | 'approved';
    /** Two colours and a shape for the generated picture. */
    art: [string, string, 'circle' | 'square' | 'rings' | 'chip' | 'box'];
  };

const CATALOG: DemoProduct[] = [
  {
    name: 'Wooden Stacking Rings',
    description: 'Seven rainbow rings on a birch peg, finished with non-toxic water-based paint. Ages 1+.',
    sku: 'STR-WD-07',
    price: 249,
    moq: 50,
    stock: 1800,
    unit: 'piece',
    category: 'toys',
    brand: 'Sharma Toys',
    material: 'Wood',
    hsn_code: '9503',
    gst_percentage: 5,
    colors: ['Multicolour'],
    art: ['#f97316', '#fde68a', 'rings'],
  },
  {
    name: 'Channapatna Spinning Tops (Set of 6)',
    description: 'Hand-turned lacquered spinning tops from Channapatna artisans, vegetable dyes.',
    sku: 'CHN-TOP-06',
    price: 420,
    moq: 24,
    stock: 640,
    unit: 'pack',
    category: 'toys',
    brand: 'Sharma Toys',
    material: 'Wood',
    hsn_code: '9503',
    gst_percentage: 5,
    art: ['#dc2626', '#fef3c7', 'circle'],
  },
  {
    name: 'Plush Elephant 30 cm',
    description: 'Super-soft polyester plush elephant with embroidered eyes, safe for toddlers.',
    sku: 'PLU-ELE-30',
    price: 399,
    moq: 36,
    stock: 920,
    unit: 'piece',
    category: 'toys',
    brand: 'Sharma Toys',
    material: 'Polyester',
    sizes: ['30 cm', '45 cm'],
    colors: ['Grey', 'Pink'],
    hsn_code: '9503',
    gst_percentage: 5,
    art: ['#64748b', '#e2e8f0', 'circle'],
  },
  {
    name: 'Magnetic Building Tiles (60 pcs)',
    description: 'Translucent ABS tiles with embedded magnets for STEM play. BIS certified.',
    sku: 'MAG-TIL-60',
    price: 1899,
    moq: 12,
    stock: 300,
    unit: 'box',
    category: 'toys',
    brand: 'BuildBright',
    material: 'Plastic',
    hsn_code: '9503',
    gst_percentage: 18,
    art: ['#2563eb', '#bfdbfe', 'square'],
  },
  {
    name: 'Wooden Jigsaw Puzzle: Map of India',
    description: '48-piece wooden puzzle of the states of India, printed with soy inks.',
    sku: 'PUZ-IND-48',
    price: 349,
    moq: 40,
    stock: 0,
    unit: 'piece',
    category: 'toys',
    brand: 'Sharma Toys',
    material: 'Wood',
    hsn_code: '9503',
    gst_percentage: 5,
    status: 'inactive',
    art: ['#16a34a', '#dcfce7', 'square'],
  },
  {
    name: 'Ceramic Capacitor 100nF 50V (Reel of 5000)',
    description: 'X7R multilayer ceramic capacitors, 0805 package, tape and reel.',
    sku: 'CAP-0805-104',
    price: 1150,
    moq: 5,
    stock: 220,
    unit: 'box',
    category: 'electronic_components',
    brand: 'Vidyut Components',
    material: 'Ceramic',
    hsn_code: '85322400',
    gst_percentage: 18,
    art: ['#a16207', '#fef9c3', 'chip'],
  },
  {
    name: 'Carbon Film Resistor Kit (600 pcs)',
    description: '30 values from 10 ohm to 1M, 1/4 W, 5% tolerance, in a labelled box.',
    sku: 'RES-KIT-600',
    price: 450,
    moq: 10,
    stock: 540,
    unit: 'box',
    category: 'electronic_components',
    brand: 'Vidyut Components',
    hsn_code: '853321',
    gst_percentage: 18,
    art: ['#0f766e', '#ccfbf1', 'chip'],
  },
  {
    name: 'LED Driver 12V 2A',
    description: 'Constant-voltage LED driver with short-circuit and over-voltage protection, BIS approved.',
    sku: 'LED-DRV-1202',
    price: 285.5,
    moq: 50,
    stock: 1250,
    unit: 'piece',
    category: 'electronic_components',
    brand: 'Prakash Power',
    material: 'Aluminum',
    hsn_code: '85044090',
    gst_percentage: 18,
    art: ['#7c3aed', '#ede9fe', 'square'],
  },
  {
    name: 'Copper Clad PCB Board 10 x 15 cm',
    description: 'Single-sided FR4 copper clad laminate, 1.6 mm thickness, for prototyping.',
    sku: 'PCB-FR4-1015',
    price: 38,
    moq: 100,
    stock: 7600,
    unit: 'piece',
    category: 'electronic_components',
    brand: 'Vidyut Components',
    material: 'Copper',
    hsn_code: '7410',
    gst_percentage: 18,
    moderation: 'pending',
    art: ['#b45309', '#fed7aa', 'chip'],
  },
  {
    name: '5-Ply Corrugated Shipping Box 18 x 12 x 10 in',
    description: 'Heavy-duty brown kraft boxes for e-commerce shipping, 150 GSM liners.',
    sku: 'BOX-5PLY-181210',
    price: 32.75,
    moq: 500,
    stock: 24000,
    unit: 'piece',
    category: 'packaging',
    brand: 'PackRight',
    material: 'Cardboard',
    hsn_code: '48191010',
    gst_percentage: 18,
    sizes: ['18x12x10 in'],
    art: ['#92400e', '#fde68a', 'box'],
  },
  {
    name: 'Bubble Wrap Roll 1 m x 100 m',
    description: '10 mm bubble, 55 micron LDPE cushioning roll for fragile goods.',
    sku: 'BUB-1M-100',
    price: 1240,
    moq: 10,
    stock: 380,
    unit: 'pack',
    category: 'packaging',
    brand: 'PackRight',
    material: 'Plastic',
    hsn_code: '39202020',
    gst_percentage: 18,
    art: ['#0284c7', '#e0f2fe', 'circle'],
  },
  {
    name: 'Jute Gift Bags with Handles (Pack of 50)',
    description: 'Natural jute bags, 12 x 14 in, with cotton-lined rope handles.',
    sku: 'JUT-BAG-50',
    price: 1650,
    moq: 5,
    stock: 140,
    unit: 'pack',
    category: 'packaging',
    brand: 'PackRight',
    material: 'Jute',
    hsn_code: '63051040',
    gst_percentage: 5,
    colors: ['Natural'],
    art: ['#a3a3a3', '#fafaf9', 'box'],
  },
];

/** A 900 x 900 product picture made of shapes only, rendered by sharp. */
export async function demoPicture([bg, fg, shape]: DemoProduct['art']): Promise<Buffer> {
  const shapes = {
    circle: `<circle cx="450" cy="450" r="260" fill="${fg}"/><circle cx="450" cy="450" r="120" fill="${bg}"/>`,
    square: `<rect x="210" y="210" width="480" height="480" rx="48" fill="${fg}"/><rect x="330" y="330" width="240" height="240" rx="24" fill="${bg}"/>`,
    rings: [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<ellipse cx="450" cy="${640 - i * 90}" rx="${260 - i * 40}" ry="52" fill="${fg}" opacity="${1 - i * 0.12}"/>`,
      )
      .join(''),
    chip: `<rect x="270" y="270" width="360" height="360" rx="16" fill="${fg}"/>${[0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<rect x="${300 + i * 66}" y="200" width="24" height="70" fill="${fg}"/><rect x="${300 + i * 66}" y="630" width="24" height="70" fill="${fg}"/>`,
      )
      .join('')}`,
    box: `<polygon points="450,180 720,320 720,620 450,760 180,620 180,320" fill="${fg}"/><polyline points="180,320 450,460 720,320" fill="none" stroke="${bg}" stroke-width="14"/><line x1="450" y1="460" x2="450" y2="760" stroke="${bg}" stroke-width="14"/>`,
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="900"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="${bg}" stop-opacity="0.7"/></linearGradient></defs><rect width="900" height="900" fill="url(#g)"/>${shapes[shape]}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** Demo catalogue for the demo seller: toys, electronic components and packaging, most approved, one pending. */
export async function seedDemoProducts({ app, seller }: DemoContext): Promise<void> {
  const now = Date.now();
  for (const [i, { art, moderation, ...p }] of CATALOG.entries()) {
    const payload: ProductPayload = { sizes: [], colors: [], status: 'active', ...p };
    const columns = toColumns(payload, seller.manufacturer.id);
    const [row] = await app.db
      .insert(products)
      .values({
        manufacturerId: seller.manufacturer.id,
        ...columns,
        createdAt: new Date(now - (CATALOG.length - i) * 3_600_000),
      })
      .returning({ id: products.id });
    if (!row) throw new Error('demo product insert failed');
    const image = await checkImage({ name: `${p.sku.toLowerCase()}.png`, data: await demoPicture(art), tooBig: false });
    await addProductMedia(app.db, app.storage, seller.manufacturer.id, row.id, [image]);
    // Approved as an admin would, with its pictures: images added to an approved product send it back for review.
    if ((moderation ?? 'approved') === 'approved') {
      await app.db
        .update(products)
        .set({ moderationStatus: 'approved', approvedPrice: columns.price })
        .where(eq(products.id, row.id));
    }
  }
}
