import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiLogin, openAsSeller, registerSeller, uniquePhone } from '../support/api.ts';

/**
 * Every screen of the seller app and the buyer area in the pseudo-language `xx` (ADR 0028), at 375 px: text on
 * screen is either a catalogue's (accented) or a value the page shows as it is (names, numbers, codes), and
 * nothing is wider than the phone. The accounts' own names are capitals and digits, so anything else in plain
 * ASCII words did not come from a catalogue. Each screen is opened fresh (a new account: empty states, banners).
 */
const ALLOWED =
  /^(Udyog|Bazaar|\+91|English|हिन्दी|मराठी|Ƥšéûðö|[0-9A-Z@.+x ()/:,–-]+|[^\s@]+@[^\s@]+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|India|Karnataka|Maharashtra|\d.*|[₹].*)$/;

const SELLER_SCREENS = [
  '/dashboard',
  '/dashboard/products',
  '/dashboard/orders',
  '/dashboard/payments',
  '/dashboard/rfqs',
  '/dashboard/rfqs?tab=board',
  '/dashboard/help',
  '/dashboard/settings',
];
const BUYER_SCREENS = [
  '/buyer',
  '/buyer/orders',
  '/buyer/rfqs',
  '/buyer/rfqs/new',
  '/buyer/requirements',
  '/buyer/requirements/new',
  '/buyer/order-list',
  '/buyer/addresses',
  '/buyer/profile',
];

async function untranslated(page: Page): Promise<string[]> {
  return page.evaluate((allowed) => {
    const re = new RegExp(allowed);
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      if (!el || el.closest('script, style, select, option, [aria-hidden="true"], .sr-only, [translate="no"]'))
        continue;
      if (!el.getClientRects().length) continue;
      for (const word of (n.textContent ?? '').split(/\s+/)) {
        if (/[A-Za-z]{2,}/.test(word) && !re.test(word)) out.push(word);
      }
    }
    return out;
  }, ALLOWED.source);
}

async function pseudo(request: APIRequestContext, token: string) {
  const res = await request.put('/api/auth/language', {
    headers: { authorization: `Bearer ${token}` },
    data: { language: 'xx' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function check(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-x-pseudo');
  await page.locator('main').waitFor();
  // The screen's own requests answer at their pace (the notification stream never ends, so no network idle):
  // what is on screen must come to hold no plain English.
  await expect.poll(() => untranslated(page), { timeout: 15_000 }).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const path of SELLER_SCREENS) {
  test(`seller ${path} in the pseudo-language at 375 px`, async ({ page, request }) => {
    const n = randomInt(1_000_000);
    const seller = await registerSeller(request, { fullName: `QA ${n}`, companyName: `QA WORKS ${n}` });
    const token = await apiLogin(request, seller.email, seller.password);
    await pseudo(request, token);
    await page.setViewportSize({ width: 375, height: 800 });
    await openAsSeller(page, token, seller.userId, path);
    await check(page);
  });
}

for (const path of BUYER_SCREENS) {
  test(`buyer ${path} in the pseudo-language at 375 px`, async ({ page, request }) => {
    const n = randomInt(1_000_000_000);
    const email = `e2e.pseudo${n}@example.in`;
    const reg = await request.post('/api/buyer/register', {
      data: {
        email,
        phone: uniquePhone(),
        password: 'BuyerPass!1',
        company_name: `QA TRADERS ${n}`,
        contact_name: `QA ${n}`,
        address: `44 MG ROAD, BENGALURU`,
        state: 'Karnataka',
      },
    });
    expect(reg.status(), await reg.text()).toBe(201);
    const token = await apiLogin(request, email, 'BuyerPass!1');
    const me = await (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json();
    await pseudo(request, token);
    await page.setViewportSize({ width: 375, height: 800 });
    await openAsSeller(page, token, me.user.id, path);
    await check(page);
  });
}
