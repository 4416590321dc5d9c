import { mkdirSync } from 'node:fs';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { animationsDone, screenshotsWanted } from '../support/screens.ts';
import { makeWorld, type World } from '../support/world.ts';

const SHOTS = '/tmp/lists-shots';
const PUBLIC_ROUTES = ['/', '/login', '/register', '/forgot-password', '/admin/login', '/no-such-page'];
const SELLER_LISTS = ['products', 'orders', 'payments', 'rfqs'];
const ADMIN_LISTS = ['manufacturers', 'buyers', 'products', 'orders', 'rfqs', 'payments', 'content', 'disputes'];

// The tests here only read the world, so the tests this file runs in one worker share one (a beforeAll would make
// one per test: the tests run fully parallel).
let made: Promise<World> | undefined;
let world: World;
test.describe.configure({ timeout: 240_000 });
test.beforeEach(async ({ request }) => {
  made ??= makeWorld(request);
  world = await made;
});

function sellerRoutes(w: World) {
  return [
    '/dashboard',
    ...SELLER_LISTS.map((l) => `/dashboard/${l}`),
    '/dashboard/help',
    '/dashboard/settings',
    `/dashboard/orders/${w.orderId}`,
    `/dashboard/rfqs/${w.rfqId}`,
    `/dashboard/products/${w.productId}`,
  ];
}

function adminRoutes(w: World) {
  return [
    '/admin',
    ...ADMIN_LISTS.map((l) => `/admin/${l}`),
    '/admin/payments?tab=settlements',
    '/admin/finance',
    '/admin/content?tab=messages',
    '/admin/reports',
    '/admin/jobs',
    '/admin/settings',
    `/admin/orders/${w.orderId}`,
    `/admin/manufacturers/${w.manufacturerId}`,
    `/admin/products/${w.productId}`,
    `/admin/buyers/${w.buyerId}`,
    `/admin/rfqs/${w.rfqId}`,
  ];
}

/** One context per width, signed in as the seller and the admin at once (they keep separate tokens). */
async function signedIn(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 800 } });
  const page = await context.newPage();
  await page.goto('/favicon.svg');
  await page.evaluate((w) => {
    localStorage.setItem('token', w.sellerToken);
    localStorage.setItem('userId', w.seller.userId);
    localStorage.setItem('adminToken', w.admin);
    localStorage.setItem('adminId', 'e2e');
  }, world);
  return page;
}

/** Waits for the screen's data (the live notification stream keeps the network busy, so no "networkidle"). */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /loading/i })).toHaveCount(0);
  // The shell's drawer and the dialogs slide: measure where things come to rest.
  await animationsDone(page);
}

/**
 * What is wrong with the layout: the page scrolls sideways, or a table has a header cell or the first row's
 * actions cell outside the viewport or clipped by its scroll box.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const vw = window.innerWidth;
    const sw = document.documentElement.scrollWidth;
    if (sw > vw) problems.push(`page is ${sw}px wide in a ${vw}px window`);
    const outside = (el: Element) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) return null;
      if (r.left < -1 || r.right > vw + 1) return `${Math.round(r.left)}..${Math.round(r.right)}`;
      for (let box = el.parentElement; box; box = box.parentElement) {
        const ox = getComputedStyle(box).overflowX;
        if (ox === 'visible') continue;
        const b = box.getBoundingClientRect();
        if (r.left < b.left - 1 || r.right > b.right + 1) return `clipped at ${Math.round(b.right)}`;
      }
      return null;
    };
    for (const table of document.querySelectorAll('table')) {
      const name = table.getAttribute('aria-label') ?? 'table';
      for (const th of table.querySelectorAll('thead th')) {
        const where = outside(th);
        if (where) problems.push(`${name}: header "${th.textContent}" ${where}`);
      }
      const actions = table.querySelector('tbody tr')?.lastElementChild;
      const lastHeader = table.querySelector('thead th:last-child')?.textContent;
      if (actions && lastHeader === 'Actions') {
        const where = outside(actions);
        if (where) problems.push(`${name}: actions of the first row ${where}`);
      }
    }
    return problems;
  });
}

const shotName = (path: string) => path.replace(/^\//, '').replace(/[/?=]/g, '-') || 'landing';

for (const width of [375, 1280]) {
  test(`no page scrolls sideways and no table hides a column at ${width} px`, async ({ browser }) => {
    if (screenshotsWanted) mkdirSync(SHOTS, { recursive: true });
    const page = await signedIn(browser, width);
    const found: Record<string, string[]> = {};
    const routes = [...PUBLIC_ROUTES, ...sellerRoutes(world), ...adminRoutes(world)];
    for (const path of routes) {
      await page.goto(path);
      await settle(page);
      const problems = await layoutProblems(page);
      if (problems.length) found[path] = problems;
      const list = path.split('?')[0]?.split('/').length === 3 && /^\/(dashboard|admin)\//.test(path);
      if (screenshotsWanted && (list || path.includes('?tab='))) {
        await page.screenshot({ path: `${SHOTS}/${shotName(path)}-${width}.png`, fullPage: true });
      }
    }
    expect(found).toEqual({});
    await page.context().close();
  });
}

test('a record URL opens over its list, closing keeps the list view, and a missing record says so', async ({
  browser,
}) => {
  const page = await signedIn(browser, 1280);
  await page.goto(`/dashboard/orders/${world.orderId}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('table', { name: 'Orders' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/orders$/);

  await page.goto('/dashboard/rfqs?status=pending');
  await page
    .getByRole('button', { name: /^View RFQ-/ })
    .first()
    .click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/rfqs/${world.rfqId}\\?status=pending$`));
  await expect(page.getByRole('dialog')).toContainText('Custom puzzle');
  await page.goBack();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/rfqs\?status=pending$/);
  await expect(page.getByLabel('Status')).toHaveValue('pending');

  await page.goto('/dashboard/orders/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('dialog')).toContainText(/not found/i);
  await page.context().close();
});
