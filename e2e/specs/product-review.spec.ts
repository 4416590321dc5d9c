import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminToken, approvedSeller, openAsAdmin, openAsSeller, uniquePhone } from '../support/api.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A verified seller with one product (stock 10, Rs 100), approved when `approve`; made through the API. */
async function sellerWithProduct(request: APIRequestContext, product: Record<string, unknown>, approve: boolean) {
  const { seller, token, manufacturerId, admin } = await approvedSeller(request);
  const n = randomInt(1_000_000);
  const name = `Wooden Spinning Top ${n}`;
  const added = await request.post('/api/product/add', {
    headers: bearer(token),
    data: {
      name,
      description: 'Hand-turned sheesham wood, lacquered.',
      sku: `E2E-TOP-${n}`,
      price: 100,
      moq: 1,
      stock: 10,
      unit: 'piece',
      category: 'toys',
      ...product,
    },
  });
  expect(added.status(), await added.text()).toBe(201);
  const productId = (await added.json()).product_id as string;
  if (approve) {
    const ok = await request.post(`/api/admin/products/${productId}/approve`, { headers: bearer(admin) });
    expect(ok.status(), await ok.text()).toBe(200);
  }
  return { seller, token, manufacturerId, productId, name, n };
}

/** A buyer orders `quantity` units through the buyer API. */
async function buyerOrders(request: APIRequestContext, manufacturerId: string, productId: string, quantity: number) {
  const n = randomInt(1_000_000);
  const email = `e2e.buyer${n}@example.in`;
  const reg = await request.post('/api/buyer/register', {
    data: {
      email,
      phone: uniquePhone(),
      password: 'BuyerPass!1',
      company_name: `Toy Mart ${n}`,
      contact_name: 'Ravi Kumar',
      address: '12 MG Road, Bengaluru 560001',
      state: 'Karnataka',
    },
  });
  expect(reg.status()).toBe(201);
  const login = await request.post('/api/buyer/login', { data: { username: email, password: 'BuyerPass!1' } });
  const order = await request.post('/api/buyer/orders', {
    headers: bearer((await login.json()).token),
    data: {
      manufacturerId,
      items: [{ productId, quantity }],
      shippingAddress: { street: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560001' },
    },
  });
  expect(order.status(), await order.text()).toBe(201);
}

test('an edit form opened before a buyer ordered keeps what was typed, says the product changed, and loads the latest', async ({
  page,
  request,
}) => {
  const { seller, token, manufacturerId, productId, name } = await sellerWithProduct(
    request,
    { hsn_code: '9503', gst_percentage: 18 },
    true,
  );
  await openAsSeller(page, token, seller.userId, '/dashboard/products');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByText('Approved').last()).toBeVisible();
  await row.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Product' });
  await expect(edit.getByLabel('Stock *')).toHaveValue('10');

  // Approved: the modal says what sends it back for review, and which of the typed changes will.
  const notice = edit.getByRole('note');
  await expect(notice).toContainText('This product is approved and buyers can order it.');
  await expect(notice).toContainText('a price below ₹50.00 or above ₹200.00');
  await edit.getByLabel('Product Name *').fill('Prohibited item');
  await edit.getByLabel('Stock *').fill('12');
  await expect(notice).toContainText('Saving now sends it back for review (changed: name).');

  // Behind the form's back a buyer takes 4 of the 10 units.
  await buyerOrders(request, manufacturerId, productId, 4);

  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit.getByRole('alert')).toContainText('This product changed since you opened it');
  await expect(edit.getByLabel('Product Name *')).toHaveValue('Prohibited item');
  await expect(edit.getByLabel('Stock *')).toHaveValue('12');
  const stored = await (await request.get(`/api/product/${productId}`, { headers: bearer(token) })).json();
  expect(stored).toMatchObject({ name, stock: 6, moderation_status: 'approved' });

  await edit.getByRole('button', { name: 'Load the latest version' }).click();
  await expect(edit.getByLabel('Stock *')).toHaveValue('6');
  await expect(edit.getByLabel('Product Name *')).toHaveValue(name);
  await edit.getByLabel('Product Name *').fill(`${name} Mk II`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  const saved = page.getByRole('row', { name: new RegExp(`${name} Mk II`) });
  await expect(saved.getByText('Pending Approval').last()).toBeVisible();
  await expect(saved.getByRole('cell', { name: /^6/ })).toBeVisible();
});

test('an admin cannot approve a product without an HSN code and GST rate, and is told why', async ({
  page,
  request,
}) => {
  const { name } = await sellerWithProduct(request, {}, false);
  await openAsAdmin(page, await adminToken(request), '/admin/products');
  await page.getByLabel('Search products or manufacturers').fill(name);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await row.getByRole('button', { name: 'View Details' }).click();
  const details = page.getByRole('dialog', { name: 'Product Details' });
  const why =
    'This product needs an HSN code and a GST rate before it can be approved. Flag it (Request Edit) to ask the seller for them.';
  await expect(details.getByRole('note')).toHaveText(why);
  await expect(details.getByText('Not given')).toHaveCount(2);
  await details.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(why).last()).toBeVisible();
  await expect(details.getByText('Pending Approval', { exact: true })).toBeVisible();
});
