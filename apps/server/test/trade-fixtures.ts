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
