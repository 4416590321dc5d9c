import {
  addressToShipping,
  formatInr,
  isAllowedGstRate,
  RFQ_FINAL_STATUSES,
  RFQ_MESSAGES,
  type buyerRfqResponseSchema,
  type offerSchema,
  rfqClosedMessage,
  type rfqConvertSchema,
  type rfqCreateSchema,
  type ShippingAddress,
} from '@ub/shared';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  buyerAddresses,
  buyers,
  manufacturers,
  orderEvents,
  orders,
  products,
  rfqOffers,
  rfqs,
  users,
} from '../../db/schema/index.ts';
import { addressOf } from '../buyer-addresses/queries.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isListable } from '../catalog/listable.ts';
import { buyerLinks, notifyBuyer } from '../buyers/notify.ts';
import { notice, notify } from '../notifications/notify.ts';
import { getSiteSettings } from '../site/site-settings.ts';
import { fromPaise, nextNumber, toPaise } from '../trade/common.ts';
import { insertOrder, orderableManufacturer } from '../orders/commands.ts';
import { transaction } from '../../lib/transaction.ts';
import { offersOf, rfqById, scopedRfq } from './queries.ts';

type Buyer = typeof buyers.$inferSelect;
type Rfq = typeof rfqs.$inferSelect;

/** A buyer's request for quotation to an approved manufacturer, optionally about one of its listed products. */
export async function createRfq(
  deps: Deps,
  buyer: Buyer,
  actorUserId: string,
  input: z.output<typeof rfqCreateSchema>,
) {
  const m = await orderableManufacturer(deps.db, input.manufacturerId);
  if (input.productId) {
    const [p] = await deps.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, input.productId), eq(products.manufacturerId, m.id), isListable))
      .limit(1);
    if (!p) {
      throw badRequest('This product is not available from this manufacturer.', {
        productId: 'This product is not available from this manufacturer.',
      });
    }
  }
  const rfq = await transaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(rfqs)
      .values({
        rfqNumber: await nextNumber(tx, 'RFQ', deps.clock()),
        manufacturerId: m.id,
        buyerId: buyer.id,
        productId: input.productId,
        productName: input.productName,
        category: input.category,
        requestedQuantity: input.quantity,
        targetPrice: input.targetPrice !== undefined ? fromPaise(toPaise(input.targetPrice)) : null,
        deadline: input.deadline,
        description: input.description,
        specifications: input.specifications,
      })
      .returning();
    if (!row) throw new Error('rfq insert returned nothing');
    await tx.insert(rfqOffers).values({
      rfqId: row.id,
      byRole: 'buyer',
      kind: 'request',
      pricePerUnit: row.targetPrice,
      quantity: row.requestedQuantity,
      notes: input.description,
      createdBy: actorUserId,
    });
    await notify(tx, {
      userId: m.userId,
      type: 'rfq_new',
      ...notice('rfq.new', {
        buyer: buyer.companyName,
        quantity: String(row.requestedQuantity),
        product: row.productName,
        rfq: row.rfqNumber,
      }),
      link: `/dashboard/rfqs/${row.id}`,
    });
    return row;
  });
  return rfq;
}

function assertOpen(r: Rfq) {
  if (RFQ_FINAL_STATUSES.includes(r.status)) throw conflict(rfqClosedMessage(r.status));
}

export type SellerRfqAction =
  | { action: 'approve' }
  | { action: 'reject'; reason?: string }
  | ({ action: 'counter' | 'quote' } & z.output<typeof offerSchema>);

/**
 * A seller's answer to an RFQ. Every step is one offer row, so the whole negotiation stays on record. Approving
 * accepts the buyer's latest terms, so it is only possible while the buyer made the last move: after the seller's
 * own quote or counter offer, the RFQ waits for the buyer (who accepts, rejects or counters through the buyer API).
 * The RFQ row is locked while the answer is decided, so a concurrent answer waits and then sees this one.
 */
