import {
  EWAY_BILL_CANCEL_HOURS,
  EWAY_BILL_MESSAGES,
  EWAY_BILL_THRESHOLD_PAISE,
  ewayBillLimitPaise,
  type ewayBillCancelSchema,
  type ewayBillVehicleSchema,
  type transportSchema,
} from '@ub/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { ewayBills, orders } from '../../db/schema/index.ts';
import type { Scope } from '../../lib/deps.ts';
import { badRequest, conflict, msg, notFound } from '../../lib/errors.ts';
import { invoiceOf, type TaxDocumentRow } from './commands.ts';
import { placeOf } from './einvoice.ts';
import { sellerEwayBillProvider } from './ewaybill-credentials.ts';
import {
  type EwayBillAnswer,
  EwayBillError,
  ewayBillProvider,
  ewayBillValidUntil,
  portalDate,
} from './providers/ewaybill.ts';
import type { FrozenDocument } from './types.ts';

export type Transport = z.output<typeof transportSchema>;

const MODE_CODE = { road: '1', rail: '2', air: '3', ship: '4' } as const;
const ddmmyyyy = (iso: string) => {
  const d = new Date(new Date(iso).getTime() + 330 * 60_000);
  return `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
};
const rupees = (paise: number) => Math.round(paise) / 100;
const pin = (text: string) => Number(/\b([1-9]\d{5})\b/.exec(text)?.[1] ?? 0);

/**
 * Whether marking this invoice's consignment shipped needs an e-way bill: its value with tax above Rs 50,000, or
 * within a State that notified a limit of its own, above that limit on the invoice's date (ewayBillLimitPaise).
 * Without the route (before the invoice exists) the national Rs 50,000 applies.
 */
export const needsEwayBill = (totalPaise: number, route?: { from: string; to: string; date: string }) =>
  totalPaise > (route ? ewayBillLimitPaise(route.from, route.to, route.date) : EWAY_BILL_THRESHOLD_PAISE);

/** Where an invoice's goods move: the seller's State to the ship-to State, on the invoice's date (IST). */
export function ewayBillRouteOf(invoice: FrozenDocument) {
  const date = new Date(new Date(invoice.issuedAt).getTime() + 330 * 60_000).toISOString().slice(0, 10);
  return { from: invoice.seller.stateCode, to: invoice.shipTo.stateCode || invoice.placeOfSupply.stateCode, date };
}

/** Whether shipping this issued invoice needs an e-way bill, by its route and date. */
export const needsEwayBillFor = (invoice: TaxDocumentRow) =>
  needsEwayBill(invoice.totalPaise, ewayBillRouteOf(invoice.body as FrozenDocument));

/**
 * The portal's transaction type: 1 regular, 2 bill to - ship to (the goods go to a place other than the billed
 * party's: another State, or another PIN code than its address names).
 */
function transTypeOf(invoice: FrozenDocument): 1 | 2 {
  const billedState = invoice.buyer.stateCode || invoice.placeOfSupply.stateCode;
  if (invoice.shipTo.stateCode && billedState && invoice.shipTo.stateCode !== billedState) return 2;
  const billedPin = /\b([1-9]\d{5})\b/.exec(invoice.buyer.address)?.[1];
  return billedPin && invoice.shipTo.pincode && billedPin !== invoice.shipTo.pincode ? 2 : 1;
}

/** Refuses to ship a consignment above the threshold without its transport details (field errors for the form). */
export function assertTransportGiven(totalPaise: number, transport: Transport | undefined) {
  if (needsEwayBill(totalPaise) && !transport) {
    throw badRequest(EWAY_BILL_MESSAGES.needed, {
      'transport.transporterName': 'Transporter name is required.',
      'transport.distanceKm': 'Enter the distance in km.',
    });
  }
}

/**
 * The e-way bill of an invoice in the e-way bill portal's bulk-generation JSON (version 1.0.0621): Part A (the
 * supply: parties, document, goods and values, transporter) and Part B (vehicle, or transport document, number
 * and date). This is the file a seller uploads at ewaybillgst.gov.in, and what a provider sends to its API.
 */
export function ewayBillJson(invoice: FrozenDocument, t: Transport) {
  const addr = (a: string) => a.slice(0, 120);
  return {
    version: '1.0.0621',
    billLists: [
      {
        userGstin: invoice.seller.gstin ?? '',
        supplyType: 'O',
        subSupplyType: 1,
        subSupplyDesc: '',
        docType: 'INV',
        docNo: invoice.number,
        docDate: ddmmyyyy(invoice.issuedAt),
        transType: transTypeOf(invoice),
        fromGstin: invoice.seller.gstin ?? '',
        fromTrdName: invoice.seller.name.slice(0, 100),
        fromAddr1: addr(invoice.seller.address),
        fromAddr2: '',
        fromPlace: placeOf(invoice.seller.address, invoice.seller.stateName),
        fromPincode: pin(invoice.seller.address),
        fromStateCode: Number(invoice.seller.stateCode),
        actualFromStateCode: Number(invoice.seller.stateCode),
        toGstin: invoice.buyer.gstin ?? 'URP',
        toTrdName: invoice.buyer.name.slice(0, 100),
        toAddr1: addr(invoice.shipTo.address),
        toAddr2: '',
        toPlace: invoice.shipTo.city.slice(0, 50),
        toPincode: Number(invoice.shipTo.pincode),
        toStateCode: Number(invoice.buyer.stateCode || invoice.placeOfSupply.stateCode),
        actualToStateCode: Number(invoice.shipTo.stateCode),
        totalValue: rupees(invoice.totals.taxablePaise),
        cgstValue: rupees(invoice.totals.cgstPaise),
        sgstValue: rupees(invoice.totals.sgstPaise),
        igstValue: rupees(invoice.totals.igstPaise),
        cessValue: 0,
        cessNonAdvolValue: 0,
        otherValue: 0,
        totInvValue: rupees(invoice.totals.totalPaise),
        transMode: Number(MODE_CODE[t.mode]),
        transDistance: String(t.distanceKm),
        transporterName: t.transporterName,
        transporterId: t.transporterId ?? '',
        transDocNo: t.docNumber ?? '',
        transDocDate: t.docDate ? ddmmyyyy(`${t.docDate}T12:00:00+05:30`) : '',
        vehicleNo: t.mode === 'road' ? (t.vehicleNumber ?? '') : '',
        vehicleType: t.mode === 'road' ? 'R' : '',
        itemList: invoice.lines.map((l, i) => ({
          itemNo: i + 1,
          productName: l.description.slice(0, 100),
          productDesc: l.description.slice(0, 100),
          hsnCode: Number(l.hsn),
          quantity: l.quantity ?? 0,
          qtyUnit: l.uqc,
          taxableAmount: rupees(l.taxablePaise),
          cgstRate: l.cgstRate,
          sgstRate: l.sgstRate,
          igstRate: l.igstRate,
          cessRate: 0,
          cessNonAdvol: 0,
        })),
      },
    ],
  };
}
export type EwayBillJson = ReturnType<typeof ewayBillJson>;

/**
 * Records the e-way bill data of a shipped invoice (inside the shipping transaction) and hands it to the provider;
 * a provider that refuses or cannot be reached stops the shipment with its message (409).
 */
export async function recordEwayBill(tx: Db, invoice: TaxDocumentRow, t: Transport) {
  const body = invoice.body as FrozenDocument;
  const payload = ewayBillJson(body, t);
  // The seller's own API user with `nic` (a seller without one is told to enter it; nothing is shipped).
  const provider = await sellerEwayBillProvider(tx, invoice.manufacturerId, body.seller.gstin ?? '');
  let answer: EwayBillAnswer;
  try {
    answer = await provider.generate(payload);
  } catch (err) {
    if (!(err instanceof EwayBillError)) throw err;
    // The shipment is not recorded (this transaction rolls back): the seller corrects the details or tries again.
    throw conflict(
      err.retryable
        ? `${err.message} The order is not marked shipped; try again in a few minutes.`
        : `${err.message} The order is not marked shipped; check the transport details and try again.`,
    );
  }
  await tx
    .insert(ewayBills)
    .values({
      orderId: invoice.orderId,
      transporterName: t.transporterName,
      transporterId: t.transporterId || null,
      transportMode: t.mode,
      vehicleNumber: t.vehicleNumber || null,
      transportDocNumber: t.docNumber || null,
      transportDocDate: t.docDate || null,
      distanceKm: t.distanceKm,
      payload,
      ewbNumber: answer.ewbNumber,
      ewbDate: answer.ewbDate,
      validUntil: answer.validUpto ?? null,
      fromPlace: payload.billLists[0]?.fromPlace ?? null,
      fromStateCode: (invoice.body as FrozenDocument).seller.stateCode || null,
    })
    .onConflictDoNothing();
}

/** The e-way bill of an order the scope may see: its JSON and number; null when it needed none. */
export async function ewayBillOf(db: Db, scope: Scope, orderId: string) {
  await invoiceOf(db, scope, orderId);
  const [row] = await db.select().from(ewayBills).where(eq(ewayBills.orderId, orderId)).limit(1);
  return row ?? null;
}

/** The seller enters the number the portal gave for the uploaded e-way bill; it then prints on the invoice. */
export async function setEwayBillNumber(db: Db, scope: Scope, orderId: string, ewbNumber: string, at: Date) {
  const row = await ewayBillOf(db, scope, orderId);
  if (!row) throw notFound('This order has no e-way bill.');
  if (row.ewbNumber && row.ewbNumber !== ewbNumber) {
    throw conflict(`E-way bill ${row.ewbNumber} is already recorded for this order.`);
  }
  // The portal counts the validity from its own generation time; from the moment the seller enters the number is
  // the nearest this side knows (the seller generated it just before).
  const validUntil = row.validUntil ?? ewayBillValidUntil(at, row.distanceKm);
  await db.update(ewayBills).set({ ewbNumber, ewbDate: at, validUntil }).where(eq(ewayBills.orderId, orderId));
  return { ...row, ewbNumber, ewbDate: at, validUntil };
}

export type VehicleChange = z.output<typeof ewayBillVehicleSchema>;
export type EwayBillCancel = z.output<typeof ewayBillCancelSchema>;

const ddmmyyyyOf = (isoDate: string) => isoDate.split('-').reverse().join('/');
const whenText = (at: Date) => `${portalDate(at)} IST`;

/** The e-way bill the seller may change: generated (it has a number), through a provider that manages it, live. */
async function liveBill(db: Db, scope: Scope, orderId: string) {
  const row = await ewayBillOf(db, scope, orderId);
  if (!row) throw notFound(msg('errors.server.noEwayBill'));
  if (!row.ewbNumber) throw conflict(msg('errors.ewayBill.noNumber'));
  if (row.cancelledAt) throw conflict(msg('errors.ewayBill.cancelled', { when: whenText(row.cancelledAt) }));
  if (!ewayBillsManagedHere()) throw conflict(msg('errors.ewayBill.onPortal'));
  const [order] = await db
    .select({ manufacturerId: orders.manufacturerId, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId));
  const fromGstin = String(
    (row.payload as { billLists?: Array<{ fromGstin?: string }> }).billLists?.[0]?.fromGstin ?? '',
  );
  const provider = await sellerEwayBillProvider(db, order?.manufacturerId ?? '', fromGstin);
  return { row, ewbNumber: row.ewbNumber, provider, orderStatus: order?.status };
}

const portalRefusal = (err: unknown) => {
  if (!(err instanceof EwayBillError)) return err;
  return conflict(err.retryable ? `${err.message} Nothing was changed; try again in a few minutes.` : err.message);
};

/**
 * Part-B update (the portal's VEHEWB): a new vehicle or transport document, the place and state the goods move
 * from and the reason. Refused once the validity has ended (as the portal does); the validity the portal answers
 * is stored (it changes only when Part-B is entered for the first time).
 */
export async function updateEwayBillVehicle(db: Db, scope: Scope, orderId: string, v: VehicleChange, at: Date) {
  const { row, ewbNumber, provider } = await liveBill(db, scope, orderId);
  if (row.validUntil && at > row.validUntil) {
    throw conflict(msg('errors.ewayBill.expired', { when: whenText(row.validUntil) }));
  }
  const road = v.mode === 'road';
  let answer: Awaited<ReturnType<typeof provider.updateVehicle>>;
  try {
    answer = await provider.updateVehicle({
      ewbNo: Number(ewbNumber),
      vehicleNo: road ? (v.vehicleNumber ?? '') : '',
      fromPlace: v.fromPlace,
      fromState: Number(v.fromStateCode),
      reasonCode: v.reasonCode,
      reasonRem: v.reasonRemark,
      transDocNo: v.docNumber ?? '',
      transDocDate: v.docDate ? ddmmyyyyOf(v.docDate) : '',
      transMode: MODE_CODE[v.mode],
      vehicleType: road ? 'R' : '',
    });
  } catch (err) {
    throw portalRefusal(err);
  }
  const updatedAt = answer.updatedAt ?? at;
  const change = {
    at: updatedAt.toISOString(),
    mode: v.mode,
    vehicleNumber: road ? (v.vehicleNumber ?? null) : null,
    docNumber: v.docNumber || null,
    docDate: v.docDate || null,
    fromPlace: v.fromPlace,
    fromStateCode: v.fromStateCode,
    reasonCode: v.reasonCode,
    reasonRemark: v.reasonRemark,
  };
  const values = {
    transportMode: v.mode,
    vehicleNumber: change.vehicleNumber,
    transportDocNumber: change.docNumber,
    transportDocDate: change.docDate,
    fromPlace: v.fromPlace,
    fromStateCode: v.fromStateCode,
    vehicleUpdatedAt: updatedAt,
    vehicleUpdates: [...((row.vehicleUpdates as unknown[]) ?? []), change],
    validUntil: answer.validUpto ?? row.validUntil,
  };
  await db.update(ewayBills).set(values).where(eq(ewayBills.orderId, orderId));
  return { ...row, ...values };
}

/**
 * Cancels the e-way bill (the portal's CANEWB) with the reason code and remark. Only when the goods were not
 * transported (an order delivered is refused) and within 24 hours of its generation (Rule 138(9)): refused here
 * before asking the portal, which refuses the late one too.
 */
export async function cancelEwayBill(db: Db, scope: Scope, orderId: string, c: EwayBillCancel, at: Date) {
  const { row, ewbNumber, provider, orderStatus } = await liveBill(db, scope, orderId);
  // Rule 138(9): an e-way bill is cancelled only when the goods are not transported as it says. Goods delivered
  // were transported, whatever the clock says.
  if (orderStatus === 'delivered') throw conflict(msg('errors.ewayBill.delivered'));
  const generatedAt = row.ewbDate ?? row.createdAt;
  if (at.getTime() - generatedAt.getTime() > EWAY_BILL_CANCEL_HOURS * 3_600_000) {
    throw conflict(msg('errors.ewayBill.cancelWindow', { when: whenText(generatedAt) }));
  }
  let answer: Awaited<ReturnType<typeof provider.cancel>>;
  try {
    answer = await provider.cancel(Number(ewbNumber), Number(c.reasonCode), c.remark);
  } catch (err) {
    throw portalRefusal(err);
  }
  const values = { cancelledAt: answer.cancelledAt ?? at, cancelReasonCode: c.reasonCode, cancelRemark: c.remark };
  await db.update(ewayBills).set(values).where(eq(ewayBills.orderId, orderId));
  return { ...row, ...values };
}

/** Whether this deployment's provider lets the seller update and cancel e-way bills from here. */
export const ewayBillsManagedHere = (env: NodeJS.ProcessEnv = process.env) =>
  (env.EWAYBILL_PROVIDER ?? 'local') === 'nic' || ewayBillProvider(env).managesBills;
