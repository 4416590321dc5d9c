import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiBillOf,
  ewayBillProvider,
  localEwayBillProvider,
  NicEwayBillProvider,
  nicDate,
} from '../src/modules/tax-documents/providers/ewaybill.ts';
import { type EwayBillFake, startEwayBillFake } from './fakes/ewaybill-fake.ts';
import { call, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();
const CREDS = { clientId: 'gsp-client', clientSecret: 'gsp-secret', username: 'seller_api', password: 'Api#Pass1' };
let fake: EwayBillFake;
const ENV_KEYS = [
  'EWAYBILL_PROVIDER',
  'EWAYBILL_API_URL',
  'EWAYBILL_CLIENT_ID',
  'EWAYBILL_CLIENT_SECRET',
  'EWAYBILL_USERNAME',
  'EWAYBILL_PASSWORD',
  'EWAYBILL_GSTIN',
];
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  fake = await startEwayBillFake(CREDS);
  for (const k of ENV_KEYS) saved[k] = process.env[k];
});
afterAll(async () => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
  await fake.close();
});

const nicEnv = () => ({
  EWAYBILL_PROVIDER: 'nic',
  EWAYBILL_API_URL: fake.url,
  EWAYBILL_CLIENT_ID: CREDS.clientId,
  EWAYBILL_CLIENT_SECRET: CREDS.clientSecret,
  EWAYBILL_USERNAME: CREDS.username,
  EWAYBILL_PASSWORD: CREDS.password,
  EWAYBILL_GSTIN: '27AAPFU0939F1ZV',
});

const transport = {
  transporterName: 'VRL Logistics',
  transporterId: '29AAACV1234F1Z5',
  mode: 'road',
  vehicleNumber: 'KA01AB1234',
  distanceKm: 840,
};

