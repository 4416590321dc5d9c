import { randomInt } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { approvedSeller, openAsSeller, uniquePhone } from '../support/api.ts';
import { openAsAdmin } from '../support/world.ts';
import { openPublic } from '../support/public.ts';

/** A calendar date in India `days` from today, as a date input takes it. */
function indiaDate(days: number): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage();
}

test('a visitor finds a product, registers as a buyer, posts a requirement two sellers quote, accepts one, confirms, follows the order to delivery, downloads the invoice and raises a dispute', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const word = `kadamba${randomInt(1_000_000)}`;
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });

  // Two verified sellers of toys (their registered category puts a toys requirement on their boards); the first
  // lists an approved product the visitor finds.
  const [a, b] = await Promise.all([approvedSeller(request), approvedSeller(request)]);
  const admin = a.admin;
  const added = await request.post('/api/product/add', {
    headers: auth(a.token),
    data: {
      name: `Spinning Top ${word}`,
      description: 'Hand-turned kadamba wood top, lacquer finish.',
      sku: `${word}-top`,
      price: 45,
      moq: 100,
      stock: 5000,
      unit: 'piece',
      category: 'toys',
      hsn_code: '9503',
      gst_percentage: 18,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const productId = (await added.json()).product_id as string;
  const approved = await request.post(`/api/admin/products/${productId}/approve`, { headers: auth(admin) });
  expect(approved.status(), await approved.text()).toBe(200);

  // A visitor searches the catalogue and opens the product.
  await openPublic(page, '/products');
  // Typed again until the search reaches the URL, as a visitor would if the first keystrokes were lost (text typed
  // before the app takes the server-rendered page over is; openPublic waits for that takeover).
  await expect(async () => {
    await page.getByLabel('Search products').fill('');
    await page.getByLabel('Search products').fill(word);
    await expect(page).toHaveURL(new RegExp(`q=${word}`), { timeout: 1_000 });
  }).toPass();
  await expect(page.getByTestId('product-card')).toHaveCount(1);
  await page.getByTestId('product-card').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Spinning Top ${word}`);
  await expect(page.getByRole('region', { name: 'Seller' })).toContainText(a.seller.companyName);

  // ...and registers as a buyer from the sign-in page.
  await page.getByRole('link', { name: 'Sign in' }).click();
  await page.getByRole('link', { name: 'Register as a buyer' }).click();
  await expect(page).toHaveURL(/\/buyer\/register$/);
  const company = `Kaveri Toys ${word}`;
  await page.getByLabel('Phone Number').fill(uniquePhone());
  await page.getByLabel('Email Address').fill(`e2e.journey.${word}@example.in`);
  await page.getByLabel('Full Name').fill('Lakshmi Rao');
  await page.getByLabel('Company Name').fill(company);
  await page.getByLabel('Address', { exact: true }).fill('8 Chickpet Main Road, Bengaluru 560053');
  await page.getByLabel('State').selectOption('Karnataka');
  await page.getByLabel('Password', { exact: true }).fill('Mysore-Pak-Sweet-9');
  await page.getByLabel('Confirm Password').fill('Mysore-Pak-Sweet-9');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/buyer$/);

  // The buyer posts a requirement.
  await page.getByRole('link', { name: 'Requirements', exact: true }).click();
  await page.getByRole('link', { name: 'Post a requirement' }).click();
  const title = `Wooden spinning tops ${word}`;
  await page.getByLabel('What do you need?').fill(title);
  await page.getByLabel('Details (optional)').fill('Kadamba wood, non-toxic lacquer, boxed in 25s.');
  await page.getByLabel('Category').selectOption({ label: 'Toys' });
  await page.getByLabel('Quantity').fill('500');
  await page.getByLabel('Target price per unit (₹, optional)').fill('40');
  await page.getByLabel('Quotes wanted by').fill(indiaDate(14));
  await page.getByLabel('Delivery state').selectOption('Karnataka');
  await page.getByLabel('Delivery PIN code').fill('560053');
  await page.getByRole('button', { name: 'Post requirement' }).click();
  await expect(page).toHaveURL(/\/buyer\/requirements\/[0-9a-f-]{36}$/);
  const requirementId = page.url().split('/').pop() as string;
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('No quotes yet')).toBeVisible();

  // The admin sees the new buyer.
  const adminPage = await newPage(browser);
  await openAsAdmin(adminPage, admin, '/admin/buyers');
  await adminPage.getByLabel('Search buyers').fill(word);
  await expect(adminPage).toHaveURL(new RegExp(`q=${word}`));
  await expect(adminPage.getByRole('row', { name: new RegExp(company) })).toBeVisible();

  // Seller A finds it on the requirements board and quotes in the seller area; seller B quotes through the API.
  const sellerPage = await newPage(browser);
  await openAsSeller(sellerPage, a.token, a.seller.userId, '/dashboard/rfqs');
  await sellerPage.getByRole('tab', { name: 'Requirements board' }).click();
  await sellerPage.getByLabel('Search requirements').fill(word);
  const boardRow = sellerPage.getByRole('row', { name: new RegExp(title) });
  await expect(boardRow).toContainText('Not yet');
  await boardRow.getByRole('button', { name: /^Quote on REQ-/ }).click();
  const quoteDialog = sellerPage.getByRole('dialog');
  await expect(quoteDialog).toContainText(title);
  await quoteDialog.getByLabel('Price per unit (₹, before GST)').fill('38');
  await quoteDialog.getByLabel('Quantity').fill('500');
  await quoteDialog.getByLabel('Delivery in (days)').fill('12');
  await quoteDialog.getByLabel('Valid until').fill(indiaDate(10));
  await quoteDialog.getByLabel('GST rate (optional)').selectOption('18');
  await quoteDialog.getByRole('button', { name: 'Send quote' }).click();
  await expect(sellerPage.getByText('Your quote is sent to the buyer.')).toBeVisible();
  await expect(boardRow).toContainText('Quoted ₹38.00');
  const quoteB = await request.put(`/api/requirements/${requirementId}/quote`, {
    headers: auth(b.token),
    data: { pricePerUnit: 41, quantity: 500, deliveryDays: 5, validUntil: indiaDate(10), gstRate: 18 },
  });
  expect(quoteB.status(), await quoteB.text()).toBeLessThan(300);

  // The buyer compares the two quotes and accepts the cheaper one.
  await page.reload();
  const quotes = page.getByRole('table', { name: 'Quotes' });
  await expect(quotes.getByRole('row')).toHaveCount(3);
  const rowA = quotes.getByRole('row', { name: new RegExp(a.seller.companyName) });
  const rowB = quotes.getByRole('row', { name: new RegExp(b.seller.companyName) });
  await expect(rowA).toContainText('Cheapest');
  await expect(rowA).toContainText('₹22,420.00'); // 500 × 38 = 19,000 + 18% GST
  await expect(rowB).toContainText('Fastest');
  await page.getByRole('button', { name: `Accept ${a.seller.companyName}'s quote` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Accept quote' }).click();
  const toRfq = page.getByRole('link', { name: 'Open the RFQ', exact: true });
  await expect(toRfq).toBeVisible();
  await expect(rowB).toContainText('Closed');
  const rfqId = (await toRfq.getAttribute('href'))?.split('/').pop() as string;

  // The admin sees the requirement accepted with its two quotes.
  await adminPage.goto('/admin/requirements');
  await adminPage.getByLabel('Search number, title or buyer').fill(word);
  const adminRow = adminPage.getByRole('row', { name: new RegExp(title) });
  await expect(adminRow).toContainText(company);
  await expect(adminRow.getByRole('cell').nth(3)).toHaveText('2');
  await expect(adminRow).toContainText('Accepted');

  // The seller turns the accepted RFQ into an order (as another browser would), at the GST rate it quoted: the
  // accepted RFQ does not carry the quote's rate, so the seller states it again.
  const converted = await request.post(`/api/rfqs/${rfqId}/convert`, {
    headers: auth(a.token),
    data: { gstPercentage: 18 },
  });
  expect(converted.status(), await converted.text()).toBe(201);
  const order = (await converted.json()) as { id: string; orderId: string };

  // The buyer adds an address, then confirms the order on the RFQ with it.
  await page.getByRole('link', { name: 'Addresses' }).click();
  await page.getByRole('button', { name: 'Add address' }).click();
  const addressForm = page.getByRole('dialog');
  await addressForm.getByLabel('Label').fill('Warehouse');
  await addressForm.getByLabel('Contact name').fill('Lakshmi Rao');
  await addressForm.getByLabel('Phone').fill(uniquePhone());
  await addressForm.getByLabel('PIN code').fill('560053');
  await addressForm.getByLabel('Address line 1').fill('8 Chickpet Main Road');
  await addressForm.getByLabel('City').fill('Bengaluru');
  await addressForm.getByLabel('State').selectOption('Karnataka');
  await addressForm.getByRole('button', { name: 'Add address' }).click();
  await expect(page.getByText('8 Chickpet Main Road')).toBeVisible();
  await page.goto(`/buyer/rfqs/${rfqId}`);
  const confirmPanel = page.getByRole('region', { name: 'Order' });
  await expect(confirmPanel.getByRole('heading', { name: 'Confirm your order' })).toBeVisible();
  await expect(confirmPanel.getByLabel('Ship to')).toContainText('Warehouse');
  await confirmPanel.getByRole('button', { name: 'Confirm order' }).click();
  await expect(page.getByText(`Order ${order.orderId} confirmed.`)).toBeVisible();
  await confirmPanel.getByRole('link', { name: 'Open the order' }).click();
  await expect(page).toHaveURL(new RegExp(`/buyer/orders/${order.id}$`));
  await expect(page.getByRole('heading', { name: `Order ${order.orderId}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText('8 Chickpet Main Road');

  // The seller sees the confirmed order in the seller area and moves it on; the buyer's page follows.
  await sellerPage.goto('/dashboard/orders');
  await sellerPage.getByLabel('Search orders').fill(order.orderId);
  await expect(sellerPage).toHaveURL(new RegExp(`q=${order.orderId}`));
  await expect(sellerPage.getByRole('row', { name: new RegExp(order.orderId) })).toContainText(company);
  const move = async (data: Record<string, string>) => {
    const res = await request.post(`/api/orders/${order.id}/status`, { headers: auth(a.token), data });
    expect(res.status(), await res.text()).toBe(200);
  };
  await move({ status: 'processing' });
  await move({ status: 'shipped', carrier: 'Delhivery', trackingNumber: `DLV${word}` });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tracking' })).toContainText(`DLV${word}`);
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Shipped');
  await move({ status: 'delivered' });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Timeline' })).toContainText('Delivered');

  // The invoice downloads, and the buyer raises a dispute.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /Download invoice/ }).click();
  expect((await download).suggestedFilename()).toMatch(/^INV-\d{4}-00001\.pdf$/);
  const reason = `Twelve tops arrived cracked (${word}).`;
  await page.getByRole('button', { name: 'Raise a dispute' }).click();
  await page.getByLabel('What went wrong?').fill(reason);
  await page.getByRole('button', { name: 'Raise dispute', exact: true }).click();
  await expect(page.getByText('Dispute raised. Our team will review it.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Disputes' })).toContainText(reason);

  // The admin sees the dispute.
  await adminPage.goto('/admin/disputes');
  const disputeRow = adminPage.getByRole('row', { name: new RegExp(word) });
  await expect(disputeRow).toContainText(order.orderId);
  await expect(disputeRow).toContainText(company);
});
