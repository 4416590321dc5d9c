import { date, index, integer, numeric, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
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

/**
 * The platform's months (migration 0038): the sums of order_stats_monthly and the count of buyer_activity_monthly,
 * kept by triggers on those two, so the admin dashboard reads a few rows whatever the number of sellers and buyers.
 * Each month is split into 16 slots by a hash of the seller (sales) or buyer (activity), so concurrent orders of
 * different sellers seldom wait on one row; a figure is the sum of its month's slots.
 */
export const platformStatsMonthly = pgTable(
  'platform_stats_monthly',
  {
    month: date('month').notNull(),
    slot: smallint('slot').notNull(),
    sales: numeric('sales', { precision: 18, scale: 2 }).notNull().default('0'),
    orders: integer('orders').notNull().default(0),
    buyers: integer('buyers').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.slot] })],
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

/**
 * Per-seller totals for the seller dashboard and list totals (counter: orders, orders.<status>, products,
 * pending_payments), kept exact by statement triggers on orders, products and payments (migrations 0005, 0006), so
 * the overview and the order tabs read a few rows instead of counting 100,000 orders per request. One row per counter, so a long bulk upload (products) never blocks the seller's orders.
 */
export const sellerCounters = pgTable(
  'seller_counters',
  {
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    counter: text('counter').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.manufacturerId, t.counter] }),
    // One counter across every seller (the admin console's products by status) from the index alone; the value
    // rides along (INCLUDE, written in migration 0040).
    index('seller_counters_counter_idx').on(t.counter),
  ],
);

/**
 * The same counters per India-time calendar day of the row's creation (migration 0008), so the dashboard's
 * 30-day trends add up at most 60 rows per counter instead of counting a seller's orders of two months.
 */
export const sellerDailyCounters = pgTable(
  'seller_daily_counters',
  {
    manufacturerId: uuid('manufacturer_id')
      .notNull()
      .references(() => manufacturers.id, { onDelete: 'cascade' }),
    counter: text('counter').notNull(),
    day: date('day').notNull(),
    value: integer('value').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.manufacturerId, t.counter, t.day] })],
);
