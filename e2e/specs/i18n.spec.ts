import { randomInt } from 'node:crypto';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { uniquePhone, validGstin } from '../support/api.ts';

/**
 * Languages (ADR 0028). The pseudo-language `xx` accents every catalogue message and makes it 40 % longer:
 * plain ASCII words left on a converted screen did not come from a catalogue, and a page wider than the phone
 * means a layout that does not hold longer words. Then a seller registers and signs in with the UI in Hindi.
 */
const CONVERTED = ['/', '/login', '/register', '/forgot-password', '/no-such-page', '/products', '/buyer/register'];

/**
 * Text on screen that is neither a catalogue's (accented) nor a name or value the page shows as it is. Data that
 * is shown as written (site settings, names people typed) sits in `translate="no"` elements.
 */
const ALLOWED = /^(Udyog|Bazaar|\+91|English|हिन्दी|मराठी|Ƥšéûðö|[0-9A-Z@.+x ()-]+|[^\s@]+@[^\s@]+|India|\d.*)$/;

async function setLanguage(context: BrowserContext, lang: string) {
  await context.addCookies([{ name: 'ub_lang', value: lang, url: test.info().project.use.baseURL ?? '' }]);
}

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

for (const path of CONVERTED) {
  test(`${path} in the pseudo-language: every text from a catalogue, nothing wider than 375 px`, async ({
    page,
    context,
  }) => {
    await setLanguage(context, 'xx');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(path);
    await page.locator('html[data-app-ready]').waitFor();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-x-pseudo');
    expect(await untranslated(page)).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

test('the landing page arrives in Hindi from the server, and the switch changes it in place', async ({
  page,
  context,
}) => {
  await setLanguage(context, 'hi');
  // With JavaScript's work not started yet, the server's HTML is already Hindi (no flash of English).
  const html = await (await page.request.get('/', { headers: { cookie: 'ub_lang=hi' } })).text();
  expect(html).toContain('<html lang="hi-IN"');
  expect(html).toContain('वेरिफ़ाइड सेलर बनें');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.locator('html[data-app-ready]').waitFor();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('वेरिफ़ाइड खरीदारों को बेचें');
  await page.getByTestId('language-switch').first().selectOption('mr');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('व्हेरिफाइड खरेदीदारांना विका');
  await expect(page.locator('html')).toHaveAttribute('lang', 'mr-IN');
  await page.getByTestId('language-switch').first().selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Sell to verified buyers');
});

test('the catalogue arrives in Hindi from the server, and its header switch changes it in place', async ({
  page,
  context,
}) => {
  await setLanguage(context, 'hi');
  const html = await (await page.request.get('/products', { headers: { cookie: 'ub_lang=hi' } })).text();
  expect(html).toContain('<html lang="hi-IN"');
  expect(html).toContain('सभी प्रोडक्ट');
  expect(html).toContain('फ़िल्टर');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/products');
  await page.locator('html[data-app-ready]').waitFor();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('सभी प्रोडक्ट');
  await page.getByTestId('language-switch').selectOption('en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('All products');
  await expect(page.getByLabel('Search products')).toBeVisible();
});

test('a seller registers and signs in with the UI in Hindi, meeting a Hindi validation error and a Hindi server error', async ({
  page,
  context,
}) => {
  const n = randomInt(1_000_000);
  const phone = uniquePhone();
  const email = `e2e.hindi${n}@example.in`;
  await setLanguage(context, 'hi');
  await page.goto('/register');
  await page.locator('html[data-app-ready]').waitFor();
  await expect(page.getByText('स्टेप 1 / 4')).toBeVisible();
  await page.getByLabel('फ़ोन नंबर').fill(phone);
  await page.getByLabel('ईमेल पता').fill('not-an-email');
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
  // A zod message of the shared schema, said in Hindi.
  await expect(page.getByText('कृपया सही ईमेल पता डालें')).toBeVisible();
  await page.getByLabel('ईमेल पता').fill(email);
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();

  await expect(page.getByText('स्टेप 2 / 4')).toBeVisible();
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();
  await expect(page.getByText('कंपनी का नाम ज़रूरी है।')).toBeVisible();
  await page.getByLabel('पूरा नाम').fill(`हिंदी सेलर ${n}`);
  await page.getByLabel('कंपनी का नाम').fill(`Hindi Works ${n}`);
  await page.getByLabel('रजिस्टर्ड पता').fill('Plot 7, MIDC Bhosari, Pune 411026');
  await page.getByLabel('राज्य').selectOption('Maharashtra');
  await page.getByLabel('कैटेगरी').selectOption({ label: 'पैकेजिंग' });
  await page.getByLabel('GSTIN').fill(validGstin('27'));
  await page.getByRole('button', { name: 'आगे बढ़ें' }).click();

  await expect(page.getByText('स्टेप 3 / 4')).toBeVisible();
  await page.getByLabel('नया पासवर्ड', { exact: true }).fill('HindiSeller!7');
  await page.getByLabel('पासवर्ड दोबारा डालें', { exact: true }).fill('HindiSeller!7');
  await page.getByRole('button', { name: 'रजिस्टर करें' }).click();
  await expect(page.getByRole('heading', { name: 'हम काम पर लग गए हैं!' })).toBeVisible();

  await page.getByRole('link', { name: 'लॉगिन पर जाएँ' }).click();
  await page.getByLabel('ईमेल या फ़ोन').fill(phone);
  await page.getByLabel('पासवर्ड', { exact: true }).fill('WrongPassword!1');
  await page.getByRole('button', { name: 'लॉगिन करें' }).click();
  // The server's error, in the caller's language.
  await expect(page.getByRole('alert')).toHaveText('ईमेल/फ़ोन या पासवर्ड गलत है');
  await page.getByLabel('पासवर्ड', { exact: true }).fill('HindiSeller!7');
  await page.getByRole('button', { name: 'लॉगिन करें' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  // The account kept the language it registered in; the shell speaks it.
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  await expect(page.getByRole('link', { name: 'ऑर्डर मैनेजमेंट' }).first()).toBeAttached();
  if (process.env.E2E_SCREENSHOTS) {
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: `${import.meta.dirname}/../../screenshots/i18n-seller-shell-hi-${width}.png` });
    }
  }
});
