/** Business constants and limits of spec section 9, one source for the web app and the server. */
export const LIMITS = {
  contactDigits: 10,
  phonePrefix: '+91',
  gstLength: 15,
  otpDigits: 6,
  passwordMin: 8,
  imageMaxBytes: 10 * 1024 * 1024,
  imageMinWidth: 500,
  imageMaxWidth: 10000,
  moqMin: 1,
  stockMin: 0,
  priceStep: 0.01,
  notificationDropdownItems: 3,
  rfqPageSize: 8,
  adminPageSize: 5,
} as const;

// The landing page's figures live in their own module so the landing page loads them without the rest.
export { LANDING_COUNTERS, PROMISES, TIMINGS } from './landing.ts';

export const SIDEBAR = { widthPercent: 16, collapsedPercent: 4 } as const;

/** Policy terms quoted in the Privacy Policy & Terms and Conditions text. */
export const POLICY = {
  dispatchSla: '48-72 hours',
  settlementWorkingDays: '7-15',
  terminationNoticeDays: 30,
  amendmentNoticeDays: 7,
  kycRenewalMonths: 12,
  nonSolicitationMonths: 12,
  jurisdiction: 'Mumbai, Maharashtra',
  governingLaw: 'Indian law',
  liabilityCap: 'the commission earned on the disputed transaction',
  logisticsCredits: 'non-refundable and non-transferable',
} as const;

/** OTP rules (architecture security baseline). */
export const OTP = {
  ttlMinutes: 10,
  maxAttempts: 5,
  resendCooldownSeconds: 30,
} as const;

export const SESSION = {
  shortHours: 12,
  rememberDays: 30,
} as const;

export const PRODUCT_CATEGORIES = ['toys', 'electronic_components', 'packaging'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** Business categories a manufacturer picks at registration. */
export const BUSINESS_CATEGORIES = PRODUCT_CATEGORIES;

export const CATEGORY_LABELS: Record<string, string> = {
  toys: 'Toys',
  electronic_components: 'Electronic Components',
  packaging: 'Packaging',
};

export const UNITS = ['piece', 'kg', 'gram', 'liter', 'meter', 'box', 'pack'] as const;
export type Unit = (typeof UNITS)[number];

/** Units as people read them, for one and for many ("1 Box", "35 Boxes"). */
export const UNIT_LABELS: Record<Unit, { one: string; many: string }> = {
  piece: { one: 'Piece', many: 'Pieces' },
  kg: { one: 'Kg', many: 'Kg' },
  gram: { one: 'Gram', many: 'Grams' },
  liter: { one: 'Liter', many: 'Liters' },
  meter: { one: 'Meter', many: 'Meters' },
  box: { one: 'Box', many: 'Boxes' },
  pack: { one: 'Pack', many: 'Packs' },
};

export const MATERIALS = [
  'Cotton',
  'Polyester',
  'Wool',
  'Silk',
  'Leather',
  'Denim',
  'Linen',
  'Rayon',
  'Nylon',
  'Acrylic',
  'Spandex',
  'Viscose',
  'Rubber',
  'Plastic',
  'Metal',
  'Stainless Steel',
  'Aluminum',
  'Copper',
  'Brass',
  'Wood',
  'Bamboo',
  'Glass',
  'Ceramic',
  'Porcelain',
  'Stone',
  'Paper',
  'Cardboard',
  'Foam',
  'Silicone',
  'Jute',
  'Canvas',
  'Synthetic',
  'Other',
] as const;

/**
 * GST slabs after India's September 2025 rate rationalisation. The spec's 0, 5, 12, 18, 28 predates it.
 * The admin console can override this list in site settings; this is the default.
 */
export const DEFAULT_GST_RATES = [0, 0.25, 3, 5, 18, 40] as const;

export const ROLES = ['seller', 'admin', 'buyer'] as const;
export type Role = (typeof ROLES)[number];

/** Manufacturer verification: the registration tracker reads Received, Under review, Verified. */
export const MANUFACTURER_STATUSES = ['received', 'under_review', 'approved', 'rejected', 'suspended'] as const;
export type ManufacturerStatus = (typeof MANUFACTURER_STATUSES)[number];

export const MANUFACTURER_STATUS_LABELS: Record<ManufacturerStatus, string> = {
  received: 'Received',
  under_review: 'Under review',
  approved: 'Approved',
  rejected: 'Rejected',
  suspended: 'Suspended',
};

export const TRACKER_STEPS = ['Received', 'Under review', 'Verified'] as const;

/** Index of the tracker step reached (0 Received, 1 Under review, 2 Verified); -1 when rejected. */
export function trackerStep(status: ManufacturerStatus): number {
  switch (status) {
    case 'received':
      return 0;
    case 'under_review':
      return 1;
    case 'approved':
    case 'suspended':
      return 2;
    case 'rejected':
      return -1;
  }
}

/** Admin badge text for a manufacturer status (spec: Approved, Pending Approval, Suspended). */
export function adminStatusLabel(status: ManufacturerStatus): string {
  switch (status) {
    case 'received':
    case 'under_review':
      return 'Pending Approval';
    case 'approved':
      return 'Approved';
    case 'suspended':
      return 'Suspended';
    case 'rejected':
      return 'Rejected';
  }
}
