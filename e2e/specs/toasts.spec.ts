import { expect, type Locator, test } from '@playwright/test';
import { apiLogin, openAsSeller, registerSeller } from '../support/api.ts';

/** What the browser hits at the centre of the element: the element itself, unless something covers it. */
const hitAtCentre = (target: Locator) =>
  target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return Boolean(hit && el.contains(hit));
  });

/** The toast slides in from the right edge: hit-test where it comes to rest, not on its way in. */
const settled = (target: Locator) => target.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));

test('a toast raised while a modal dialog is open is above its backdrop, hoverable and closable', async ({
  page,
  request,
}) => {
  const seller = await registerSeller(request);
  const token = await apiLogin(request, seller.email, seller.password);
  await openAsSeller(page, token, seller.userId);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('button', { name: 'View all notifications' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel).toBeVisible();

  // Saved from a dialog opened over the panel: the settings dialog closes, the panel (a modal) stays open.
  await panel.getByRole('button', { name: 'Notification Settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Notification Settings' });
  await settings.getByLabel('New order').check();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings).toBeHidden();
  await expect(panel).toBeVisible();
  expect(await panel.evaluate((d) => d.matches(':modal'))).toBe(true);

  const toast = page.locator('.Toastify__toast').filter({ hasText: 'Notification settings saved.' });
  await expect(toast).toBeVisible();
  await settled(toast);
  expect(await hitAtCentre(toast), 'the toast is not covered by the dialog or its backdrop').toBe(true);

  // Hovering pauses the 5 s countdown (spec section 4): the progress bar stops.
  await toast.hover();
  const progress = toast.locator('.Toastify__progress-bar');
  await expect.poll(() => progress.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');
  await page.mouse.move(5, 5);
  await expect.poll(() => progress.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('running');

  // And it answers clicks: its close button works while the panel is open.
  await toast.getByRole('button', { name: 'Dismiss notification' }).click();
  await expect(toast).toHaveCount(0);
  await expect(panel).toBeVisible();
});

test('a toast already on screen stays visible above a dialog opened after it', async ({ page, request }) => {
  const seller = await registerSeller(request);
  const token = await apiLogin(request, seller.email, seller.password);
  await openAsSeller(page, token, seller.userId);
  await page.getByRole('button', { name: /^Notifications/ }).click();
  await page.getByRole('button', { name: 'View all notifications' }).click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await panel.getByRole('button', { name: 'Notification Settings' }).click();
  await page.getByRole('dialog', { name: 'Notification Settings' }).getByRole('button', { name: 'Save' }).click();
  const toast = page.locator('.Toastify__toast').filter({ hasText: 'Notification settings saved.' });
  await expect(toast).toBeVisible();

  await panel.getByRole('button', { name: 'Notification Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Notification Settings' })).toBeVisible();
  await expect(toast).toBeVisible();
  await settled(toast);
  expect(await hitAtCentre(toast)).toBe(true);
});
