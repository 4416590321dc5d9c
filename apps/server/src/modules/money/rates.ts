import { type CommissionSettings, commissionSettingsSchema } from '@ub/shared';
import { and, desc, eq, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteSettings, taxRates } from '../../db/schema/index.ts';

export const RATE_CODES = ['gst_on_commission', 'tcs_cgst', 'tcs_sgst', 'tcs_igst', 'tds_194o'] as const;
export type RateCode = (typeof RATE_CODES)[number];

/** The rate (parts per million) in force on `at`: the row with the latest effective date on or before it. */
export async function rateOn(db: Db, code: RateCode, at: Date): Promise<number> {
  const day = at.toISOString().slice(0, 10);
  const [row] = await db
    .select({ ppm: taxRates.ratePpm })
    .from(taxRates)
    .where(and(eq(taxRates.code, code), lte(taxRates.effectiveFrom, day)))
    .orderBy(desc(taxRates.effectiveFrom))
    .limit(1);
  if (!row) throw new Error(`no ${code} rate in force on ${day}`);
  return row.ppm;
}

export async function ratesOn(db: Db, at: Date): Promise<Record<RateCode, number>> {
  const out = {} as Record<RateCode, number>;
  for (const c of RATE_CODES) out[c] = await rateOn(db, c, at);
  return out;
}

/** Every rate row, for the README's and the admin's view of where each rate comes from. */
export const listRates = (db: Db) => db.select().from(taxRates).orderBy(taxRates.code, taxRates.effectiveFrom);

export { type CommissionSettings, commissionSettingsSchema };
export const DEFAULT_COMMISSION: CommissionSettings = { defaultPercent: 5, categories: {} };
const KEY = 'commission';

export async function getCommissionSettings(db: Db): Promise<CommissionSettings> {
  const [row] = await db.select().from(siteSettings).where(sql`${siteSettings.key} = ${KEY}`);
  if (!row) return DEFAULT_COMMISSION;
  const parsed = commissionSettingsSchema.safeParse(JSON.parse(row.value));
  return parsed.success ? parsed.data : DEFAULT_COMMISSION;
}

export async function saveCommissionSettings(db: Db, next: CommissionSettings): Promise<CommissionSettings> {
  const before = await getCommissionSettings(db);
  const value = JSON.stringify(commissionSettingsSchema.parse(next));
  await db
    .insert(siteSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
  return before;
}

/** Commission ppm for a category (percent with up to 4 decimals, as parts per million). */
export function commissionPpm(s: CommissionSettings, category: string | null | undefined): number {
  const key = category?.trim().toLowerCase();
  const pct = (key ? (s.categories[key] ?? s.categories[category ?? '']) : undefined) ?? s.defaultPercent;
  return Math.round(pct * 10_000);
}

/** Rounds half away from zero to whole paise: `amount × ppm / 1e6`. */
export const applyPpm = (amountPaise: number, ppm: number) => Math.round((amountPaise * ppm) / 1_000_000);