export async function sellerRfqAction(
  deps: Deps,
  manufacturerId: string,
  id: string,
  actorUserId: string,
  a: SellerRfqAction,
) {
  const rfqId = await transaction(deps.db, async (tx) => {
    const r = await scopedRfq(tx, { manufacturerId }, id, true);
    assertOpen(r);
    if (a.action === 'quote' && r.status !== 'pending') {
      throw conflict('Only a pending RFQ can be quoted; send a counter offer instead.');
    }
    const last = ((await offersOf(tx, [r.id])).get(r.id) ?? []).at(-1);
    const patch: Partial<typeof rfqs.$inferInsert> = { updatedAt: new Date() };
    const offer: typeof rfqOffers.$inferInsert = {
      rfqId: r.id,
      byRole: 'seller',
      kind: a.action,
      createdBy: actorUserId,
    };
    if (a.action === 'approve') {
      if (last?.byRole !== 'buyer') throw conflict(RFQ_MESSAGES.approveWaiting);
      if (!last.pricePerUnit) {
        throw badRequest('This RFQ has no price to agree on yet: send a quote or counter offer first.');
      }
      const quantity = last.quantity ?? r.requestedQuantity;
      Object.assign(patch, { status: 'accepted', agreedPrice: last.pricePerUnit, agreedQuantity: quantity });
      Object.assign(offer, { pricePerUnit: last.pricePerUnit, quantity });
    } else if (a.action === 'reject') {
      Object.assign(patch, { status: 'rejected', rejectionReason: a.reason ?? null });
      offer.notes = a.reason ?? null;
    } else {
      patch.status = a.action === 'quote' ? 'quoted' : 'negotiating';
      Object.assign(offer, { pricePerUnit: fromPaise(toPaise(a.pricePerUnit)), quantity: a.quantity, notes: a.notes });
    }
    await tx.update(rfqs).set(patch).where(eq(rfqs.id, r.id));
    await tx.insert(rfqOffers).values(offer);
    await notifyBuyer(tx, r.buyerId, {
      ...sellerActionNotice(r.rfqNumber, r.productName, a),
      link: buyerLinks.rfq(r.id),
    });
    return r.id;
  });
  return rfqById(deps.db, rfqId);
}

/** What the buyer is told of a seller's answer to their RFQ. */
function sellerActionNotice(number: string, product: string, a: SellerRfqAction) {
  const type = 'rfq_quote' as const;
  switch (a.action) {
    case 'quote':
    case 'counter':
      return {
        type,
        ...notice(a.action === 'quote' ? 'rfq.quoted' : 'rfq.countered', {
          price: formatInr(a.pricePerUnit),
          quantity: String(a.quantity),
          product,
          rfq: number,
        }),
      };
    case 'approve':
      return { type, ...notice('rfq.approved', { product, rfq: number }) };
    default:
      return { type, ...notice('rfq.declined', { product, rfq: number }) };
  }
}

