/**
 * What moderation judged. Editing an approved product in any of these ways sends it back to Pending Approval;
 * the seller's edit form uses the same rule to say so before saving.
 */

/** Fields an admin reads when approving: a change to any of them is a new product as far as buyers know. */
export const REVIEWED_FIELDS = [
  'name',
  'description',
  'category',
  'subCategory',
  'brand',
  'unit',
  'hsn_code',
  'gst_percentage',
] as const;
export type ReviewedField = (typeof REVIEWED_FIELDS)[number];
export type ReviewedChange = ReviewedField | 'price' | 'images';

/**
 * The price-error guard: a price more than this many times the approved price, or less than the approved price
 * divided by it, needs review (Rs 100 may become Rs 200 or Rs 50, not Rs 200.01 or Rs 49.99). Measured against
 * the price moderation approved, so steps within the band cannot add up past it.
 */
export const PRICE_REVIEW_FACTOR = 2;

export const REVIEWED_CHANGE_LABELS: Record<ReviewedChange, string> = {
  name: 'name',
  description: 'description',
  category: 'category',
  subCategory: 'sub-category',
  brand: 'brand',
  unit: 'unit',
  hsn_code: 'HSN code',
  gst_percentage: 'GST rate',
  price: 'price',
  images: 'images',
};

/** The product as moderation last saw it (a product detail has this shape). */
export interface ReviewedProduct {
  name: string;
  description: string;
  category: string | null;
  subCategory: string | null;
  brand: string | null;
  unit: string;
  hsn_code: string | null;
  gst_percentage: number | null;
  price: string;
  /** The price moderation approved; null when it never approved one (then the current price stands in). */
  approved_price: string | null;
}

/** The edited values (a parsed product payload has this shape; blank optional fields are undefined). */
export interface ReviewedEdit {
  name: string;
  description: string;
  category?: string | null;
  subCategory?: string | null;
  brand?: string | null;
  unit: string;
  hsn_code?: string | null;
  gst_percentage?: number | null;
  price: number;
}

const paise = (rupees: string | number): number => Math.round(Number(rupees) * 100);

/** True when `price` lies outside the band the guard allows around the approved price. */
export function priceNeedsReview(approvedPrice: string, price: number): boolean {
  const approved = paise(approvedPrice);
  const next = paise(price);
  return next > approved * PRICE_REVIEW_FACTOR || next * PRICE_REVIEW_FACTOR < approved;
}

/** The lowest and highest prices (rupees, to the paisa) the guard lets through without review. */
export function priceReviewBand(approvedPrice: string): { min: number; max: number } {
  const approved = paise(approvedPrice);
  return { min: Math.ceil(approved / PRICE_REVIEW_FACTOR) / 100, max: (approved * PRICE_REVIEW_FACTOR) / 100 };
}

/** The changes in `edit` that moderation has to see again, in the order of REVIEWED_FIELDS, then price, images. */
export function changesNeedingReview(
  before: ReviewedProduct,
  edit: ReviewedEdit,
  imagesChanged: boolean,
): ReviewedChange[] {
  const changed: ReviewedChange[] = REVIEWED_FIELDS.filter((f) => {
    const was = before[f] ?? null;
    const now = edit[f] ?? null;
    return f === 'gst_percentage' ? !sameNumber(was as number | null, now as number | null) : was !== now;
  });
  if (priceNeedsReview(before.approved_price ?? before.price, edit.price)) changed.push('price');
  if (imagesChanged) changed.push('images');
  return changed;
}

function sameNumber(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(Number(a) - Number(b)) < 1e-9;
}

/** "name, price and images": the changes as the seller reads them ("or" for a list of what would count). */
export function describeReviewedChanges(changes: readonly ReviewedChange[], conjunction: 'and' | 'or' = 'and'): string {
  const words = changes.map((c) => REVIEWED_CHANGE_LABELS[c]);
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} ${conjunction} ${words.at(-1)}` : (words[0] ?? '');
}

/** HSN codes are 4, 6 or 8 digits (the tariff's heading, sub-heading or tariff item). */
export const HSN_PATTERN = /^(\d{4}|\d{6}|\d{8})$/;

/**
 * Why a product cannot be approved (or activated) yet, or null when it can: tax invoices need its HSN code and
 * GST rate, so approval needs both.
 */
export function approvalBlocker(
  p: { hsn_code: string | null; gst_percentage: number | string | null },
  verb: 'approved' | 'activated' = 'approved',
): string | null {
  const missing = [
    ...(p.hsn_code === null || !HSN_PATTERN.test(p.hsn_code) ? ['an HSN code'] : []),
    ...(p.gst_percentage === null ? ['a GST rate'] : []),
  ];
  if (!missing.length) return null;
  return `This product needs ${missing.join(' and ')} before it can be ${verb}. Flag it (Request Edit) to ask the seller for ${missing.length > 1 ? 'them' : 'it'}.`;
}
