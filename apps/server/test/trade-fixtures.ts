import type { FastifyInstance } from 'fastify';
import { createProduct, type ProductSpec } from '../src/seed/factories.ts';
import { call, createBuyerSession, loginAdmin, loginSeller, type TestContext } from './helpers.ts';

export const shippingTo = (state = 'Karnataka') => ({
  street: '44 Residency Road',
  city: 'Bengaluru',
  state,
  zipCode: '560025',
});

/** A signed-in seller (Maharashtra GSTIN) with one approved, active product, and a signed-in buyer. */
export async function tradeSetup(app: FastifyInstance, product: ProductSpec = {}) {
  const seller = await loginSeller(app, { gstNumber: '27AAPFU0939F1ZV' });
  const buyer = await createBuyerSession(app);
  const p = await createProduct(app.db, seller.manufacturer.id, { price: '100.00', moq: 10, stock: 100, ...product });
  return { seller, buyer, product: p };
}

export async function placeOrder(
  app: FastifyInstance,
  buyerToken: string,
  manufacturerId: string,
  productId: string,
  quantity = 10,
  state = 'Karnataka',
) {
  return call(app, 'POST', '/api/buyer/orders', {
    token: buyerToken,
    body: { manufacturerId, items: [{ productId, quantity }], shippingAddress: shippingTo(state) },
  });
}

export async function setStatus(app: FastifyInstance, token: string, orderId: string, body: Record<string, unknown>) {
  return call(app, 'POST', `/api/orders/${orderId}/status`, { token, body });
}

/**
 * The buyer pays an order as in the browser: the test gateway's checkout, Succeed, and the return verified (the
 * capture is recorded at once; the gateway's queued webhook, when drained, finds it done). Answers like the old
 * payment call did: 201 with `{ status: 'paid' }`, or the status and error of the step that refused.
 */
export async function payOrder(app: FastifyInstance, buyerToken: string, orderId: string) {
  const start = await call(app, 'POST', `/api/buyer/orders/${orderId}/pay`, {
    token: buyerToken,
    body: { method: 'gateway' },
  });
  if (start.statusCode !== 200) return { statusCode: start.statusCode, json: () => start.json() };
  const { attempt } = start.json() as { attempt: { id: string; providerOrderId: string } };
  const back = await call(app, 'POST', `/pay/test/${attempt.providerOrderId}/succeed`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `return=${encodeURIComponent(`/buyer/orders/${orderId}`)}`,
  });
  const url = new URL(String(back.headers.location), 'http://x');
  const verify = await call(app, 'POST', `/api/buyer/orders/${orderId}/pay/verify`, {
    token: buyerToken,
    body: {
      attemptId: attempt.id,
      razorpay_order_id: url.searchParams.get('razorpay_order_id'),
      razorpay_payment_id: url.searchParams.get('razorpay_payment_id'),
      razorpay_signature: url.searchParams.get('razorpay_signature'),
    },
  });
  const status = verify.json().status === 'captured' ? 'paid' : verify.json().status;
  return { statusCode: verify.statusCode === 200 ? 201 : verify.statusCode, json: () => ({ status }) };
}

/**
 * A seller's pending settlement with money in it: an order paid through the test gateway, delivered 8 days ago
 * (past the hold), settled by the admin's run. Answers the admin's token and the settlement's id, number and net.
 */
export async function pendingSettlement(t: TestContext) {
  const s = await tradeSetup(t.app);
  const orderId = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id)).json().id as string;
  const pay = await call(t.app, 'POST', `/api/buyer/orders/${orderId}/pay`, {
    token: s.buyer.token,
    body: { method: 'gateway' },
  });
  const id = (pay.json().checkoutUrl as string).split('/pay/test/')[1]?.split('?')[0] ?? '';
  await call(t.app, 'POST', `/pay/test/${id}/succeed`, {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'return=%2Fx',
  });
  await t.app.jobs.drain();
  for (const status of ['processing', 'shipped', 'delivered'] as const) {
    await setStatus(t.app, s.seller.token, orderId, {
      status,
      ...(status === 'shipped' ? { carrier: 'Blue Dart', trackingNumber: 'BD123456789' } : {}),
    });
  }
  await t.database.query(
    `update order_events set created_at = now() - interval '8 days' where order_id = $1 and to_status = 'delivered'`,
    [orderId],
  );
  const { token } = await loginAdmin(t.app);
  const run = await call(t.app, 'POST', '/api/admin/settlements/generate', {
    token,
    body: { manufacturerId: s.seller.manufacturer.id },
  });
  const settlementId = run.json().settlementIds[0] as string;
  const [row] = await t.database.query<{ settlement_number: string; net_paise: string }>(
    'select settlement_number, net_paise from settlements where id = $1',
    [settlementId],
  );
  return {
    token,
    settlementId,
    manufacturerId: s.seller.manufacturer.id,
    sellerUserId: s.seller.user.id as string,
    number: row?.settlement_number ?? '',
    netPaise: Number(row?.net_paise),
  };
}
