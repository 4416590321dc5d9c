import { z } from 'zod';
import { calendarDate, DATE_MESSAGES } from '../dates.ts';
import {
  email,
  gstinMatchesState,
  indianMobile,
  indianState,
  MESSAGES,
  optionalGstin,
  optionalText,
  password,
  refinePasswordNotLogin,
  requiredText,
} from './common.ts';
import { HSN_PATTERN } from '../product-review.ts';
import { PRODUCT_MESSAGES } from './product.ts';
import { todayInIndia } from '../format.ts';
import { transportSchema } from '../tax-documents.ts';

/* ---------- statuses, labels, tabs ---------- */

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/** The order lifecycle: the only moves the server accepts (and the only ones "Change Status" offers). */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  // Goods ready at once go out in one step: Processing records nothing that Shipped does not (the invoice, the
  // e-way bill and the buyer's notice are all the shipment's).
  pending: ['processing', 'shipped', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  // A shipped order can still be cancelled (goods refused or returned): its invoice is then credited in full.
  shipped: ['delivered', 'cancelled'],
  delivered: [],
  cancelled: [],
};

/**
 * Orders tabs. Pending means "still needs the seller": placed, being prepared or on its way; Completed means
 * delivered. Cancelled orders appear under All Orders only.
 */
export const ORDER_TABS = ['all', 'pending', 'completed'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];
export const ORDER_TAB_LABELS: Record<OrderTab, string> = {
  all: 'All Orders',
  pending: 'Pending',
  completed: 'Completed',
};
export const ORDER_TAB_STATUSES: Record<OrderTab, readonly OrderStatus[] | null> = {
  all: null,
  pending: ['pending', 'processing', 'shipped'],
  completed: ['delivered'],
};

