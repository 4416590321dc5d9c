import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import {
  adminToken,
  apiLogin,
  registerSeller,
  type SellerAccount,
  uniquePhone,
  uploadVerificationDocuments,
} from './api.ts';

export { openAsAdmin } from './api.ts';

/** A real 64 x 64 PNG: document images must decode. */
const ORANGE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAAT0lEQVR42u3PQQkAAAgEsEthUdP7M4JvYbACy3S9FgEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQGBywJ9TCFpNWCOBAAAAABJRU5ErkJggg==',
  'base64',
);

export interface World {
  seller: SellerAccount;
  sellerToken: string;
  admin: string;
  manufacturerId: string;
  productId: string;
  orderId: string;
  rfqId: string;
  buyerId: string;
}

/**
 * An approved seller with a product, an RFQ, a paid and disputed order from a buyer, a contact message and a lead,
 * so every screen has rows. Each call makes new ones (a few hundred milliseconds): call it in the spec (a
 * `beforeAll` runs once per test under fullyParallel) rather than share one world between specs. On an admin list,
 * find this world's rows by its seller's company name (`?q=${world.seller.companyName}`), not by position.
 */
export async function makeWorld(request: APIRequestContext): Promise<World> {
  const seller = await registerSeller(request);
  const sellerToken = await apiLogin(request, seller.email, seller.password);
  const admin = await adminToken(request);
  const auth = (t: string) => ({ authorization: `Bearer ${t}` });
  const me = await (await request.get('/api/me', { headers: auth(sellerToken) })).json();
  const manufacturerId = me.user?.manufacturerId ?? me.manufacturerId;
  const doc = await request.post('/api/settings/documents', {
    headers: auth(sellerToken),
    multipart: { kind: 'gst_certificate', file: { name: 'gst.png', mimeType: 'image/png', buffer: ORANGE_PNG } },
  });
  expect(doc.status(), await doc.text()).toBe(201);
  await uploadVerificationDocuments(request, sellerToken, ['pan']);
  await request.post(`/api/admin/manufacturers/${manufacturerId}/approve`, { headers: auth(admin) });
  const product = await request.post('/api/product/add', {
    headers: auth(sellerToken),
    data: {
      name: 'Wooden Stacking Rings',
      description: 'Seven rings on a birch peg.',
      sku: `A11Y-${Date.now()}`,
      price: 250,
      moq: 1,
      stock: 500,
      unit: 'piece',
      category: 'toys',
      hsn_code: '9503',
      gst_percentage: 18,
    },
  });
  expect(product.status()).toBe(201);
  const productId = (await product.json()).product_id;
  const approved = await request.post(`/api/admin/products/${productId}/approve`, { headers: auth(admin) });
  expect(approved.status(), await approved.text()).toBe(200);
  const buyerEmail = `a11y.buyer${randomInt(1_000_000_000)}@example.in`;
  const reg = await request.post('/api/buyer/register', {
    data: {
      email: buyerEmail,
      phone: uniquePhone(),
      password: 'BuyerPass!1',
      company_name: 'Buyer Traders',
      contact_name: 'Bina Buyer',
      address: '44 Residency Road, Bengaluru',
      state: 'Karnataka',
    },
  });
  expect(reg.status()).toBe(201);
  const buyerId = (await reg.json()).buyerId as string;
  const buyer = (
    await (await request.post('/api/buyer/login', { data: { username: buyerEmail, password: 'BuyerPass!1' } })).json()
  ).token as string;
  const order = await request.post('/api/buyer/orders', {
    headers: auth(buyer),
    data: {
      manufacturerId,
      items: [{ productId, quantity: 4 }],
      shippingAddress: { street: '44 Residency Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560025' },
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const orderId = (await order.json()).id;
  await payByBankTransfer(request, buyer, orderId, admin);
  await request.post(`/api/buyer/orders/${orderId}/disputes`, { headers: auth(buyer), data: { reason: 'Late' } });
  const rfq = await request.post('/api/buyer/rfqs', {
    headers: auth(buyer),
    data: { manufacturerId, productName: 'Custom puzzle', quantity: 100, targetPrice: 80 },
  });
  expect(rfq.status(), await rfq.text()).toBe(201);
  const rfqId = (await rfq.json()).id as string;
  await request.post('/api/contact/admin', {
    data: { name: 'Asha', email: 'asha@example.in', subject: 'Payout', message: 'When is my payout?' },
  });
  await request.post('/api/leads', { data: { name: 'Lead', company: 'Lead Co', contact: uniquePhone() } });
  return { seller, sellerToken, admin, manufacturerId, productId, orderId, rfqId, buyerId };
}

const auth = (t: string) => ({ authorization: `Bearer ${t}` });

/** Pays an order by bank transfer as a buyer does (the UTR), confirmed by the admin: the order is paid and held. */
export async function payByBankTransfer(request: APIRequestContext, buyer: string, orderId: string, admin: string) {
  const start = await request.post(`/api/buyer/orders/${orderId}/pay`, {
    headers: auth(buyer),
    data: { method: 'bank_transfer' },
  });
  expect(start.status(), await start.text()).toBe(200);
  const attemptId = (await start.json()).attempt.id as string;
  const utr = String(randomInt(100_000_000_000, 999_999_999_999));
  const sent = await request.post(`/api/buyer/payments/${attemptId}/utr`, { headers: auth(buyer), data: { utr } });
  expect(sent.status(), await sent.text()).toBe(200);
  const ok = await request.post(`/api/admin/finance/payments/${attemptId}/confirm`, { headers: auth(admin) });
  expect(ok.status(), await ok.text()).toBe(200);
  return attemptId;
}
