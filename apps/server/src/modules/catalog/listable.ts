import { sql } from 'drizzle-orm';
import { products } from '../../db/schema/index.ts';

/**
 * The one rule for "a buyer can see and order this product": the seller lists it (active), the platform approved
 * it, and the seller's account is approved (a suspended or rejected seller's products leave the marketplace while
 * the seller can still sign in). Use it in every buyer-facing query and in the order-placing check, so suspending a
 * seller hides their products everywhere at once.
 */
export const isListable = sql`(${products.status} = 'active' and ${products.moderationStatus} = 'approved' and exists (
  select 1 from manufacturers lm where lm.id = ${products.manufacturerId} and lm.status = 'approved'))`;
