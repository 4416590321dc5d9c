import type { FastifyInstance } from 'fastify';
import { createProduct, type ProductSpec } from '../src/seed/factories.ts';
import { call, createBuyerSession, loginSeller } from './helpers.ts';

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
