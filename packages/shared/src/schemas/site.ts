import { z } from 'zod';
import { DEFAULT_GST_RATES } from '../constants.ts';
import { DEFAULT_REQUIRED_DOCUMENTS, DOCUMENT_KINDS, DOCUMENT_MESSAGES } from './documents.ts';

export const SITE_MESSAGES = { httpsOnly: 'Use an https:// link, or leave it empty.' } as const;

/** True for an absolute https:// URL with a host and no user name or password in it. */
export function isHttpsLink(value: string): boolean {
  if (!/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !url.username && !url.password;
  } catch {
    return false;
  }
}

/**
 * A social link shown on the public footer: https only, or empty for none. Anything else (javascript:, data:,
 * http:, a relative or protocol-relative address) would run or open from our page with our name on it.
 */
export const socialLink = z
  .string({ error: SITE_MESSAGES.httpsOnly })
  .trim()
  .max(500, 'Links must be at most 500 characters.')
  .refine((v) => v === '' || isHttpsLink(v), SITE_MESSAGES.httpsOnly);

export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'linkedin', 'twitter', 'youtube'] as const;

/** Public site configuration: contact details, social links, GST slabs and moderation switches. */
export const siteSettingsSchema = z.object({
  contactEmail: z.email(),
  contactPhone: z.string().min(5).max(30),
  supportEmail: z.email(),
  supportPhone: z.string().min(5).max(30),
  supportHours: z.string().min(1).max(100),
  social: z.object({
    facebook: socialLink,
    instagram: socialLink,
    linkedin: socialLink,
    twitter: socialLink,
    youtube: socialLink,
  }),
  gstRates: z.array(z.number().min(0).max(100)).min(1).max(20),
  /** New products from approved (verified) sellers skip the moderation queue. */
  autoApproveVerifiedSellers: z.boolean(),
  /**
   * The documents a manufacturer must have uploaded before an admin can approve (or reactivate) them. Missing from
   * a stored or sent configuration means the default, GST certificate and PAN.
   */
  requiredDocuments: z
    .array(z.enum(DOCUMENT_KINDS, { error: 'Choose document types from the list.' }))
    .min(1, DOCUMENT_MESSAGES.requiredNone)
    .max(DOCUMENT_KINDS.length)
    .default([...DEFAULT_REQUIRED_DOCUMENTS]),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  contactEmail: 'onboarding@udyogbazaar.in',
  contactPhone: '+91 22 4000 1234',
  supportEmail: 'support@udyogbazaar.in',
  supportPhone: '+91 22 4000 5678',
  supportHours: 'Mon-Fri 9:00 AM - 6:00 PM IST',
  social: {
    facebook: 'https://www.facebook.com/udyogbazaar',
    instagram: 'https://www.instagram.com/udyogbazaar',
    linkedin: 'https://www.linkedin.com/company/udyogbazaar',
    twitter: 'https://x.com/udyogbazaar',
    youtube: '',
  },
  gstRates: [...DEFAULT_GST_RATES],
  autoApproveVerifiedSellers: false,
  requiredDocuments: [...DEFAULT_REQUIRED_DOCUMENTS],
};
