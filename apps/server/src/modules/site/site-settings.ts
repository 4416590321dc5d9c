import { DEFAULT_SITE_SETTINGS, SOCIAL_NETWORKS, type SiteSettings, siteSettingsSchema, socialLink } from '@ub/shared';
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
  const merged = { ...DEFAULT_SITE_SETTINGS, ...(stored as object) } as Record<string, unknown>;
  const parsed = siteSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : salvage(merged);
}

/**
 * Stored settings that no longer pass the schema (a rule tightened since they were saved, such as https-only
 * social links): each field that still passes is kept, any other falls back to its default, and a social link
 * that fails is dropped rather than replaced, so an unsafe link is never served.
 */
function salvage(merged: Record<string, unknown>): SiteSettings {
  const result: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
  for (const [key, field] of Object.entries(siteSettingsSchema.shape)) {
    const parsed = field.safeParse(merged[key]);
    if (parsed.success) result[key] = parsed.data;
  }
  const social = (merged.social ?? {}) as Record<string, unknown>;
  result.social = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => {
      const parsed = socialLink.safeParse(social[network]);
      return [network, parsed.success ? parsed.data : ''];
    }),
  );
  return siteSettingsSchema.parse(result);
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
