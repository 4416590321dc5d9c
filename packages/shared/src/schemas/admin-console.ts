import { z } from 'zod';
import { disputeEvidenceItem } from './buyer-area.ts';
import { MANUFACTURER_STATUSES } from '../constants.ts';
import { DISPUTE_STATUSES, LEAD_STATUSES } from './admin.ts';
import { adminRoleField } from './admin-roles.ts';
import { MODERATION_STATUSES } from './product.ts';
import { PAYMENT_STATUSES } from './trade.ts';

/** A settlement's payout through a provider: started, with the provider, paid, or failed (to be paid again). */
export const SETTLEMENT_PAYOUT_STATUSES = ['requested', 'processing', 'processed', 'failed'] as const;
export type SettlementPayoutStatus = (typeof SETTLEMENT_PAYOUT_STATUSES)[number];

/* The admin console's response contracts: the server's route schemas and the web's types both come from here. */

const dashboardCard = z.object({ count: z.number(), trend: z.number() });
export const adminDashboard = z.object({
  cards: z.object({
    buyers: dashboardCard,
    manufacturers: dashboardCard,
    sales: z.object({ amount: z.string(), trend: z.number() }),
    disputes: dashboardCard,
  }),
  requests: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      contactPerson: z.string(),
      email: z.string(),
      status: z.enum(MANUFACTURER_STATUSES),
      statusLabel: z.string(),
    }),
  ),
  salesTrend: z.array(z.object({ month: z.string(), label: z.string(), sales: z.number() })),
  manufacturerGrowth: z.array(z.object({ month: z.string(), label: z.string(), count: z.number() })),
  buyerActivity: z.array(z.object({ month: z.string(), label: z.string(), buyers: z.number() })),
});

export const adminPaymentListItem = z.object({
  id: z.string(),
  paymentNumber: z.string(),
  orderNumber: z.string(),
  customer: z.string(),
  manufacturer: z.string(),
  method: z.string(),
  amount: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  paymentDate: z.string(),
  settled: z.boolean(),
});
export const adminSettlementListItem = z.object({
  id: z.string(),
  settlementNumber: z.string(),
  manufacturer: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  amount: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  reference: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  /** The payout through PAYOUT_PROVIDER (RazorpayX): null when it was never sent to a provider. */
  payoutStatus: z.enum(SETTLEMENT_PAYOUT_STATUSES).nullable(),
  providerPayoutId: z.string().nullable(),
  payoutFailureReason: z.string().nullable(),
});
export const adminLeadListItem = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string(),
  gst: z.string().nullable(),
  contact: z.string(),
  email: z.string().nullable(),
  referredBy: z.string().nullable(),
  status: z.enum(LEAD_STATUSES),
  notes: z.string().nullable(),
  createdAt: z.string(),
  /** Later submissions with the same contact inside the merge window; the lead keeps the first as sent. */
  repeatCount: z.number(),
  repeats: z.array(
    z.object({
      name: z.string(),
      company: z.string(),
      gst: z.string().nullable(),
      email: z.string().nullable(),
      referredBy: z.string().nullable(),
      sourcePage: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export const adminDisputeListItem = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  buyer: z.string(),
  manufacturer: z.string(),
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  statusLabel: z.string(),
  nextStatuses: z.array(z.enum(DISPUTE_STATUSES)),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
/** One dispute opened by its record URL: the same fields as its list row, so either can fill the record. */
export const adminDisputeDetail = adminDisputeListItem.extend({
  /** The buyer's photos and PDFs, each opened through the admin's own URL. */
  evidence: z.array(disputeEvidenceItem),
  /** What a resolution for the buyer can still refund: captured less every refund issued, in paise. */
  refundablePaise: z.number().int(),
});

/** Dashboard figures and the trade oversight screens: orders, payments and settlements, leads, disputes. */
export const adminManufacturerListItem = z.object({
  id: z.string(),
  name: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  contact: z.string().nullable(),
  regDate: z.string(),
  status: z.enum(MANUFACTURER_STATUSES),
  statusLabel: z.string(),
  statusReason: z.string().nullable(),
  gst: z.string(),
  address: z.string(),
  state: z.string().nullable(),
  category: z.string(),
});

export const adminManufacturerDetail = adminManufacturerListItem.extend({
  reviewStarted: z.boolean(),
  /** Labels of the documents verification needs (site settings) that are not uploaded yet. */
  missingDocuments: z.array(z.string()),
  certificates: z.array(
    z.object({ id: z.string(), kind: z.string(), mime: z.string(), name: z.string(), url: z.string() }),
  ),
});

const adminProductBase = z.object({
  id: z.string(),
  name: z.string(),
  manufacturer: z.string(),
  manufacturerId: z.string(),
  category: z.string().nullable(),
  price: z.string(),
  sku: z.string(),
  description: z.string(),
  status: z.enum(MODERATION_STATUSES),
  statusLabel: z.string(),
  moderationReason: z.string().nullable(),
  listingStatus: z.string(),
  hsnCode: z.string().nullable(),
  gstPercentage: z.number().nullable(),
});
/** A list row carries its first image's thumbnail; the detail every image. */
export const adminProductListItem = adminProductBase.extend({ image: z.string().nullable() });
export const adminProductDetail = adminProductBase.extend({
  images: z.array(z.object({ url: z.string(), thumb: z.string() })),
});

export const adminUserItem = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: adminRoleField,
  isActive: z.boolean(),
  createdAt: z.string(),
});

export type AdminDashboard = z.infer<typeof adminDashboard>;
export type AdminPaymentListItem = z.infer<typeof adminPaymentListItem>;
export type AdminSettlementListItem = z.infer<typeof adminSettlementListItem>;
export type AdminLeadListItem = z.infer<typeof adminLeadListItem>;
export type AdminDisputeListItem = z.infer<typeof adminDisputeListItem>;
export type AdminDisputeDetail = z.infer<typeof adminDisputeDetail>;
export type AdminManufacturerListItem = z.infer<typeof adminManufacturerListItem>;
export type AdminManufacturerDetail = z.infer<typeof adminManufacturerDetail>;
/** What every product answer has, list row or detail. */
export type AdminProduct = z.infer<typeof adminProductBase>;
export type AdminProductListItem = z.infer<typeof adminProductListItem>;
export type AdminProductDetail = z.infer<typeof adminProductDetail>;
export type AdminUserItem = z.infer<typeof adminUserItem>;
