import { VEHICLE_NUMBER_MESSAGE } from '@ub/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ewayBillProvider,
  ewayBillValidUntil,
  LocalEwayBillPortal,
  NicEwayBillProvider,
  type VehicleUpdate,
} from '../src/modules/tax-documents/providers/ewaybill.ts';
import { type EwayBillFake, startEwayBillFake } from './fakes/ewaybill-fake.ts';
import { call, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();
const saved = process.env.EWAYBILL_PROVIDER;
afterEach(() => {
  (ewayBillProvider({ EWAYBILL_PROVIDER: 'simulator' }) as LocalEwayBillPortal).reset();
  if (saved === undefined) delete process.env.EWAYBILL_PROVIDER;
  else process.env.EWAYBILL_PROVIDER = saved;
});

const transport = {
  transporterName: 'VRL Logistics',
  transporterId: '29AAACV1234F1Z5',
  mode: 'road',
  vehicleNumber: 'KA01AB1234',
  distanceKm: 840,
};
const ist = (text: string) => new Date(`${text}+05:30`);

/** A Rs 88,500 consignment (Rs 75,000 + 18% IGST) shipped with its transport details. */
async function shipped() {
  const s = await tradeSetup(t.app, { price: '75000.00', moq: 1, gstPercentage: '18', hsnCode: '84818090' });
  const { id } = (
    await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 1, 'Karnataka')
  ).json();
  await setStatus(t.app, s.seller.token, id, { status: 'processing' });
  const res = await setStatus(t.app, s.seller.token, id, {
    status: 'shipped',
    carrier: 'VRL Logistics',
    trackingNumber: 'VRL1',
    transport,
  });
  expect(res.statusCode, res.body).toBe(200);
  const ewb = (path = '', body?: Record<string, unknown>) =>
    call(t.app, body ? 'POST' : 'GET', `/api/orders/${id}/eway-bill${path}`, { token: s.seller.token, body });
  return { s, id: id as string, ewb };
}

const newVehicle = {
  mode: 'road',
  vehicleNumber: 'KA 05 MN 4321',
  fromPlace: 'Hubballi',
  fromStateCode: '29',
  reasonCode: '1',
  reasonRemark: 'Truck broke down near Hubballi',
};

describe('e-way bill validity', () => {
  it('gives one day per 200 km or part of it, each day ending at 11:59 PM IST the day after', () => {
    const at = ist('2026-11-24T10:00:00');
    const end = (km: number) => ewayBillValidUntil(at, km).toISOString();
    expect(end(150)).toBe(ist('2026-11-25T23:59:00').toISOString());
    expect(end(200)).toBe(ist('2026-11-25T23:59:00').toISOString());
    expect(end(201)).toBe(ist('2026-11-26T23:59:00').toISOString());
    expect(end(840)).toBe(ist('2026-11-29T23:59:00').toISOString());
    // Generated at 11:30 PM IST (18:00 UTC): the day is India's, not UTC's.
    expect(ewayBillValidUntil(ist('2026-11-24T23:30:00'), 100).toISOString()).toBe(
      ist('2026-11-25T23:59:00').toISOString(),
    );
    // Over-dimensional cargo: 20 km a day.
    expect(ewayBillValidUntil(at, 41, true).toISOString()).toBe(ist('2026-11-27T23:59:00').toISOString());
  });
});

