import type { Page } from '@playwright/test';

/**
 * Opens a server-rendered public page (`/`, `/products`, ...) and waits until the app has taken it over: the HTML
 * paints first, and what is typed before the app runs is not the app's yet (main.tsx marks the takeover).
 */
export async function openPublic(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}
