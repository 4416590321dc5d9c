import { expect, type Page, test } from '@playwright/test';
import { adminToken, apiLogin, openAsAdmin, openAsSeller, registerSeller, uniquePhone } from '../support/api.ts';

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
  const leadContact = uniquePhone();
  const lead = await request.post('/api/leads', {
    data: { name: `Lead ${PAYLOAD}`, company: `Co ${PAYLOAD}`, contact: leadContact },
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

  // Searched, as other specs add manufacturers and leads to the same lists meanwhile.
  await openAsAdmin(page, admin, `/admin/manufacturers?q=${encodeURIComponent(seller.email)}`);
  await expectLiteral(page, `Acme ${PAYLOAD}`);

  // The messages list has no search: sent just before it is read, it is on the first page (newest first).
  const contact = await request.post('/api/contact/admin', {
    data: { name: `Mallory ${PAYLOAD}`, email: 'mallory@example.in', subject: `Help ${PAYLOAD}`, message: PAYLOAD },
  });
  expect(contact.status()).toBe(201);
  await openAsAdmin(page, admin, `/admin/content?q=${leadContact}`);
  await expectLiteral(page, `Lead ${PAYLOAD}`);
  await page.getByRole('tab', { name: 'Contact messages' }).click();
  await expectLiteral(page, `Help ${PAYLOAD}`);

  // expectLiteral found no element made from the payload, so no script could have run since.
  expect(fired).toEqual([]);
});
