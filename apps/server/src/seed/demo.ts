import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { manufacturerDocuments, users } from '../db/schema/index.ts';
import { saveDocument } from '../modules/admin/documents.ts';
import { adminDemo } from './admin-demo.ts';
import { DEMO_BUYER, seedBuyerDemo } from './demo-buyer.ts';
import { seedAdminBuyersDemo } from './admin-buyers-demo.ts';
import type { DemoContext } from './demo-context.ts';
import { seedCatalogDemo } from './demo-catalog.ts';
import { seedDemoProducts } from './demo-products.ts';
import { seedTradeDemo } from './demo-trade.ts';
import { seedMoneyDemo } from './demo-money.ts';
import { seedDemoInvoices } from './demo-invoices.ts';
import { seedBuyerShoppingDemo } from './demo-buyer-shopping.ts';
import { seedRequirementsDemo } from './demo-requirements.ts';
import { seedDemoFiles } from './demo-files.ts';
import { createAdmin, createSeller, userByEmail } from './factories.ts';

/** The smallest complete PDF: the demo seller's verification documents. */
const DEMO_DOCUMENT = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

export const DEMO = {
  seller: { email: 'demo.seller@example.in', phone: '9876543210', password: 'DemoSeller@123' },
  admin: { email: 'admin@example.in', password: 'DemoAdmin@123' },
  buyer: DEMO_BUYER,
} as const;

/**
 * Fills an empty marketplace with demo accounts and their data so every screen has content on first start. Runs
 * only while there is no seller and no buyer: administrators do not count, because ADMIN_EMAIL creates one at
 * start, before this runs. The demo administrator is added unless an account already has its e-mail (then that
 * account keeps the password its operator chose).
 */
export async function seedDemo(app: FastifyInstance): Promise<void> {
  const [row] = await app.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(inArray(users.role, ['seller', 'buyer']));
  if ((row?.n ?? 0) > 0) return;
  const db = app.db;
  const seller = await createSeller(db, {
    email: DEMO.seller.email,
    phone: DEMO.seller.phone,
    password: DEMO.seller.password,
    fullName: 'Priya Sharma',
    companyName: 'Sharma Toys & Crafts Pvt Ltd',
    companyAddress: 'Unit 4, Saki Vihar Road, Powai, Mumbai, Maharashtra 400072',
    category: 'toys',
    gstNumber: '27AAPFU0939F1ZV',
    status: 'approved',
    bank: {
      accountHolderName: 'Sharma Toys & Crafts Pvt Ltd',
      bankName: 'HDFC Bank',
      branchName: 'Powai',
      accountNumber: '50100234567890',
      ifscCode: 'HDFC0000486',
      accountType: 'Current',
    },
  });
  // Verified as the admin's approval leaves a seller: its documents on file (real files) and approved.
  for (const kind of ['gst_certificate', 'pan'] as const) {
    await saveDocument(app, seller.manufacturer.id, { kind, fileName: `${kind}.pdf`, data: DEMO_DOCUMENT });
  }
  await db
    .update(manufacturerDocuments)
    .set({ reviewStatus: 'approved', reviewedAt: new Date() })
    .where(eq(manufacturerDocuments.manufacturerId, seller.manufacturer.id));
  const demoAdmin = !(await userByEmail(db, DEMO.admin.email));
  if (demoAdmin) {
    await createAdmin(db, { email: DEMO.admin.email, password: DEMO.admin.password, fullName: 'Asha Admin' });
  }
  const context = { app, seller };
  for (const step of demoSteps) await step(context);
  const sellerLine = `Seller: ${DEMO.seller.email} / ${DEMO.seller.password} at /login. Buyer: ${DEMO.buyer.email} / ${DEMO.buyer.password} at /login.`;
  const adminLine = demoAdmin
    ? ` Admin: ${DEMO.admin.email} / ${DEMO.admin.password} at /admin/login`
    : ` Admin: ${DEMO.admin.email} with the ADMIN_PASSWORD given at start, at /admin/login`;
  app.log.info(
    {
      event: 'demo.seeded',
      seller: { login: DEMO.seller.email, password: DEMO.seller.password, url: '/login' },
      buyer: { login: DEMO.buyer.email, password: DEMO.buyer.password, url: '/login' },
      ...(demoAdmin ? { admin: { login: DEMO.admin.email, password: DEMO.admin.password, url: '/admin/login' } } : {}),
    },
    `Demo data ready. ${sellerLine}${adminLine}`,
  );
}

/** Each feature adds its demo data here, in order (catalog before trade). */
const demoSteps: Array<(ctx: DemoContext) => Promise<void>> = [
  seedDemoProducts,
  seedCatalogDemo,
  seedTradeDemo,
  seedMoneyDemo,
  seedDemoInvoices,
  adminDemo,
  seedBuyerDemo,
  seedBuyerShoppingDemo,
  seedRequirementsDemo,
  seedAdminBuyersDemo,
  seedDemoFiles,
];
