import { z } from 'zod';

/**
 * What an administrator may do in the console (issue 28, "Who may move money"). `owner` may do everything and is
 * the only one who manages admin users and site settings; `finance` moves money (payments, refunds, settlements,
 * payouts) and prepares the tax returns; `support` looks after buyers, sellers and disputes without money;
 * `moderator` reviews products and sellers' documents (verification).
 */
export const ADMIN_ROLES = ['owner', 'finance', 'support', 'moderator'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export const adminRoleField = z.enum(ADMIN_ROLES, { error: 'Choose a role from the list.' });
export const changeAdminRoleSchema = z.object({ role: adminRoleField });

/** What the console asks of the server to know which screens and actions to offer. */
export const adminMeView = z.object({ id: z.string(), role: adminRoleField });
export type AdminMe = z.infer<typeof adminMeView>;

/** The console's sections and which roles use them (the server checks every route; this only hides the rest). */
export const ADMIN_SECTIONS = {
  dashboard: ['owner', 'finance', 'support', 'moderator'],
  manufacturers: ['owner', 'finance', 'support', 'moderator'],
  products: ['owner', 'support', 'moderator'],
  orders: ['owner', 'finance', 'support'],
  buyers: ['owner', 'support'],
  rfqs: ['owner', 'support'],
  requirements: ['owner', 'support', 'moderator'],
  payments: ['owner', 'finance', 'support'],
  settlements: ['owner', 'finance'],
  finance: ['owner', 'finance'],
  leads: ['owner', 'support'],
  contact: ['owner', 'support'],
  disputes: ['owner', 'finance', 'support'],
  reports: ['owner', 'finance'],
  jobs: ['owner'],
  admins: ['owner'],
  settings: ['owner'],
  audit: ['owner'],
} as const satisfies Record<string, readonly AdminRole[]>;
export type AdminSection = keyof typeof ADMIN_SECTIONS;

/** True when `role` may use `section` of the console. */
export const adminMay = (role: AdminRole | undefined, section: AdminSection): boolean =>
  !!role && (ADMIN_SECTIONS[section] as readonly AdminRole[]).includes(role);

/** The roles that move money: refunds, payouts, confirming transfers, settlements, and approving another's request. */
export const MONEY_ROLES = ['owner', 'finance'] as const satisfies readonly AdminRole[];

/** Four eyes: a refund or payout above this needs a second admin's approval. Default Rs 1,00,000. */
export const DEFAULT_FOUR_EYES_ABOVE_PAISE = 10_000_000;
export const fourEyesSettingsSchema = z.object({
  fourEyesAbovePaise: z
    .number({ error: 'Enter the amount in whole paise.' })
    .int('Enter the amount in whole paise.')
    .min(0, 'The amount must not be negative.')
    .max(100_000_000_000, 'The amount must be at most Rs 100,00,00,000.'),
});
export type FourEyesSettings = z.infer<typeof fourEyesSettingsSchema>;

export const APPROVAL_KINDS = ['refund', 'payout_paid', 'payout_provider'] as const;
export type ApprovalKind = (typeof APPROVAL_KINDS)[number];
export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number];

export const approvalItem = z.object({
  id: z.string(),
  kind: z.enum(APPROVAL_KINDS),
  status: z.enum(APPROVAL_STATUSES),
  amountPaise: z.number(),
  /** The order number or settlement number the money is about. */
  subject: z.string(),
  /** The party who receives the money: the buyer (refund) or the seller (payout). */
  party: z.string(),
  reason: z.string(),
  requestedBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }),
  decidedBy: z.object({ id: z.string().nullable(), name: z.string().nullable() }).nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ApprovalItem = z.infer<typeof approvalItem>;
export const approvalsQuery = z.object({ status: z.enum(APPROVAL_STATUSES).default('pending') });
export const approvalDecisionSchema = z.object({
  note: z.string().trim().max(500, 'The note must be at most 500 characters.').optional(),
});
export const rejectApprovalSchema = z.object({
  note: z
    .string()
    .trim()
    .min(3, 'Give a reason for the rejection.')
    .max(500, 'The note must be at most 500 characters.'),
});
/** The answer of a money command that now waits for a second admin (202). */
export const pendingApprovalAnswer = z.object({ pendingApproval: approvalItem });

/** A seller's verification (approve, reject) is a moderator's; suspending and reactivating an account is support's. */
export const MANUFACTURER_ACTION_ROLES = {
  approve: ['owner', 'moderator'],
  reject: ['owner', 'moderator'],
  suspend: ['owner', 'support'],
  activate: ['owner', 'support'],
} as const satisfies Record<'approve' | 'reject' | 'suspend' | 'activate', readonly AdminRole[]>;
/** Moderating products (approve, reject, flag, suspend, activate). */
export const PRODUCT_ACTION_ROLES = ['owner', 'moderator'] as const satisfies readonly AdminRole[];
