import { randomInt } from 'node:crypto';
import { type DocumentKind, gstCheckCharacter, stateNameOf } from '@ub/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { buyers, manufacturerDocuments, manufacturers, products, users } from '../db/schema/index.ts';
import { searchDocument } from '../lib/search.ts';
import type { ManufacturerStatus } from '@ub/shared';
import { hashPassword } from '../modules/auth/passwords.ts';

/** Data factories shared by the demo seed, the integration tests and the e2e tests. */

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letter = () => LETTERS[randomInt(26)] as string;

// Numbers for generated names, e-mails and SKUs: a random start, then consecutive, so that the records one
// process makes never collide (independent random draws did, now and then, in a file that makes hundreds).
let serial = randomInt(1_000_000);
const nextSerial = () => serial++;

/** A GSTIN with a correct check character, for the given two-digit state code (27 = Maharashtra). */
export function makeGstin(state = '27'): string {
  const pan = `${letter()}${letter()}${letter()}P${letter()}${String(randomInt(10000)).padStart(4, '0')}${letter()}`;
  const first14 = `${state}${pan}1Z`;
  return first14 + gstCheckCharacter(first14);
}

/** A 10-digit Indian mobile number starting with 9. */
export function makePhone(): string {
  return `9${String(randomInt(1_000_000_000)).padStart(9, '0')}`;
}

export interface SellerSpec {
  email?: string;
  phone?: string;
  password?: string;
  fullName?: string;
  companyName?: string;
  companyAddress?: string;
  /** The address's state; by default the state the GSTIN names. */
  state?: string;
  category?: string;
  gstNumber?: string;
  status?: ManufacturerStatus;
  bank?: Partial<{
    accountHolderName: string;
    bankName: string;
    branchName: string;
    accountNumber: string;
    ifscCode: string;
    accountType: string;
  }>;
  createdAt?: Date;
  /** Verified (manufacturers/verified.ts): an approved document on file, as the admin's approval leaves it. */
  verified?: boolean;
  /** Verification documents on file (rows only; no file is stored). */
  documents?: readonly DocumentKind[];
}

export async function createSeller(db: Db, spec: SellerSpec = {}) {
  const n = nextSerial();
  const email = (spec.email ?? `seller${n}@example.in`).toLowerCase();
  const password = spec.password ?? 'Passw0rd!';
  const [user] = await db
    .insert(users)
    .values({
      role: 'seller',
      email,
      phone: spec.phone ?? makePhone(),
      fullName: spec.fullName ?? `Seller ${n}`,
      passwordHash: await hashPassword(password),
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning();
  if (!user) throw new Error('seller insert failed');
  const gstNumber = spec.gstNumber ?? makeGstin();
  const [manufacturer] = await db
    .insert(manufacturers)
    .values({
      userId: user.id,
      companyName: spec.companyName ?? `Company ${n} Pvt Ltd`,
      companyAddress: spec.companyAddress ?? 'Plot 12, MIDC Industrial Area, Andheri East, Mumbai 400093',
      state: spec.state ?? stateNameOf(gstNumber.slice(0, 2)) ?? null,
      category: spec.category ?? 'toys',
      gstNumber,
      status: spec.status ?? 'approved',
      ...spec.bank,
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning();
  if (!manufacturer) throw new Error('manufacturer insert failed');
  if (spec.documents?.length) {
    await db.insert(manufacturerDocuments).values(
      spec.documents.map((kind) => ({
        manufacturerId: manufacturer.id,
        kind,
        storageKey: `documents/${manufacturer.id}/${kind}.pdf`,
        mime: 'application/pdf',
        originalName: `${kind}.pdf`,
      })),
    );
  }
  if (spec.verified) {
    await db.insert(manufacturerDocuments).values({
      manufacturerId: manufacturer.id,
      // A kind tests rarely upload or delete (an upload replaces the seller's document of its kind).
      kind: 'incorporation',
      storageKey: `documents/${manufacturer.id}/verified-incorporation.pdf`,
      mime: 'application/pdf',
      originalName: 'incorporation.pdf',
      reviewStatus: 'approved',
    });
  }
  return { user, manufacturer, password };
}

export async function createAdmin(db: Db, spec: { email?: string; password?: string; fullName?: string } = {}) {
  const password = spec.password ?? 'AdminPassw0rd!';
  const [user] = await db
    .insert(users)
    .values({
      role: 'admin',
      email: (spec.email ?? `admin${randomInt(1_000_000)}@example.in`).toLowerCase(),
      fullName: spec.fullName ?? 'Platform Admin',
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error('admin insert failed');
  return { user, password };
}

export async function createBuyer(
  db: Db,
  spec: { email?: string; password?: string; companyName?: string; contactName?: string; state?: string } = {},
) {
  const n = nextSerial();
  const password = spec.password ?? 'BuyerPassw0rd!';
  const phone = makePhone();
  const [user] = await db
    .insert(users)
    .values({
      role: 'buyer',
      email: (spec.email ?? `buyer${n}@example.in`).toLowerCase(),
      phone,
      fullName: spec.contactName ?? `Buyer ${n}`,
      passwordHash: await hashPassword(password),
    })
    .returning();
  if (!user) throw new Error('buyer insert failed');
  const [buyer] = await db
    .insert(buyers)
    .values({
      userId: user.id,
      companyName: spec.companyName ?? `Buyer Co ${n}`,
      contactName: user.fullName,
      phone,
      state: spec.state ?? 'Karnataka',
      gstNumber: makeGstin('29'),
      address: '44 Residency Road, Bengaluru 560025',
    })
    .returning();
  if (!buyer) throw new Error('buyer insert failed');
  return { user, buyer, password };
}

export async function userByEmail(db: Db, email: string) {
  const [u] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return u;
}

export interface ProductSpec {
  name?: string;
  sku?: string;
  price?: string;
  moq?: number;
  stock?: number;
  unit?: string;
  category?: string;
  /** null: a product the seller saved without an HSN code (or GST rate). */
  hsnCode?: string | null;
  gstPercentage?: string | null;
  status?: 'active' | 'inactive';
  moderationStatus?: 'pending' | 'approved' | 'suspended' | 'rejected';
  description?: string;
  brand?: string;
  createdAt?: Date;
}

export async function createProduct(db: Db, manufacturerId: string, spec: ProductSpec = {}) {
  const n = nextSerial();
  const name = spec.name ?? `Product ${n}`;
  const sku = spec.sku ?? `SKU-${n}`;
  const [product] = await db
    .insert(products)
    .values({
      manufacturerId,
      name,
      description: spec.description ?? 'Sturdy, export-quality product made in India.',
      sku,
      searchDoc: searchDocument(manufacturerId, name, sku),
      price: spec.price ?? '499.00',
      moq: spec.moq ?? 10,
      stock: spec.stock ?? 1000,
      unit: spec.unit ?? 'piece',
      category: spec.category ?? 'toys',
      brand: spec.brand ?? 'Generic',
      hsnCode: spec.hsnCode === undefined ? '9503' : spec.hsnCode,
      gstPercentage: spec.gstPercentage === undefined ? '18' : spec.gstPercentage,
      status: spec.status ?? 'active',
      moderationStatus: spec.moderationStatus ?? 'approved',
      approvedPrice: ['approved', 'suspended'].includes(spec.moderationStatus ?? 'approved')
        ? (spec.price ?? '499.00')
        : null,
      ...(spec.createdAt ? { createdAt: spec.createdAt } : {}),
    })
    .returning();
  if (!product) throw new Error('product insert failed');
  return product;
}
