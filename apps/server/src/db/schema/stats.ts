import { date, integer, numeric, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { buyers, manufacturers } from './accounts.ts';

/**
 * Monthly rollups kept by a trigger on orders (migration 0002), so the admin dashboard reads a few hundred rows
 * instead of scanning a million orders. Months are India-time calendar months; cancelled orders are not sales.
 * Keyed by seller as well, so concurrent orders of different sellers never wait on one row.
 */
export const orderStatsMonthly = pgTable(
  'order_stats_monthly',
  {
    month: date('month').notNull(),
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    sales: numeric('sales', { precision: 16, scale: 2 }).notNull().default('0'),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.manufacturerId] })],
);

/** Which buyers placed at least one order in a month (Buyer Activity). */
export const buyerActivityMonthly = pgTable(
  'buyer_activity_monthly',
  {
    month: date('month').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.month, t.buyerId] })],
);
