import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { LEAD_MESSAGES } from '@ub/shared/lead-rules';
import { uniquePhone, validGstin } from '../support/api.ts';
import { serverLogPath } from '../support/env.ts';
import { screenshots } from '../support/screens.ts';
import { openPublic } from '../support/public.ts';

const TERMS =
  'I agree to the Privacy Policy & Terms and Conditions. I understand that the product will verify my documents and business information.';

const steps = (page: Page) => page.getByRole('list', { name: 'Onboarding steps' }).getByRole('listitem');
const currentStep = (page: Page) => page.locator('[aria-current="step"]');

async function fillLead(
  page: Page,
  lead: { name: string; company: string; contact: string; gst?: string; email?: string },
) {
  await page.getByLabel('Full Name').fill(lead.name);
  await page.getByLabel('Company Name').fill(lead.company);
  await page.getByLabel('Contact Number').fill(lead.contact);
  if (lead.gst) await page.getByLabel('GST Number (optional)').fill(lead.gst);
  if (lead.email) await page.getByLabel('Email (optional)').fill(lead.email);
}

/** The server's JSON log lines with this event (the e2e server logs to a file the specs can read). */
function serverEvents(event: string): Array<Record<string, unknown>> {
  return readFileSync(serverLogPath, 'utf8')
    .split('\n')
    .filter((l) => l.includes(`"${event}"`))
    .map((l) => JSON.parse(l));
}

test('the counters count up to 500+, 5x and 24x7 once they scroll into view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 560 });
  await openPublic(page, '/');
  const sellers = page.getByTestId('counter-sellers');
  await expect(sellers).not.toBeInViewport();
  await expect(sellers).toHaveText('0+');
  await sellers.scrollIntoViewIfNeeded();
  await expect(sellers).toHaveText('500+');
  await expect(page.getByTestId('counter-growth')).toHaveText('5x');
  await expect(page.getByTestId('counter-support')).toHaveText('24x7');
});

/** Fake timers frozen from the first moment, so only runFor() moves time. */
async function frozenClock(page: Page) {
  const start = new Date('2025-06-02T10:00:00+05:30');
  await page.clock.install({ time: start });
  // install() lets time flow; pausing a moment later (before any page exists) freezes it.
  await page.clock.pauseAt(new Date(start.getTime() + 1000));
}

test('the onboarding steps advance every 4 seconds with a 1.5 second pulse, and wrap around', async ({ page }) => {
  await frozenClock(page);
  await openPublic(page, '/');
  await expect(page.getByRole('heading', { name: '4 Steps to Get Onboarded' })).toBeVisible();
  await expect(page.getByText('Simple and fast onboarding process. Get started in just a few steps.')).toBeVisible();
  await expect(steps(page)).toHaveCount(4);
  await expect(currentStep(page)).toContainText('Book a free call');

  await page.clock.runFor(3900);
  await expect(currentStep(page)).toContainText('Book a free call');
  await page.clock.runFor(100);
  await expect(currentStep(page)).toContainText('Talk to our specialist');
  await expect(currentStep(page)).toHaveAttribute('data-pulsing', 'true');
  await page.clock.runFor(1500);
  await expect(currentStep(page)).not.toHaveAttribute('data-pulsing');

  await page.clock.runFor(2500);
  await expect(currentStep(page)).toContainText('Get Verified');
  await page.clock.runFor(4000);
  await expect(currentStep(page)).toContainText("Congratulations! You're all set");
  await page.clock.runFor(4000);
  await expect(currentStep(page)).toContainText('Book a free call');
  await expect(currentStep(page)).toHaveAttribute('data-pulsing', 'true');
});

test('with reduced motion the highlight still moves but never pulses', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await frozenClock(page);
  await openPublic(page, '/');
  await expect(currentStep(page)).toContainText('Book a free call');
  await page.clock.runFor(4000);
  await expect(currentStep(page)).toContainText('Talk to our specialist');
  await expect(currentStep(page)).not.toHaveAttribute('data-pulsing');
  await expect(page.getByTestId('counter-sellers')).toHaveText('500+');
});

