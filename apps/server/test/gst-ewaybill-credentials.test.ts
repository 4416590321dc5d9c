import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { open, parseSecretKey } from '../src/lib/secret-box.ts';
import { createProduct, makeGstin } from '../src/seed/factories.ts';
import { type EwayBillFake, startEwayBillFake } from './fakes/ewaybill-fake.ts';
import { call, createBuyerSession, loginSeller, useTestApp } from './helpers.ts';
import { placeOrder, setStatus } from './trade-fixtures.ts';

/**
 * A seller's own NIC e-way bill API user: the portal takes a GSTIN's e-way bills only from that GSTIN's user, so with
 * EWAYBILL_PROVIDER=nic each seller's bills go out under their own credentials (a local fake of the API here, which
 * proves the requests we send, not NIC's servers).
 */
const t = useTestApp();
const KEY = randomBytes(32).toString('base64');
const DEPLOYMENT = { clientId: 'gsp-client', clientSecret: 'gsp-secret', username: 'platform_api', password: 'P#1' };
const DEPLOYMENT_GSTIN = '27AAPFU0939F1ZV';
const ENV_KEYS = [
  'EINVOICE_CREDENTIALS_KEY',
  'EWAYBILL_PROVIDER',
  'EWAYBILL_API_URL',
  'EWAYBILL_CLIENT_ID',
  'EWAYBILL_CLIENT_SECRET',
  'EWAYBILL_USERNAME',
  'EWAYBILL_PASSWORD',
  'EWAYBILL_GSTIN',
];
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
let fake: EwayBillFake;
beforeAll(async () => {
  fake = await startEwayBillFake(DEPLOYMENT);
});
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});
afterAll(() => fake.close());

const useNic = () =>
  Object.assign(process.env, {
    EINVOICE_CREDENTIALS_KEY: KEY,
    EWAYBILL_PROVIDER: 'nic',
    EWAYBILL_API_URL: fake.url,
    EWAYBILL_CLIENT_ID: DEPLOYMENT.clientId,
    EWAYBILL_CLIENT_SECRET: DEPLOYMENT.clientSecret,
    EWAYBILL_USERNAME: DEPLOYMENT.username,
    EWAYBILL_PASSWORD: DEPLOYMENT.password,
    EWAYBILL_GSTIN: DEPLOYMENT_GSTIN,
  });

const transport = {
  transporterName: 'VRL Logistics',
  transporterId: '29AAACV1234F1Z5',
  mode: 'road',
  vehicleNumber: 'KA01AB1234',
  distanceKm: 840,
};

/** A Karnataka seller (not the deployment's GSTIN) with a Rs 75,000 product and an order of it in processing. */
async function karnatakaSeller() {
  const gstin = makeGstin('29');
  const seller = await loginSeller(t.app, { gstNumber: gstin });
  const buyer = await createBuyerSession(t.app);
  const product = await createProduct(t.app.db, seller.manufacturer.id, {
    price: '75000.00',
    moq: 1,
    stock: 100,
    gstPercentage: '18',
    hsnCode: '84818090',
  });
  const order = async () => {
    const { id } = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id, 1, 'Maharashtra')).json();
    await setStatus(t.app, seller.token, id, { status: 'processing' });
    return id as string;
  };
  return { gstin, seller, order };
}

const ship = (token: string, id: string) =>
  setStatus(t.app, token, id, { status: 'shipped', carrier: 'VRL Logistics', trackingNumber: 'VRL1', transport });

