import { CART_MESSAGES, type CartLine, type CartResponse, type CartSeller, stockStateOf } from '@ub/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { buyerCartItems, manufacturers, productMedia, products } from '../../db/schema/index.ts';
import { isListable } from '../catalog/listable.ts';
import { priceLines } from '../orders/rules.ts';
import { mediaUrl } from '../rfqs/queries.ts';
import { fromPaise, toPaise } from '../trade/common.ts';

/** Every line of the buyer's order list with its product as it is now. */
export async function cartRows(db: Db, buyerId: string) {
  return db
    .select({
      item: buyerCartItems,
      p: products,
      listable: isListable,
      seller: { id: manufacturers.id, companyName: manufacturers.companyName, state: manufacturers.state },
    })
    .from(buyerCartItems)
    .innerJoin(products, eq(products.id, buyerCartItems.productId))
    .innerJoin(manufacturers, eq(manufacturers.id, products.manufacturerId))
    .where(eq(buyerCartItems.buyerId, buyerId))
    .orderBy(asc(manufacturers.companyName), asc(manufacturers.id), asc(buyerCartItems.addedAt), asc(products.name));
}

export type CartRow = Awaited<ReturnType<typeof cartRows>>[number];

/** Orderable means listed with its tax data (approval requires it): the same test placeBuyerOrder applies. */
export const isOrderable = (r: CartRow): boolean =>
  Boolean(r.listable) && r.p.hsnCode !== null && r.p.gstPercentage !== null;

/** What stops a line from being ordered as it is, in the words the buyer sees; null when nothing does. */
export function lineProblem(r: CartRow, quantity = r.item.quantity): string | null {
  if (!isOrderable(r)) return CART_MESSAGES.unavailable(r.p.name);
  if (quantity < r.p.moq) return CART_MESSAGES.belowMoq(r.p.name, r.p.moq, r.p.unit);
  if (quantity > r.p.stock) return CART_MESSAGES.aboveStock(r.p.name, r.p.stock, r.p.unit);
  return null;
}

async function thumbs(db: Db, productIds: string[]) {
  const map = new Map<string, string>();
  if (!productIds.length) return map;
  const media = await db
    .selectDistinctOn([productMedia.productId], { productId: productMedia.productId, thumbKey: productMedia.thumbKey })
    .from(productMedia)
    .where(inArray(productMedia.productId, productIds))
    .orderBy(productMedia.productId, productMedia.position, productMedia.createdAt);
  for (const m of media) map.set(m.productId, mediaUrl(m.thumbKey));
  return map;
}

const money = (paise: number) => fromPaise(paise);

/**
 * The order list grouped by seller, with GST per line at the product's rate and totals per seller and overall.
 * Totals count only the lines that can still be ordered; a line whose product left the marketplace stays visible,
 * flagged, until the buyer removes it, and checkout leaves it out.
 */
export async function cartOf(db: Db, buyerId: string): Promise<CartResponse> {
  const rows = await cartRows(db, buyerId);
  const images = await thumbs(
    db,
    rows.map((r) => r.p.id),
  );
  const groups = new Map<string, CartSeller & { paise: { subtotal: number; tax: number } }>();
  let subtotal = 0;
  let tax = 0;
  let unavailable = 0;
  let blocked = 0;
  for (const r of rows) {
    const available = isOrderable(r);
    const [priced] = priceLines([
      {
        productId: r.p.id,
        name: r.p.name,
        brand: r.p.brand,
        category: r.p.category,
        hsnCode: r.p.hsnCode,
        unit: r.p.unit,
        quantity: r.item.quantity,
        unitPaise: toPaise(r.p.price),
        gstPercentage: Number(r.p.gstPercentage ?? 0),
      },
    ]).priced;
    const linePaise = priced?.linePaise ?? 0;
    const taxPaise = priced?.taxPaise ?? 0;
    const problem = lineProblem(r);
    if (!available) unavailable++;
    else if (problem) blocked++;
    const line: CartLine = {
      productId: r.p.id,
      name: r.p.name,
      image: images.get(r.p.id) ?? null,
      unit: r.p.unit,
      price: r.p.price,
      moq: r.p.moq,
      stockState: stockStateOf(r.p.stock, r.p.moq),
      gstPercentage: r.p.gstPercentage,
      quantity: r.item.quantity,
      subtotal: money(linePaise),
      tax: money(taxPaise),
      total: money(linePaise + taxPaise),
      available,
      problem,
      addedAt: r.item.addedAt.toISOString(),
    };
    let g = groups.get(r.seller.id);
    if (!g) {
      g = {
        manufacturerId: r.seller.id,
        companyName: r.seller.companyName,
        state: r.seller.state,
        lines: [],
        subtotal: '0.00',
        tax: '0.00',
        total: '0.00',
        paise: { subtotal: 0, tax: 0 },
      };
      groups.set(r.seller.id, g);
    }
    g.lines.push(line);
    if (available) {
      g.paise.subtotal += linePaise;
      g.paise.tax += taxPaise;
      subtotal += linePaise;
      tax += taxPaise;
    }
  }
  const sellers = [...groups.values()].map(({ paise, ...g }) => ({
    ...g,
    subtotal: money(paise.subtotal),
    tax: money(paise.tax),
    total: money(paise.subtotal + paise.tax),
  }));
  return {
    sellers,
    subtotal: money(subtotal),
    tax: money(tax),
    total: money(subtotal + tax),
    lineCount: rows.length,
    unavailableCount: unavailable,
    canCheckout: rows.length - unavailable > 0 && blocked === 0,
  };
}

/** One product as a buyer may put it on the order list (listed only), or undefined. */
export async function listableProduct(db: Db, productId: string) {
  const [row] = await db
    .select({ p: products })
    .from(products)
    .where(and(eq(products.id, productId), isListable))
    .limit(1);
  return row?.p;
}