test('a visitor books a call: "Booking..." while sending, then the dark toast, and the form clears', async ({
  page,
}) => {
  await openPublic(page, '/');
  const contact = uniquePhone();
  const gst = validGstin();
  await fillLead(page, {
    name: 'Asha Patil',
    company: 'Patil Plastics Pvt Ltd',
    contact: `+91 ${contact.slice(0, 5)} ${contact.slice(5)}`,
    gst: `${gst.slice(0, 2)}-${gst.slice(2).toLowerCase()}`,
    email: 'asha@patilplastics.in',
  });
  // A pasted +91 and spaces are dropped and an 11th digit is refused; the GSTIN is upper-cased with the dash
  // stripped, as typed.
  await expect(page.getByLabel('Contact Number')).toHaveValue(contact);
  await page.getByLabel('Contact Number').press('End');
  await page.getByLabel('Contact Number').pressSequentially('7');
  await expect(page.getByLabel('Contact Number')).toHaveValue(contact);
  await expect(page.getByLabel('GST Number (optional)')).toHaveValue(gst);
  await page.getByLabel('How did you hear about us? (optional)').selectOption('Trade fair or event');

  const submit = page.getByRole('button', { name: 'Book a Free Call' });
  await expect(submit).toBeDisabled();
  await page.getByLabel(TERMS).check();
  await expect(submit).toBeEnabled();

  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route('**/api/leads', async (route) => {
    await held;
    await route.continue();
  });
  const response = page.waitForResponse('**/api/leads');
  await submit.click();
  const booking = page.getByRole('button', { name: 'Booking...' });
  await expect(booking).toBeDisabled();
  release();
  const res = await response;
  expect(res.status()).toBe(201);
  const { id } = await res.json();

  const toast = page.locator('.Toastify__toast').filter({ hasText: LEAD_MESSAGES.success });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveClass(/Toastify__toast-theme--dark/);
  await expect(page.getByLabel('Full Name')).toHaveValue('');
  await expect(page.getByLabel('Company Name')).toHaveValue('');
  await expect(page.getByLabel('Contact Number')).toHaveValue('');
  await expect(page.getByLabel('GST Number (optional)')).toHaveValue('');
  await expect(page.getByLabel('Email (optional)')).toHaveValue('');
  await expect(page.getByLabel(TERMS)).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Book a Free Call' })).toBeDisabled();
  // No admin list of leads exists yet; the server's log proves the lead was stored.
  expect(serverEvents('lead.created').some((e) => e.leadId === id)).toBe(true);
});

test('the form checks input in the browser and sends nothing while it is wrong', async ({ page }) => {
  await openPublic(page, '/');
  let sent = 0;
  await page.route('**/api/leads', (route) => {
    sent++;
    return route.continue();
  });
  await fillLead(page, {
    name: 'Ravi',
    company: 'Ravi Toys',
    contact: '12345',
    gst: '27AAPFU0939F1ZW',
    email: 'ravi@',
  });
  await page.getByLabel(TERMS).check();
  await page.getByRole('button', { name: 'Book a Free Call' }).click();
  await expect(page.getByText(LEAD_MESSAGES.contactInvalid)).toBeVisible();
  await expect(page.getByText(LEAD_MESSAGES.gstInvalid)).toBeVisible();
  await expect(page.getByText(LEAD_MESSAGES.emailInvalid)).toBeVisible();
  await expect(page.getByLabel('GST Number (optional)')).toBeFocused();
  expect(sent).toBe(0);
});

