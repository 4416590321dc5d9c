import { type SQL, sql } from 'drizzle-orm';
import { products } from '../../db/schema/index.ts';

/**
 * The one rule for "a buyer can see and order this product": the seller lists it (active), the platform approved
 * it, and the seller's account is approved (a suspended or rejected seller's products leave the marketplace while
 * the seller can still sign in). Use it in every buyer-facing query and in the order-placing check, so suspending a
 * seller hides their products everywhere at once.
 */
export function listableRow(p: {
  status: SQL | typeof products.status;
  moderationStatus: SQL | typeof products.moderationStatus;
  manufacturerId: SQL | typeof products.manufacturerId;
}): SQL {
  return sql`(${p.status} = 'active' and ${p.moderationStatus} = 'approved' and exists (
  select 1 from manufacturers lm where lm.id = ${p.manufacturerId} and lm.status = 'approved'))`;
}

/** The rule over the `products` table as Drizzle names it. */
export const isListable = listableRow(products);

/** The rule over a query's `products p` alias (the catalogue's hand-written statements). */
export const isListableP = listableRow({
  status: sql`p.status`,
  moderationStatus: sql`p.moderation_status`,
  manufacturerId: sql`p.manufacturer_id`,
});
