import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { apiLogin, approvedSeller, openAsAdmin, openAsSeller, uniquePhone } from '../support/api.ts';
import { payByBankTransfer } from '../support/world.ts';

/** The smallest complete PDF: a drawing or a courier note in these tests. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

function indiaDate(days: number): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

async function newBuyer(request: APIRequestContext) {
  const email = `e2e.files${randomInt(1_000_000_000)}@example.in`;
  const reg = await request.post('/api/buyer/register', {
    data: {
      email,
      phone: uniquePhone(),
      password: 'BuyerPass!1',
      company_name: 'Files Traders',
      contact_name: 'Farah Files',
      address: '44 Residency Road, Bengaluru',
      state: 'Karnataka',
    },
  });
  expect(reg.status(), await reg.text()).toBe(201);
  const token = await apiLogin(request, email, 'BuyerPass!1');
  const me = await (await request.get('/api/me', { headers: { authorization: `Bearer ${token}` } })).json();
  return { token, userId: me.user.id as string };
}

test('a buyer attaches a drawing to a requirement; the seller opens it from the board and the admin sees it', async ({
  page,
  browser,
  request,
}) => {
  const seller = await approvedSeller(request);
  const buyer = await newBuyer(request);
  const word = `lathe${randomInt(1_000_000)}`;
  const title = `Turned wooden rattles ${word}`;

  await openAsSeller(page, buyer.token, buyer.userId, '/buyer/requirements/new');
  await page.getByLabel('What do you need?').fill(title);
  await page.getByLabel('Category').selectOption({ label: 'Toys' });
  await page.getByLabel('Quantity').fill('300');
  await page.getByLabel('Quotes wanted by').fill(indiaDate(10));
  await page.getByLabel('Delivery state').selectOption('Karnataka');
  await page.getByLabel('Delivery PIN code').fill('560025');
  // A wrong file is refused before anything is sent; the drawing goes.
  const files = page.getByLabel('Attachments (optional)');
  await files.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByRole('alert').filter({ hasText: 'notes.txt' })).toBeVisible();
  await files.setInputFiles({ name: 'rattle-drawing.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Post requirement' }).click();
  await expect(page).toHaveURL(/\/buyer\/requirements\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('list', { name: 'Attachments' })).toContainText('rattle-drawing.pdf');

  // The seller of the category sees it on the board and opens the file from the quote dialog.
  const sellerPage = await (await browser.newContext()).newPage();
  await openAsSeller(sellerPage, seller.token, seller.seller.userId, '/dashboard/rfqs?tab=board');
  await sellerPage.getByLabel('Search requirements').fill(word);
  // The search reaches the URL once typing pauses; a row clicked before that could be the unfiltered list's.
  await expect(sellerPage).toHaveURL(new RegExp(`q=${word}`));
  const row = sellerPage.getByRole('row', { name: new RegExp(title) });
  await expect(row).toContainText('1 attachment');
  await row.getByRole('button', { name: /^Quote on REQ-/ }).click();
  const dialog = sellerPage.getByRole('dialog');
  const opened = sellerPage.context().waitForEvent('page');
  await dialog.getByRole('button', { name: 'rattle-drawing.pdf' }).click();
  const tab = await opened;
  await tab.waitForURL(/^blob:/);

  // The admin sees it on the requirement.
  const adminPage = await (await browser.newContext()).newPage();
  await openAsAdmin(adminPage, seller.admin, `/admin/requirements?q=${word}`);
  await adminPage
    .getByRole('row', { name: new RegExp(title) })
    .getByRole('button')
    .first()
    .click();
  await expect(adminPage.getByRole('dialog').getByRole('list', { name: 'Attachments' })).toContainText(
    'rattle-drawing.pdf',
  );
});

test("the seller sees the buyer's dispute and its evidence on the order", async ({ page, request }) => {
  const seller = await approvedSeller(request);
  const buyer = await newBuyer(request);
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });
  const word = `evid${randomInt(1_000_000)}`;
  const product = await request.post('/api/product/add', {
    headers: auth(seller.token),
    data: {
      name: `Brass bell ${word}`,
      description: 'Brass bell.',
      sku: `${word}-bell`,
      price: 100,
      moq: 1,
      stock: 100,
      unit: 'piece',
      category: 'toys',
      hsn_code: '8306',
      gst_percentage: 18,
    },
  });
  const productId = (await product.json()).product_id as string;
  await request.post(`/api/admin/products/${productId}/approve`, { headers: auth(seller.admin) });
  const order = await request.post('/api/buyer/orders', {
    headers: auth(buyer.token),
    data: {
      manufacturerId: seller.manufacturerId,
      items: [{ productId, quantity: 2 }],
      shippingAddress: { street: '44 Residency Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560025' },
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const orderId = (await order.json()).id as string;
  await payByBankTransfer(request, buyer.token, orderId, seller.admin);
  const dispute = await request.post(`/api/buyer/orders/${orderId}/disputes`, {
    headers: auth(buyer.token),
    data: { reason: `Bells dented (${word})` },
  });
  const disputeId = (await dispute.json()).id as string;
  const evidence = await request.post(`/api/buyer/disputes/${disputeId}/evidence`, {
    headers: auth(buyer.token),
    multipart: { files: { name: 'courier-note.pdf', mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(evidence.status(), await evidence.text()).toBe(201);

  await openAsSeller(page, seller.token, seller.seller.userId, `/dashboard/orders/${orderId}`);
  const dialog = page.getByRole('dialog');
  const disputes = dialog.getByRole('list', { name: 'Evidence' }).locator('xpath=ancestor::section[1]');
  await expect(disputes).toContainText(`Bells dented (${word})`);
  const opened = page.context().waitForEvent('page');
  await disputes.getByRole('button', { name: 'courier-note.pdf' }).click();
  await (await opened).waitForURL(/^blob:/);
});
