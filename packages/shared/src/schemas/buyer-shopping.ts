import { z } from 'zod';
import { formatQuantity } from '../format.ts';
import { indianMobile, indianState, optionalText, requiredText } from './common.ts';
import { STOCK_STATES } from './catalog.ts';
import type { ShippingAddress } from './trade.ts';

/* ---------- address book ---------- */

export const ADDRESS_LIMIT = 20;
export const PIN_CODE_MESSAGE = 'Enter a 6-digit PIN code that does not start with 0.';

/** An address as the buyer enters it (create and replace). */
export const buyerAddressInputSchema = z.object({
  label: requiredText('Label', 60),
  contactName: requiredText('Contact name', 120),
  phone: indianMobile,
  line1: requiredText('Address line 1', 200),
  line2: optionalText(200),
  city: requiredText('City', 100),
  state: indianState,
  pinCode: z
    .string({ error: PIN_CODE_MESSAGE })
    .trim()
    .regex(/^[1-9][0-9]{5}$/, PIN_CODE_MESSAGE),
  isDefault: z.boolean().optional().default(false),
});
export type BuyerAddressInput = z.input<typeof buyerAddressInputSchema>;

export const buyerAddress = z.object({
  id: z.string(),
  label: z.string(),
  contactName: z.string(),
  phone: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pinCode: z.string(),
  isDefault: z.boolean(),
});
export type BuyerAddress = z.infer<typeof buyerAddress>;
export const buyerAddressList = z.object({ addresses: z.array(buyerAddress), limit: z.number() });

/** How an address-book entry is written onto an order: line 1 is the street, line 2 the apartment. */
export function addressToShipping(a: Pick<BuyerAddress, 'line1' | 'line2' | 'city' | 'state' | 'pinCode'>) {
  return {
    street: a.line1,
    apartment: a.line2 ?? undefined,
    city: a.city,
    state: a.state,
    zipCode: a.pinCode,
  } satisfies ShippingAddress;
}

/* ---------- order list (cart) ---------- */

const cartQuantity = z.coerce
  .number({ error: 'Quantity must be a whole number.' })
  .int('Quantity must be a whole number.')
  .min(1, 'Quantity must be at least 1.')
  .max(10_000_000, 'Quantity is too large.');

export const CART_LINE_LIMIT = 100;

export const cartAddSchema = z.object({ productId: z.uuid('Choose a product.'), quantity: cartQuantity });
export const cartUpdateSchema = z.object({ quantity: cartQuantity });
export const cartCheckoutSchema = z.object({ addressId: z.uuid('Choose a shipping address.') });
export const orderConfirmSchema = z.object({ addressId: z.uuid('Choose a shipping address.') });

export const CART_MESSAGES = {
  unavailable: (name: string) => `${name} is no longer available to order. Remove it from your order list.`,
  belowMoq: (name: string, moq: number, unit: string) =>
    `The minimum order quantity for ${name} is ${formatQuantity(moq, unit)}.`,
  aboveStock: (name: string, stock: number, unit: string) =>
    `Only ${formatQuantity(stock, unit)} of ${name} left in stock.`,
  notInCart: 'This product is not on your order list.',
  full: `Your order list holds at most ${CART_LINE_LIMIT} products. Order or remove some first.`,
  empty: 'Your order list has nothing that can be ordered.',
  fixLines: 'Some lines need a change before you can order: see the messages on them.',
} as const;

export const cartLine = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  unit: z.string(),
  price: z.string(),
  moq: z.number(),
  stockState: z.enum(STOCK_STATES),
  gstPercentage: z.string().nullable(),
  quantity: z.number(),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  /** False when the product is no longer listed (withdrawn, under review, seller suspended): never checked out. */
  available: z.boolean(),
  /** What stops this line from being ordered as it is (unavailable, below MOQ, above stock), or null. */
  problem: z.string().nullable(),
  addedAt: z.string(),
});
export type CartLine = z.infer<typeof cartLine>;

export const cartSeller = z.object({
  manufacturerId: z.string(),
  companyName: z.string(),
  state: z.string().nullable(),
  lines: z.array(cartLine),
  /** Totals of the lines that will be ordered (available ones). */
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
});
export type CartSeller = z.infer<typeof cartSeller>;

export const cartResponse = z.object({
  sellers: z.array(cartSeller),
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  lineCount: z.number(),
  unavailableCount: z.number(),
  /** True when every available line can be ordered as it is and there is at least one. */
  canCheckout: z.boolean(),
});
export type CartResponse = z.infer<typeof cartResponse>;

export const checkoutResponse = z.object({ orders: z.array(z.object({ id: z.string(), number: z.string() })) });
export type CheckoutResponse = z.infer<typeof checkoutResponse>;

export const reorderResponse = z.object({
  added: z.array(z.object({ productId: z.string(), name: z.string(), quantity: z.number() })),
  skipped: z.array(z.object({ productId: z.string().nullable(), name: z.string(), reason: z.string() })),
});
export type ReorderResponse = z.infer<typeof reorderResponse>;

/* ---------- buyer RFQs ---------- */

export const BUYER_RFQ_TABS = ['all', 'open', 'accepted', 'rejected'] as const;
export type BuyerRfqTab = (typeof BUYER_RFQ_TABS)[number];
export const BUYER_RFQ_TAB_LABELS: Record<BuyerRfqTab, string> = {
  all: 'All',
  open: 'Open',
  accepted: 'Accepted',
  rejected: 'Rejected',
};
export const BUYER_RFQ_TAB_STATUSES = {
  all: null,
  open: ['pending', 'quoted', 'negotiating'],
  accepted: ['accepted'],
  rejected: ['rejected'],
} as const satisfies Record<BuyerRfqTab, readonly string[] | null>;

export const buyerRfqListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  tab: z.enum(BUYER_RFQ_TABS).optional(),
  q: z.string().trim().max(100).optional(),
});
