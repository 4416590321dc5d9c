import { describe, expect, it } from 'vitest';
import { transaction } from '../src/lib/transaction.ts';
import { insertOrder } from '../src/modules/orders/commands.ts';
import { buyerOfUser } from '../src/modules/buyers/commands.ts';
import { call, count, loginAdmin, useTestApp } from './helpers.ts';
import { placeOrder, shippingTo, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();

/** Every key path of a JSON value (an array by its first item), sorted, to compare shapes. */
function shape(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return value.length ? shape(value[0], `${path}[]`) : [];
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .flatMap(([k, v]) => {
        const at = path ? `${path}.${k}` : k;
        return [at, ...shape(v, at)];
      })
      .sort();
  }
  return [];
}

describe('one order read model', () => {
  it('answers the seller, the buyer and the admin with the same fields (the admin and the buyer also see the seller)', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const placed = await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 10);
    expect(placed.statusCode).toBe(201);
    const { id } = placed.json();
    const admin = await loginAdmin(t.app);
    const asSeller = await call(t.app, 'GET', `/api/orders/${id}`, { token: seller.token });
    const asBuyer = await call(t.app, 'GET', `/api/buyer/orders/${id}`, { token: buyer.token });
    const asAdmin = await call(t.app, 'GET', `/api/admin/orders/${id}`, { token: admin.token });
    for (const res of [asSeller, asBuyer, asAdmin]) expect(res.statusCode).toBe(200);

    // The buyer's answer is the same read model plus who sold it and the disputes raised on it.
    const buyerExtras = ['disputes', 'seller', 'seller.gstNumber', 'seller.name', 'seller.state'];
    expect(shape(asBuyer.json())).toEqual([...shape(asSeller.json()), ...buyerExtras].sort());
    expect(shape(asAdmin.json())).toEqual([...shape(asSeller.json()), 'manufacturer'].sort());
    expect(shape(asSeller.json())).toEqual(
      expect.arrayContaining(['customer.email', 'products', 'products[].totalPrice', 'timeline', 'timeline[].to']),
    );
    const { manufacturer, ...adminCommon } = asAdmin.json();
    expect(manufacturer).toBe(seller.manufacturer.companyName);
    expect(adminCommon).toEqual(asSeller.json());
    const { seller: soldBy, disputes, ...buyerCommon } = asBuyer.json();
    expect(soldBy.name).toBe(seller.manufacturer.companyName);
    expect(disputes).toEqual([]);
    expect(buyerCommon).toEqual(asSeller.json());
  });

  it("answers 404 for another scope's order in every scope but the admin's", async () => {
    const a = await tradeSetup(t.app);
    const b = await tradeSetup(t.app);
    const { id } = (await placeOrder(t.app, a.buyer.token, a.seller.manufacturer.id, a.product.id)).json();
    expect((await call(t.app, 'GET', `/api/orders/${id}`, { token: b.seller.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/buyer/orders/${id}`, { token: b.buyer.token })).statusCode).toBe(404);
  });
});

describe('the listability rule', () => {
  it("hides a suspended seller's approved product from ordering and from RFQ creation, writing nothing", async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const admin = await loginAdmin(t.app);
    const suspend = await call(t.app, 'POST', `/api/admin/manufacturers/${seller.manufacturer.id}/suspend`, {
      token: admin.token,
      body: { reason: 'Duplicate account' },
    });
    expect(suspend.statusCode).toBe(200);
    const [orders, rfqs] = [await count(t.database, 'orders'), await count(t.database, 'rfqs')];

    const order = await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id);
    expect(order.statusCode).toBe(409);
    const rfq = await call(t.app, 'POST', '/api/buyer/rfqs', {
      token: buyer.token,
      body: {
        manufacturerId: seller.manufacturer.id,
        productId: product.id,
        productName: product.name,
        quantity: 100,
        description: 'Same product, our logo',
      },
    });
    expect(rfq.statusCode).toBe(409);
    expect(await count(t.database, 'orders')).toBe(orders);
    expect(await count(t.database, 'rfqs')).toBe(rfqs);
  });

  it('refuses, inside the order transaction, a product whose seller was suspended after the order read it', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const buyerRow = await buyerOfUser(t.app.db, buyer.user.id);
    await t.database.query(`update manufacturers set status = 'suspended' where id = $1`, [seller.manufacturer.id]);
    const before = await count(t.database, 'orders');
    await expect(
      transaction(t.app.db, (tx) =>
        insertOrder(tx, {
          manufacturerId: seller.manufacturer.id,
          buyer: buyerRow,
          buyerEmail: buyer.user.email,
          lines: [
            {
              productId: product.id,
              name: product.name,
              brand: null,
              category: null,
              hsnCode: product.hsnCode,
              unit: product.unit,
              quantity: 10,
              unitPaise: 10000,
              gstPercentage: 18,
            },
          ],
          shipping: { ...shippingTo(), apartment: undefined },
          paymentMethod: 'NEFT',
          takeStock: true,
          actorUserId: buyer.user.id,
        }),
      ),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await count(t.database, 'orders')).toBe(before);
  });
});
