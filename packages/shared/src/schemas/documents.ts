import { z } from 'zod';

/** Verification documents a seller uploads for the admin's review (images or PDF). */
export const DOCUMENT_KINDS = ['gst_certificate', 'pan', 'udyam', 'iec', 'incorporation'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = {
  gst_certificate: 'GST certificate',
  pan: 'PAN',
  udyam: 'Udyam/MSME',
  iec: 'IEC',
  incorporation: 'Incorporation certificate',
};

/** A document's review: pending until the admin decides the registration it was sent for. */
export const DOCUMENT_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type DocumentReviewStatus = (typeof DOCUMENT_REVIEW_STATUSES)[number];
export const DOCUMENT_REVIEW_LABELS: Record<DocumentReviewStatus, string> = {
  pending: 'Pending review',
  approved: 'Approved',
  rejected: 'Rejected',
};

export const DOCUMENT_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxPerSeller: 20,
  accept: 'application/pdf,image/jpeg,image/png,image/webp',
} as const;

export const DOCUMENT_MESSAGES = {
  tooLarge: (name: string) => `Document "${name}" exceeds 10MB size limit.`,
  badType: (name: string) => `Document "${name}" must be a PDF, JPEG, PNG or WebP file.`,
  unreadable: (name: string) => `Could not read document "${name}".`,
  tooManyPixels: (name: string) => `Document "${name}" has more than 50 million pixels.`,
  kind: 'Please choose the document type.',
  missing: 'Please choose a file to upload.',
  tooMany: 'You can keep at most 20 documents. Delete one first.',
  /** Approving (or reactivating) a manufacturer without what verification needs. */
  missingForVerification: (labels: readonly string[]) =>
    `Verification needs these documents, not yet uploaded: ${labels.join(', ')}.`,
  requiredNone: 'Choose at least one document that verification needs.',
} as const;

/** What verification needs unless the site settings say otherwise. */
export const DEFAULT_REQUIRED_DOCUMENTS: readonly DocumentKind[] = ['gst_certificate', 'pan'];

/** The labels of the required kinds not among `present`, in the order the kinds are listed. */
export function missingDocuments(required: readonly DocumentKind[], present: Iterable<string>): string[] {
  const have = new Set(present);
  return DOCUMENT_KINDS.filter((k) => required.includes(k) && !have.has(k)).map((k) => DOCUMENT_KIND_LABELS[k]);
}

export const documentKindSchema = z.enum(DOCUMENT_KINDS, { error: DOCUMENT_MESSAGES.kind });