describe("a seller's own e-way bill portal credentials", () => {
  it('are stored sealed and never sent back; without a server key nothing is stored', async () => {
    const { seller } = await karnatakaSeller();
    const put = (body: unknown) =>
      call(t.app, 'PUT', '/api/settings/ewaybill-credentials', { token: seller.token, body });
    delete process.env.EINVOICE_CREDENTIALS_KEY;
    const noKey = await put({ username: 'ka_api', password: 'Ka#Pass1' });
    expect(noKey.statusCode).toBe(409);
    expect(noKey.json().error).toMatch(/cannot store e-way bill credentials yet/);
    expect(await t.database.query('select * from seller_ewaybill_credentials')).toHaveLength(0);

    process.env.EINVOICE_CREDENTIALS_KEY = KEY;
    const empty = await put({ username: '', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toMatchObject({
      username: 'Enter the API user name from the e-way bill portal.',
      password: 'Enter the API password.',
    });
    const ok = await put({ username: ' ka_api ', password: 'Ka#Pass1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ username: 'ka_api', saved: true });
    expect(ok.body).not.toContain('Ka#Pass1');
    const got = await call(t.app, 'GET', '/api/settings/ewaybill-credentials', { token: seller.token });
    expect(got.json()).toMatchObject({ username: 'ka_api', saved: true });
    expect(got.body).not.toContain('Ka#Pass1');
    const [row] = await t.database.query<{ password_sealed: string }>(
      'select password_sealed from seller_ewaybill_credentials where manufacturer_id = $1',
      [seller.manufacturer.id],
    );
    expect(row?.password_sealed).not.toContain('Ka#Pass1');
    const key = parseSecretKey(KEY) as Buffer;
    expect(open(row?.password_sealed ?? '', key, `ewaybill:${seller.manufacturer.id}`)).toBe('Ka#Pass1');
    // Bound to the e-way bill portal: it does not open as the seller's e-invoice password.
    expect(() => open(row?.password_sealed ?? '', key, seller.manufacturer.id)).toThrow();

    const gone = await call(t.app, 'DELETE', '/api/settings/ewaybill-credentials', { token: seller.token });
    expect(gone.json()).toMatchObject({ username: null, saved: false });
  });

  it("sign the seller's e-way bills in as the seller's own API user, and a seller without one is told to enter it", async () => {
    useNic();
    const ka = await karnatakaSeller();
    const first = await ka.order();
    fake.requests.length = 0;
    const refused = await ship(ka.seller.token, first);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(
      'Enter your e-way bill portal API user name and password in Settings, GST, to generate e-way bills here. The order is not marked shipped.',
    );
    // Nothing went to the portal under the deployment's user, and nothing was shipped.
    expect(fake.requests).toEqual([]);
    expect((await call(t.app, 'GET', `/api/orders/${first}`, { token: ka.seller.token })).json()).toMatchObject({
      status: 'processing',
      invoiceNumber: null,
    });

    fake.users.set('ka_api', { password: 'Ka#Pass1', gstin: ka.gstin });
    const put = await call(t.app, 'PUT', '/api/settings/ewaybill-credentials', {
      token: ka.seller.token,
      body: { username: 'ka_api', password: 'Ka#Pass1' },
    });
    expect(put.statusCode, put.body).toBe(200);
    const shipped = await ship(ka.seller.token, first);
    expect(shipped.statusCode, shipped.body).toBe(200);
    const auth = fake.requests.find((r) => r.path === '/ewaybillapi/v1.03/auth');
    expect(auth?.body).toMatchObject({ action: 'ACCESSTOKEN', username: 'ka_api', password: 'Ka#Pass1' });
    expect(auth?.headers).toMatchObject({ gstin: ka.gstin, 'client-id': DEPLOYMENT.clientId });
    const gen = fake.requests.find((r) => r.body.action === 'GENEWAYBILL');
    expect(gen?.headers.gstin).toBe(ka.gstin);
    expect((gen?.body.data as { fromGstin: string } | undefined)?.fromGstin).toBe(ka.gstin);
    const bill = (await call(t.app, 'GET', `/api/orders/${first}/eway-bill`, { token: ka.seller.token })).json();
    expect(bill.ewbNumber).toMatch(/^\d{12}$/);

    // The Part-B update goes out under the same user.
    const moved = await call(t.app, 'POST', `/api/orders/${first}/eway-bill/vehicle`, {
      token: ka.seller.token,
      body: {
        mode: 'road',
        vehicleNumber: 'KA05MN4321',
        fromPlace: 'Hubballi',
        fromStateCode: '29',
        reasonCode: '1',
        reasonRemark: '',
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(fake.requests.find((r) => r.body.action === 'VEHEWB')?.headers.gstin).toBe(ka.gstin);

    // A wrong password stored: the portal's refusal, nothing shipped.
    await call(t.app, 'PUT', '/api/settings/ewaybill-credentials', {
      token: ka.seller.token,
      body: { username: 'ka_api', password: 'wrong' },
    });
    const second = await ka.order();
    const wrong = await ship(ka.seller.token, second);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json().error).toMatch(/\(108\)/);
  });
});