export const PAYMENT_STATUSES = ['pending', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { pending: 'Pending', paid: 'Paid' };
export const PAYMENT_TABS = ['all', 'in_progress', 'paid'] as const;
export type PaymentTab = (typeof PAYMENT_TABS)[number];
export const PAYMENT_TAB_LABELS: Record<PaymentTab, string> = {
  all: 'All Payments',
  in_progress: 'In Progress',
  paid: 'Paid',
};
export const PAYMENT_METHODS = ['UPI', 'NEFT', 'RTGS', 'IMPS', 'Card', 'Net Banking', 'Cheque'] as const;

export const RFQ_STATUSES = ['pending', 'quoted', 'negotiating', 'accepted', 'rejected'] as const;
export type RfqStatus = (typeof RFQ_STATUSES)[number];
export const RFQ_STATUS_LABELS: Record<RfqStatus, string> = {
  pending: 'Pending',
  quoted: 'Quoted',
  negotiating: 'Negotiating',
  accepted: 'Accepted',
  rejected: 'Rejected',
};
/** Unknown values display as Pending (spec section 4). */
export function rfqStatusLabel(status: string): string {
  return RFQ_STATUS_LABELS[status as RfqStatus] ?? 'Pending';
}
export const RFQ_FINAL_STATUSES: readonly RfqStatus[] = ['accepted', 'rejected'];
export const rfqClosedMessage = (status: string) => `This RFQ has been ${status}. No further actions available.`;
export const RFQ_MESSAGES = {
  /** Shown in place of Approve when the seller made the last offer. */
  waitingForBuyer: "Waiting for the buyer's reply",
  approveWaiting: "Waiting for the buyer's reply to your offer: you can approve only the buyer's latest terms.",
  gstFromProduct: (rate: number) => `The GST rate comes from the product's listing: ${rate}%.`,
  gstFromQuote: (rate: number) => `The GST rate comes from the accepted quote: ${rate}%.`,
  hsnFromProduct: (code: string) => `The HSN code comes from the product's listing: ${code}.`,
  manufacturerNotTrading: 'This manufacturer cannot take on new business at the moment.',
  chooseGst: (rates: readonly number[]) =>
    `Choose the GST rate of this order: ${rates.length > 1 ? `${rates.slice(0, -1).join(', ')} or ` : ''}${rates.at(-1)}%.`,
} as const;

export const ORDER_AWAITING_BUYER_LABEL = 'Awaiting buyer confirmation';
export const ORDER_AWAITING_BUYER_MESSAGE =
  "This order is awaiting the buyer's confirmation of the shipping address: it can only be cancelled until then.";

export const ORDER_PAGE_SIZE = 10;
export const PAYMENT_PAGE_SIZE = 10;

/* ---------- shared field rules ---------- */

export const positiveQuantity = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole number.` })
    .int(`${label} must be a whole number.`)
    .min(1, `${label} must be at least 1.`)
    .max(10_000_000, `${label} is too large.`);

export const pricePerUnit = z.coerce
  .number({ error: 'Enter a price per unit.' })
  .positive('Price must be more than 0.')
  .max(100_000_000, 'Price is too large.')
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'Use at most 2 decimal places.');

export const shippingAddressSchema = z.object({
  street: requiredText('Street', 200),
  apartment: optionalText(200),
  city: requiredText('City', 100),
  state: indianState,
  zipCode: z
    .string({ error: 'Enter a 6-digit PIN code.' })
    .trim()
    .regex(/^[1-9][0-9]{5}$/, 'Enter a 6-digit PIN code.'),
});
export type ShippingAddress = z.infer<typeof shippingAddressSchema>;

/**
 * Dates that name a day still ahead (an RFQ deadline, an estimated delivery) may be today but not before it, in
 * India's time: checked when the request is parsed, so the browser and the server agree on the day.
 */
function notBeforeToday(ctx: z.RefinementCtx, value: string | undefined, path: string, message: string) {
  if (value && value < todayInIndia()) ctx.addIssue({ code: 'custom', path: [path], message });
}

/* ---------- buyer API ---------- */

/** A buyer's GSTIN is optional; when given it meets the one GSTIN rule and agrees with the address's state. */
export const buyerRegisterSchema = gstinMatchesState(
  z.object({
    email,
    phone: indianMobile,
    password,
    company_name: requiredText('Company name', 200),
    contact_name: requiredText('Full name', 120),
    gst_number: optionalGstin,
    address: requiredText('Address', 500),
    state: indianState,
    /** The web form always sends it; API clients may leave it out, but when given it must match. */
    confirm_password: z.string().optional(),
  }),
)
  .refine((v) => v.confirm_password === undefined || v.password === v.confirm_password, {
    message: MESSAGES.passwordMismatch,
    path: ['confirm_password'],
  })
  .superRefine(refinePasswordNotLogin('password', (v) => v));

const rfqCreateFields = z.object({
  manufacturerId: z.uuid('Choose a manufacturer.'),
  productId: z.uuid().optional(),
  productName: requiredText('Product name', 200),
  category: optionalText(100),
  quantity: positiveQuantity('Quantity'),
  targetPrice: pricePerUnit.optional(),
  deadline: calendarDate().optional(),
  description: optionalText(4000),
  specifications: z.array(z.string().trim().min(1).max(300)).max(50).default([]),
});
export const rfqCreateSchema = rfqCreateFields.superRefine((v, ctx) =>
  notBeforeToday(ctx, v.deadline, 'deadline', DATE_MESSAGES.deadlinePast),
);

/** A price and quantity proposed by either side, with notes. */
export const offerSchema = z.object({
  pricePerUnit,
  quantity: positiveQuantity('Quantity'),
  notes: optionalText(2000),
});
export type OfferInput = z.input<typeof offerSchema>;

export const rfqRejectSchema = z.object({ reason: optionalText(1000) });

export const buyerRfqResponseSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('accept'), notes: optionalText(2000) }),
  z.object({ action: z.literal('reject'), notes: optionalText(2000) }),
  z.object({ action: z.literal('counter'), ...offerSchema.shape }),
]);

export const orderCreateSchema = z.object({
  manufacturerId: z.uuid('Choose a manufacturer.'),
  items: z
    .array(z.object({ productId: z.uuid('Choose a product.'), quantity: positiveQuantity('Quantity') }))
    .min(1, 'Add at least one product.')
    .max(100, 'At most 100 lines per order.'),
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
});

export const paymentRecordSchema = z.object({
  method: z.enum(PAYMENT_METHODS, { error: `Method must be one of ${PAYMENT_METHODS.join(', ')}.` }),
  reference: requiredText('Payment reference', 100),
});

export const disputeCreateSchema = z.object({ reason: requiredText('Reason', 2000) });
export const cancelSchema = z.object({ reason: requiredText('Reason', 1000) });

/* ---------- seller actions ---------- */

export const orderStatusChangeSchema = z
  .object({
    status: z.enum(['processing', 'shipped', 'delivered', 'cancelled'], { error: 'Choose the new status.' }),
    carrier: optionalText(100),
    trackingNumber: optionalText(100),
    estimatedDelivery: calendarDate()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    reason: optionalText(1000),
    /** Needed to ship a consignment above Rs 50,000 (its e-way bill). */
    transport: transportSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'shipped') {
      if (!v.carrier) ctx.addIssue({ code: 'custom', path: ['carrier'], message: MESSAGES.required('Carrier') });
      if (!v.trackingNumber)
        ctx.addIssue({ code: 'custom', path: ['trackingNumber'], message: MESSAGES.required('Tracking number') });
    }
    if (v.status === 'cancelled' && !v.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: MESSAGES.required('Reason') });
    notBeforeToday(ctx, v.estimatedDelivery, 'estimatedDelivery', DATE_MESSAGES.estimatedDeliveryPast);
  });
export type OrderStatusChangeInput = z.input<typeof orderStatusChangeSchema>;

export const rfqConvertSchema = z.object({
  shippingAddress: shippingAddressSchema.optional(),
  /** Only for an RFQ without a listed product (or one without a rate): one of the configured rates. */
  gstPercentage: z.number({ error: 'Choose a GST rate from the list.' }).min(0).max(100).optional(),
  /** Printed on the tax invoice: the same rule as a product's HSN code. */
  hsnCode: optionalText(12).pipe(z.string().regex(HSN_PATTERN, PRODUCT_MESSAGES.hsnInvalid).optional()),
});

/* ---------- responses ---------- */

export const trendStat = z.object({ count: z.number(), trend: z.string() });
export const dashboardOverview = z.object({
  stats: z.object({
    total_orders: trendStat,
    total_products: trendStat,
    pending_payments: trendStat,
    alerts: trendStat,
  }),
  recent_orders: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      name: z.string(),
      date: z.string(),
      price: z.string(),
      status: z.string(),
    }),
  ),
});
export type DashboardOverview = z.infer<typeof dashboardOverview>;

export const orderListItem = z.object({
  id: z.string(),
  orderId: z.string(),
  customer: z.string(),
  orderDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.string(),
  /** Whether the buyer has paid it (the seller's list shows paid and unpaid apart). */
  paymentStatus: z.enum(PAYMENT_STATUSES),
  /** An RFQ's order the buyer has not confirmed yet (see orderDetail). */
  awaitingBuyerConfirmation: z.boolean(),
});
export type OrderListItem = z.infer<typeof orderListItem>;

export const orderEvent = z.object({
  from: z.enum(ORDER_STATUSES).nullable(),
  to: z.enum(ORDER_STATUSES),
  note: z.string().nullable(),
  at: z.string(),
});

export const orderDetail = z.object({
  id: z.string(),
  orderId: z.string(),
  orderDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  nextStatuses: z.array(z.enum(ORDER_STATUSES)),
  rfqNumber: z.string().nullable(),
  cancelReason: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  /** Converted from an RFQ and waiting for the buyer to choose the shipping address: the seller cannot move it. */
  awaitingBuyerConfirmation: z.boolean(),
  customer: z.object({ name: z.string(), company: z.string(), email: z.string(), phone: z.string().nullable() }),
  shippingAddress: z.object({
    street: z.string(),
    apartment: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    country: z.string(),
  }),
  products: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      brand: z.string().nullable(),
      category: z.string().nullable(),
      unit: z.string().nullable(),
      hsnCode: z.string().nullable(),
      quantity: z.number(),
      unitPrice: z.string(),
      gstPercentage: z.string(),
      taxAmount: z.string(),
      totalPrice: z.string(),
    }),
  ),
  payment: z.object({
    id: z.string().nullable(),
    paymentId: z.string().nullable(),
    method: z.string().nullable(),
    reference: z.string().nullable(),
    status: z.enum(PAYMENT_STATUSES),
    paidAt: z.string().nullable(),
    subtotal: z.string(),
    shipping: z.string(),
    tax: z.string(),
    total: z.string(),
  }),
  tracking: z.object({
    carrier: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    estimatedDelivery: z.string().nullable(),
  }),
  timeline: z.array(orderEvent),
});
export type OrderDetail = z.infer<typeof orderDetail>;

/** The admin console's order: the same read model as the seller's, with the seller who sold it. */
export const adminOrderDetail = orderDetail.extend({ manufacturer: z.string() });
export type AdminOrderDetail = z.infer<typeof adminOrderDetail>;

export const adminOrderListItem = z.object({
  id: z.string(),
  orderNumber: z.string(),
  customer: z.string(),
  manufacturer: z.string(),
  orderDate: z.string(),
  status: z.enum(ORDER_STATUSES),
  statusLabel: z.string(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  total: z.string(),
});
export type AdminOrderListItem = z.infer<typeof adminOrderListItem>;

/** The buyer's list of orders (the buyer API has no screens yet). */
export const buyerOrderListItem = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  total: z.string(),
  orderDate: z.string(),
});
export type BuyerOrderListItem = z.infer<typeof buyerOrderListItem>;

export const paymentListItem = z.object({
  id: z.string(),
  paymentId: z.string(),
  customer: z.string(),
  paymentDate: z.string(),
  method: z.string(),
  total: z.string(),
  status: z.enum(['Paid', 'Pending']),
});
export type PaymentListItem = z.infer<typeof paymentListItem>;

export const paymentDetail = paymentListItem.extend({
  reference: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  order: z.object({ id: z.string(), orderId: z.string(), status: z.enum(ORDER_STATUSES), orderDate: z.string() }),
  settlement: z
    .object({
      id: z.string(),
      settlementNumber: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      amount: z.string(),
      status: z.enum(['Paid', 'Pending']),
      paidAt: z.string().nullable(),
    })
    .nullable(),
});
export type PaymentDetail = z.infer<typeof paymentDetail>;

export const rfqOffer = z.object({
  id: z.string(),
  by: z.enum(['buyer', 'seller']),
  kind: z.string(),
  pricePerUnit: z.string().nullable(),
  quantity: z.number().nullable(),
  notes: z.string().nullable(),
  at: z.string(),
});

export const rfqItem = z.object({
  id: z.string(),
  rfqNumber: z.string(),
  productName: z.string(),
  buyerCompany: z.string(),
  buyerContact: z.string(),
  /** The seller's company: what the buyer's RFQ screens name. */
  sellerCompany: z.string(),
  category: z.string().nullable(),
  requestedQuantity: z.number(),
  targetPrice: z.string().nullable(),
  estimatedValue: z.string().nullable(),
  deadline: z.string().nullable(),
  description: z.string().nullable(),
  specifications: z.array(z.string()),
  status: z.string(),
  rejectionReason: z.string().nullable(),
  agreedPrice: z.string().nullable(),
  agreedQuantity: z.number().nullable(),
  /** The GST rate the accepted offer named (a quote on a requirement does): a converted order is taxed at it. */
  agreedGstRate: z.string().nullable(),
  orderId: z.string().nullable(),
  createdAt: z.string(),
  originalProduct: z
    .object({
      name: z.string(),
      image: z.string().nullable(),
      yourPrice: z.string().nullable(),
      /** The listing's GST rate: a converted order is taxed at it. */
      gstPercentage: z.string().nullable(),
    })
    .nullable(),
  offers: z.array(rfqOffer),
  /** Whose move it is while the RFQ is open: the seller's offer waits for the buyer, and the other way round. */
  waitingFor: z.enum(['buyer', 'seller']).nullable(),
});
export type RfqItem = z.infer<typeof rfqItem>;

export const listQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  search: z.string().trim().max(100).optional(),
});

/** The seller's order list: the list query with its tab (All Orders, Pending, Completed). */
export const sellerOrderListQuery = listQuery.extend({ tab: z.enum(ORDER_TABS).default('all') });
