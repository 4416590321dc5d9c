import { describe, expect, it } from 'vitest';
import { call, loginAdmin, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup, payOrder } from './trade-fixtures.ts';

const t = useTestApp();

type Item = { title: string; type: string; link: string | null; message: string };

async function buyerList(token: string): Promise<Item[]> {
  const res = await call(t.app, 'GET', '/api/notifications?pageSize=100', { token });
  expect(res.statusCode).toBe(200);
  return (res.json().notifications as Item[]).reverse();
}

describe("a buyer's notifications follow their RFQs and orders", () => {
  it('tells the buyer of every step of an order, each linking to the order in the buyer area', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const admin = await loginAdmin(t.app);
    const placed = await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id);
    expect(placed.statusCode).toBe(201);
    const id = placed.json().id as string;
    expect(await buyerList(buyer.token)).toEqual([]);

    await payOrder(t.app, buyer.token, id);
    await setStatus(t.app, seller.token, id, { status: 'processing' });
    await setStatus(t.app, seller.token, id, {
      status: 'shipped',
      carrier: 'Delhivery',
      trackingNumber: 'DL123',
    });
    await setStatus(t.app, seller.token, id, { status: 'delivered' });
    const dispute = await call(t.app, 'POST', `/api/buyer/orders/${id}/disputes`, {
      token: buyer.token,
      body: { reason: 'Two cartons arrived crushed' },
    });
    expect(dispute.statusCode).toBe(201);
    const disputeId = dispute.json().id as string;
    await call(t.app, 'PATCH', `/api/admin/disputes/${disputeId}`, {
      token: admin.token,
      body: { status: 'under_review', notes: 'Asked the seller for photos' },
    });
    await call(t.app, 'PATCH', `/api/admin/disputes/${disputeId}`, {
      token: admin.token,
      body: { status: 'resolved_buyer', notes: 'Refund of two cartons agreed' },
    });

    const list = await buyerList(buyer.token);
    // Resolved for the buyer: the refund is issued in the same transaction (its notice and the resolution's).
    expect(list.map((n) => n.title).sort()).toEqual(
      [
        'Payment received',
        'Order accepted',
        'Order shipped',
        'Order delivered',
        'Dispute opened',
        'Dispute updated',
        'Refund issued',
        'Dispute resolved',
      ].sort(),
    );
    expect(new Set(list.map((n) => n.link))).toEqual(new Set([`/buyer/orders/${id}`]));
    expect(list[2]?.message).toContain('DL123');
    expect(list.find((n) => n.title === 'Dispute resolved')?.message).toContain('Refund of two cartons agreed');
    // The seller's own list is untouched by the buyer's notices: only what the seller hears about.
    const sellerTitles = (await call(t.app, 'GET', '/api/notifications?pageSize=100', { token: seller.token }))
      .json()
      .notifications.map((n: Item) => n.title);
    expect(sellerTitles).not.toContain('Order shipped');
  });

  it('tells the buyer when the seller cancels, but not when the buyer cancels', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const first = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json().id as string;
    const second = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json().id as string;
    await setStatus(t.app, seller.token, first, { status: 'cancelled', reason: 'Out of raw material' });
    await call(t.app, 'POST', `/api/buyer/orders/${second}/cancel`, {
      token: buyer.token,
      body: { reason: 'Ordered twice' },
    });
    const list = await buyerList(buyer.token);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      type: 'order_update',
      title: 'Order cancelled',
      link: `/buyer/orders/${first}`,
    });
    expect(list[0]?.message).toContain('cancelled by the seller: Out of raw material');
  });

  it("tells the buyer of the seller's quote, counter offer and the RFQ's conversion to an order", async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const rfq = await call(t.app, 'POST', '/api/buyer/rfqs', {
      token: buyer.token,
      body: { manufacturerId: seller.manufacturer.id, productName: 'Wooden puzzle', quantity: 500 },
    });
    const id = rfq.json().id as string;
    await call(t.app, 'POST', `/api/rfqs/${id}/quote`, {
      token: seller.token,
      body: { pricePerUnit: 95, quantity: 500 },
    });
    await call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, {
      token: buyer.token,
      body: { action: 'counter', pricePerUnit: 80, quantity: 500 },
    });
    await call(t.app, 'POST', `/api/rfqs/${id}/counter`, {
      token: seller.token,
      body: { pricePerUnit: 88, quantity: 500 },
    });
    await call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, { token: buyer.token, body: { action: 'accept' } });
    const converted = await call(t.app, 'POST', `/api/rfqs/${id}/convert`, {
      token: seller.token,
      body: { gstPercentage: 18 },
    });
    expect(converted.statusCode).toBe(201);
    const list = await buyerList(buyer.token);
    expect(list.map((n) => [n.type, n.title, n.link])).toEqual([
      ['rfq_quote', 'New quote', `/buyer/rfqs/${id}`],
      ['rfq_quote', 'Counter offer', `/buyer/rfqs/${id}`],
      // The converted order waits for the buyer to choose the address and confirm it, on the order's own page.
      ['order_awaiting_confirmation', 'Confirm your order', `/buyer/orders/${converted.json().id}`],
    ]);
    expect(list[1]?.message).toContain('₹88');
  });
});
