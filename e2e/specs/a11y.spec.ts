import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { openAsAdmin, openAsSeller } from '../support/api.ts';
import { makeWorld, type World } from '../support/world.ts';

const SELLER_ROUTES = [
  '/dashboard',
  '/dashboard/products',
  '/dashboard/orders',
  '/dashboard/payments',
  '/dashboard/rfqs',
  '/dashboard/help',
  '/dashboard/settings',
];
const ADMIN_ROUTES = [
  '/admin',
  '/admin/manufacturers',
  '/admin/buyers',
  '/admin/products',
  '/admin/orders',
  '/admin/rfqs',
  '/admin/payments',
  '/admin/content',
  '/admin/disputes',
  '/admin/reports',
  '/admin/jobs',
  '/admin/settings',
];
const PUBLIC_ROUTES = ['/', '/login', '/register', '/forgot-password', '/admin/login', '/no-such-page'];

/** Serious and critical axe violations of the page as it is now, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes
          .map((n) => n.target.join(' '))
          .slice(0, 4)
          .join(' | ')}`,
    );
}

/** Waits for the screen's data: the live notification stream keeps the network busy, so no "networkidle". */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
  // Fades and slides still running would show axe half-transparent text.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
}

// The tests here only read the world, so the tests this file runs in one worker share one (a beforeAll would make
// one per test: the tests run fully parallel).
let made: Promise<World> | undefined;
let world: World;
test.describe.configure({ timeout: 120_000 });
test.beforeEach(async ({ request }) => {
  made ??= makeWorld(request);
  world = await made;
});

test('public pages have no serious or critical axe violations', async ({ page }) => {
  const found: Record<string, string[]> = {};
  for (const path of PUBLIC_ROUTES) {
    await page.goto(path);
    await settle(page);
    const v = await seriousViolations(page);
    if (v.length) found[path] = v;
  }
  expect(found).toEqual({});
});

test('seller pages with data have no serious or critical axe violations', async ({ page }) => {
  const found: Record<string, string[]> = {};
  for (const path of SELLER_ROUTES) {
    await openAsSeller(page, world.sellerToken, world.seller.userId, path);
    await settle(page);
    const v = await seriousViolations(page);
    if (v.length) found[path] = v;
  }
  expect(found).toEqual({});
});

test('admin pages with data have no serious or critical axe violations', async ({ page }) => {
  const found: Record<string, string[]> = {};
  for (const path of ADMIN_ROUTES) {
    await openAsAdmin(page, world.admin, path);
    await settle(page);
    const v = await seriousViolations(page);
    if (v.length) found[path] = v;
  }
  expect(found).toEqual({});
});

/**
 * Tabs through the whole page from the top and answers the visible, enabled controls focus never reached (a radio
 * group counts once: Tab enters it on one button).
 */
async function unreachableByTab(page: Page): Promise<string[]> {
  const controls = await page.evaluate(() => {
    const sel = 'a[href], button, input, select, textarea, summary, [tabindex]';
    const out = new Map<string, string>();
    document.querySelectorAll<HTMLElement>(sel).forEach((el, i) => {
      if (el.closest('[inert]') || (el as HTMLButtonElement).disabled || el.tabIndex < 0) return;
      if (el instanceof HTMLInputElement && el.type === 'hidden') return;
      if (!el.getClientRects().length || getComputedStyle(el).visibility === 'hidden') return;
      const key = el instanceof HTMLInputElement && el.type === 'radio' && el.name ? `radio:${el.name}` : `c${i}`;
      el.dataset.kb = key;
      out.set(key, `${el.tagName} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 60)}"`);
    });
    // Every element focus lands on, recorded in the page, so the presses below need no round trip each.
    const reached = new Set<string>();
    (window as unknown as { kbReached: Set<string> }).kbReached = reached;
    // A container that hands focus to a child (a Radix tab list focuses its selected tab) is reached with it.
    document.addEventListener('focusin', (e) => {
      for (let el = e.target as HTMLElement | null; el; el = el.parentElement) {
        if (el.dataset?.kb) reached.add(el.dataset.kb);
      }
    });
    (document.activeElement as HTMLElement | null)?.blur();
    return [...out];
  });
  // Chrome also stops on scrollable boxes, so allow more presses than controls. The key events go out in one
  // batch: the DevTools protocol handles one session's messages in order, so they land as Tab presses in a row.
  const cdp = await page.context().newCDPSession(page);
  const tab = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9 };
  await Promise.all(
    Array.from({ length: controls.length * 2 + 10 }, () => [
      cdp.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...tab }),
      cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...tab }),
    ]).flat(),
  );
  await cdp.detach();
  const reached = new Set(await page.evaluate(() => [...(window as unknown as { kbReached: Set<string> }).kbReached]));
  return controls.filter(([key]) => !reached.has(key)).map(([, html]) => html);
}

