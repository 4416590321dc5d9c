import type { Page } from '@playwright/test';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/** Saves a full-page screenshot at phone (375 px) and desktop (1280 px) widths for a human to look at. */
export async function screenshots(page: Page, name: string): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    // Let layout transitions (the sidebar drawer sliding away) settle before capturing.
    await page.waitForTimeout(400);
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
}
