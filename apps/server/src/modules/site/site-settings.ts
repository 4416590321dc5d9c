import { DEFAULT_SITE_SETTINGS, type SiteSettings, siteSettingsSchema } from '@ub/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { siteSettings } from '../../db/schema/index.ts';

const KEY = 'site';

/** The stored site settings, each missing or invalid field falling back to the default. */
export async function getSiteSettings(db: Db): Promise<SiteSettings> {
  const [row] = await db
    .select({ value: siteSettings.value })
    .from(siteSettings)
    .where(sql`${siteSettings.key} = ${KEY}`);
  if (!row) return DEFAULT_SITE_SETTINGS;
  let stored: unknown;
  try {
    stored = JSON.parse(row.value);
  } catch {
    return DEFAULT_SITE_SETTINGS;
  }
  const merged = { ...DEFAULT_SITE_SETTINGS, ...(stored as object) };
  const parsed = siteSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_SITE_SETTINGS;
}

/** Replaces the site settings (validated by the caller's route schema); returns what was stored before. */
export async function saveSiteSettings(db: Db, next: SiteSettings): Promise<SiteSettings> {
  const before = await getSiteSettings(db);
  const value = JSON.stringify(siteSettingsSchema.parse(next));
  await db
    .insert(siteSettings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: new Date() } });
  return before;
}
