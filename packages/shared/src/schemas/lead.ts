import { z } from 'zod';
import { gstinProblem, normalizeGst } from '../gst.ts';
import { LEAD_CONTACT_PATTERN, LEAD_EMAIL_PATTERN, LEAD_LIMITS, LEAD_MESSAGES } from '../lead-rules.ts';

/** Optional text: blank means absent, so '' and a missing field are stored the same way. */
const optional = <T extends z.ZodType<string, string>>(schema: T) =>
  schema.optional().transform((v) => (v ? v : undefined));

const required = (requiredMessage: string, max: number, tooLong: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).max(max, tooLong);

/** The landing page's lead form (spec sections 3 and 5); checkLead() in lead-rules.ts mirrors it in the browser. */
export const leadSchema = z.object({
  name: required(LEAD_MESSAGES.nameRequired, LEAD_LIMITS.nameMax, LEAD_MESSAGES.nameTooLong),
  company: required(LEAD_MESSAGES.companyRequired, LEAD_LIMITS.companyMax, LEAD_MESSAGES.companyTooLong),
  contact: z
    .string({ error: LEAD_MESSAGES.contactRequired })
    .trim()
    .min(1, LEAD_MESSAGES.contactRequired)
    .regex(LEAD_CONTACT_PATTERN, LEAD_MESSAGES.contactInvalid),
  gst: optional(
    z
      .string({ error: LEAD_MESSAGES.gstInvalid })
      .transform(normalizeGst)
      .superRefine((v, ctx) => {
        const problem = v === '' ? undefined : gstinProblem(v);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
  ),
  email: optional(
    z
      .string({ error: LEAD_MESSAGES.emailInvalid })
      .trim()
      .max(LEAD_LIMITS.emailMax, LEAD_MESSAGES.emailInvalid)
      .refine((v) => v === '' || LEAD_EMAIL_PATTERN.test(v), LEAD_MESSAGES.emailInvalid)
      .transform((v) => v.toLowerCase()),
  ),
  referredBy: optional(z.string().trim().max(LEAD_LIMITS.referredByMax, LEAD_MESSAGES.referredByTooLong)),
  /** The page the form was sent from (path and query, e.g. campaign parameters). */
  sourcePage: optional(z.string().trim().max(LEAD_LIMITS.sourcePageMax)),
});
export type LeadBody = z.infer<typeof leadSchema>;

export const leadResponse = z.object({
  id: z.uuid(),
  /** True when this submission was recorded beside a lead sent with the same contact a few minutes earlier. */
  merged: z.boolean(),
  message: z.string(),
});
export type LeadResponse = z.infer<typeof leadResponse>;
