import { expect, type Page, test } from '@playwright/test';

/** Waits until the page stops scrolling (a smooth scroll runs for a few hundred milliseconds). */
async function scrollSettled(page: Page) {
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = await page.evaluate(() => window.scrollY);
        const still = y === last;
        last = y;
        return still;
      },
      { intervals: [150] },
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
    await page.goto('/');
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
    await page.goto('/');
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

test('at 375 px the hero counters sit on one line', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  const counters = ['sellers', 'growth', 'support'].map((id) => page.getByTestId(`counter-${id}`));
  await expect(counters[2] ?? page.locator('none')).toHaveText('24x7');
  const boxes = await Promise.all(
    counters.map((c) =>
      c.evaluate((el) => {
        const figure = el.getBoundingClientRect();
        const box = el.closest('dl > div')?.getBoundingClientRect();
        return {
          top: box?.top ?? Number.NaN,
          figureHeight: figure.height,
          lineHeight: parseFloat(getComputedStyle(el).lineHeight),
        };
      }),
    ),
  );
  const tops = new Set(boxes.map((b) => Math.round(b.top)));
  expect(tops.size).toBe(1);
  // Each figure on one line: "24x7" does not wrap inside its box.
  for (const b of boxes) expect(b.figureHeight).toBeLessThanOrEqual(b.lineHeight * 1.5);
});
