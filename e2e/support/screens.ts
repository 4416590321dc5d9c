import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'screenshots');

/**
 * Screenshots are for a human to look at, never part of a check, so `npm test` skips them: set E2E_SCREENSHOTS=1 to
 * save them (e2e/screenshots/, and the layout sweep's list pages under /tmp/lists-shots).
 */
export const screenshotsWanted = Boolean(process.env.E2E_SCREENSHOTS && process.env.E2E_SCREENSHOTS !== '0');

/** Resolves once no CSS animation or transition runs (the sidebar drawer sliding, a fade): a still page to capture. */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

/**
 * Saves a full-page screenshot at phone (375 px) and desktop (1280 px) widths when E2E_SCREENSHOTS is set; does
 * nothing otherwise, so a test reads the same either way (the viewport is left as it was).
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  mkdirSync(dir, { recursive: true });
  const before = page.viewportSize();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await animationsDone(page);
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