test('when the server fails, everything typed stays and the visitor is told', async ({ page }) => {
  await openPublic(page, '/');
  await page.route('**/api/leads', (route) =>
    route.fulfill({ status: 500, json: { error: 'Something went wrong. Please try again.' } }),
  );
  const contact = uniquePhone();
  await fillLead(page, { name: 'Meera Shah', company: 'Shah Metals', contact, email: 'meera@shahmetals.in' });
  await page.getByLabel(TERMS).check();
  await page.getByRole('button', { name: 'Book a Free Call' }).click();

  const message = 'We could not book your call. Something went wrong. Please try again.';
  await expect(page.locator('.Toastify__toast--error')).toContainText(message);
  await expect(page.getByRole('alert').filter({ hasText: message }).first()).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Meera Shah');
  await expect(page.getByLabel('Company Name')).toHaveValue('Shah Metals');
  await expect(page.getByLabel('Contact Number')).toHaveValue(contact);
  await expect(page.getByLabel('Email (optional)')).toHaveValue('meera@shahmetals.in');
  await expect(page.getByLabel(TERMS)).toBeChecked();
  await expect(page.getByRole('button', { name: 'Book a Free Call' })).toBeEnabled();

  // A refusal from the server puts its field messages next to the fields.
  await page.unroute('**/api/leads');
  await page.route('**/api/leads', (route) =>
    route.fulfill({
      status: 400,
      json: { error: LEAD_MESSAGES.contactInvalid, fields: { contact: LEAD_MESSAGES.contactInvalid } },
    }),
  );
  await page.getByRole('button', { name: 'Book a Free Call' }).click();
  await expect(page.getByLabel('Contact Number')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('p[role="alert"]').filter({ hasText: LEAD_MESSAGES.contactInvalid })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toHaveValue('Meera Shah');
});

test('the policy opens from the terms link and the footer, and closes with its button and Escape', async ({ page }) => {
  await openPublic(page, '/');
  await page.getByRole('link', { name: 'Privacy Policy & Terms and Conditions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Privacy Policy & Terms and Conditions' });
  await expect(dialog).toBeVisible();
  for (const text of [
    '"Platform"',
    '"Manufacturer"',
    '"Buyer"',
    '"Transaction"',
    '"Value-Added Services"',
    '"Agreement"',
    'Udyam/MSME registration certificate',
    'Import Export Code (IEC), for exports',
    'Certificate of incorporation',
    'PAN card of the business',
    'GST registration certificate',
    '48-72 hours',
    '7-15 working days after delivery',
    "30 days' written notice",
    "7 days' notice",
    'renewed every 12 months',
    'For 12 months after disengaging',
    'the commission earned on the disputed transaction',
    'non-refundable and non-transferable',
    'Mumbai, Maharashtra',
    'Indian law',
  ]) {
    await expect(dialog.getByText(text, { exact: false }).first()).toBeVisible();
  }
  // The native modal dialog keeps focus inside it.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Terms' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Close policy' }).click();
  await expect(dialog).toBeHidden();

  // The policy has an address of its own.
  await page.goto('/#privacy-policy');
  await expect(dialog).toBeVisible();
});

test('contact details and social links come from the site settings', async ({ page, request }) => {
  const site = await (await request.get('/api/site')).json();
  await openPublic(page, '/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: site.contactEmail })).toHaveAttribute(
    'href',
    `mailto:${site.contactEmail}`,
  );
  await expect(footer.getByRole('link', { name: site.contactPhone })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Careers' })).toHaveAttribute(
    'href',
    new RegExp(`^mailto:${site.contactEmail}`),
  );
  await expect(footer.getByRole('link', { name: 'Udyog Bazaar on LinkedIn' })).toHaveAttribute(
    'href',
    site.social.linkedin,
  );
  const support = page.getByText('Need help? Our onboarding team is happy to assist');
  await expect(support.getByRole('link', { name: site.contactEmail })).toBeVisible();
  await expect(support.getByRole('link', { name: site.contactPhone })).toBeVisible();
  await footer.getByRole('link', { name: 'How it works' }).click();
  await expect(page.locator('#how-it-works')).toBeInViewport();
});

test('on a 375 px phone the menu opens and Seller Login goes to /login', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openPublic(page, '/');
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Seller Login' })).toBeHidden();
  await banner.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Become a Verified Seller' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await banner.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Seller Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('Become a Verified Seller scrolls the lead form into view', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await openPublic(page, '/');
  const form = page.locator('#register');
  await expect(form).not.toBeInViewport();
  await page.getByRole('banner').getByRole('link', { name: 'Become a Verified Seller' }).click();
  await expect(form).toBeInViewport();
  await expect(page.getByRole('heading', { name: 'Become a Verified Seller' })).toBeFocused();

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole('main').getByRole('link', { name: 'Become a Verified Seller' }).click();
  await expect(form).toBeInViewport();
  await page.getByRole('main').getByRole('link', { name: 'See How It Works' }).click();
  await expect(page.locator('#how-it-works')).toBeInViewport();
});

test('the landing page has no serious or critical accessibility violations', async ({ page }) => {
  await openPublic(page, '/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /@/ })).toBeVisible();
  const serious = async () =>
    (await new AxeBuilder({ page }).analyze()).violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(await serious()).toEqual([]);
  await page.getByRole('link', { name: 'Privacy Policy & Terms and Conditions' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await serious()).toEqual([]);
});

test('the landing page at 375 and 1280 px', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPublic(page, '/');
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /@/ })).toBeVisible();
  await screenshots(page, 'landing');
  await page.getByRole('link', { name: 'Privacy Policy & Terms and Conditions' }).click();
  // The dialog sits in the viewport, so these are viewport shots rather than full-page ones.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await page.screenshot({ path: `screenshots/landing-policy-${width}.png` });
  }
});
