import type { ManufacturerStatus } from './constants.ts';

/**
 * What a seller may do depends on the account's verification status. Reading is always allowed; every request
 * that changes something is one of these kinds:
 * - account: sign out;
 * - notifications: read, clear and configure notifications, open the live stream;
 * - support: write to the administrators (Help & Docs);
 * - documents: upload or remove verification documents;
 * - catalog: add, edit or delete products, their images, bulk upload;
 * - fulfil: move an order the buyer has paid towards delivery (Processing, Shipped, Delivered);
 * - trade: everything else that makes or changes a deal: answering and converting RFQs, moving unpaid orders,
 *   cancelling orders. A write route that names no kind counts as trade.
 */
export const SELLER_ACTIONS = [
  'account',
  'notifications',
  'support',
  'documents',
  'catalog',
  'fulfil',
  'trade',
] as const;
export type SellerAction = (typeof SELLER_ACTIONS)[number];

const ALWAYS: readonly SellerAction[] = ['account', 'notifications', 'support', 'documents'];

/**
 * The policy. Approved sellers do everything. Not yet verified (Received, Under review): prepare the catalogue
 * (products wait for moderation and are not listed or orderable before verification). Suspended: finish
 * what buyers have paid for, nothing new. Rejected: only the account, documents and support.
 */
export const SELLER_POLICY: Record<ManufacturerStatus, readonly SellerAction[]> = {
  approved: SELLER_ACTIONS,
  received: [...ALWAYS, 'catalog'],
  under_review: [...ALWAYS, 'catalog'],
  suspended: [...ALWAYS, 'fulfil'],
  rejected: ALWAYS,
};

export function sellerMay(status: ManufacturerStatus | null | undefined, action: SellerAction): boolean {
  return Boolean(status && SELLER_POLICY[status].includes(action));
}

const NOT_VERIFIED =
  'Your account is not verified yet: you can prepare your product catalogue (products wait for moderation) and upload your documents; you can trade once it is verified, within 24 hours.';

/** What the account can still do, and what to do next: the seller app's banner and the text of every 403. */
export const SELLER_STATUS_NOTICES: Record<Exclude<ManufacturerStatus, 'approved'>, string> = {
  received: NOT_VERIFIED,
  under_review: NOT_VERIFIED,
  suspended:
    'Your account is suspended: you can still view your data, fulfil orders that are already paid, manage notifications and documents, and contact support. Contact support to have it reinstated.',
  rejected:
    'Your registration was rejected: you can view your account, upload corrected documents and contact support, but not list products or trade. Contact support.',
};

/** The 403 message for a refused action (an approved seller is never refused). */
export function sellerRefusal(status: ManufacturerStatus | null | undefined): string {
  return status && status !== 'approved'
    ? SELLER_STATUS_NOTICES[status]
    : 'Your seller account cannot do this. Contact support.';
}