/** The buyer's answer to the seller's latest quote or counter offer: accept, reject, or counter back. */
export async function buyerRfqResponse(
  deps: Deps,
  buyer: Buyer,
  id: string,
  actorUserId: string,
  input: z.output<typeof buyerRfqResponseSchema>,
) {
  const r = await transaction(deps.db, async (tx) => {
    const r = await scopedRfq(tx, { buyerId: buyer.id }, id, true);
    assertOpen(r);
    const last = ((await offersOf(tx, [r.id])).get(r.id) ?? []).at(-1);
    if (last?.byRole !== 'seller' || last.pricePerUnit === null) {
      throw conflict('There is no offer from the seller to answer yet.');
    }
    // A deal needs a manufacturer that may trade (approved); declining is always possible.
    if (input.action !== 'reject') {
      const [m] = await tx
        .select({ status: manufacturers.status })
        .from(manufacturers)
        .where(eq(manufacturers.id, r.manufacturerId));
      if (m?.status !== 'approved') throw conflict(RFQ_MESSAGES.manufacturerNotTrading);
    }
    const patch: Partial<typeof rfqs.$inferInsert> = { updatedAt: new Date() };
    const offer: typeof rfqOffers.$inferInsert = {
      rfqId: r.id,
      byRole: 'buyer',
      kind: input.action,
      createdBy: actorUserId,
    };
    if (input.action === 'accept') {
      Object.assign(patch, { status: 'accepted', agreedPrice: last.pricePerUnit, agreedQuantity: last.quantity });
      Object.assign(offer, { pricePerUnit: last.pricePerUnit, quantity: last.quantity, notes: input.notes });
    } else if (input.action === 'reject') {
      Object.assign(patch, { status: 'rejected', rejectionReason: input.notes ?? 'Declined by the buyer' });
      offer.notes = input.notes;
    } else {
      patch.status = 'negotiating';
      Object.assign(offer, {
        pricePerUnit: fromPaise(toPaise(input.pricePerUnit)),
        quantity: input.quantity,
        notes: input.notes,
      });
    }
    await tx.update(rfqs).set(patch).where(eq(rfqs.id, r.id));
    await tx.insert(rfqOffers).values(offer);
    const [m] = await tx
      .select({ userId: manufacturers.userId })
      .from(manufacturers)
      .where(eq(manufacturers.id, r.manufacturerId));
    if (m) {
      const key = { accept: 'rfq.buyerAccepted', reject: 'rfq.buyerDeclined', counter: 'rfq.buyerCountered' }[
        input.action
      ];
      await notify(tx, {
        userId: m.userId,
        type: 'rfq_buyer_response',
        ...notice(key, { buyer: buyer.companyName, rfq: r.rfqNumber, product: r.productName }),
        link: `/dashboard/rfqs/${r.id}`,
      });
    }
    return r;
  });
  return rfqById(deps.db, r.id);
}

/**
 * Reads a one-line stored address ("44 Residency Road, Bengaluru 560025") into a shipping address; undefined when
 * it has no PIN code or city to ship to.
 */
export function parseStoredAddress(address: string | null, state: string | null): ShippingAddress | undefined {
  if (!address || !state) return undefined;
  const parts = address
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const last = parts.pop() ?? '';
  const pin = /\b([1-9][0-9]{5})\b/.exec(last);
  const city = last
    .replace(/\b[1-9][0-9]{5}\b/, '')
    .replace(/[-\s]+$/, '')
    .trim();
  const zipCode = pin?.[1];
  if (!zipCode || !city || !parts.length) return undefined;
  return { street: parts.join(', '), apartment: undefined, city, state, zipCode };
}

