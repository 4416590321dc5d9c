import { z } from 'zod';
import { LIMITS, MATERIALS, PRODUCT_CATEGORIES, UNITS } from '../constants.ts';
import { HSN_PATTERN } from '../product-review.ts';

export const PRODUCT_MESSAGES = {
  imageRequired: 'Please upload at least one product image before submitting.',
  name: 'Product name is required.',
  description: 'Description is required.',
  sku: 'SKU is required.',
  price: 'Price must be greater than 0.',
  priceDecimals: 'Price can have at most 2 decimal places.',
  priceTooLarge: 'Price is too large.',
  moq: 'MOQ must be at least 1.',
  moqWhole: 'MOQ must be a whole number.',
  stock: 'Stock must be 0 or more.',
  stockWhole: 'Stock must be a whole number.',
  unit: 'Unit is required.',
  unitInvalid: `Unit must be one of ${UNITS.join(', ')}.`,
  category: 'Category is required.',
  categoryInvalid: 'Choose a category from the list.',
  materialInvalid: 'Choose a material from the list.',
  gstInvalid: 'Choose a GST rate from the list.',
  hsnInvalid: 'HSN code must be 4, 6 or 8 digits.',
  noToken: 'No authentication token found.',
  editInvalid: 'Please fill all required fields correctly.',
  createFailed: 'Failed to create product',
  fetchFailed: 'Failed to fetch product',
  updateFailed: 'Failed to update product',
  deleteFailed: 'Failed to delete product.',
  bulkFailed: 'Bulk upload failed.',
  skuTaken: 'A product with this SKU already exists.',
  /** A save from a form opened before someone (a buyer's order, another tab) changed the product. */
  stale: 'This product changed since you opened it',
  versionRequired: 'Reload the product and save again.',
  imageTooBig: (name: string) => `Image "${name}" exceeds 10MB size limit.`,
  imageWidth: (name: string) => `Image "${name}" width must be between 500px and 10000px.`,
  imageUnreadable: (name: string) => `Could not read image "${name}".`,
  imageType: (name: string) => `"${name}" is not a JPEG, PNG or WebP image.`,
  deleteConfirm: (name: string) => `Are you sure you want to delete "${name}"? This action cannot be undone.`,
} as const;

/** At most this many images per product; the thumbnail in tables is the first. */
export const MAX_PRODUCT_IMAGES = 10;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/**
 * Sizes and colours: commas separate values and a value keeps the spaces inside it ("Sky Blue, Navy Blue" is two
 * values). Each value is trimmed with inner runs of spaces collapsed, empty values are dropped, and a repeat in
 * another case is dropped (the first spelling stays). This departs from the spec's whitespace-splitting rule on
 * purpose: the field's own hint says "Separate with commas" (README, departures).
 */
