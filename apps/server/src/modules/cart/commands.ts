import {
  addressToShipping,
  CART_LINE_LIMIT,
  CART_MESSAGES,
  type cartAddSchema,
  type ReorderResponse,
} from '@ub/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { type buyers, buyerCartItems, orderItems, orders, products } from '../../db/schema/index.ts';
import type { Deps } from '../../lib/deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { transaction } from '../../lib/transaction.ts';
import { isListable } from '../catalog/listable.ts';
import { addressOf, toAddress } from '../buyer-addresses/queries.ts';
import { placeBuyerOrder } from '../orders/commands.ts';
import { cartRows, isOrderable, lineProblem, listableProduct } from './queries.ts';

type Buyer = typeof buyers.$inferSelect;
type Product = typeof products.$inferSelect;

/** The MOQ and stock rule for a quantity of a product, as a 400 on `quantity` with the buyer's words. */
function assertQuantity(p: Product, quantity: number) {
  const message =
    quantity < p.moq
      ? CART_MESSAGES.belowMoq(p.name, p.moq, p.unit)
      : quantity > p.stock
        ? CART_MESSAGES.aboveStock(p.name, p.stock, p.unit)
        : null;
  if (message) throw badRequest(message, { quantity: message });
}

async function lineCount(db: Db, buyerId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(buyerCartItems)
    .where(eq(buyerCartItems.buyerId, buyerId));
  return Number(row?.n ?? 0);
}

async function existingQuantity(db: Db, buyerId: string, productId: string) {
  const [row] = await db
    .select({ quantity: buyerCartItems.quantity })
    .from(buyerCartItems)
    .where(and(eq(buyerCartItems.buyerId, buyerId), eq(buyerCartItems.productId, productId)))
    .for('update');
  return row?.quantity;
}

/**
 * Puts a listed product on the order list, or raises its quantity when it is there already; the resulting quantity
 * must meet the MOQ and the stock. A product the buyer cannot see (unlisted, unknown) is 404.
 */
export async function addToCart(deps: Deps, buyerId: string, input: z.output<typeof cartAddSchema>) {
  await transaction(deps.db, async (tx) => {
    const p = await listableProduct(tx, input.productId);
    if (!p) throw notFound('Product not found');
    const before = await existingQuantity(tx, buyerId, p.id);
    if (before === undefined && (await lineCount(tx, buyerId)) >= CART_LINE_LIMIT) throw conflict(CART_MESSAGES.full);
    const quantity = (before ?? 0) + input.quantity;
    assertQuantity(p, quantity);
    const now = deps.clock();
    await tx
      .insert(buyerCartItems)
      .values({ buyerId, productId: p.id, quantity, addedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [buyerCartItems.buyerId, buyerCartItems.productId],
        set: { quantity, updatedAt: now },
      });
  });
}

/** Sets a line's quantity (MOQ and stock rules); a product that is not on the list is 404. */
export async function setCartQuantity(deps: Deps, buyerId: string, productId: string, quantity: number) {
  await transaction(deps.db, async (tx) => {
    const before = await existingQuantity(tx, buyerId, productId);
    if (before === undefined) throw notFound(CART_MESSAGES.notInCart);
    const p = await listableProduct(tx, productId);
    if (!p) {
      const [row] = await tx.select({ name: products.name }).from(products).where(eq(products.id, productId));
      throw conflict(CART_MESSAGES.unavailable(row?.name ?? 'This product'));
    }
    assertQuantity(p, quantity);
    await tx
      .update(buyerCartItems)
      .set({ quantity, updatedAt: deps.clock() })
      .where(and(eq(buyerCartItems.buyerId, buyerId), eq(buyerCartItems.productId, productId)));
  });
}

export async function removeFromCart(db: Db, buyerId: string, productId: string) {
  const deleted = await db
    .delete(buyerCartItems)
    .where(and(eq(buyerCartItems.buyerId, buyerId), eq(buyerCartItems.productId, productId)))
    .returning({ productId: buyerCartItems.productId });
  if (!deleted.length) throw notFound(CART_MESSAGES.notInCart);
}

