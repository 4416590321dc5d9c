import { randomInt } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { SELLER_STATUS_NOTICES } from '@ub/shared/seller-status';
import { adminToken, approveManufacturer, openAsSeller, signedInSeller, uniquePhone } from '../support/api.ts';
import { screenshots } from '../support/screens.ts';

test('a seller sees what its account status allows, and the reason when an action is refused', async ({
  page,
  request,
}) => {
  const { seller, token, manufacturerId } = await signedInSeller(request);

  await openAsSeller(page, token, seller.userId, '/dashboard');
  const banner = page.getByRole('region', { name: 'Account status' });
  await expect(banner).toContainText('Verification pending');
  await expect(banner).toContainText(SELLER_STATUS_NOTICES.received);

  const adminTokenValue = await adminToken(request);
  const admin = { authorization: `Bearer ${adminTokenValue}` };
  await approveManufacturer(request, token, manufacturerId, adminTokenValue);
  const n = randomInt(1_000_000);
  const buyer = { email: `e2e.status.buyer${n}@example.in`, password: 'BuyerPass!1' };
  await request.post('/api/buyer/register', {
    data: {
      email: buyer.email,
      phone: uniquePhone(),
      password: buyer.password,
      company_name: `Status Traders ${n}`,
      contact_name: 'Meera Shah',
      address: '12 MG Road, Bengaluru 560001',
      state: 'Karnataka',
    },
  });
  const buyerLogin = await request.post('/api/buyer/login', {
    data: { username: buyer.email, password: buyer.password },
  });
  const product = `Brass hinges ${n}`;
  const rfq = await request.post('/api/buyer/rfqs', {
    headers: { authorization: `Bearer ${(await buyerLogin.json()).token}` },
    data: { manufacturerId, productName: product, quantity: 200, targetPrice: 45 },
  });
  expect(rfq.status()).toBe(201);
  const suspended = await request.post(`/api/admin/manufacturers/${manufacturerId}/suspend`, {
    headers: admin,
    data: { reason: 'Other', customReason: 'Quality complaints under review' },
  });
  expect(suspended.status()).toBe(200);

  await page.goto('/dashboard/rfqs');
  await expect(banner).toContainText('Account suspended');
  await expect(banner).toContainText(SELLER_STATUS_NOTICES.suspended);
  await page
    .getByRole('row', { name: new RegExp(product) })
    .getByRole('button', { name: /View/ })
    .click();
  await page.getByRole('dialog').getByRole('button', { name: 'Reject' }).click();
  const reject = page.getByRole('dialog', { name: /Reject RFQ/ });
  await reject.getByLabel('Reason (optional)').fill('Cannot take new work now');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText(SELLER_STATUS_NOTICES.suspended)).toBeVisible();
  await screenshots(page, 'seller-suspended-refused');
  // What the seller typed is still there to send once the account is reinstated.
  await expect(reject.getByLabel('Reason (optional)')).toHaveValue('Cannot take new work now');
});
