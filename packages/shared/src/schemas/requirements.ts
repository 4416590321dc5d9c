import { z } from 'zod';
import { DEFAULT_GST_RATES, PRODUCT_CATEGORIES, UNITS } from '../constants.ts';
import { calendarDate } from '../dates.ts';
import { todayInIndia } from '../format.ts';
import { indianState, optionalText, requiredText } from './common.ts';
import { positiveQuantity, pricePerUnit } from './trade.ts';

/* ---------- statuses, limits, messages ---------- */

export const REQUIREMENT_STATUSES = ['open', 'accepted', 'closed', 'expired', 'removed'] as const;
export type RequirementStatus = (typeof REQUIREMENT_STATUSES)[number];
export const REQUIREMENT_STATUS_LABELS: Record<RequirementStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  closed: 'Closed',
  expired: 'Expired',
  removed: 'Removed',
};

export const REQUIREMENT_QUOTE_STATUSES = ['open', 'accepted', 'closed', 'withdrawn'] as const;
export type RequirementQuoteStatus = (typeof REQUIREMENT_QUOTE_STATUSES)[number];
export const REQUIREMENT_QUOTE_STATUS_LABELS: Record<RequirementQuoteStatus, string> = {
  open: 'Open',
  accepted: 'Accepted',
  closed: 'Closed',
  withdrawn: 'Withdrawn',
};

export const REQUIREMENT_LIMITS = {
  /** Open requirements one buyer may have at once. */
  openPerBuyer: 10,
  pageSize: 10,
  maxDeliveryDays: 365,
} as const;

export const REQUIREMENT_MESSAGES = {
  deadlineFuture: 'The deadline must be a date after today.',
  validUntilPast: 'The quote cannot be valid until a day before today.',
  pinCode: 'Enter a 6-digit PIN code.',
  tooManyOpen: (n: number) =>
    `You already have ${n} open requirements, the most allowed at once. Close one or accept a quote before posting another.`,
  notOpen: 'This requirement is no longer open.',
  notVerified: 'The requirements board is open to verified sellers only. It appears once your account is verified.',
  gstRate: `Choose a GST rate: ${DEFAULT_GST_RATES.join(', ')}%.`,
  deliveryDays: `Delivery days must be a whole number from 1 to ${REQUIREMENT_LIMITS.maxDeliveryDays}.`,
} as const;

/** Photos, PDFs and drawings on a requirement: the same types and sizes as dispute evidence. */
export const REQUIREMENT_ATTACHMENT_LIMITS = { files: 5, bytes: 5 * 1024 * 1024 } as const;
export const REQUIREMENT_ATTACHMENT_MESSAGES = {
  missing: 'Choose at least one photo, PDF or drawing.',
  tooMany: `A requirement can hold at most ${REQUIREMENT_ATTACHMENT_LIMITS.files} attachments.`,
  tooLarge: (name: string) => `"${name}" is larger than 5 MB.`,
  badType: (name: string) => `"${name}" must be a photo (JPEG, PNG, WebP) or a PDF (drawings as PDF).`,
  unreadable: (name: string) => `Could not read "${name}".`,
  notOpen: 'Attachments can only be added while the requirement is open.',
} as const;

/* ---------- requests ---------- */

const pinCode = z
  .string({ error: REQUIREMENT_MESSAGES.pinCode })
  .trim()
  .regex(/^[1-9][0-9]{5}$/, REQUIREMENT_MESSAGES.pinCode);

/** A buyer's requirement, posted to every verified seller of its category (no seller is chosen). */
export const requirementCreateSchema = z.object({
  title: requiredText('What you need', 200),
  description: optionalText(4000),
  category: z.enum(PRODUCT_CATEGORIES, { error: 'Choose a category.' }),
  quantity: positiveQuantity('Quantity'),
  unit: z.enum(UNITS, { error: 'Choose a unit.' }),
  targetPrice: pricePerUnit.optional(),
  // A day after today in India, checked on the field so the message shows beside the other fields' messages.
  deadline: calendarDate().refine((v) => v > todayInIndia(), REQUIREMENT_MESSAGES.deadlineFuture),
  deliveryState: indianState,
  pinCode,
});
export type RequirementCreateInput = z.input<typeof requirementCreateSchema>;

/** A seller's quote on a requirement; sent again, it revises the seller's one quote. */
export const requirementQuoteSchema = z.object({
  pricePerUnit,
  quantity: positiveQuantity('Quantity'),
  deliveryDays: z.coerce
    .number({ error: REQUIREMENT_MESSAGES.deliveryDays })
    .int(REQUIREMENT_MESSAGES.deliveryDays)
    .min(1, REQUIREMENT_MESSAGES.deliveryDays)
    .max(REQUIREMENT_LIMITS.maxDeliveryDays, REQUIREMENT_MESSAGES.deliveryDays),
  validUntil: calendarDate().refine((v) => v >= todayInIndia(), REQUIREMENT_MESSAGES.validUntilPast),
  /** GST on top of the price, in percent; when given the buyer sees the total with GST. */
  gstRate: z.coerce
    .number({ error: REQUIREMENT_MESSAGES.gstRate })
    .refine((v) => (DEFAULT_GST_RATES as readonly number[]).includes(v), REQUIREMENT_MESSAGES.gstRate)
    .optional(),
  note: optionalText(2000),
});
export type RequirementQuoteInput = z.input<typeof requirementQuoteSchema>;