export function parseList(input: string | readonly string[]): string[] {
  const parts = typeof input === 'string' ? input.split(',') : input.flatMap((v) => v.split(','));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const part of parts) {
    const value = part.trim().replace(/\s+/g, ' ');
    const key = value.toLocaleLowerCase('en-IN');
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/** A list as the form's text field shows it. */
export function formatList(values: readonly string[]): string {
  return values.join(', ');
}

const listField = z.preprocess(
  (v) => {
    if (v === undefined || v === null) return [];
    if (typeof v === 'string') return parseList(v);
    if (Array.isArray(v) && v.every((s) => typeof s === 'string')) return parseList(v);
    return v;
  },
  z.array(z.string().max(50, 'Each entry must be at most 50 characters.')).max(50, 'At most 50 entries.'),
);

/** Text (from a form field or CSV cell) or a number, as a number; blank is missing. */
const numberFrom = (message: string) =>
  z.preprocess(
    (v) => {
      if (typeof v === 'string') return v.trim() === '' ? undefined : Number(v.trim());
      return v === null ? undefined : v;
    },
    z.number({ error: message }).refine(Number.isFinite, message),
  );

const integerFrom = (message: string, wholeMessage: string, min: number) =>
  numberFrom(message).pipe(
    z
      .number()
      .int(wholeMessage)
      .min(min, message)
      .max(2_000_000_000, `${message.split(' ')[0]} is too large.`),
  );

/** Blank text becomes undefined, so optional selects and inputs can send "". */
const blankToUndefined = (v: unknown) => ((typeof v === 'string' && v.trim() === '') || v === null ? undefined : v);

const optionalText = (max: number) =>
  z.preprocess(blankToUndefined, z.string().trim().max(max, `Must be at most ${max} characters.`).optional());

const requiredText = (message: string, max: number) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters.`),
  );

export const productFields = {
  name: requiredText(PRODUCT_MESSAGES.name, 200),
  description: requiredText(PRODUCT_MESSAGES.description, 5000),
  sku: requiredText(PRODUCT_MESSAGES.sku, 64),
  price: numberFrom(PRODUCT_MESSAGES.price)
    .pipe(z.number().gt(0, PRODUCT_MESSAGES.price).max(999_999_999, PRODUCT_MESSAGES.priceTooLarge))
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, PRODUCT_MESSAGES.priceDecimals),
  moq: integerFrom(PRODUCT_MESSAGES.moq, PRODUCT_MESSAGES.moqWhole, LIMITS.moqMin),
  stock: integerFrom(PRODUCT_MESSAGES.stock, PRODUCT_MESSAGES.stockWhole, LIMITS.stockMin),
  unit: z.preprocess(
    (v) => (v === null || v === undefined ? '' : typeof v === 'string' ? v.trim() : v),
    z.enum(UNITS, {
      error: (issue) =>
        issue.input === '' || typeof issue.input !== 'string' ? PRODUCT_MESSAGES.unit : PRODUCT_MESSAGES.unitInvalid,
    }),
  ),
  brand: optionalText(100),
  category: z.preprocess(
    blankToUndefined,
    z.enum(PRODUCT_CATEGORIES, { error: PRODUCT_MESSAGES.categoryInvalid }).optional(),
  ),
  subCategory: optionalText(100),
  modelNumber: optionalText(100),
  sizes: listField,
  colors: listField,
  material: z.preprocess(blankToUndefined, z.enum(MATERIALS, { error: PRODUCT_MESSAGES.materialInvalid }).optional()),
  dimensions: optionalText(100),
  weight: optionalText(100),
  packaging: optionalText(200),
  hsn_code: z.preprocess(
    blankToUndefined,
    z.string().trim().regex(HSN_PATTERN, PRODUCT_MESSAGES.hsnInvalid).optional(),
  ),
  /** Checked against the configured GST rates on the server; the form offers only those. */
  gst_percentage: z.preprocess(
    blankToUndefined,
    numberFrom(PRODUCT_MESSAGES.gstInvalid).pipe(z.number().min(0, PRODUCT_MESSAGES.gstInvalid).max(100)).optional(),
  ),
  status: z.preprocess(
    blankToUndefined,
    z.enum(['active', 'inactive'], { error: 'Status must be active or inactive.' }).default('active'),
  ),
};

/** The product payload (edit, CSV rows): category optional, as the spec's edit rules say. */
export const productSchema = z.object(productFields);
export type ProductInput = z.input<typeof productSchema>;
export type ProductPayload = z.output<typeof productSchema>;

/** Add product: category is required as well. */
export const createProductSchema = productSchema.extend({
  category: z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.enum(PRODUCT_CATEGORIES, { error: PRODUCT_MESSAGES.category }),
  ),
});

/** Edit: the full product, the version the form loaded (a stale one is refused), and the ids of images to remove. */
export const updateProductSchema = productSchema.extend({
  version: z
    .number({ error: PRODUCT_MESSAGES.versionRequired })
    .int(PRODUCT_MESSAGES.versionRequired)
    .min(1, PRODUCT_MESSAGES.versionRequired)
    .max(2_147_483_647, PRODUCT_MESSAGES.versionRequired),
  remove_media_ids: z
    .array(z.uuid())
    .max(MAX_PRODUCT_IMAGES * 2)
    .default([]),
});

/** A GST rate the configured list allows (rates compare as numbers: "18.00" equals 18). */
export function isAllowedGstRate(rate: number, rates: readonly number[]): boolean {
  return rates.some((r) => Math.abs(r - rate) < 1e-9);
}

export const LISTING_STATUSES = ['active', 'inactive'] as const;
export const MODERATION_STATUSES = ['pending', 'approved', 'suspended', 'rejected'] as const;
export type ModerationStatus = (typeof MODERATION_STATUSES)[number];

export const MODERATION_LABELS: Record<ModerationStatus, string> = {
  pending: 'Pending Approval',
  approved: 'Approved',
  suspended: 'Suspended',
  rejected: 'Rejected',
};

export const productMedia = z.object({
  id: z.string(),
  url: z.string(),
  thumb_url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  name: z.string(),
});
export type ProductMedia = z.infer<typeof productMedia>;

export const productDetail = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  sku: z.string(),
  /** Money as a numeric string ("499.00"). */
  price: z.string(),
  moq: z.number().int(),
  stock: z.number().int(),
  unit: z.string(),
  brand: z.string().nullable(),
  category: z.string().nullable(),
  subCategory: z.string().nullable(),
  modelNumber: z.string().nullable(),
  sizes: z.array(z.string()),
  colors: z.array(z.string()),
  material: z.string().nullable(),
  dimensions: z.string().nullable(),
  weight: z.string().nullable(),
  packaging: z.string().nullable(),
  hsn_code: z.string().nullable(),
  gst_percentage: z.number().nullable(),
  status: z.enum(LISTING_STATUSES),
  moderation_status: z.enum(MODERATION_STATUSES),
  moderation_reason: z.string().nullable(),
  /** The price moderation last approved: the price-error guard measures changes against it. */
  approved_price: z.string().nullable(),
  /** Moves on with every change to the product; an edit sends back the version it loaded. */
  version: z.number().int(),
  media: z.array(productMedia),
  media_urls: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ProductDetail = z.infer<typeof productDetail>;

export const PRODUCT_SORTS = [
  'newest',
  'oldest',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  'stock_asc',
  'stock_desc',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
export const PRODUCT_PAGE_SIZE = 10;

export const productListQuery = z.object({
  q: z.string().trim().max(100).optional(),
  status: z.enum(LISTING_STATUSES).optional(),
  moderation: z.enum(MODERATION_STATUSES).optional(),
  sort: z.enum(PRODUCT_SORTS).default('newest'),
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(PRODUCT_PAGE_SIZE),
});
export type ProductListQuery = z.input<typeof productListQuery>;

export const productListItem = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  price: z.string(),
  moq: z.number().int(),
  stock: z.number().int(),
  unit: z.string(),
  category: z.string().nullable(),
  status: z.enum(LISTING_STATUSES),
  moderation_status: z.enum(MODERATION_STATUSES),
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
});
export type ProductListItem = z.infer<typeof productListItem>;

export const productListResponse = z.object({
  products: z.array(productListItem),
  /** Matching products, counted up to ten pages past the current one. */
  total: z.number().int(),
  /** False when there are more than `total` matches. */
  totalExact: z.boolean(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductListResponse = z.infer<typeof productListResponse>;

/** Bulk upload: the required columns, exactly in this order, then any of the optional ones. */
export const BULK_REQUIRED_COLUMNS = ['name', 'description', 'sku', 'price', 'moq', 'stock', 'unit'] as const;
export const BULK_OPTIONAL_COLUMNS = [
  'brand',
  'category',
  'subCategory',
  'modelNumber',
  'sizes',
  'colors',
  'material',
  'dimensions',
  'weight',
  'packaging',
  'hsn_code',
  'gst_percentage',
  'status',
] as const;
export const BULK_TEMPLATE_NAME = 'bulk_upload_template.csv';
/** The error list in a bulk answer is capped; failedCount always counts every failed row. */
export const BULK_MAX_REPORTED_ERRORS = 1000;

export const bulkRowError = z.object({
  /** Spreadsheet row number: the header is row 1, the first product row 2. */
  row: z.number().int(),
  column: z.string(),
  reason: z.string(),
  sku: z.string().optional(),
});
export type BulkRowError = z.infer<typeof bulkRowError>;

export const bulkUploadResponse = z.object({
  successCount: z.number().int(),
  failedCount: z.number().int(),
  failed: z.array(bulkRowError),
  /** True when more errors happened than the list holds. */
  truncated: z.boolean(),
});
export type BulkUploadResponse = z.infer<typeof bulkUploadResponse>;

export const BULK_MESSAGES = {
  success: (n: number) => `${n} products uploaded successfully.`,
  complete: 'Upload complete.',
  failed: (n: number) => `${n} failed.`,
  notCsv: 'Only CSV files can be uploaded.',
  empty: 'The file is empty.',
  noRows: 'The file has no product rows.',
  headers: `The columns must be exactly ${BULK_REQUIRED_COLUMNS.join(',')} in this order (optional product columns may follow).`,
  unknownColumn: (c: string) => `Unknown column "${c}".`,
  duplicateColumn: (c: string) => `Column "${c}" appears twice.`,
  malformed: (detail: string) => `The file is not valid CSV: ${detail}`,
  noFile: 'Choose a CSV file to upload.',
  tooBig: 'The file exceeds the 50MB limit.',
  duplicateSkuInFile: (row: number) => `SKU already used in row ${row} of this file.`,
  duplicateSkuExisting: 'A product with this SKU already exists.',
  concurrentSku:
    'A product with one of these SKUs was added while the file was loading. Nothing was imported; upload the file again.',
  columnCount: (expected: number, found: number) => `Expected ${expected} columns, found ${found}.`,
} as const;
