import { z } from 'zod';
import { DISPUTE_STATUSES } from './admin.ts';
import { gstinMatchesState, indianState, optionalGstin, requiredText } from './common.ts';
import { ORDER_STATUSES, type OrderStatus, orderDetail, PAYMENT_STATUSES } from './trade.ts';

/* ---------- the buyer's orders ---------- */

/** The buyer's Orders tabs: what is still on its way, what arrived, what was called off. */
export const BUYER_ORDER_TABS = ['all', 'in_progress', 'delivered', 'cancelled'] as const;
export type BuyerOrderTab = (typeof BUYER_ORDER_TABS)[number];
export const BUYER_ORDER_TAB_LABELS: Record<BuyerOrderTab, string> = {
  all: 'All',
  in_progress: 'In progress',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
export const BUYER_ORDER_TAB_STATUSES: Record<BuyerOrderTab, readonly OrderStatus[] | null> = {
  all: null,
  in_progress: ['pending', 'processing', 'shipped'],
  delivered: ['delivered'],
  cancelled: ['cancelled'],
};
export const BUYER_ORDER_PAGE_SIZE = 20;

export const buyerOrderListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  search: z.string().trim().max(100).optional(),
  tab: z.enum(BUYER_ORDER_TABS).default('all'),
});

export const buyerOrderRow = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  total: z.string(),
  orderDate: z.string(),
  /** The selling manufacturer's company name. */
  seller: z.string(),
});
export type BuyerOrderRow = z.infer<typeof buyerOrderRow>;

export const buyerOrderListResponse = z.object({
  orders: z.array(buyerOrderRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type BuyerOrderListResponse = z.infer<typeof buyerOrderListResponse>;

/* ---------- disputes as the buyer follows them ---------- */

export const DISPUTE_EVIDENCE_LIMITS = { files: 5, bytes: 5 * 1024 * 1024 } as const;

export const disputeEvidenceItem = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  /** Where the viewer opens the file (the API of their role, with their token). */
  url: z.string(),
  createdAt: z.string(),
});
export type DisputeEvidenceItem = z.infer<typeof disputeEvidenceItem>;

export const buyerDispute = z.object({
  id: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.string(),
  /** The admin's running notes: the review and the resolution. */
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  evidence: z.array(disputeEvidenceItem),
});
export type BuyerDispute = z.infer<typeof buyerDispute>;

/** The disputes on one of the seller's orders, as the seller's order screen shows them (the same shape). */
export const sellerOrderDisputes = z.object({ disputes: z.array(buyerDispute) });
export type SellerOrderDisputes = z.infer<typeof sellerOrderDisputes>;

/** The order as the buyer sees it: the one read model, plus who sells it and the disputes raised on it. */
export const buyerOrderDetail = orderDetail.extend({
  seller: z.object({ name: z.string(), state: z.string(), gstNumber: z.string() }),
  disputes: z.array(buyerDispute),
});
export type BuyerOrderDetail = z.infer<typeof buyerOrderDetail>;

/* ---------- dashboard ---------- */

export const buyerDashboard = z.object({
  openRfqs: z.number(),
  openRequirements: z.number(),
  ordersInProgress: z.number(),
  /** Orders not cancelled whose payment is still pending, with their sum. */
  paymentsDue: z.object({ count: z.number(), amount: z.string() }),
  recentOrders: z.array(buyerOrderRow),
});
export type BuyerDashboard = z.infer<typeof buyerDashboard>;

/* ---------- company profile ---------- */

export const buyerProfile = z.object({
  companyName: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  gstNumber: z.string().nullable(),
  address: z.string().nullable(),
  state: z.string().nullable(),
});
export type BuyerProfile = z.infer<typeof buyerProfile>;

/** The company profile form: the same GSTIN rule as registration, optional for a buyer but checked when given. */
export const buyerProfileUpdateSchema = gstinMatchesState(
  z.object({
    company_name: requiredText('Company name', 200),
    contact_name: requiredText('Full name', 120),
    gst_number: optionalGstin,
    address: requiredText('Address', 500),
    state: indianState,
  }),
);
export type BuyerProfileUpdate = z.input<typeof buyerProfileUpdateSchema>;

/* ---------- dispute evidence ---------- */

export const EVIDENCE_MESSAGES = {
  missing: 'Choose at least one photo or PDF.',
  tooMany: `A dispute can hold at most ${DISPUTE_EVIDENCE_LIMITS.files} evidence files.`,
  tooLarge: (name: string) => `"${name}" is larger than 5 MB.`,
  badType: (name: string) => `"${name}" must be a photo (JPEG, PNG, WebP) or a PDF.`,
  unreadable: (name: string) => `Could not read "${name}".`,
} as const;
