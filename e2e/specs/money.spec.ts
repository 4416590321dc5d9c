import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { openAsAdmin, openAsSeller, uniquePhone } from '../support/api.ts';
import { makeWorld } from '../support/world.ts';

const auth = (t: string) => ({ authorization: `Bearer ${t}` });

/** A buyer of its own with an order from the world's seller. */
async function buyerWithOrder(request: APIRequestContext, manufacturerId: string, productId: string) {
  const email = `money.buyer${randomInt(1_000_000_000)}@example.in`;
  const reg = await request.post('/api/buyer/register', {
    data: {
      email,
      phone: uniquePhone(),
      password: 'BuyerPass!1',
      company_name: `Money Traders ${randomInt(1_000_000)}`,
      contact_name: 'Meena Buyer',
      address: '44 Residency Road, Bengaluru',
      state: 'Karnataka',
    },
  });
  expect(reg.status()).toBe(201);
  const login = await (
    await request.post('/api/buyer/login', { data: { username: email, password: 'BuyerPass!1' } })
  ).json();
  const order = await request.post('/api/buyer/orders', {
    headers: auth(login.token),
    data: {
      manufacturerId,
      items: [{ productId, quantity: 3 }],
      shippingAddress: { street: '44 Residency Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560025' },
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const me = await (await request.get('/api/me', { headers: auth(login.token) })).json();
  return { token: login.token as string, userId: String(me.user.id), orderId: (await order.json()).id as string };
}

test('a buyer pays through the test gateway; held, delivered, released, settled with taxes and paid out', async ({
  page,
  request,
}) => {
  const w = await makeWorld(request);
  const b = await buyerWithOrder(request, w.manufacturerId, w.productId);
  await openAsSeller(page, b.token, b.userId, `/buyer/orders/${b.orderId}`);
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page.getByTestId('checkout-amount')).toBeVisible();
  await page.getByRole('button', { name: 'Succeed' }).click();
  await expect(page.getByText('Payment received. The platform holds it until delivery.')).toBeVisible();
  await expect(page.getByLabel('Pay', { exact: true }).getByText('Paid', { exact: true })).toBeVisible();

  // The seller sees it held, and why.
  const summary = await (await request.get('/api/payments/summary', { headers: auth(w.sellerToken) })).json();
  const held = summary.held.find((h: { orderId: string }) => h.orderId === b.orderId);
  expect(held.reason).toBe('Awaiting delivery');

  for (const body of [
    { status: 'processing' },
    { status: 'shipped', carrier: 'Blue Dart', trackingNumber: 'BD123456789' },
    { status: 'delivered' },
  ]) {
    const r = await request.post(`/api/orders/${b.orderId}/status`, { headers: auth(w.sellerToken), data: body });
    expect(r.status(), await r.text()).toBe(200);
  }
  // This seller only: the run does not touch other specs' sellers.
  const run = await request.post('/api/admin/settlements/generate', {
    headers: auth(w.admin),
    data: { manufacturerId: w.manufacturerId },
  });
  expect(run.status(), await run.text()).toBe(200);
  const [settlementId] = (await run.json()).settlementIds as string[];
  const st = await (
    await request.get(`/api/admin/settlements/${settlementId}/statement`, { headers: auth(w.admin) })
  ).json();
  const line = st.lines.find((l: { orderId: string }) => l.orderId === b.orderId);
  expect(line.commissionPaise).toBeGreaterThan(0);
  expect(line.gstOnCommissionPaise).toBe(Math.round(line.commissionPaise * 0.18));
  expect(line.tcsPaise).toBeGreaterThan(0);
  // TDS s.194-O on the taxable value (the world's product carries 18 % GST, shown separately and not part of it),
  // 0.1 % since October 2024.
  expect(line.tdsPaise).toBe(Math.round(Math.round(line.grossPaise / 1.18) * 0.001));

  await openAsSeller(page, w.sellerToken, w.seller.userId, '/dashboard/payments');
  await expect(page.getByLabel('Settlements').getByText(st.settlementNumber)).toBeVisible();
  // The statement and the platform's commission invoice download as PDFs from the settlement's row.
  const row = page.getByLabel('Settlements').getByRole('listitem').filter({ hasText: st.settlementNumber });
  const [statementPdf] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Statement (PDF)' }).click(),
  ]);
  expect(statementPdf.suggestedFilename()).toBe(`${st.settlementNumber}.pdf`);
  const [invoicePdf] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: `Commission invoice ${st.commissionInvoiceNumber}` }).click(),
  ]);
  expect(invoicePdf.suggestedFilename()).toBe(`${st.commissionInvoiceNumber.replaceAll('/', '-')}.pdf`);

  const paid = await request.post(`/api/admin/settlements/${settlementId}/mark-paid`, {
    headers: auth(w.admin),
    data: { reference: `HDFCN5${randomInt(1_000_000_000)}`.padEnd(16, '0') },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const fin = await (await request.get('/api/admin/finance', { headers: auth(w.admin) })).json();
  expect(fin.check.ok).toBe(true);
});