export const requirementReportSchema = z.object({ reason: requiredText('Reason', 1000) });
export const requirementCloseSchema = z.object({ reason: optionalText(1000) });
export const requirementAdminCloseSchema = z.object({ reason: requiredText('Reason', 1000) });

const pageQuery = z.coerce.number().int().min(1).max(100000).default(1);
const searchQuery = z.string().trim().max(100).optional();

export const buyerRequirementsQuery = z.object({
  page: pageQuery,
  status: z.enum(REQUIREMENT_STATUSES).optional(),
});
export const requirementBoardQuery = z.object({
  page: pageQuery,
  search: searchQuery,
  state: z.string().trim().max(100).optional(),
});
export const adminRequirementsQuery = z.object({
  page: pageQuery,
  search: searchQuery,
  status: z.enum(REQUIREMENT_STATUSES).optional(),
});

/* ---------- responses ---------- */

export const requirementSummary = z.object({
  id: z.string(),
  number: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string(),
  quantity: z.number(),
  unit: z.string(),
  targetPrice: z.string().nullable(),
  deadline: z.string(),
  deliveryState: z.string(),
  pinCode: z.string(),
  status: z.enum(REQUIREMENT_STATUSES),
  closedReason: z.string().nullable(),
  quoteCount: z.number(),
  createdAt: z.string(),
});
export type RequirementSummary = z.infer<typeof requirementSummary>;

/** One quote as its requirement's buyer (or the admin) sees it, beside the others. */
export const requirementQuoteItem = z.object({
  id: z.string(),
  manufacturerId: z.string(),
  sellerCompany: z.string(),
  sellerState: z.string().nullable(),
  verified: z.boolean(),
  /** Share of the RFQs the seller received that it answered (quoted, negotiated, accepted or declined), 0-100. */
  responseRate: z.number().nullable(),
  /** Orders the seller delivered on the platform. */
  deliveredOrders: z.number(),
  pricePerUnit: z.string(),
  quantity: z.number(),
  deliveryDays: z.number(),
  validUntil: z.string(),
  gstRate: z.string().nullable(),
  /** Price × quantity, before GST. */
  subtotal: z.string(),
  /** Subtotal with GST when the quote names a rate, else null. */
  totalWithGst: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(REQUIREMENT_QUOTE_STATUSES),
  revisions: z.number(),
  revisedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type RequirementQuoteItem = z.infer<typeof requirementQuoteItem>;

/** One attachment of a requirement; `url` is where the viewer's role opens it (the API, with their token). */
export const requirementAttachmentItem = z.object({
  id: z.string(),
  name: z.string(),
  mime: z.string(),
  size: z.number(),
  url: z.string(),
  createdAt: z.string(),
});
export type RequirementAttachmentItem = z.infer<typeof requirementAttachmentItem>;

export const buyerRequirementDetail = requirementSummary.extend({
  attachments: z.array(requirementAttachmentItem),
  quotes: z.array(requirementQuoteItem),
  cheapestQuoteId: z.string().nullable(),
  fastestQuoteId: z.string().nullable(),
  /** The accepted RFQ the accepted quote became. */
  rfqId: z.string().nullable(),
});
export type BuyerRequirementDetail = z.infer<typeof buyerRequirementDetail>;

export const buyerRequirementList = z.object({
  requirements: z.array(requirementSummary),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

/** The seller's own quote, as the board and the quote dialog show it. */
export const myRequirementQuote = z.object({
  id: z.string(),
  pricePerUnit: z.string(),
  quantity: z.number(),
  deliveryDays: z.number(),
  validUntil: z.string(),
  gstRate: z.string().nullable(),
  note: z.string().nullable(),
  status: z.enum(REQUIREMENT_QUOTE_STATUSES),
  revisedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MyRequirementQuote = z.infer<typeof myRequirementQuote>;

export const boardRequirement = requirementSummary.omit({ quoteCount: true, closedReason: true }).extend({
  myQuote: myRequirementQuote.nullable(),
  /** True when this seller already reported it as spam. */
  reported: z.boolean(),
  attachments: z.array(requirementAttachmentItem),
});
export type BoardRequirement = z.infer<typeof boardRequirement>;

export const requirementBoardList = z.object({
  requirements: z.array(boardRequirement),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const acceptRequirementQuoteResponse = z.object({
  requirement: buyerRequirementDetail,
  rfqId: z.string(),
  rfqNumber: z.string(),
});

export const adminRequirementItem = requirementSummary.extend({
  buyerId: z.string(),
  buyerCompany: z.string(),
  reportCount: z.number(),
});
export type AdminRequirementItem = z.infer<typeof adminRequirementItem>;

export const adminRequirementList = z.object({
  requirements: z.array(adminRequirementItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});

export const requirementReportItem = z.object({
  id: z.string(),
  sellerCompany: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});

export const adminRequirementDetail = adminRequirementItem.extend({
  buyerContact: z.string(),
  attachments: z.array(requirementAttachmentItem),
  quotes: z.array(requirementQuoteItem),
  reports: z.array(requirementReportItem),
  rfqId: z.string().nullable(),
});
export type AdminRequirementDetail = z.infer<typeof adminRequirementDetail>;
