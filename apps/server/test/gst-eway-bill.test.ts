import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VEHICLE_NUMBER_MESSAGE } from '@ub/shared';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { translateText } from '../src/lib/i18n.ts';
import { call, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();
const schema = JSON.parse(
  readFileSync(new URL('./schemas/ewaybill-bulk-1.0.0621.schema.json', import.meta.url), 'utf8'),
);
const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);

describe('e-way bill', () => {
  it('asks for transport details to ship a Rs 75,000 consignment and gives valid portal JSON', async () => {
    const s = await tradeSetup(t.app, { price: '75000.00', moq: 1, gstPercentage: '18', hsnCode: '84818090' });
    const { id } = (
      await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 1, 'Karnataka')
    ).json();
    await setStatus(t.app, s.seller.token, id, { status: 'processing' });
    const ship = { status: 'shipped', carrier: 'VRL Logistics', trackingNumber: 'VRL1' };
    const missing = await setStatus(t.app, s.seller.token, id, ship);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(
      'This consignment is above Rs 50,000: enter the transport details for its e-way bill.',
    );
    expect(missing.json().fields['transport.transporterName']).toBe('Transporter name is required.');
    // Nothing was written: the order is still processing and has no invoice.
    expect((await call(t.app, 'GET', `/api/orders/${id}`, { token: s.seller.token })).json()).toMatchObject({
      status: 'processing',
      invoiceNumber: null,
    });
    const badVehicle = await setStatus(t.app, s.seller.token, id, {
      ...ship,
      transport: { transporterName: 'VRL', mode: 'road', distanceKm: 840 },
    });
    expect(badVehicle.statusCode).toBe(400);
    expect(badVehicle.json().fields['transport.vehicleNumber']).toBe('Vehicle number is required for road.');
    const ok = await setStatus(t.app, s.seller.token, id, {
      ...ship,
      transport: {
        transporterName: 'VRL Logistics',
        transporterId: '29AAACV1234F1Z5',
        mode: 'road',
        vehicleNumber: 'ka 01 ab 1234',
        distanceKm: 840,
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const ewb = await call(t.app, 'GET', `/api/orders/${id}/eway-bill`, { token: s.seller.token });
    expect(ewb.statusCode).toBe(200);
    const payload = ewb.json().payload;
    expect(validate(payload), JSON.stringify(validate.errors)).toBe(true);
    expect(payload.billLists[0]).toMatchObject({
      docNo: ok.json().invoiceNumber,
      fromPincode: 400093,
      toPincode: 560025,
      fromStateCode: 27,
      actualToStateCode: 29,
      totalValue: 75000,
      igstValue: 13500,
      totInvValue: 88500,
      transMode: 1,
      vehicleNo: 'KA01AB1234',
      transDistance: '840',
    });
    expect(payload.billLists[0].itemList[0]).toMatchObject({ hsnCode: 84818090, qtyUnit: 'PCS', igstRate: 18 });
    expect(ewb.json().ewbNumber).toBeNull();

    const wrong = await call(t.app, 'POST', `/api/orders/${id}/eway-bill`, {
      token: s.seller.token,
      body: { ewbNumber: '12345' },
    });
    expect(wrong.statusCode).toBe(400);
    const set = await call(t.app, 'POST', `/api/orders/${id}/eway-bill`, {
      token: s.seller.token,
      body: { ewbNumber: '181012345678' },
    });
    expect(set.statusCode).toBe(200);
    const pdf = await call(t.app, 'GET', `/api/orders/${id}/invoice.pdf?copy=duplicate`, { token: s.seller.token });
    const file = join(mkdtempSync(join(tmpdir(), 'ub-ewb-')), 'i.pdf');
    writeFileSync(file, pdf.rawPayload);
    expect(execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' })).toMatch(
      /E-way Bill No\.:\s+181012345678/,
    );
  });

  it("refuses a vehicle number the portal would refuse, with the message in the reader's language, and writes nothing", async () => {
    const s = await tradeSetup(t.app, { price: '75000.00', moq: 1, gstPercentage: '18', hsnCode: '84818090' });
    const { id } = (
      await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 1, 'Karnataka')
    ).json();
    await setStatus(t.app, s.seller.token, id, { status: 'processing' });
    const ship = (vehicleNumber: string) => ({
      status: 'shipped',
      carrier: 'VRL Logistics',
      trackingNumber: 'VRL1',
      transport: { transporterName: 'VRL Logistics', mode: 'road', vehicleNumber, distanceKm: 840 },
    });
    // A one-digit RTO code, and letters with no RTO code: both passed the old check, both the portal refuses.
    for (const vehicle of ['dl 1c 1234', 'KA-AB-12']) {
      const bad = await setStatus(t.app, s.seller.token, id, ship(vehicle));
      expect(bad.statusCode, vehicle).toBe(400);
      expect(bad.json().fields['transport.vehicleNumber']).toBe(VEHICLE_NUMBER_MESSAGE);
    }
    // A seller who reads Hindi (the account's language) gets it in Hindi.
    await call(t.app, 'PUT', '/api/auth/language', { token: s.seller.token, body: { language: 'hi' } });
    const hindi = await setStatus(t.app, s.seller.token, id, ship('KAAB12'));
    await call(t.app, 'PUT', '/api/auth/language', { token: s.seller.token, body: { language: 'en' } });
    expect(hindi.statusCode).toBe(400);
    expect(hindi.json().fields['transport.vehicleNumber']).toBe(translateText('hi', VEHICLE_NUMBER_MESSAGE));
    expect(hindi.json().fields['transport.vehicleNumber']).toContain('गाड़ी नंबर');
    // Nothing was written: still processing, no invoice, no e-way bill, no shipped event.
    expect((await call(t.app, 'GET', `/api/orders/${id}`, { token: s.seller.token })).json()).toMatchObject({
      status: 'processing',
      invoiceNumber: null,
    });
    expect((await call(t.app, 'GET', `/api/orders/${id}/eway-bill`, { token: s.seller.token })).statusCode).toBe(404);
    const counts = async () =>
      (
        await t.database.query<{ events: number; bills: number; docs: number }>(
          `select (select count(*)::int from order_events where order_id = $1 and to_status = 'shipped') as events,
                  (select count(*)::int from eway_bills where order_id = $1) as bills,
                  (select count(*)::int from tax_documents where order_id = $1) as docs`,
          [id],
        )
      )[0];
    expect(await counts()).toEqual({ events: 0, bills: 0, docs: 0 });

    // The same number written as the portal wants it ships, stored normalised.
    const ok = await setStatus(t.app, s.seller.token, id, ship('dl 01c 1234'));
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await call(t.app, 'GET', `/api/orders/${id}/eway-bill`, { token: s.seller.token })).json()).toMatchObject({
      vehicleNumber: 'DL01C1234',
    });
  });

  it('ships a consignment at or below Rs 50,000 without transport details and records no e-way bill', async () => {
    const s = await tradeSetup(t.app, { price: '100.00', moq: 1 });
    const { id } = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 1)).json();
    await setStatus(t.app, s.seller.token, id, { status: 'processing' });
    const ok = await setStatus(t.app, s.seller.token, id, { status: 'shipped', carrier: 'BD', trackingNumber: '1' });
    expect(ok.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/orders/${id}/eway-bill`, { token: s.seller.token })).statusCode).toBe(404);
  });
});
