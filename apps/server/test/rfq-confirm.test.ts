import { ORDER_AWAITING_BUYER_MESSAGE } from '@ub/shared';
import { describe, expect, it } from 'vitest';
import { homeAddress } from './buyer-fixtures.ts';
import { call, createBuyerSession, useTestApp } from './helpers.ts';
import { setStatus, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();

/** An RFQ about the seller's product, quoted by the seller, accepted by the buyer, converted by the seller. */
async function convertedOrder() {
  const { seller, buyer, product } = await tradeSetup(t.app);
  const rfq = await call(t.app, 'POST', '/api/buyer/rfqs', {
    token: buyer.token,
    body: { manufacturerId: seller.manufacturer.id, productId: product.id, productName: product.name, quantity: 300 },
  });
  const rfqId = rfq.json().id as string;
  await call(t.app, 'POST', `/api/rfqs/${rfqId}/quote`, {
    token: seller.token,
    body: { pricePerUnit: 90, quantity: 300 },
  });
  const accepted = await call(t.app, 'POST', `/api/buyer/rfqs/${rfqId}/respond`, {
    token: buyer.token,
    body: { action: 'accept' },
  });
  expect(accepted.json().status).toBe('accepted');
  const converted = await call(t.app, 'POST', `/api/rfqs/${rfqId}/convert`, { token: seller.token, body: {} });
  expect(converted.statusCode).toBe(201);
  const address = (
    await call(t.app, 'POST', '/api/buyer/addresses', {
      token: buyer.token,
      body: homeAddress({
        label: 'Chennai plant',
        line1: '7 Mount Road',
        city: 'Chennai',
        state: 'Tamil Nadu',
        pinCode: '600002',
      }),
    })
  ).json();
  return { seller, buyer, rfqId, order: converted.json(), address };
}

async function notificationsOf(userId: string) {
  return t.database.query<{ type: string; link: string }>(
    'select type, link from notifications where user_id = $1 order by created_at',
    [userId],
  );
}

describe('an order converted from an RFQ waits for the buyer', () => {
  it('waits for the buyer: the seller can only cancel it, and the buyer is asked to confirm', async () => {
    const { seller, buyer, order } = await convertedOrder();
    expect(order).toMatchObject({ awaitingBuyerConfirmation: true, nextStatuses: ['cancelled'] });
    const move = await setStatus(t.app, seller.token, order.id, { status: 'processing' });
    expect(move.statusCode).toBe(409);
    expect(move.json().error).toBe(ORDER_AWAITING_BUYER_MESSAGE);
    expect(await notificationsOf(buyer.user.id)).toContainEqual({
      type: 'order_awaiting_confirmation',
      link: `/buyer/orders/${order.id}`,
    });
  });

  it('takes the address the buyer chooses, tells both sides, and lets the seller go on', async () => {
    const { seller, buyer, order, address } = await convertedOrder();
    const res = await call(t.app, 'POST', `/api/buyer/orders/${order.id}/confirm`, {
      token: buyer.token,
      body: { addressId: address.id },
    });
    expect(res.statusCode).toBe(200);
    const confirmed = res.json();
    expect(confirmed).toMatchObject({
      awaitingBuyerConfirmation: false,
      nextStatuses: ['processing', 'shipped', 'cancelled'],
    });
    expect(confirmed.shippingAddress).toMatchObject({
      street: '7 Mount Road',
      city: 'Chennai',
      state: 'Tamil Nadu',
      zipCode: '600002',
    });
    expect(confirmed.timeline.at(-1).note).toBe('Confirmed by the buyer; ships to Chennai, Tamil Nadu 600002');
    expect(await notificationsOf(seller.user.id)).toContainEqual({
      type: 'order_confirmed',
      link: `/dashboard/orders/${order.id}`,
    });
    expect(await notificationsOf(buyer.user.id)).toContainEqual({
      type: 'order_confirmed',
      link: `/buyer/orders/${order.id}`,
    });
    expect((await setStatus(t.app, seller.token, order.id, { status: 'processing' })).statusCode).toBe(200);

    const again = await call(t.app, 'POST', `/api/buyer/orders/${order.id}/confirm`, {
      token: buyer.token,
      body: { addressId: address.id },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('This order is already confirmed.');
  });

  it("refuses another buyer (404) and another buyer's address (404), changing nothing", async () => {
    const { buyer, order } = await convertedOrder();
    const other = await createBuyerSession(t.app);
    const theirs = (
      await call(t.app, 'POST', '/api/buyer/addresses', { token: other.token, body: homeAddress() })
    ).json();
    const foreign = await call(t.app, 'POST', `/api/buyer/orders/${order.id}/confirm`, {
      token: other.token,
      body: { addressId: theirs.id },
    });
    expect(foreign.statusCode).toBe(404);
    const wrongAddress = await call(t.app, 'POST', `/api/buyer/orders/${order.id}/confirm`, {
      token: buyer.token,
      body: { addressId: theirs.id },
    });
    expect(wrongAddress.statusCode).toBe(404);
    expect(wrongAddress.json().error).toBe('Address not found');
    const detail = (await call(t.app, 'GET', `/api/buyer/orders/${order.id}`, { token: buyer.token })).json();
    expect(detail.awaitingBuyerConfirmation).toBe(true);
  });

  it('lets the seller cancel an order still awaiting confirmation, which then cannot be confirmed', async () => {
    const { seller, buyer, order, address } = await convertedOrder();
    const cancel = await setStatus(t.app, seller.token, order.id, { status: 'cancelled', reason: 'Buyer unreachable' });
    expect(cancel.statusCode).toBe(200);
    const res = await call(t.app, 'POST', `/api/buyer/orders/${order.id}/confirm`, {
      token: buyer.token,
      body: { addressId: address.id },
    });
    expect(res.statusCode).toBe(409);
  });

  it('lists the buyer RFQs by tab and search', async () => {
    const { buyer } = await convertedOrder();
    const list = async (q: string) =>
      (await call(t.app, 'GET', `/api/buyer/rfqs?${q}`, { token: buyer.token })).json().orders as { status: string }[];
    expect((await list('tab=accepted')).map((r) => r.status)).toEqual(['accepted']);
    expect(await list('tab=open')).toEqual([]);
    expect(await list('q=no-such-thing')).toEqual([]);
    expect(await list('q=product')).toHaveLength(1);
  });
});
