import { z } from 'zod';
import { email, MESSAGES, requiredText } from './common.ts';

/** Kinds of notification a user can receive; each can also go by e-mail when the user asks for it. */
export const NOTIFICATION_TYPES = [
  'account_verified',
  'account_rejected',
  'account_suspended',
  'product_approved',
  'product_rejected',
  'product_suspended',
  'product_flagged',
  'rfq_new',
  'rfq_buyer_response',
  'order_new',
  'order_cancelled',
  'payment_received',
  'settlement_paid',
  'dispute_raised',
  'contact_reply',
  // What a buyer hears about: a seller's quote or counter offer, an order's progress, a payment, a dispute.
  'rfq_quote',
  'order_update',
  'payment_recorded',
  'dispute_update',
  'order_awaiting_confirmation',
  'order_confirmed',
  'requirement_new',
  'requirement_quote',
  'requirement_quote_closed',
  'requirement_closed',
  'account_blocked',
  'account_unblocked',
  'admin_seller_registered',
  'admin_contact_message',
  'admin_dispute_raised',
  'admin_spam_report',
  'payment_update',
  'refund_update',
  'settlement_ready',
  'admin_payment_review',
  'admin_money_alert',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** What a seller is told about: its account, its products, RFQs and orders from buyers, the requirements board. */
export const SELLER_NOTIFICATION_TYPES = [
  'account_verified',
  'account_rejected',
  'account_suspended',
  'product_approved',
  'product_rejected',
  'product_suspended',
  'product_flagged',
  'rfq_new',
  'rfq_buyer_response',
  'order_new',
  'order_cancelled',
  'order_confirmed',
  'payment_received',
  'payment_update',
  'refund_update',
  'settlement_ready',
  'settlement_paid',
  'dispute_raised',
  'contact_reply',
  'requirement_new',
  'requirement_quote_closed',
] as const satisfies readonly NotificationType[];

/** What a buyer is told about: sellers' answers, its orders' progress, payments, disputes, its requirements. */
export const BUYER_NOTIFICATION_TYPES = [
  'rfq_quote',
  'order_awaiting_confirmation',
  'order_confirmed',
  'order_update',
  'payment_recorded',
  'payment_update',
  'refund_update',
  'dispute_update',
  'requirement_quote',
  'requirement_closed',
  'account_blocked',
  'account_unblocked',
] as const satisfies readonly NotificationType[];

/**
 * The kinds a role receives, so each one's Notification Settings list only its own: administrators the admin_
 * kinds (notifyAdmins), sellers and buyers the lists above.
 */
export function notificationTypesFor(role: 'admin' | 'seller' | 'buyer'): NotificationType[] {
  if (role === 'admin') return NOTIFICATION_TYPES.filter((t) => t.startsWith('admin_'));
  const own = new Set<NotificationType>(role === 'seller' ? SELLER_NOTIFICATION_TYPES : BUYER_NOTIFICATION_TYPES);
  return NOTIFICATION_TYPES.filter((t) => own.has(t));
}

/** How each kind is named in the Notification Settings dialog. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  account_verified: 'Account verified',
  account_rejected: 'Account rejected',
  account_suspended: 'Account suspended',
  product_approved: 'Product approved',
  product_rejected: 'Product rejected',
  product_suspended: 'Product suspended',
  product_flagged: 'Product flagged for edits',
  rfq_new: 'New RFQ',
  rfq_buyer_response: "Buyer's answer to a counter offer",
  order_new: 'New order',
  order_cancelled: 'Order cancelled by the buyer',
  payment_received: 'Payment received',
  settlement_paid: 'Settlement paid',
  dispute_raised: 'Dispute raised',
  contact_reply: 'Reply to your support message',
  rfq_quote: "Seller's quote or counter offer",
  order_update: 'Order progress',
  payment_recorded: 'Payment recorded',
  dispute_update: 'Dispute update',
  order_awaiting_confirmation: 'Order from an RFQ to confirm',
  order_confirmed: 'Order from an RFQ confirmed',
  requirement_new: 'New requirement on the board',
  requirement_quote: 'New quote on your requirement',
  requirement_quote_closed: 'Your quote accepted or closed',
  requirement_closed: 'Your requirement closed',
  account_blocked: 'Account blocked',
  account_unblocked: 'Account unblocked',
  admin_seller_registered: 'New seller registration',
  admin_contact_message: 'New contact message',
  payment_update: 'Payment failed, rejected or awaiting confirmation',
  refund_update: 'Refunds',
  settlement_ready: 'Settlement statement ready',
  admin_payment_review: 'Bank transfer to confirm, refund to pay',
  admin_money_alert: 'Payment or ledger problem',
  admin_dispute_raised: 'New dispute',
  admin_spam_report: 'Spam report',
};

export const notificationItem = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  type: z.string(),
  is_read: z.boolean(),
  created_at: z.string(),
  link: z.string().nullable(),
});
export type NotificationItem = z.infer<typeof notificationItem>;

export const notificationListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  filter: z.enum(['all', 'unread']).default('all'),
});

export const notificationListResponse = z.object({
  notifications: z.array(notificationItem),
  /** Unread notifications of the user, whatever the filter and page. */
  unread: z.number(),
  /** Notifications matching the filter. */
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type NotificationListResponse = z.infer<typeof notificationListResponse>;

export const notificationPreferencesSchema = z.object({
  /** The kinds that also go by e-mail. */
  email: z.array(z.enum(NOTIFICATION_TYPES, { error: 'Unknown notification type.' })).max(NOTIFICATION_TYPES.length),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** The stored choice and the kinds the signed-in user's role receives (what the settings dialog lists). */
export const notificationPreferencesResponse = notificationPreferencesSchema.extend({
  kinds: z.array(z.enum(NOTIFICATION_TYPES)),
});
export type NotificationPreferencesResponse = z.infer<typeof notificationPreferencesResponse>;

export const streamTicketResponse = z.object({ ticket: z.string(), expiresAt: z.string() });

export const CONTACT_LIMITS = { name: 120, subject: 200, message: 5000, reply: 5000 } as const;

/** POST /api/contact/admin: the Help page's contact form. */
export const contactMessageSchema = z.object({
  name: requiredText('Name', CONTACT_LIMITS.name),
  email: z
    .string({ error: MESSAGES.required('Email') })
    .trim()
    .min(1, MESSAGES.required('Email'))
    .pipe(email),
  subject: requiredText('Subject', CONTACT_LIMITS.subject),
  message: requiredText('Message', CONTACT_LIMITS.message),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export const CONTACT_SENT = 'Message sent successfully!';
export const CONTACT_FAILED = 'Failed to send message.';

export const CONTACT_STATUSES = ['open', 'replied', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const contactReplySchema = z.object({ reply: requiredText('Reply', CONTACT_LIMITS.reply) });
export const contactStatusSchema = z.object({
  status: z.literal('closed', { error: 'Only closing a message is supported.' }),
});

export const contactMessageItem = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(CONTACT_STATUSES),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  createdAt: z.string(),
  /** The seller account the message came from, when it was sent signed in. */
  userId: z.string().nullable(),
  companyName: z.string().nullable(),
});
export type ContactMessageItem = z.infer<typeof contactMessageItem>;

export const contactListQuery = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  status: z.enum(CONTACT_STATUSES).optional(),
});

export const contactListResponse = z.object({
  messages: z.array(contactMessageItem),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
