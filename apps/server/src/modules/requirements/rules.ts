import { REQUIREMENT_MESSAGES, todayInIndia } from '@ub/shared';
import { and, eq, exists, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { manufacturers, products, requirements } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import { isListable } from '../catalog/listable.ts';
import { isVerifiedSeller, verifiedSellerSql } from '../manufacturers/verified.ts';

/**
 * Which requirements a seller's board holds: open ones, deadline not passed, in the seller's registered category
 * or in a category it lists an approved product in. The seller itself must be verified (approved, so not
 * suspended, with an approved document): the caller checks that with `isVerifiedSeller` (manufacturers/verified.ts).
 */
export function onBoardOf(manufacturerId: string, now: Date): SQL {
  // Correlated subqueries name their tables: Drizzle leaves columns unqualified in a one-table select.
  const inCategory = or(
    exists(
      sql`(select 1 from ${manufacturers} bm where bm.id = ${manufacturerId} and bm.category = ${requirements}.category)`,
    ),
    exists(
      sql`(select 1 from ${products} where ${products}.manufacturer_id = ${manufacturerId}
        and ${products}.category = ${requirements}.category and ${isListable})`,
    ),
  );
  return and(eq(requirements.status, 'open'), sql`${requirements.deadline} >= ${todayInIndia(now)}`, inCategory) as SQL;
}

export { isVerifiedSeller };

/** The board is for verified sellers only: anyone else gets a 403 that says so. */
export async function requireVerifiedSeller(db: Db, manufacturerId: string) {
  if (!(await isVerifiedSeller(db, manufacturerId))) throw forbidden(REQUIREMENT_MESSAGES.notVerified);
}

/** The verified sellers a new requirement is shown to (the same rule as `onBoardOf`, from the other side). */
export function sellersFor(category: string): SQL {
  return and(
    verifiedSellerSql(manufacturers.id),
    or(
      eq(manufacturers.category, category),
      exists(
        sql`(select 1 from ${products} where ${products}.manufacturer_id = ${manufacturers}.id
          and ${products}.category = ${category} and ${isListable})`,
      ),
    ),
  ) as SQL;
}

/** Where a requirement's notification points for each role. */
export const requirementLinks = {
  seller: (id: string) => `/dashboard/rfqs?tab=board&requirement=${id}`,
  buyer: (id: string) => `/buyer/requirements/${id}`,
  admin: (id: string) => `/admin/requirements/${id}`,
};
