import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { apiLogin, approvedSeller, openAsSeller, uniquePhone } from '../support/api.ts';
import { screenshots } from '../support/screens.ts';

/** An approved seller with one approved product at `price`, and a registered buyer (Hindi company name). */
async function setup(request: APIRequestContext, price: number) {
  const { seller, token, manufacturerId, admin } = await approvedSeller(request);
  const n = randomInt(1_000_000);
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });
  const productName = `Brass gate valve ${n}`;
  const product = await request.post('/api/product/add', {
    headers: auth(token),
    data: {
      name: productName,
      description: 'Forged brass, 50 mm.',
      sku: `GST-${n}`,
      price,
      moq: 1,
      stock: 50,
      unit: 'piece',
      category: 'toys',
      hsn_code: '84818090',
      gst_percentage: 18,
    },
  });
  expect(product.status(), await product.text()).toBe(201);
  const productId = (await product.json()).product_id as string;
  expect((await request.post(`/api/admin/products/${productId}/approve`, { headers: auth(admin) })).status()).toBe(200);
  const buyer = { email: `e2e.gst.buyer${n}@example.in`, password: 'BuyerPass!1', company: `श्री कृष्ण ट्रेडर्स ${n}` };
  const reg = await request.post('/api/buyer/register', {
    data: {
      email: buyer.email,
      phone: uniquePhone(),
      password: buyer.password,
      company_name: buyer.company,
      contact_name: 'राधा शर्मा',
      address: '12 MG Road, Bengaluru 560001',
      state: 'Karnataka',
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const buyerToken = await apiLogin(request, buyer.email, buyer.password);
  const order = await request.post('/api/buyer/orders', {
    headers: auth(buyerToken),
    data: {
      manufacturerId,
      items: [{ productId, quantity: 1 }],
      shippingAddress: { street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001' },
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const { id, number: orderNumber } = (await order.json()) as { id: string; number: string };
  const processing = await request.post(`/api/orders/${id}/status`, {
    headers: auth(token),
    data: { status: 'processing' },
  });
  expect(processing.status()).toBe(200);
  return { seller, token, buyer, buyerToken, orderId: id, orderNumber, productName };
}

async function openOrder(page: Page, orderNumber: string) {
  await page.goto('/dashboard/orders');
  await page.getByRole('searchbox', { name: 'Search orders' }).fill(orderNumber);
  const row = page.getByRole('row', { name: new RegExp(orderNumber) });
  await row.getByRole('button', { name: 'View Details' }).click();
  return page.getByRole('dialog');
}

test('an invoiced order cancelled after shipping has an invoice and a credit note for seller and buyer', async ({
  page,
  request,
}) => {
  const w = await setup(request, 1200);
  const shipped = await request.post(`/api/orders/${w.orderId}/status`, {
    headers: { authorization: `Bearer ${w.token}` },
    data: { status: 'shipped', carrier: 'BlueDart', trackingNumber: 'BD123456' },
  });
  expect(shipped.status()).toBe(200);

  await openAsSeller(page, w.token, w.seller.userId, '/dashboard/orders');
  const modal = await openOrder(page, w.orderNumber);
  await expect(modal.getByRole('list', { name: 'Tax documents' })).toContainText(/Tax invoice INV\/\d{4}\/00001/);
  await modal.getByRole('button', { name: 'Cancel Order' }).click();
  await modal.getByLabel('Reason').fill('Refused at delivery');
  await modal.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByText(/was cancelled/)).toBeVisible();
  const docs = modal.getByRole('list', { name: 'Tax documents' });
  await expect(docs).toContainText(/Credit note CN\/\d{4}\/00001/);
  await expect(docs).toContainText('Order cancelled: Refused at delivery');
  await screenshots(page, 'gst-order-documents');
  const sellerDownload = page.waitForEvent('download');
  await docs.getByRole('button', { name: 'Download credit note' }).click();
  expect((await sellerDownload).suggestedFilename()).toMatch(/^CN-\d{4}-00001\.pdf$/);

  // The buyer signs in and downloads both from their order page.
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByLabel('Email or Phone').fill(w.buyer.email);
  await page.getByLabel('Password', { exact: true }).fill(w.buyer.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/buyer$/);
  await page.goto(`/buyer/orders/${w.orderId}`);
  const buyerDocs = page.getByRole('list', { name: 'Tax documents' });
  await expect(buyerDocs).toContainText(/Tax invoice INV\/\d{4}\/00001/);
  await expect(buyerDocs).toContainText(/Credit note CN\/\d{4}\/00001/);
  for (const name of ['Download tax invoice', 'Download credit note']) {
    const download = page.waitForEvent('download');
    await buyerDocs.getByRole('button', { name }).click();
    expect((await download).suggestedFilename()).toMatch(/^(INV|CN)-\d{4}-00001\.pdf$/);
  }
  await screenshots(page, 'gst-buyer-documents');
});

test('shipping a Rs 75,000 consignment asks for the transport details and gives its e-way bill', async ({
  page,
  request,
}) => {
  const w = await setup(request, 75000);
  await openAsSeller(page, w.token, w.seller.userId, '/dashboard/orders');
  const modal = await openOrder(page, w.orderNumber);
  await modal.getByRole('button', { name: 'Change Status' }).click();
  await modal.getByLabel('New status').selectOption('shipped');
  await expect(modal.getByText('Transport details for the e-way bill')).toBeVisible();
  await modal.getByLabel('Carrier').fill('VRL Logistics');
  await modal.getByLabel('Tracking number').fill('VRL778899');
  await modal.getByRole('button', { name: 'Update status' }).click();
  await expect(modal.getByText('Transporter name is required.')).toBeVisible();
  await modal.getByLabel('Transporter name').fill('VRL Logistics');
  await modal.getByLabel('Vehicle number').fill('KA 01 AB 1234');
  await modal.getByLabel('Distance (km)').fill('840');
  await screenshots(page, 'gst-transport-details');
  await modal.getByRole('button', { name: 'Update status' }).click();
  await expect(modal).toContainText('Tracking number: VRL778899');
  await expect(modal.getByRole('button', { name: 'Download e-way bill JSON' })).toBeVisible();
  await modal.getByLabel('E-way bill number from the portal').fill('181012345678');
  await modal.getByRole('button', { name: 'Save number' }).click();
  await expect(modal).toContainText('E-way bill no. 181012345678');
  await screenshots(page, 'gst-eway-bill');

  // The seller's GST settings: prefixes and the GSTR-1 download.
  await page.goto('/dashboard/settings');
  await expect(page.getByRole('heading', { name: 'GST invoicing and returns' })).toBeVisible();
  await expect(page.getByLabel('Invoice prefix')).toHaveValue('INV');
  const gstr1 = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download GSTR-1 JSON' }).click();
  expect((await gstr1).suggestedFilename()).toMatch(/^GSTR1-\d{4}-\d{2}\.json$/);
  await screenshots(page, 'gst-settings');
});