describe('e-way bills through the NIC e-way bill API (a local fake)', () => {
  it('keeps the local provider by default and refuses a NIC setup without its credentials', () => {
    expect(ewayBillProvider({})).toBe(localEwayBillProvider);
    expect(() => ewayBillProvider({ EWAYBILL_PROVIDER: 'nic', EWAYBILL_API_URL: fake.url })).toThrow(
      /EWAYBILL_PROVIDER=nic needs EWAYBILL_CLIENT_ID, EWAYBILL_CLIENT_SECRET/,
    );
    expect(() => ewayBillProvider({ EWAYBILL_PROVIDER: 'gsp' })).toThrow(/use local, simulator or nic/);
  });

  it('reads the portal dates in IST, AM and PM', () => {
    expect(nicDate('24/11/2026 11:05:00 AM')?.toISOString()).toBe('2026-11-24T05:35:00.000Z');
    expect(nicDate('24/11/2026 12:30:00 AM')?.toISOString()).toBe('2026-11-23T19:00:00.000Z');
    expect(nicDate('24/11/2026 01:00:00 PM')?.toISOString()).toBe('2026-11-24T07:30:00.000Z');
    expect(nicDate('not a date')).toBeNull();
  });

  it('generates the e-way bill when the order ships and records its number; a portal that is down stops the shipment', async () => {
    Object.assign(process.env, nicEnv());
    const s = await tradeSetup(t.app, { price: '75000.00', moq: 1, gstPercentage: '18', hsnCode: '84818090' });
    const ship = async () => {
      const { id } = (
        await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 1, 'Karnataka')
      ).json();
      await setStatus(t.app, s.seller.token, id, { status: 'processing' });
      return {
        id: id as string,
        res: await setStatus(t.app, s.seller.token, id, {
          status: 'shipped',
          carrier: 'VRL Logistics',
          trackingNumber: 'VRL1',
          transport,
        }),
      };
    };
    const first = await ship();
    expect(first.res.statusCode, first.res.body).toBe(200);
    const ewb = (await call(t.app, 'GET', `/api/orders/${first.id}/eway-bill`, { token: s.seller.token })).json();
    expect(ewb.ewbNumber).toMatch(/^\d{12}$/);
    const [row] = await t.database.query<{ ewb_date: Date }>('select ewb_date from eway_bills where order_id = $1', [
      first.id,
    ]);
    expect(new Date(row?.ewb_date as Date).getTime()).toBeGreaterThan(Date.now() - 120_000);
    // What reached the portal: the API's GENEWAYBILL body, Part A and Part B of the invoice as issued.
    const sent = fake.requests.find((r) => r.path === '/ewaybillapi/v1.03/ewayapi');
    expect(sent?.headers).toMatchObject({ 'client-id': CREDS.clientId, gstin: '27AAPFU0939F1ZV' });
    expect(sent?.body).toMatchObject({
      action: 'GENEWAYBILL',
      data: {
        docNo: first.res.json().invoiceNumber,
        transactionType: 1,
        fromStateCode: 27,
        toStateCode: 29,
        totInvValue: 88500,
        vehicleNo: 'KA01AB1234',
        transDistance: '840',
      },
    });
    expect((sent?.body.data as Record<string, unknown> | undefined)?.userGstin).toBeUndefined();

    // A second shipment reuses the token; after the portal forgets it, one new sign-in and it goes through.
    expect((await ship()).res.statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.path === '/ewaybillapi/v1.03/auth')).toHaveLength(1);
    fake.expireTokens();
    expect((await ship()).res.statusCode).toBe(200);
    expect(fake.requests.filter((r) => r.path === '/ewaybillapi/v1.03/auth')).toHaveLength(2);

    // The portal down: nothing shipped, no invoice number used, and the seller is told to try again.
    fake.down = true;
    const down = await ship();
    fake.down = false;
    expect(down.res.statusCode).toBe(409);
    expect(down.res.json().error).toBe(
      'The e-way bill portal is unavailable. The order is not marked shipped; try again in a few minutes.',
    );
    const after = (await call(t.app, 'GET', `/api/orders/${down.id}`, { token: s.seller.token })).json();
    expect(after).toMatchObject({ status: 'processing', invoiceNumber: null });
    const retried = await setStatus(t.app, s.seller.token, down.id, {
      status: 'shipped',
      carrier: 'VRL Logistics',
      trackingNumber: 'VRL1',
      transport,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(fake.bills.size).toBe(4);
  });

  it('maps a refusal to its code and message, and an unreachable portal to a retryable error', async () => {
    const nic = new NicEwayBillProvider({ baseUrl: fake.url, ...CREDS, gstin: '27AAPFU0939F1ZV' });
    const bill = {
      billLists: [
        {
          userGstin: '27AAPFU0939F1ZV',
          supplyType: 'O',
          docType: 'INV',
          docNo: 'X/2627/00001',
          docDate: '24/11/2026',
          fromGstin: '27AAPFU0939F1ZV',
          fromStateCode: 27,
          toStateCode: 29,
          transType: 1,
          totInvValue: 60000,
          transDistance: '100',
          itemList: [{ itemNo: 1 }],
        },
      ],
    };
    expect(apiBillOf(bill)).toMatchObject({ transactionType: 1, docNo: 'X/2627/00001' });
    expect((await nic.generate(bill)).ewbNumber).toMatch(/^\d{12}$/);
    await expect(nic.generate(bill)).rejects.toMatchObject({
      code: '604',
      retryable: false,
      message: 'The e-way bill portal refused it: An e-way bill is already generated for this document number (604).',
    });
    const partA = structuredClone(bill);
    (partA.billLists[0] as Record<string, unknown>).docNo = 'X/2627/00002';
    (partA.billLists[0] as Record<string, unknown>).itemList = [];
    await expect(nic.generate(partA)).rejects.toMatchObject({ code: '402' });
    const wrongUser = new NicEwayBillProvider({ baseUrl: fake.url, ...CREDS, password: 'x', gstin: '27AAPFU0939F1ZV' });
    await expect(wrongUser.generate(bill)).rejects.toMatchObject({ code: '108', retryable: false });
    const unreachable = new NicEwayBillProvider({ baseUrl: 'http://127.0.0.1:1', ...CREDS, gstin: '27AAPFU0939F1ZV' });
    await expect(unreachable.generate(bill)).rejects.toMatchObject({ code: 'NETWORK', retryable: true });
  });
});
