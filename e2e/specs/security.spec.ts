import { expect, type Page, test } from '@playwright/test';
import { adminToken, apiLogin, openAsSeller, registerSeller } from '../support/api.ts';

const PAYLOAD = '<img src=x onerror=alert(1)>';

/** Fails the test on any dialog (alert, confirm, prompt) and records elements the payload would create. */
function watchForScript(page: Page): string[] {
  const fired: string[] = [];
  page.on('dialog', async (d) => {
    fired.push(`${d.type()}: ${d.message()}`);
    await d.dismiss();
  });
  return fired;
}

async function openAsAdmin(page: Page, token: string, path: string) {
  await page.goto('/admin/login');
  await page.evaluate((t) => {
    localStorage.setItem('adminToken', t);
    localStorage.setItem('adminId', 'e2e');
  }, token);
  await page.goto(path);
}

/** The payload is on the page as text, and no element was made from it. */
async function expectLiteral(page: Page, text: string) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  expect(await page.locator('img[src="x"]').count()).toBe(0);
  expect(await page.locator('[onerror]').count()).toBe(0);
}

test('script payloads in a product, a company name and a contact message show as text, never as markup', async ({
  page,
  request,
}) => {
  const fired = watchForScript(page);
  const seller = await registerSeller(request, { companyName: `Acme ${PAYLOAD}` });
  const token = await apiLogin(request, seller.email, seller.password);
  const add = await request.post('/api/product/add', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name: PAYLOAD,
      description: `Described as ${PAYLOAD}`,
      sku: `XSS-${Date.now()}`,
      price: 10,
      moq: 1,
      stock: 5,
      unit: 'piece',
      category: 'toys',
      hsn_code: '9503',
    },
  });
  expect(add.status()).toBe(201);
  const contact = await request.post('/api/contact/admin', {
    data: { name: `Mallory ${PAYLOAD}`, email: 'mallory@example.in', subject: `Help ${PAYLOAD}`, message: PAYLOAD },
  });
  expect(contact.status()).toBe(201);
  const lead = await request.post('/api/leads', {
    data: { name: `Lead ${PAYLOAD}`, company: `Co ${PAYLOAD}`, contact: `9${String(Date.now()).slice(-9)}` },
  });
  expect(lead.status()).toBe(201);

  await openAsSeller(page, token, seller.userId, '/dashboard/products');
  await expect(page.getByRole('heading', { name: 'Product Management' })).toBeVisible();
  await expectLiteral(page, PAYLOAD);
  // The seller's own header shows the company name too.
  await openAsSeller(page, token, seller.userId, '/dashboard/settings');
  await expectLiteral(page, `Acme ${PAYLOAD}`);

  const admin = await adminToken(request);
  await openAsAdmin(page, admin, '/admin/products');
  await page.getByLabel('Search products or manufacturers').fill('onerror');
  await expectLiteral(page, PAYLOAD);

  await openAsAdmin(page, admin, '/admin/manufacturers');
  await expectLiteral(page, `Acme ${PAYLOAD}`);

  await openAsAdmin(page, admin, '/admin/content');
  await expectLiteral(page, `Lead ${PAYLOAD}`);
  await page.getByRole('tab', { name: 'Contact messages' }).click();
  await expectLiteral(page, `Help ${PAYLOAD}`);

  await page.waitForTimeout(300);
  expect(fired).toEqual([]);
});
