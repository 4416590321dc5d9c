/**
 * Lead form rules without zod, so the landing page can check input in the browser without shipping a schema
 * library. The zod schema in schemas/lead.ts is built from the same patterns and messages; a unit test keeps
 * the two in agreement.
 */
import { GSTIN_MESSAGES, gstinProblem, normalizeGst } from './gst.ts';

export const LEAD_LIMITS = {
  nameMax: 100,
  companyMax: 150,
  emailMax: 254,
  referredByMax: 100,
  sourcePageMax: 200,
  /** A repeat of the same contact within this window is recorded beside the earlier lead, which stays as sent. */
  mergeWindowMinutes: 10,
} as const;

/** Ten digits, starting with 6, 7, 8 or 9 (an Indian mobile number without the +91 prefix). */
export const LEAD_CONTACT_PATTERN = /^[6-9][0-9]{9}$/;
export const LEAD_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LEAD_MESSAGES = {
  nameRequired: 'Name is required.',
  nameTooLong: `Name must be at most ${LEAD_LIMITS.nameMax} characters.`,
  companyRequired: 'Company name is required.',
  companyTooLong: `Company name must be at most ${LEAD_LIMITS.companyMax} characters.`,
  contactRequired: 'Contact number is required.',
  contactInvalid: 'Please enter a valid 10-digit mobile number.',
  gstInvalid: GSTIN_MESSAGES.invalid,
  emailInvalid: 'Please enter a valid email address',
  referredByTooLong: `Must be at most ${LEAD_LIMITS.referredByMax} characters.`,
  success: "Congratulations! We'll gonna get back to you in 24 hours",
  failure: 'We could not send your details. Please check them and try again.',
} as const;

/** Where a visitor heard of the marketplace; the form also accepts free text under "Other". */
export const LEAD_SOURCES = [
  'Google search',
  'Social media',
  'Friend or colleague',
  'Trade fair or event',
  'Industry association',
  'Our sales team',
] as const;

/**
 * What the contact field keeps of what was typed or pasted: digits only, at most 10, dropping a pasted +91 or
 * leading 0 ("+91 98765 43210" and "09876543210" both become 9876543210).
 */
export function normalizeContact(input: string): string {
  let digits = input.replace(/\D/g, '');
  if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return digits.slice(0, 10);
}

export interface LeadInput {
  name: string;
  company: string;
  contact: string;
  gst?: string;
  email?: string;
  referredBy?: string;
}

export type LeadField = keyof LeadInput;

/** The first problem with each field, keyed by field; empty when the lead may be sent. */
export function checkLead(input: LeadInput): Partial<Record<LeadField, string>> {
  const errors: Partial<Record<LeadField, string>> = {};
  const name = input.name.trim();
  const company = input.company.trim();
  const contact = input.contact.trim();
  const gst = normalizeGst(input.gst ?? '');
  const email = (input.email ?? '').trim();
  const referredBy = (input.referredBy ?? '').trim();

  if (!name) errors.name = LEAD_MESSAGES.nameRequired;
  else if (name.length > LEAD_LIMITS.nameMax) errors.name = LEAD_MESSAGES.nameTooLong;
  if (!company) errors.company = LEAD_MESSAGES.companyRequired;
  else if (company.length > LEAD_LIMITS.companyMax) errors.company = LEAD_MESSAGES.companyTooLong;
  if (!contact) errors.contact = LEAD_MESSAGES.contactRequired;
  else if (!LEAD_CONTACT_PATTERN.test(contact)) errors.contact = LEAD_MESSAGES.contactInvalid;
  const gstProblem = gst ? gstinProblem(gst) : undefined;
  if (gstProblem) errors.gst = gstProblem;
  if (email && (email.length > LEAD_LIMITS.emailMax || !LEAD_EMAIL_PATTERN.test(email))) {
    errors.email = LEAD_MESSAGES.emailInvalid;
  }
  if (referredBy.length > LEAD_LIMITS.referredByMax) errors.referredBy = LEAD_MESSAGES.referredByTooLong;
  return errors;
}
