import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { approvedSeller } from '../support/api.ts';
import { openPublic } from '../support/public.ts';

test('a visitor finds a product by searching and filtering, opens it and its seller, and reads it without JavaScript', async ({
  page,
  browser,
  request,
}) => {
  const { seller, token, admin } = await approvedSeller(request);
  const word = `zircon${randomInt(1_000_000)}`;
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });
  const add = async (name: string, category: string, price: number) => {
    const res = await request.post('/api/product/add', {
      headers: auth(token),
      data: {
        name,
        description: `${name}, export quality.`,
        sku: `${word}-${category}`,
        price,
        moq: 25,
        stock: 5000,
        unit: 'piece',
        category,
        material: 'Brass',
        hsn_code: '8302',
        gst_percentage: 18,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const id = (await res.json()).product_id as string;
    const ok = await request.post(`/api/admin/products/${id}/approve`, { headers: auth(admin) });
    expect(ok.status(), await ok.text()).toBe(200);
    return id;
  };
  const hingeName = `Brass Door Hinge ${word}`;
  const hinge = await add(hingeName, 'packaging', 340);
  await add(`Brass Toy Bell ${word}`, 'toys', 120);

  // Search, then narrow by category: the URL keeps both.
  await openPublic(page, '/products');
  await page.getByLabel('Search products').fill(word);
  await expect(page).toHaveURL(new RegExp(`q=${word}`));
  const cards = page.getByTestId('product-card');
  await expect(cards).toHaveCount(2);
  await page.getByRole('button', { name: /^Packaging/ }).click();
  await expect(page).toHaveURL(/category=packaging/);
  await expect(cards).toHaveCount(1);
  await expect(page.getByTestId('result-count')).toHaveText('1 product');

  // The product page, with the quote link, then the seller page.
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${hinge}-brass-door-hinge-${word}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hingeName);
  await expect(page.getByText('₹340.00')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Request a quote' })).toHaveAttribute(
    'href',
    `/buyer/rfqs/new?product=${hinge}`,
  );
  await page.getByRole('link', { name: seller.companyName }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText(seller.companyName);
  await expect(page.getByTestId('product-card')).toHaveCount(2);

  // "Add to order list" without a buyer session goes to sign-in and back.
  await openPublic(page, `/products/${hinge}`);
  await page.getByRole('button', { name: 'Add to order list' }).click();
  await expect(page).toHaveURL(`/login?next=${encodeURIComponent(`/products/${hinge}`)}`);

  // Without JavaScript the server's HTML already holds the page.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const noJs = await context.newPage();
  await noJs.goto(`/products/${hinge}`);
  await expect(noJs.getByRole('heading', { level: 1 })).toHaveText(hingeName);
  await expect(noJs.getByText('₹340.00')).toBeVisible();
  await expect(noJs.getByText(seller.companyName)).toBeVisible();
  await expect(noJs).toHaveTitle(`${hingeName} · Udyog Bazaar`);
  await noJs.goto(`/products?q=${word}`);
  await expect(noJs.getByTestId('product-card')).toHaveCount(2);
  await context.close();
});
