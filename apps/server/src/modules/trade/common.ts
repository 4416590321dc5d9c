import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Rows of a raw statement run through Drizzle (PGlite and node-postgres both answer `{ rows }`). */
export async function execRows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const res = (await db.execute(query)) as unknown as { rows: T[] };
  return res.rows;
}

const SEQUENCES = {
  RFQ: 'rfq_number_seq',
  ORD: 'order_number_seq',
  PAY: 'payment_number_seq',
  INV: 'invoice_number_seq',
  STL: 'settlement_number_seq',
  REQ: 'requirement_number_seq',
  RFD: 'refund_number_seq',
} as const;

/** The next human number of a kind, e.g. ORD-2026-000123: a sequence makes it unique without retries. */
export async function nextNumber(db: Db, prefix: keyof typeof SEQUENCES, at = new Date()): Promise<string> {
  const [row] = await execRows<{ n: string | number }>(db, sql`select nextval(${SEQUENCES[prefix]}::regclass) as n`);
  return `${prefix}-${at.getUTCFullYear()}-${String(row?.n ?? 0).padStart(6, '0')}`;
}

/** Money is kept in whole paise while computing, so sums and GST never drift by a rounding error. */
export const toPaise = (value: string | number | null | undefined): number => Math.round(Number(value ?? 0) * 100);
export const fromPaise = (paise: number): string => (paise / 100).toFixed(2);

export const iso = (d: Date | string | null | undefined): string | null =>
  d == null ? null : d instanceof Date ? d.toISOString() : new Date(d).toISOString();
