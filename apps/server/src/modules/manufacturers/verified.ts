import { type AnyColumn, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { manufacturerDocuments, manufacturers } from '../../db/schema/index.ts';

/**
 * The one definition of a verified seller, used wherever the word or its badge appears (the catalogue's flag and
 * filter, the seller profile, who may see and quote on the requirements board, the badge on a quote the buyer
 * compares): the platform approved the seller (so it is not suspended, rejected or still under review) and approved
 * at least one of its verification documents. `manufacturerId` is the seller's id as the calling query names it.
 */
export function verifiedSellerSql(manufacturerId: SQL | AnyColumn): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${manufacturers} vm where vm.id = ${manufacturerId} and vm.status = 'approved'
    and exists (select 1 from ${manufacturerDocuments} vd where vd.manufacturer_id = vm.id and vd.review_status = 'approved'))`;
}

/** Whether one seller is verified (the same rule, asked for one id). */
export async function isVerifiedSeller(db: Db, manufacturerId: string): Promise<boolean> {
  const [row] = await db
    .select({ verified: verifiedSellerSql(sql`${manufacturerId}::uuid`) })
    .from(manufacturers)
    .where(eq(manufacturers.id, manufacturerId));
  return Boolean(row?.verified);
}
