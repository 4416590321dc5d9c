import type { SettingsResponse } from '@ub/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { manufacturerDocuments, manufacturers, users } from '../../db/schema/index.ts';
import { notFound } from '../../lib/errors.ts';

/** Shows only the last four digits; the full number never leaves the server. */
export function maskAccountNumber(n: string | null): string | null {
  if (!n) return null;
  const last = n.slice(-4);
  return `${'X'.repeat(Math.max(0, n.length - 4))}${last}`;
}

/** The seller's profile and bank details as the Settings screen shows them (read-only online). */
export async function sellerSettings(db: Db, userId: string): Promise<SettingsResponse> {
  const [row] = await db
    .select({ u: users, m: manufacturers })
    .from(users)
    .innerJoin(manufacturers, eq(manufacturers.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('Profile not found');
  const { u, m } = row;
  return {
    profile: {
      fullName: u.fullName,
      email: u.email,
      phone: u.phone,
      userId: u.id,
      manufacturerId: m.id,
      companyName: m.companyName,
      companyAddress: m.companyAddress,
      gstNumber: m.gstNumber,
      category: m.category,
      status: m.status,
    },
    bank: {
      accountHolderName: m.accountHolderName,
      bankName: m.bankName,
      branchName: m.branchName,
      accountNumber: maskAccountNumber(m.accountNumber),
      ifscCode: m.ifscCode,
      accountType: m.accountType,
    },
  };
}

/** One verification document of a manufacturer, for the admin to open; 404 when it belongs to another. */
export async function manufacturerDocument(db: Db, manufacturerId: string, documentId: string) {
  const [doc] = await db
    .select()
    .from(manufacturerDocuments)
    .where(and(eq(manufacturerDocuments.id, documentId), eq(manufacturerDocuments.manufacturerId, manufacturerId)));
  if (!doc) throw notFound('Document not found');
  return doc;
}
