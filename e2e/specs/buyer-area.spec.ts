import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { apiLogin, approvedSeller, confirmAsBuyer, uniquePhone } from '../support/api.ts';
import { screenshots } from '../support/screens.ts';

test('a buyer registers, signs in at /login, sees the dashboard, opens an order and downloads its invoice', async ({
  page,
  request,
}) => {
  const { token: sellerToken, manufacturerId } = await approvedSeller(request);
  const n = randomInt(1_000_000);
  const buyer = {
    email: `e2e.buyer.area${n}@example.in`,
    password: 'Kesar-Mango-Lassi-7',
    company: `Menon Retail ${n}`,
  };

  // Registration in the web app: one page, GSTIN left out; the new buyer lands in the buyer area.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Register as a buyer' }).click();
  await expect(page).toHaveURL(/\/buyer\/register$/);
  await page.getByLabel('Phone Number').fill(uniquePhone());
  await page.getByLabel('Email Address').fill(buyer.email);
  await page.getByLabel('Full Name').fill('Ravi Menon');
  await page.getByLabel('Company Name').fill(buyer.company);
  await page.getByLabel('Address', { exact: true }).fill('12 MG Road, Bengaluru 560001');
  await page.getByLabel('State').selectOption('Karnataka');
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByLabel('Confirm Password').fill(buyer.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/buyer$/);
  await expect(page.getByRole('heading', { name: 'Welcome, Ravi Menon' })).toBeVisible();
  await expect(page.getByText('No orders yet')).toBeVisible();

  // An order reaches the buyer through an RFQ the seller converts and ships (API, as another browser would).
  const buyerAuth = { authorization: `Bearer ${await apiLogin(request, buyer.email, buyer.password)}` };
  const sellerAuth = { authorization: `Bearer ${sellerToken}` };
  const product = `Brass diya set ${n}`;
  const rfq = await request.post('/api/buyer/rfqs', {
    headers: buyerAuth,
    data: { manufacturerId, productName: product, quantity: 200 },
  });
  expect(rfq.status()).toBe(201);
  const rfqId = (await rfq.json()).id as string;
  await request.post(`/api/rfqs/${rfqId}/counter`, { headers: sellerAuth, data: { pricePerUnit: 150, quantity: 200 } });
  await request.post(`/api/buyer/rfqs/${rfqId}/respond`, { headers: buyerAuth, data: { action: 'accept' } });
  const converted = await request.post(`/api/rfqs/${rfqId}/convert`, {
    headers: sellerAuth,
    data: { gstPercentage: 18 },
  });
  expect(converted.status()).toBe(201);
  const order = await converted.json();
  await confirmAsBuyer(request, buyerAuth, { id: order.id });
  for (const data of [
    { status: 'processing' },
    { status: 'shipped', carrier: 'Delhivery', trackingNumber: 'DLV4455' },
  ]) {
    expect((await request.post(`/api/orders/${order.id}/status`, { headers: sellerAuth, data })).status()).toBe(200);
  }

  // Sign out from the user menu and back in at the one sign-in page: a buyer goes to /buyer.
  await page.getByRole('button', { name: /Ravi Menon/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email or Phone').fill(buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(buyer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/buyer$/);
  await expect(page.getByRole('link', { name: /Orders in progress: 1/ })).toBeVisible();
  const recent = page.getByRole('row', { name: new RegExp(order.orderId) });
  await expect(recent).toContainText('Shipped');
  await screenshots(page, 'buyer-dashboard');

  // The bell has the buyer's notices, linking to the order.
  await page
    .getByRole('button', { name: /otification/ })
    .first()
    .click();
  await expect(page.getByText('Order shipped').first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('link', { name: 'Orders', exact: true }).click();
  await page.getByRole('tab', { name: 'In progress' }).click();
  await page.getByRole('searchbox').fill(order.orderId);
  await expect(page.getByRole('row')).toHaveCount(2);
  await screenshots(page, 'buyer-orders');
  await page.getByRole('link', { name: order.orderId }).click();
  await expect(page).toHaveURL(new RegExp(`/buyer/orders/${order.id}$`));
  await expect(page.getByRole('heading', { name: `Order ${order.orderId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Tracking' })).toContainText('DLV4455');
  await expect(page.getByRole('region', { name: 'Products' })).toContainText(product);
  // 200 x 150 = 30,000 + 18% GST = 35,400
  await expect(page.getByRole('region', { name: 'Products' })).toContainText('₹35,400.00');
  await screenshots(page, 'buyer-order');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download invoice/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^INV-\d{4}-00001\.pdf$/);

  // The seller area is not the buyer's: /dashboard sends them home.
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/buyer$/);
});