/** Turns an accepted RFQ into an order at the agreed price and quantity (made to order: no stock is taken). */
export async function convertRfq(
  deps: Deps,
  manufacturerId: string,
  id: string,
  actorUserId: string,
  input: z.output<typeof rfqConvertSchema>,
) {
  const r = await scopedRfq(deps.db, { manufacturerId }, id);
  if (r.status !== 'accepted') throw conflict('Only an accepted RFQ can be turned into an order.');
  if (r.orderId) throw conflict('This RFQ has already been turned into an order.');
  if (!r.agreedPrice || !r.agreedQuantity) throw conflict('This RFQ has no agreed price and quantity.');
  const [row] = await deps.db
    .select({ b: buyers, email: users.email })
    .from(buyers)
    .innerJoin(users, eq(users.id, buyers.userId))
    .where(eq(buyers.id, r.buyerId));
  if (!row) throw notFound('Buyer not found');
  // The buyer chooses the address when confirming; until then the order carries a provisional one: the seller's,
  // else the default of the buyer's address book, else the buyer's registered address.
  const [book] = await deps.db
    .select()
    .from(buyerAddresses)
    .where(and(eq(buyerAddresses.buyerId, row.b.id), eq(buyerAddresses.isDefault, true)))
    .limit(1);
  const shipping =
    input.shippingAddress ?? (book ? addressToShipping(book) : parseStoredAddress(row.b.address, row.b.state));
  if (!shipping) {
    throw badRequest("The buyer's stored address is incomplete: enter a shipping address.", {
      'shippingAddress.street': 'Enter a shipping address.',
    });
  }
  const [p] = r.productId
    ? await deps.db.select().from(products).where(eq(products.id, r.productId)).limit(1)
    : [undefined];
  const gstPercentage = await convertedGstRate(deps.db, p?.gstPercentage ?? null, input.gstPercentage, r.agreedGstRate);
  if (p?.hsnCode && input.hsnCode && input.hsnCode !== p.hsnCode) {
    const message = RFQ_MESSAGES.hsnFromProduct(p.hsnCode);
    throw badRequest(message, { hsnCode: message });
  }
  const order = await transaction(deps.db, async (tx) => {
    const o = await insertOrder(tx, {
      createdAt: deps.clock(),
      manufacturerId,
      buyer: row.b,
      buyerEmail: row.email,
      lines: [
        {
          productId: p?.id ?? null,
          name: r.productName,
          brand: p?.brand ?? null,
          category: r.category ?? p?.category ?? null,
          hsnCode: p?.hsnCode ?? input.hsnCode ?? null,
          unit: p?.unit ?? 'piece',
          quantity: r.agreedQuantity as number,
          unitPaise: toPaise(r.agreedPrice),
          gstPercentage,
        },
      ],
      shipping,
      paymentMethod: 'NEFT',
      rfqId: r.id,
      awaitingBuyerConfirmation: true,
      takeStock: false,
      actorUserId,
    });
    const [linked] = await tx
      .update(rfqs)
      .set({ orderId: o.id, updatedAt: new Date() })
      .where(and(eq(rfqs.id, r.id), isNull(rfqs.orderId)))
      .returning({ id: rfqs.id });
    if (!linked) throw conflict('This RFQ has already been turned into an order.');
    await notify(tx, {
      userId: row.b.userId,
      type: 'order_awaiting_confirmation',
      ...notice('order.awaitingConfirmation', { rfq: r.rfqNumber, order: o.orderNumber, amount: formatInr(o.total) }),
      link: buyerLinks.order(o.id),
    });
    return o;
  });
  return order;
}

/**
 * The GST rate of an order converted from an RFQ: the listed product's own rate, which the request cannot change;
 * else the rate the accepted offer named (a quote on a requirement carries one), which cannot change either; else
 * the seller's choice among the configured rates.
 */
async function convertedGstRate(
  db: Db,
  productRate: string | null,
  requested: number | undefined,
  agreedRate: string | null = null,
): Promise<number> {
  if (productRate === null && agreedRate !== null) {
    const rate = Number(agreedRate);
    if (requested !== undefined && requested !== rate) {
      const message = RFQ_MESSAGES.gstFromQuote(rate);
      throw badRequest(message, { gstPercentage: message });
    }
    return rate;
  }
  if (productRate !== null) {
    const rate = Number(productRate);
    if (requested !== undefined && requested !== rate) {
      const message = RFQ_MESSAGES.gstFromProduct(rate);
      throw badRequest(message, { gstPercentage: message });
    }
    return rate;
  }
  const { gstRates } = await getSiteSettings(db);
  if (requested === undefined || !isAllowedGstRate(requested, gstRates)) {
    const message = RFQ_MESSAGES.chooseGst(gstRates);
    throw badRequest(message, { gstPercentage: message });
  }
  return requested;
}

/**
 * The buyer confirms an order the seller converted from an RFQ, choosing the shipping address from the address
 * book. Until then the seller cannot move the order (only cancel it). Both sides are told.
 */
