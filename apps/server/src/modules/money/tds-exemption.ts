import { financialYearOf } from '@ub/shared';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { manufacturers, sellerEarnings } from '../../db/schema/index.ts';
import { audit } from '../../lib/audit.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';

/**
 * s.194-O(2) Income-tax Act 1961: no TDS under s.194-O(1) on the sums credited to an e-commerce participant who is an
 * individual or a HUF, whose gross amount of sales through the operator during the financial year does not exceed
 * the limit, and who has furnished PAN or Aadhaar to the operator. Effective-dated, with its source.
 */
export const TDS_194O_SMALL_SELLER_LIMITS: ReadonlyArray<{ from: string; limitPaise: number; source: string }> = [
  {
    from: '2020-10-01',
    limitPaise: 5_00_000_00,
    source: 'Income-tax Act 1961, s.194-O(2), inserted by the Finance Act 2020 with effect from 1 October 2020',
  },
];

/** The limit in force on `at` (IST day), or null before s.194-O existed. */
export function smallSellerLimitOn(at: Date): number | null {
  const day = new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  const row = [...TDS_194O_SMALL_SELLER_LIMITS].reverse().find((r) => r.from <= day);
  return row?.limitPaise ?? null;
}

/**
 * The PAN's fourth character names the holder's status (CBDT's PAN structure): P an individual, H a Hindu undivided
 * family. The PAN is the GSTIN's characters 3 to 12.
 */
export const panOfGstin = (gstin: string) => gstin.trim().toUpperCase().slice(2, 12);
export const isIndividualOrHuf = (gstin: string) => ['P', 'H'].includes(panOfGstin(gstin).charAt(3));

/** The financial year (April to March, IST) holding `at`: its first instant and the next year's. */
export function financialYearBounds(at: Date): { start: Date; end: Date; label: string } {
  const label = financialYearOf(at);
  const y = Number(label.slice(0, 4));
  return {
    label,
    start: new Date(Date.UTC(y, 3, 1) - 330 * 60_000),
    end: new Date(Date.UTC(y + 1, 3, 1) - 330 * 60_000),
  };
}

/** Gross released to the seller in the financial year of `at` (what the buyers paid for their supplies). */
async function grossInYear(db: Db, manufacturerId: string, at: Date): Promise<number> {
  const fy = financialYearBounds(at);
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${sellerEarnings.grossPaise}), 0)` })
    .from(sellerEarnings)
    .where(
      and(
        eq(sellerEarnings.manufacturerId, manufacturerId),
        eq(sellerEarnings.kind, 'release'),
        gte(sellerEarnings.postedAt, fy.start),
        lt(sellerEarnings.postedAt, fy.end),
      ),
    );
  return Number(row?.n ?? 0);
}

/**
 * Whether a release of `grossPaise` at `at` is exempt from TDS under s.194-O(2): the seller is an individual or HUF
 * (by the PAN in their GSTIN), has declared it, and the year's gross with this release stays within the limit. The
 * release that passes the limit, and every one after it in the year, bear TDS on their whole amount (earlier ones
 * are not revisited: they were exempt when credited).
 */
export async function tdsExemptRelease(
  db: Db,
  seller: { id: string; gstNumber: string; tds194o2DeclaredAt: Date | null },
  grossPaise: number,
  at: Date,
): Promise<boolean> {
  const limit = smallSellerLimitOn(at);
  if (limit === null || !seller.tds194o2DeclaredAt || !isIndividualOrHuf(seller.gstNumber)) return false;
  // The seller's row, after the order's (ADR 0038): two releases of one seller are summed one after the other.
  await db.select({ id: manufacturers.id }).from(manufacturers).where(eq(manufacturers.id, seller.id)).for('update');
  return (await grossInYear(db, seller.id, at)) + grossPaise <= limit;
}

export interface TdsDeclarationView {
  eligible: boolean;
  pan: string;
  declaredAt: string | null;
  financialYear: string;
  grossThisYearPaise: number;
  limitPaise: number;
  /** TDS is not deducted from the next release (declared, eligible and still within the limit). */
  exemptNow: boolean;
}

export async function tdsDeclarationOf(db: Db, manufacturerId: string, now: Date): Promise<TdsDeclarationView> {
  const [m] = await db.select().from(manufacturers).where(eq(manufacturers.id, manufacturerId));
  if (!m) throw notFound('Seller not found');
  const gross = await grossInYear(db, m.id, now);
  const limit = smallSellerLimitOn(now) ?? 0;
  const eligible = isIndividualOrHuf(m.gstNumber);
  return {
    eligible,
    pan: panOfGstin(m.gstNumber),
    declaredAt: m.tds194o2DeclaredAt?.toISOString() ?? null,
    financialYear: financialYearBounds(now).label,
    grossThisYearPaise: gross,
    limitPaise: limit,
    exemptNow: eligible && Boolean(m.tds194o2DeclaredAt) && gross < limit,
  };
}

/**
 * The seller declares (or withdraws) that they are an individual or HUF furnishing their PAN for s.194-O(2).
 * Refused for a PAN of another status (a company, a firm). Audited.
 */
export async function setTdsDeclaration(
  db: Db,
  actorUserId: string,
  manufacturerId: string,
  declare: boolean,
  now: Date,
): Promise<TdsDeclarationView> {
  await transaction(db, async (tx) => {
    const [m] = await tx.select().from(manufacturers).where(eq(manufacturers.id, manufacturerId)).for('update');
    if (!m) throw notFound('Seller not found');
    if (declare && !isIndividualOrHuf(m.gstNumber)) {
      throw conflict(
        'Only an individual or a Hindu undivided family (PAN with P or H as its fourth character) can make this declaration.',
      );
    }
    await tx
      .update(manufacturers)
      .set({ tds194o2DeclaredAt: declare ? now : null })
      .where(eq(manufacturers.id, manufacturerId));
    await audit(tx, {
      actorUserId,
      action: declare ? 'tds.194o2.declared' : 'tds.194o2.withdrawn',
      entityType: 'manufacturer',
      entityId: manufacturerId,
      before: { declaredAt: m.tds194o2DeclaredAt?.toISOString() ?? null },
      after: { declaredAt: declare ? now.toISOString() : null },
    });
  });
  return tdsDeclarationOf(db, manufacturerId, now);
}