describe('e-way bill lifecycle through the local portal simulator', () => {
  it('stores the validity, updates the vehicle (Part-B) and cancels within 24 hours', async () => {
    process.env.EWAYBILL_PROVIDER = 'simulator';
    const { ewb } = await shipped();
    const bill = (await ewb()).json();
    expect(bill.ewbNumber).toMatch(/^\d{12}$/);
    expect(bill.managed).toBe(true);
    expect(bill.validUntil).toBe(ewayBillValidUntil(new Date(bill.ewbDate), 840).toISOString());
    expect(new Date(bill.cancellableUntil).getTime() - new Date(bill.ewbDate).getTime()).toBe(24 * 3_600_000);

    // A vehicle number no RTO series has: refused by the same rule the portal applies, before it is asked.
    const odd = await ewb('/vehicle', { ...newVehicle, vehicleNumber: 'KAAB12' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().fields.vehicleNumber).toBe(VEHICLE_NUMBER_MESSAGE);
    const missing = await ewb('/vehicle', { ...newVehicle, fromPlace: '', reasonCode: '3', reasonRemark: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toMatchObject({
      fromPlace: 'Enter the place the goods move from.',
      reasonRemark: 'Say what the reason is.',
    });
    expect((await ewb()).json().vehicleNumber).toBe('KA01AB1234');

    const updated = await ewb('/vehicle', newVehicle);
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      vehicleNumber: 'KA05MN4321',
      fromPlace: 'Hubballi',
      fromStateCode: '29',
      // A change of vehicle does not extend the validity, which ran from the first Part-B.
      validUntil: bill.validUntil,
    });
    expect(updated.json().vehicleUpdatedAt).not.toBeNull();

    const cancelNoReason = await ewb('/cancel', { reasonCode: '4', remark: '' });
    expect(cancelNoReason.statusCode).toBe(400);
    expect(cancelNoReason.json().fields.remark).toBe('Say what the reason is.');
    const cancelled = await ewb('/cancel', { reasonCode: '2', remark: 'Buyer cancelled the order' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ cancelReasonCode: '2', cancelRemark: 'Buyer cancelled the order' });
    expect(cancelled.json().cancelledAt).not.toBeNull();
    const again = await ewb('/cancel', { reasonCode: '1', remark: '' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatch(/^This e-way bill was cancelled on \d{2}\/\d{2}\/\d{4} .+ IST\.$/);
    expect((await ewb('/vehicle', newVehicle)).statusCode).toBe(409);
  });

  it('refuses to cancel 24 hours after generation, in its own check, and says when it was generated', async () => {
    process.env.EWAYBILL_PROVIDER = 'simulator';
    const { id, ewb } = await shipped();
    await t.database.query(`update eway_bills set ewb_date = now() - interval '25 hours' where order_id = $1`, [id]);
    const late = await ewb('/cancel', { reasonCode: '2', remark: 'Order cancelled' });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toMatch(
      /^An e-way bill can be cancelled only within 24 hours of its generation; this one was generated on \d{2}\/\d{2}\/\d{4} /,
    );
    expect((await ewb()).json().cancelledAt).toBeNull();
  });

  it('the simulator itself answers like NIC: 315 for a cancellation after 24 hours, 225 and 304 for a bad vehicle', async () => {
    let now = ist('2026-11-24T10:00:00');
    const portal = new LocalEwayBillPortal(() => now);
    const bill = (vehicleNo: string, docNo: string) => ({
      billLists: [{ fromGstin: '27AAPFU0939F1ZV', docType: 'INV', docNo, vehicleNo, transDistance: '250' }],
    });
    await expect(portal.generate(bill('MH12', 'A/1'))).rejects.toMatchObject({ code: '225' });
    const made = await portal.generate(bill('MH12AB1234', 'A/2'));
    expect(made.validUpto?.toISOString()).toBe(ist('2026-11-26T23:59:00').toISOString());
    await expect(portal.generate(bill('MH12AB1234', 'A/2'))).rejects.toMatchObject({ code: '604' });
    now = ist('2026-11-25T10:00:01');
    await expect(portal.cancel(Number(made.ewbNumber), 2, 'late')).rejects.toMatchObject({
      code: '315',
      message: 'The e-way bill portal refused it: Validity period lapsed, you cannot cancel this eway bill (315).',
    });
    now = ist('2026-11-27T00:00:00');
    const change: VehicleUpdate = {
      ewbNo: Number(made.ewbNumber),
      vehicleNo: 'MH14CD5678',
      fromPlace: 'Pune',
      fromState: 27,
      reasonCode: '1',
      reasonRem: 'breakdown',
      transDocNo: '',
      transDocDate: '',
      transMode: '1',
      vehicleType: 'R',
    };
    await expect(portal.updateVehicle({ ...change, vehicleNo: 'KAAB12' })).rejects.toMatchObject({ code: '304' });
    await expect(portal.updateVehicle(change)).rejects.toMatchObject({ code: '311' });
  });

  it('with the local provider (the seller works on the portal) offers no update or cancel here', async () => {
    process.env.EWAYBILL_PROVIDER = 'local';
    const { ewb } = await shipped();
    expect((await ewb()).json()).toMatchObject({ managed: false, ewbNumber: null, validUntil: null });
    const noNumber = await ewb('/cancel', { reasonCode: '1', remark: '' });
    expect(noNumber.statusCode).toBe(409);
    expect(noNumber.json().error).toBe('This e-way bill has no number yet: enter the number the portal gave first.');
    const entered = await ewb('', { ewbNumber: '181012345678' });
    // The number the seller enters gets the validity the rules give for its distance.
    expect(entered.json().validUntil).toBe(ewayBillValidUntil(new Date(entered.json().ewbDate), 840).toISOString());
    const onPortal = await ewb('/vehicle', newVehicle);
    expect(onPortal.statusCode).toBe(409);
    expect(onPortal.json().error).toBe(
      'E-way bills here are generated by you on the portal: update or cancel this one at ewaybillgst.gov.in.',
    );
  });
});

describe('VEHEWB and CANEWB through the NIC adapter (a local fake)', () => {
  const CREDS = { clientId: 'gsp-client', clientSecret: 'gsp-secret', username: 'seller_api', password: 'Api#Pass1' };
  let fake: EwayBillFake;
  beforeAll(async () => {
    fake = await startEwayBillFake(CREDS);
  });
  afterAll(() => fake.close());

  it('sends the documented bodies, reads the answers and maps 304 and 315', async () => {
    const nic = new NicEwayBillProvider({ baseUrl: fake.url, ...CREDS, gstin: '27AAPFU0939F1ZV' });
    const generatedAt = ist('2026-11-24T10:00:00');
    fake.now = () => generatedAt;
    const made = await nic.generate({
      billLists: [
        {
          userGstin: '27AAPFU0939F1ZV',
          supplyType: 'O',
          docType: 'INV',
          docNo: 'L/2627/00001',
          docDate: '24/11/2026',
          fromGstin: '27AAPFU0939F1ZV',
          fromStateCode: 27,
          toStateCode: 29,
          transType: 1,
          totInvValue: 88500,
          transDistance: '840',
          itemList: [{ itemNo: 1 }],
        },
      ],
    });
    expect(made.validUpto?.toISOString()).toBe(ist('2026-11-29T23:59:00').toISOString());
    const change: VehicleUpdate = {
      ewbNo: Number(made.ewbNumber),
      vehicleNo: 'KA05MN4321',
      fromPlace: 'Hubballi',
      fromState: 29,
      reasonCode: '1',
      reasonRem: 'Breakdown',
      transDocNo: '',
      transDocDate: '',
      transMode: '1',
      vehicleType: 'R',
    };
    fake.now = () => ist('2026-11-24T15:30:00');
    const updated = await nic.updateVehicle(change);
    expect(updated.updatedAt?.toISOString()).toBe(ist('2026-11-24T15:30:00').toISOString());
    expect(updated.validUpto?.toISOString()).toBe(ist('2026-11-29T23:59:00').toISOString());
    expect(fake.requests.at(-1)?.body).toEqual({ action: 'VEHEWB', data: change });
    await expect(nic.updateVehicle({ ...change, vehicleNo: 'KAAB12' })).rejects.toMatchObject({
      code: '304',
      message: 'The e-way bill portal refused it: Invalid vehicle format (304).',
    });

    fake.now = () => ist('2026-11-25T10:00:01');
    await expect(nic.cancel(Number(made.ewbNumber), 2, 'Order cancelled')).rejects.toMatchObject({
      code: '315',
      retryable: false,
    });
    fake.now = () => ist('2026-11-25T09:59:00');
    const cancelled = await nic.cancel(Number(made.ewbNumber), 2, 'Order cancelled');
    expect(cancelled.cancelledAt?.toISOString()).toBe(ist('2026-11-25T09:59:00').toISOString());
    expect(fake.requests.at(-1)?.body).toEqual({
      action: 'CANEWB',
      data: { ewbNo: Number(made.ewbNumber), cancelRsnCode: 2, cancelRmrk: 'Order cancelled' },
    });
    await expect(nic.cancel(Number(made.ewbNumber), 2, 'again')).rejects.toMatchObject({ code: '312' });
  });
});