export async function confirmConvertedOrder(
  deps: Deps,
  buyer: Buyer,
  orderId: string,
  addressId: string,
  actorUserId: string,
) {
  return transaction(deps.db, async (tx) => {
    const [order] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyer.id)))
      .limit(1)
      .for('update');
    if (!order) throw notFound('Order not found');
    if (order.status === 'cancelled') throw conflict('This order was cancelled: there is nothing to confirm.');
    if (!order.awaitingBuyerConfirmation) throw conflict('This order is already confirmed.');
    const ship = addressToShipping(await addressOf(tx, buyer.id, addressId));
    const now = deps.clock();
    const [updated] = await tx
      .update(orders)
      .set({
        awaitingBuyerConfirmation: false,
        buyerConfirmedAt: now,
        shipStreet: ship.street,
        shipApartment: ship.apartment ?? null,
        shipCity: ship.city,
        shipState: ship.state,
        shipZipCode: ship.zipCode,
        updatedAt: now,
      })
      .where(eq(orders.id, order.id))
      .returning();
    if (!updated) throw new Error('order update returned nothing');
    await tx.insert(orderEvents).values({
      orderId: order.id,
      fromStatus: order.status,
      toStatus: order.status,
      note: `Confirmed by the buyer; ships to ${ship.city}, ${ship.state} ${ship.zipCode}`,
      actorUserId,
      createdAt: now,
    });
    const [m] = await tx
      .select({ userId: manufacturers.userId })
      .from(manufacturers)
      .where(eq(manufacturers.id, order.manufacturerId));
    if (m) {
      await notify(tx, {
        userId: m.userId,
        type: 'order_confirmed',
        ...notice('order.confirmedSeller', { buyer: buyer.companyName, order: order.orderNumber }),
        link: `/dashboard/orders/${order.id}`,
      });
    }
    await notify(tx, {
      userId: buyer.userId,
      type: 'order_confirmed',
      ...notice('order.confirmedBuyer', { order: order.orderNumber, city: ship.city }),
      link: `/buyer/orders/${order.id}`,
    });
    return updated;
  });
}

export interface AgreedRfqInput {
  buyerId: string;
  buyerUserId: string;
  manufacturerId: string;
  sellerUserId: string;
  productName: string;
  category: string | null;
  requestedQuantity: number;
  targetPrice: string | null;
  deadline: string | null;
  description: string | null;
  /** The seller's offer the buyer accepted. */
  offer: { pricePerUnit: string; quantity: number; notes: string | null; at: Date; gstRate: string | null };
  /** When the buyer asked (the request that starts the history). */
  requestedAt: Date;
  at: Date;
}

/**
 * An RFQ agreed outside the negotiation screens (a buyer accepting a seller's quote on a requirement), written in
 * the caller's transaction: the buyer's request, the seller's offer and the buyer's acceptance are its history, so
 * it reads like any accepted RFQ and converts to an order the same way.
 */
export async function insertAgreedRfq(tx: Db, input: AgreedRfqInput): Promise<Rfq> {
  const [row] = await tx
    .insert(rfqs)
    .values({
      rfqNumber: await nextNumber(tx, 'RFQ', input.at),
      manufacturerId: input.manufacturerId,
      buyerId: input.buyerId,
      productName: input.productName,
      category: input.category,
      requestedQuantity: input.requestedQuantity,
      targetPrice: input.targetPrice,
      deadline: input.deadline,
      description: input.description,
      status: 'accepted',
      agreedPrice: input.offer.pricePerUnit,
      agreedQuantity: input.offer.quantity,
      agreedGstRate: input.offer.gstRate,
      createdAt: input.at,
      updatedAt: input.at,
    })
    .returning();
  if (!row) throw new Error('rfq insert returned nothing');
  await tx.insert(rfqOffers).values([
    {
      rfqId: row.id,
      byRole: 'buyer',
      kind: 'request',
      pricePerUnit: input.targetPrice,
      quantity: input.requestedQuantity,
      notes: input.description,
      createdBy: input.buyerUserId,
      createdAt: input.requestedAt,
    },
    {
      rfqId: row.id,
      byRole: 'seller',
      kind: 'quote',
      pricePerUnit: input.offer.pricePerUnit,
      quantity: input.offer.quantity,
      notes: input.offer.notes,
      createdBy: input.sellerUserId,
      createdAt: input.offer.at,
    },
    {
      rfqId: row.id,
      byRole: 'buyer',
      kind: 'accept',
      pricePerUnit: input.offer.pricePerUnit,
      quantity: input.offer.quantity,
      createdBy: input.buyerUserId,
      createdAt: input.at,
    },
  ]);
  return row;
}