test('every control of the public, seller and admin pages is reachable with Tab', async ({ page }) => {
  test.setTimeout(240_000);
  const found: Record<string, string[]> = {};
  const visit = async (path: string, open: () => Promise<void>) => {
    await open();
    await settle(page);
    const missed = await unreachableByTab(page);
    if (missed.length) found[path] = missed;
  };
  for (const path of PUBLIC_ROUTES) await visit(path, () => page.goto(path).then(() => undefined));
  for (const path of SELLER_ROUTES) {
    await visit(path, () => openAsSeller(page, world.sellerToken, world.seller.userId, path));
  }
  for (const path of ADMIN_ROUTES) await visit(path, () => openAsAdmin(page, world.admin, path));
  expect(found).toEqual({});
});

/** The dialog holds focus through Tab and Shift+Tab, closes with Escape, and gives focus back to its opener. */
async function checkDialog(
  page: Page,
  opener: ReturnType<Page['getByRole']>,
  dialog: ReturnType<Page['locator']>,
  returnTo = opener,
) {
  await opener.focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  const inside = () =>
    dialog.evaluate((d) => d.contains(document.activeElement) && document.activeElement !== document.body);
  await expect.poll(inside).toBe(true);
  const count = await dialog
    .locator('a[href], button:not([disabled]), input:not([disabled]), select, textarea')
    .count();
  for (let i = 0; i < count + 2; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120));
    expect(await inside(), `Tab ${i + 1} left the dialog for ${where}`).toBe(true);
  }
  for (let i = 0; i < 3; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await inside(), `Shift+Tab ${i + 1} left the dialog`).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(returnTo).toBeFocused();
}

const openDialog = (page: Page) => page.locator('dialog[open]').last();

test('seller dialogs trap focus and close with Escape', async ({ page }) => {
  await openAsSeller(page, world.sellerToken, world.seller.userId, '/dashboard/products');
  await settle(page);
  await checkDialog(page, page.getByRole('button', { name: 'Add Product' }), openDialog(page));
  await checkDialog(page, page.getByRole('button', { name: 'Bulk Upload' }), openDialog(page));
  // The bell opens a dropdown; its last button opens the full panel, and focus comes back to the bell.
  const bell = page.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  await checkDialog(page, page.getByRole('button', { name: 'View all notifications' }), openDialog(page), bell);
});

test('admin dialogs, nested reason dialogs and the image zoom trap focus and close with Escape', async ({ page }) => {
  // This world's rows: other specs fill the same lists at the same time.
  const mine = `?q=${encodeURIComponent(world.seller.companyName)}`;
  await openAsAdmin(page, world.admin, `/admin/products${mine}`);
  await settle(page);
  const view = page.getByRole('button', { name: 'View Details' }).first();
  await checkDialog(page, view, openDialog(page));
  // A reason dialog opened from the product dialog: Escape closes it alone, then the product dialog.
  await view.click();
  const product = openDialog(page);
  await expect(product).toBeVisible();
  const flag = product.getByRole('button', { name: 'Flag' });
  await checkDialog(page, flag, page.locator('dialog[open]').nth(1));
  await expect(product).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.locator('dialog[open]')).toHaveCount(0);

  await openAsAdmin(page, world.admin, `/admin/manufacturers${mine}`);
  await settle(page);
  const mview = page.getByRole('button', { name: 'View Details' }).first();
  await checkDialog(page, mview, openDialog(page));
  await mview.click();
  const manufacturer = openDialog(page);
  const zoomOpener = manufacturer.getByRole('button', { name: /^Zoom / }).first();
  await checkDialog(page, zoomOpener, page.getByRole('dialog', { name: 'Zoomed image' }));
  await expect(manufacturer).toBeVisible();

  await openAsAdmin(page, world.admin, '/admin/content');
  await settle(page);
  await checkDialog(page, page.getByRole('button', { name: 'Update' }).first(), openDialog(page));
});