test('a buyer pays by bank transfer, the admin confirms the UTR, and the cancelled order is refunded', async ({
  page,
  request,
}) => {
  const w = await makeWorld(request);
  const b = await buyerWithOrder(request, w.manufacturerId, w.productId);
  await openAsSeller(page, b.token, b.userId, `/buyer/orders/${b.orderId}`);
  await page.getByRole('button', { name: 'Pay by bank transfer' }).click();
  const account = page.getByLabel('Bank account');
  await expect(account.getByText('IFSC')).toBeVisible();
  const reference = (await account.locator('dd').last().textContent()) ?? '';
  await page.getByLabel('UTR of your transfer').fill('12345');
  await page.getByRole('button', { name: 'Submit UTR' }).click();
  await expect(page.getByRole('alert')).toContainText('12 digits for IMPS or UPI');
  await expect(page.getByLabel('UTR of your transfer')).toHaveValue('12345');
  const utr = String(randomInt(100_000_000_000, 999_999_999_999));
  await page.getByLabel('UTR of your transfer').fill(utr);
  await page.getByRole('button', { name: 'Submit UTR' }).click();
  await expect(page.getByText(`Awaiting confirmation: our finance team matches your UTR ${utr}`)).toBeVisible();

  await openAsAdmin(page, w.admin, '/admin/finance');
  await page.getByRole('button', { name: `Confirm ${reference}` }).click();
  // Irreversible: a confirmation naming the amount and the buyer comes first (issue 28).
  await page
    .getByRole('dialog', { name: /^Confirm the bank transfer of ₹/ })
    .getByRole('button', { name: 'Confirm transfer' })
    .click();
  await expect(page.getByText('Payment confirmed: the money is held for the order.')).toBeVisible();

  const cancel = await request.post(`/api/buyer/orders/${b.orderId}/cancel`, {
    headers: auth(b.token),
    data: { reason: 'Ordered by mistake' },
  });
  expect(cancel.status(), await cancel.text()).toBe(200);
  const fin = await (await request.get('/api/admin/finance', { headers: auth(w.admin) })).json();
  const mine = fin.refunds.filter((r: { reason: string }) => r.reason.includes('Ordered by mistake'));
  expect(mine.length).toBeGreaterThan(0);
  const paid = await request.post(`/api/admin/finance/refunds/${mine[0].id}/paid`, {
    headers: auth(w.admin),
    data: { utr: `HDFCN5${randomInt(1_000_000_000)}`.padEnd(16, '0') },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  await openAsSeller(page, b.token, b.userId, `/buyer/orders/${b.orderId}`);
  await expect(page.getByLabel('Pay', { exact: true }).getByText(/Refund RFD-/)).toBeVisible();
});

test('the admin resolves a dispute for the buyer with a partial refund entered in rupees', async ({
  page,
  request,
}) => {
  const w = await makeWorld(request);
  const b = await buyerWithOrder(request, w.manufacturerId, w.productId);
  const pay = await request.post(`/api/buyer/orders/${b.orderId}/pay`, {
    headers: auth(b.token),
    data: { method: 'gateway' },
  });
  expect(pay.status(), await pay.text()).toBe(200);
  const { checkoutUrl, attempt } = await pay.json();
  const gatewayOrder = String(checkoutUrl).split('/pay/test/')[1]?.split('?')[0];
  const paid = await request.post(`/pay/test/${gatewayOrder}/succeed`, {
    form: { return: `/buyer/orders/${b.orderId}` },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect
    .poll(
      async () => (await (await request.get('/api/payments/summary', { headers: auth(w.sellerToken) })).json()).held,
    )
    .toContainEqual(expect.objectContaining({ orderId: b.orderId }));
  const raised = await request.post(`/api/buyer/orders/${b.orderId}/disputes`, {
    headers: auth(b.token),
    data: { reason: 'Two cartons arrived crushed' },
  });
  expect(raised.status(), await raised.text()).toBe(201);
  const disputeId = (await raised.json()).id as string;

  await openAsAdmin(page, w.admin, `/admin/disputes/${disputeId}`);
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('New status').selectOption('resolved_buyer');
  await dialog.getByLabel('Partial refund').check();
  const tooMuch = ((attempt.amountPaise as number) + 100) / 100;
  await dialog.getByLabel('Refund amount (₹)').fill(String(tooMuch));
  await dialog.getByLabel('Notes').fill('Two cartons crushed: refund their value');
  await expect(dialog.getByRole('alert')).toContainText('can be refunded');
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeDisabled();
  await dialog.getByLabel('Refund amount (₹)').fill('100.50');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page
    .getByRole('dialog', { name: 'Resolve for the buyer with a refund of ₹100.50?' })
    .getByRole('button', { name: 'Resolve and refund' })
    .click();
  await expect(page.getByText(/: Resolved for buyer\.$/)).toBeVisible();
  const fin = await (await request.get('/api/admin/finance', { headers: auth(w.admin) })).json();
  const refund = fin.refunds.find((r: { reason: string }) => r.reason.includes('Two cartons crushed'));
  expect(refund.amountPaise).toBe(10_050);
});
