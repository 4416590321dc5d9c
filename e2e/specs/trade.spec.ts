import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { approvedSeller, confirmAsBuyer, openAsSeller, uniquePhone } from '../support/api.ts';
import { screenshots } from '../support/screens.ts';

test('a buyer RFQ is countered, accepted, converted, shipped and shows up in orders and on the dashboard', async ({
  page,
  request,
}) => {
  const { seller, token, manufacturerId } = await approvedSeller(request);

  const n = randomInt(1_000_000);
  const buyer = { email: `e2e.buyer${n}@example.in`, password: 'BuyerPass!1', company: `Kirana Mart ${n}` };
  const reg = await request.post('/api/buyer/register', {
    data: {
      email: buyer.email,
      phone: uniquePhone(),
      password: buyer.password,
      company_name: buyer.company,
      contact_name: 'Ravi Kumar',
      address: '12 MG Road, Bengaluru 560001',
      state: 'Karnataka',
    },
  });
  expect(reg.status()).toBe(201);
  const buyerLogin = await request.post('/api/buyer/login', {
    data: { username: buyer.email, password: buyer.password },
  });
  const buyerAuth = { authorization: `Bearer ${(await buyerLogin.json()).token}` };
  const product = `Wooden stacking rings ${n}`;
  const rfq = await request.post('/api/buyer/rfqs', {
    headers: buyerAuth,
    data: {
      manufacturerId,
      productName: product,
      category: 'toys',
      quantity: 500,
      targetPrice: 120,
      deadline: '2030-03-31',
      description: 'Natural finish, gift box of 6',
      specifications: ['Neem wood', 'Non-toxic paint'],
    },
  });
  expect(rfq.status()).toBe(201);
  const rfqId = (await rfq.json()).id as string;

  await openAsSeller(page, token, seller.userId, '/dashboard/rfqs');
  const row = page.getByRole('row', { name: new RegExp(product) });
  await expect(row).toContainText(buyer.company);
  await expect(row).toContainText('Pending');
  await expect(row).toContainText('₹60,000.00');
  await screenshots(page, 'rfqs');
  await row.getByRole('button', { name: /View/ }).click();
  const detail = page.getByRole('dialog');
  await expect(detail).toContainText('Natural finish, gift box of 6');
  await expect(detail).toContainText('Neem wood');
  await screenshots(page, 'rfq-detail');
  await detail.getByRole('button', { name: 'Counter Offer' }).click();
  const counter = page.getByRole('dialog', { name: /Counter Offer/ });
  await counter.getByLabel('Price per unit (₹)').fill('135.50');
  await counter.getByLabel('Quantity').fill('600');
  await counter.getByLabel('Notes').fill('Includes printed gift box');
  await screenshots(page, 'rfq-counter');
  await counter.getByRole('button', { name: 'Send counter offer' }).click();
  await expect(page.getByText(/is now Negotiating/)).toBeVisible();
  await expect(row).toContainText('Negotiating');
  await expect(row).toContainText('₹81,300.00');
  // Back in the RFQ's detail: the seller's own counter offer waits for the buyer, so there is no Approve.
  await expect(page.getByRole('dialog')).toContainText("Waiting for the buyer's reply");
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Approve' })).toHaveCount(0);
  await screenshots(page, 'rfq-waiting-for-buyer');
  const approveAnyway = await request.post(`/api/rfqs/${rfqId}/approve`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(approveAnyway.status()).toBe(409);
  await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

  const accept = await request.post(`/api/buyer/rfqs/${rfqId}/respond`, {
    headers: buyerAuth,
    data: { action: 'accept' },
  });
  expect(accept.status()).toBe(200);

  await page.reload();
  await expect(row).toContainText('Accepted');
  await row.getByRole('button', { name: /View/ }).click();
  await expect(page.getByText('This RFQ has been accepted.', { exact: true })).toBeVisible();
  await expect(page.getByText(/No further actions available/)).toHaveCount(0);
  await expect(page.getByRole('dialog')).toContainText('Includes printed gift box');
  // No listed product behind this RFQ: the seller chooses one of the configured GST rates.
  await expect(page.getByRole('button', { name: 'Convert to order' })).toBeDisabled();
  await screenshots(page, 'rfq-convert-gst');
  await page.getByLabel('GST rate').selectOption('18');
  await page.getByRole('button', { name: 'Convert to order' }).click();
  const created = page.getByText(/Order ORD-\d{4}-\d{6} created/);
  await expect(created).toBeVisible();
  const orderNumber = ((await created.textContent()) ?? '').match(/ORD-\d{4}-\d{6}/)?.[0] as string;
  // The buyer chooses the shipping address and confirms; until then the seller can only cancel.
  await confirmAsBuyer(request, buyerAuth, { number: orderNumber });

  await page.goto('/dashboard/orders');
  await page.getByRole('tab', { name: 'Pending' }).click();
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  const orderRow = page.getByRole('row', { name: new RegExp(orderNumber) });
  await expect(orderRow).toContainText(buyer.company);
  await expect(page.getByRole('row')).toHaveCount(2);
  // 600 x 135.50 = 81,300 + 18% GST = 95,934
  await expect(orderRow).toContainText('₹95,934.00');
  await orderRow.getByRole('button', { name: 'View Details' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal).toContainText(product);
  await modal.getByRole('button', { name: 'Change Status' }).click();
  await expect(modal.getByLabel('New status').locator('option')).toHaveText(['Processing', 'Shipped']);
  await modal.getByRole('button', { name: 'Update status' }).click();
  await expect(modal.getByText('Processing', { exact: true }).first()).toBeVisible();
  await modal.getByRole('button', { name: 'Change Status' }).click();
  await modal.getByLabel('New status').selectOption('shipped');
  await modal.getByRole('button', { name: 'Update status' }).click();
  await expect(modal.getByText('Tracking number is required.')).toBeVisible();
  await modal.getByLabel('Carrier').fill('Delhivery');
  await modal.getByLabel('Tracking number').fill('DLV9988776655');
  await modal.getByLabel('Estimated delivery').fill('2030-04-10');
  // Above Rs 50,000 the consignment needs an e-way bill: the transport details are asked for.
  await expect(modal.getByText('Transport details for the e-way bill')).toBeVisible();
  await modal.getByLabel('Transporter name').fill('Delhivery Freight');
  await modal.getByLabel('Vehicle number').fill('KA01AB1234');
  await modal.getByLabel('Distance (km)').fill('840');
  await modal.getByRole('button', { name: 'Update status' }).click();
  await expect(modal).toContainText('Tracking number: DLV9988776655');
  await expect(modal).toContainText('Shipped with Delhivery, tracking number DLV9988776655');
  await expect(modal.getByRole('button', { name: 'Download invoice' })).toBeVisible();
  await screenshots(page, 'order-detail');
  const download = page.waitForEvent('download');
  await modal.getByRole('button', { name: 'Download invoice' }).click();
  expect((await download).suggestedFilename()).toMatch(/^INV-\d{4}-00001\.pdf$/);
  await modal.getByRole('button', { name: 'Close' }).click();
  await expect(orderRow).toContainText('Shipped');
  await screenshots(page, 'orders');

  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Orders' })).toContainText('1');
  const recent = page.getByRole('row', { name: new RegExp(product) });
  await expect(recent).toContainText('₹95,934.00');
  await expect(recent).toContainText('Pending');
  await screenshots(page, 'dashboard');
  await recent.getByRole('button', { name: 'View Order' }).click();
  await expect(page.getByRole('dialog')).toContainText(orderNumber);

  await page.goto('/dashboard/payments');
  await page.getByRole('tab', { name: 'In Progress' }).click();
  await expect(page.getByRole('row', { name: new RegExp(buyer.company) })).toContainText('₹95,934.00');
  await screenshots(page, 'payments');
});
