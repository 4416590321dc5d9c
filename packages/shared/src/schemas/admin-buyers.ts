import { z } from 'zod';
import { adminListQuery, DISPUTE_STATUSES } from './admin.ts';
import { ORDER_STATUSES, RFQ_STATUSES, rfqItem } from './trade.ts';

/* The admin's Buyers area and RFQ oversight: request and response contracts of /api/admin/buyers and /api/admin/rfqs. */

export const BUYER_STATUS_FILTERS = ['all', 'active', 'blocked'] as const;
export type BuyerStatusFilter = (typeof BUYER_STATUS_FILTERS)[number];
export const BUYER_STATUSES = ['active', 'blocked'] as const;
export type BuyerStatus = (typeof BUYER_STATUSES)[number];
export const BUYER_STATUS_LABELS: Record<BuyerStatus, string> = { active: 'Active', blocked: 'Blocked' };

export const BUYER_MESSAGES = {
  /** What sign-in answers a blocked buyer who typed the right password (a wrong one stays "Invalid Credentials"). */
  blockedSignIn: 'This buyer account is blocked. Please contact support@udyogbazaar.in.',
  alreadyBlocked: 'This buyer is already blocked.',
  notBlocked: 'This buyer is not blocked.',
  notFound: 'Buyer not found',
} as const;

/** GET /api/admin/buyers: search by company, contact, e-mail, phone or GSTIN; status filter. */
export const adminBuyersQuery = adminListQuery.extend({
  status: z.enum(BUYER_STATUS_FILTERS).default('all'),
});

export const adminBuyerListItem = z.object({
  id: z.string(),
  company: z.string(),
  contactName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  gst: z.string().nullable(),
  state: z.string().nullable(),
  joinedAt: z.string(),
  status: z.enum(BUYER_STATUSES),
  statusLabel: z.string(),
  blockedAt: z.string().nullable(),
  blockedReason: z.string().nullable(),
});
export const adminBuyerList = z.object({
  buyers: z.array(adminBuyerListItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** How many of each record the buyer's page lists at most (newest first); the counts are of all of them. */
export const ADMIN_BUYER_RECORD_ROWS = 20;

export const adminBuyerDetail = adminBuyerListItem.extend({
  address: z.string().nullable(),
  counts: z.object({ orders: z.number(), rfqs: z.number(), disputes: z.number() }),
  orders: z.array(
    z.object({
      id: z.string(),
      orderNumber: z.string(),
      manufacturer: z.string(),
      total: z.string(),
      status: z.enum(ORDER_STATUSES),
      createdAt: z.string(),
    }),
  ),
  rfqs: z.array(
    z.object({
      id: z.string(),
      rfqNumber: z.string(),
      productName: z.string(),
      manufacturer: z.string(),
      status: z.enum(RFQ_STATUSES),
      createdAt: z.string(),
    }),
  ),
  disputes: z.array(
    z.object({
      id: z.string(),
      orderId: z.string(),
      orderNumber: z.string(),
      reason: z.string(),
      status: z.enum(DISPUTE_STATUSES),
      createdAt: z.string(),
    }),
  ),
});

/** GET /api/admin/rfqs: search by RFQ number, buyer, seller or product; status filter. */
export const adminRfqsQuery = adminListQuery.extend({ status: z.enum(RFQ_STATUSES).optional() });

/** An RFQ as the admin sees it: the buyer's and seller's read model, plus both parties' ids. */
export const adminRfqItem = rfqItem.extend({
  manufacturerId: z.string(),
  buyerId: z.string(),
});
export const adminRfqList = z.object({
  rfqs: z.array(adminRfqItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export type AdminBuyerListItem = z.infer<typeof adminBuyerListItem>;
export type AdminBuyerList = z.infer<typeof adminBuyerList>;
export type AdminBuyerDetail = z.infer<typeof adminBuyerDetail>;
export type AdminRfqItem = z.infer<typeof adminRfqItem>;
export type AdminRfqList = z.infer<typeof adminRfqList>;
