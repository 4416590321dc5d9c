import { z } from 'zod';
import type { ManufacturerStatus } from '../constants.ts';
import { calendarDate } from '../dates.ts';
import { adminRoleField } from './admin-roles.ts';
import { email, requiredText } from './common.ts';
import { utrField } from './money.ts';
import { MODERATION_LABELS, MODERATION_STATUSES, type ModerationStatus } from './product.ts';
import { ORDER_STATUSES, PAYMENT_STATUSES } from './trade.ts';

/** The admin reason dialog (spec section 5): exactly one option; "Other" needs its own words. */
export const MODERATION_REASONS = [
  'Bad images',
  'Insufficient description',
  'Prohibited item',
  'Incorrect category',
  'Pricing issue',
  'Other',
] as const;
export type ModerationReason = (typeof MODERATION_REASONS)[number];

/** The same dialog for a manufacturer's registration or account: reasons that fit a business, not a product. */
export const MANUFACTURER_REASONS = [
  'Documents unreadable',
  'GSTIN does not match documents',
  'Not a manufacturer',
  'Duplicate account',
  'Other',
] as const;
export type ManufacturerReason = (typeof MANUFACTURER_REASONS)[number];

/** The same dialog for blocking a buyer's account. */
export const BUYER_REASONS = [
  'Fraudulent orders',
  'Abusive behaviour',
  'Spam requirements or RFQs',
  'Payment default',
  'Duplicate account',
  'Other',
] as const;
export type BuyerReason = (typeof BUYER_REASONS)[number];

export const REASON_MESSAGES = {
  pick: 'Please select a reason.',
  custom: 'Please enter a custom reason.',
} as const;

/** One of `options` and, for "Other", custom words: the dialog's rules, whichever list it offers. */
function reasonSchemaOf<const T extends readonly [string, ...string[]]>(options: T) {
  return z
    .object({
      reason: z.enum(options, { error: REASON_MESSAGES.pick }),
      customReason: z.string().max(1000, 'Reason must be at most 1000 characters.').optional(),
    })
    .superRefine((v, ctx) => {
      if (v.reason === 'Other' && !v.customReason?.trim()) {
        ctx.addIssue({ code: 'custom', message: REASON_MESSAGES.custom, path: ['customReason'] });
      }
    });
}

/** Flag, reject or suspend a product. */
export const reasonSchema = reasonSchemaOf(MODERATION_REASONS);
/** Reject a manufacturer's registration or suspend their account. */
export const manufacturerReasonSchema = reasonSchemaOf(MANUFACTURER_REASONS);
/** Block a buyer. */
export const buyerReasonSchema = reasonSchemaOf(BUYER_REASONS);

/** The reason dialog's two lists, by what is being acted on. */
export const REASON_OPTIONS = {
  product: { options: MODERATION_REASONS, schema: reasonSchema },
  manufacturer: { options: MANUFACTURER_REASONS, schema: manufacturerReasonSchema },
  buyer: { options: BUYER_REASONS, schema: buyerReasonSchema },
} as const;
export type ReasonSubject = keyof typeof REASON_OPTIONS;

export interface ReasonInput {
  reason: string;
  customReason?: string | undefined;
}

/** The text stored and sent to the seller: the chosen option, or the admin's own words for "Other". */
export function reasonText(input: ReasonInput): string {
  return input.reason === 'Other' ? (input.customReason ?? '').trim() : input.reason;
}

export const REASON_DIALOG_TITLES = {
  flagProduct: 'Flag Product (Request Edit)',
  rejectProduct: 'Reject Product',
  suspendProduct: 'Suspend Product',
  rejectManufacturer: 'Reject Manufacturer',
  suspendManufacturer: 'Suspend Manufacturer',
  blockBuyer: 'Block Buyer',
} as const;

/** Manufacturer verification moves (spec section 4); "pending" means received or under review. */
export type ManufacturerAction = 'approve' | 'reject' | 'suspend' | 'activate';
export const MANUFACTURER_TRANSITIONS: Record<
  ManufacturerAction,
  { from: readonly ManufacturerStatus[]; to: ManufacturerStatus; needsReason: boolean }
> = {
  approve: { from: ['received', 'under_review'], to: 'approved', needsReason: false },
  reject: { from: ['received', 'under_review'], to: 'rejected', needsReason: true },
  suspend: { from: ['approved'], to: 'suspended', needsReason: true },
  activate: { from: ['suspended'], to: 'approved', needsReason: false },
};

export function manufacturerActions(status: ManufacturerStatus): ManufacturerAction[] {
  return (Object.keys(MANUFACTURER_TRANSITIONS) as ManufacturerAction[]).filter((a) =>
    MANUFACTURER_TRANSITIONS[a].from.includes(status),
  );
}

