import { expect, test } from '@playwright/test';

/**
 * The public pages paint from the server's HTML before their JavaScript has run, and the app then renders them
 * afresh (ADR 0019). What a visitor typed in between must survive the takeover, and the search form works on its
 * own without JavaScript.
 */
test('what a visitor types into the search box before the app takes over is kept, with the focus', async ({ page }) => {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // A late entry script: the server's HTML is on screen and typed into while the app is still on its way.
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/products', { waitUntil: 'commit' });
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.click();
  await box.pressSequentially('brass hinge');
  await expect(page.locator('html[data-app-ready]')).toHaveCount(0);

  release();
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
  await expect(box).toHaveValue('brass hinge');
  await expect(box).toBeFocused();
  // It reached the app's state, not only the field: the search runs and lands in the URL.
  await expect(page).toHaveURL(/[?&]q=brass(\+|%20)hinge/);
  await box.press('End');
  await box.pressSequentially(' set');
  await expect(box).toHaveValue('brass hinge set');
});

test('the search box of the server HTML searches without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/products');
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await box.fill('brass');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=brass$/);
  await expect(page.getByRole('searchbox', { name: 'Search products' })).toHaveValue('brass');
  await context.close();
});
