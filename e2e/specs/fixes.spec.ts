import { expect, type Page, test } from '@playwright/test';
import { openPublic } from '../support/public.ts';

/** Waits until the click's scroll began (the fragment is set) and ended (three readings 200 ms apart agree). */
async function scrollSettled(page: Page) {
  await expect(page).toHaveURL(/#register$/);
  const readings: number[] = [];
  await expect
    .poll(
      async () => {
        readings.push(await page.evaluate(() => window.scrollY));
        const last = readings.slice(-3);
        return last.length === 3 && last.every((y) => y === last[0]) && (last[0] ?? 0) > 0;
      },
      { intervals: [200], timeout: 15_000 },
    )
    .toBe(true);
}

/** The lead form's top edge is visible, right below the sticky header (not hidden under it, not far below it). */
async function expectFormBelowHeader(page: Page) {
  const headerBottom = await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom);
  const formTop = await page.locator('#register').evaluate((el) => el.getBoundingClientRect().top);
  expect(formTop).toBeGreaterThanOrEqual(headerBottom);
  expect(formTop - headerBottom).toBeLessThanOrEqual(32);
}

for (const width of [375, 768, 1280]) {
  test(`at ${width} px the hero's Become a Verified Seller shows the lead form's top just below the header`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await openPublic(page, '/');
    await expect(page.getByTestId('counter-sellers')).toBeAttached();
    await page.getByRole('main').getByRole('link', { name: 'Become a Verified Seller' }).click();
    await scrollSettled(page);
    await expectFormBelowHeader(page);
  });
}

for (const width of [375, 768]) {
  test(`at ${width} px the menu's Become a Verified Seller shows the lead form's top just below the header`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 800 });
    await openPublic(page, '/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Become a Verified Seller' })
      .click();
    await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeHidden();
    await scrollSettled(page);
    await expectFormBelowHeader(page);
  });
}

test('at 375 px the hero counters sit on one line: boxes, figures and labels each share one top', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openPublic(page, '/');
  await expect(page.getByTestId('counter-support')).toHaveText('24x7');
  const rows = await page
    .locator('dl')
    .first()
    .evaluate((dl) =>
      Array.from(dl.children, (box) => ({
        box: Math.round(box.getBoundingClientRect().top),
        figure: Math.round(box.querySelector('dd')?.getBoundingClientRect().top ?? Number.NaN),
        label: Math.round(box.querySelector('dt')?.getBoundingClientRect().top ?? Number.NaN),
        labelLines: Math.round(
          (box.querySelector('dt')?.getBoundingClientRect().height ?? 0) /
            Number.parseFloat(getComputedStyle(box.querySelector('dt') as Element).lineHeight),
        ),
      })),
    );
  expect(rows).toHaveLength(3);
  for (const key of ['box', 'figure', 'label'] as const) {
    expect(new Set(rows.map((r) => r[key])).size, key).toBe(1);
  }
  expect(rows.map((r) => r.labelLines)).toEqual([1, 1, 1]);
});