/** Product moderation moves (spec section 4); Flag (Request Edit) is always allowed and keeps the status. */
export type ProductAction = 'flag' | 'approve' | 'reject' | 'suspend' | 'activate';
export const PRODUCT_TRANSITIONS: Record<
  ProductAction,
  { from: readonly ModerationStatus[]; to: ModerationStatus | null; needsReason: boolean }
> = {
  flag: { from: MODERATION_STATUSES, to: null, needsReason: true },
  approve: { from: ['pending'], to: 'approved', needsReason: false },
  reject: { from: ['pending'], to: 'rejected', needsReason: true },
  suspend: { from: ['approved'], to: 'suspended', needsReason: true },
  activate: { from: ['suspended'], to: 'approved', needsReason: false },
};

export function productActions(status: ModerationStatus): ProductAction[] {
  return (Object.keys(PRODUCT_TRANSITIONS) as ProductAction[]).filter((a) =>
    PRODUCT_TRANSITIONS[a].from.includes(status),
  );
}

export function moderationLabel(status: ModerationStatus): string {
  return MODERATION_LABELS[status];
}

/** Status filter of the admin lists: "all" hides rejected records, which stay for the audit trail. */
export const ADMIN_STATUS_FILTERS = ['all', 'pending', 'approved', 'suspended', 'rejected'] as const;
export type AdminStatusFilter = (typeof ADMIN_STATUS_FILTERS)[number];

const page = z.coerce.number().int().min(1).max(100000).default(1);
const pageSize = z.coerce.number().int().min(1).max(100).default(5);
const search = z.string().trim().max(200).optional();

export const adminListQuery = z.object({ q: search, page, pageSize });
export const adminManufacturersQuery = adminListQuery.extend({
  status: z.enum(ADMIN_STATUS_FILTERS).default('all'),
});
export const adminProductsQuery = adminListQuery.extend({
  status: z.enum(ADMIN_STATUS_FILTERS).default('all'),
  category: z.string().trim().max(100).optional(),
});

export const adminOrdersQuery = adminListQuery.extend({ status: z.enum(ORDER_STATUSES).optional() });
export const adminPaymentsQuery = adminListQuery.extend({ status: z.enum(PAYMENT_STATUSES).optional() });
export const markSettlementPaidSchema = z.object({ reference: utrField });

export const LEAD_STATUSES = ['new', 'contacted', 'converted', 'closed'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const adminLeadsQuery = adminListQuery.extend({ status: z.enum(LEAD_STATUSES).optional() });
export const leadUpdateSchema = z
  .object({
    status: z.enum(LEAD_STATUSES).optional(),
    notes: z.string().trim().max(2000, 'Notes must be at most 2000 characters.').optional(),
  })
  .refine((v) => v.status !== undefined || v.notes !== undefined, { message: 'Nothing to change.' });

export const DISPUTE_STATUSES = ['open', 'under_review', 'resolved_buyer', 'resolved_seller'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const DISPUTE_STATUS_LABELS: Record<DisputeStatus, string> = {
  open: 'Open',
  under_review: 'Under review',
  resolved_buyer: 'Resolved for buyer',
  resolved_seller: 'Resolved for seller',
};
/** Resolved disputes are final; an open one can be reviewed or resolved straight away. */
export const DISPUTE_TRANSITIONS: Record<DisputeStatus, readonly DisputeStatus[]> = {
  open: ['under_review', 'resolved_buyer', 'resolved_seller'],
  under_review: ['resolved_buyer', 'resolved_seller'],
  resolved_buyer: [],
  resolved_seller: [],
};
export const adminDisputesQuery = adminListQuery.extend({ status: z.enum(DISPUTE_STATUSES).optional() });
export const disputeUpdateSchema = z.object({
  status: z.enum(DISPUTE_STATUSES),
  notes: requiredText('Notes', 2000),
  /** Resolved for the buyer: the refund in paise (the whole refundable amount when left out); the notes are its reason. */
  refundPaise: z
    .number()
    .int('Enter the refund in whole paise.')
    .positive('The refund must be more than zero.')
    .optional(),
});

export const REPORT_KINDS = ['manufacturers', 'products', 'orders', 'payments', 'leads'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const reportQuery = z
  .object({ from: calendarDate().optional(), to: calendarDate().optional() })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    message: 'The start date must not be after the end date.',
    path: ['to'],
  });

export const inviteAdminSchema = z.object({ fullName: requiredText('Full name', 120), email, role: adminRoleField });
export type InviteAdminInput = z.infer<typeof inviteAdminSchema>;

export const auditLogQuery = z.object({
  page,
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  entityType: z.string().trim().max(50).optional(),
});