/**
 * Orders everything on the list that can be ordered: one order per seller, each through placeBuyerOrder (its own
 * lines, MOQ, stock taken, GST per line, the seller told), all inside one transaction, so a failure for any seller
 * (stock gone, a price change) writes no order at all. What was ordered leaves the list; lines whose product is no
 * longer listed stay on it, flagged.
 */
export async function checkoutCart(
  deps: Deps,
  buyer: Buyer,
  buyerUser: { id: string; email: string },
  addressId: string,
) {
  return transaction(deps.db, async (tx) => {
    const address = toAddress(await addressOf(tx, buyer.id, addressId));
    const rows = (await cartRows(tx, buyer.id)).filter(isOrderable);
    if (!rows.length) throw badRequest(CART_MESSAGES.empty);
    const fields: Record<string, string> = {};
    for (const r of rows) {
      const problem = lineProblem(r);
      if (problem) fields[`lines.${r.p.id}`] = problem;
    }
    if (Object.keys(fields).length) {
      const only = Object.values(fields);
      throw badRequest(only.length === 1 ? (only[0] as string) : CART_MESSAGES.fixLines, fields);
    }
    const bySeller = new Map<string, typeof rows>();
    for (const r of rows) bySeller.set(r.seller.id, [...(bySeller.get(r.seller.id) ?? []), r]);
    const placed: Array<{ id: string; number: string }> = [];
    for (const [manufacturerId, lines] of bySeller) {
      const order = await placeBuyerOrder({ ...deps, db: tx }, buyer, buyerUser, {
        manufacturerId,
        items: lines.map((l) => ({ productId: l.p.id, quantity: l.item.quantity })),
        shippingAddress: addressToShipping(address),
      });
      placed.push({ id: order.id, number: order.orderNumber });
    }
    await tx.delete(buyerCartItems).where(
      and(
        eq(buyerCartItems.buyerId, buyer.id),
        inArray(
          buyerCartItems.productId,
          rows.map((r) => r.p.id),
        ),
      ),
    );
    return { orders: placed };
  });
}

/**
 * Puts a past order's products back on the order list at the quantity ordered (at least the MOQ, at most the stock).
 * A line whose product is gone, no longer listed or out of stock is skipped with the reason.
 */
export async function reorder(deps: Deps, buyerId: string, orderId: string): Promise<ReorderResponse> {
  return transaction(deps.db, async (tx) => {
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.buyerId, buyerId)))
      .limit(1);
    if (!order) throw notFound('Order not found');
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    const ids = items.map((i) => i.productId).filter((id): id is string => Boolean(id));
    const rows = ids.length
      ? await tx.select({ p: products, listable: isListable }).from(products).where(inArray(products.id, ids))
      : [];
    const byId = new Map(rows.map((r) => [r.p.id, r]));
    const result: ReorderResponse = { added: [], skipped: [] };
    let count = await lineCount(tx, buyerId);
    const now = deps.clock();
    for (const item of items) {
      const row = item.productId ? byId.get(item.productId) : undefined;
      if (!row) {
        result.skipped.push({ productId: item.productId, name: item.name, reason: 'No longer in the catalogue.' });
        continue;
      }
      const { p } = row;
      if (!row.listable || p.hsnCode === null || p.gstPercentage === null) {
        result.skipped.push({ productId: p.id, name: p.name, reason: 'No longer available to order.' });
        continue;
      }
      if (p.stock < p.moq) {
        result.skipped.push({ productId: p.id, name: p.name, reason: 'Out of stock.' });
        continue;
      }
      const before = await existingQuantity(tx, buyerId, p.id);
      if (before === undefined && count >= CART_LINE_LIMIT) {
        result.skipped.push({ productId: p.id, name: p.name, reason: CART_MESSAGES.full });
        continue;
      }
      const quantity = Math.min(Math.max(item.quantity, p.moq, before ?? 0), p.stock);
      await tx
        .insert(buyerCartItems)
        .values({ buyerId, productId: p.id, quantity, addedAt: now, updatedAt: now })
        .onConflictDoUpdate({
          target: [buyerCartItems.buyerId, buyerCartItems.productId],
          set: { quantity, updatedAt: now },
        });
      if (before === undefined) count++;
      result.added.push({ productId: p.id, name: p.name, quantity });
    }
    return result;
  });
}
