import { z } from 'zod';
import { isValidGstin } from '../gst.ts';
import { isSameAsLogin, PASSWORD_MESSAGES, passwordProblem } from '../password-rules.ts';

export const MESSAGES = {
  phoneInvalid: 'Please enter a valid phone number.',
  emailInvalid: 'Please enter a valid email address',
  passwordShort: 'Password must be at least 8 characters long',
  passwordMismatch: "Passwords don't match",
  gstInvalid: 'Please enter a valid 15-character GSTIN.',
  required: (label: string) => `${label} is required.`,
  invalidCredentials: 'Invalid Credentials',
} as const;

/** A 10-digit Indian mobile number: starts with 6, 7, 8 or 9. */
export const indianMobile = z
  .string({ error: MESSAGES.phoneInvalid })
  .trim()
  .regex(/^[6-9][0-9]{9}$/, MESSAGES.phoneInvalid);

export const email = z
  .string({ error: MESSAGES.emailInvalid })
  .trim()
  .max(254, MESSAGES.emailInvalid)
  .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, MESSAGES.emailInvalid)
  .transform((v) => v.toLowerCase());

/**
 * A new password: the spec's minimum length, then refused when blank or guessable (password-rules.ts; the list
 * of common passwords counts once the runtime has handed it in). Schemas that also know the account's e-mail or
 * phone add refinePasswordNotLogin.
 */
export const password = z
  .string({ error: MESSAGES.passwordShort })
  .min(8, MESSAGES.passwordShort)
  .max(256, 'Password must be at most 256 characters long')
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** An object refinement: the password at `field` must not be the e-mail or phone the object also carries. */
export function refinePasswordNotLogin<T extends Record<string, unknown>>(
  field: keyof T & string,
  login: (value: T) => { email?: string; phone?: string },
) {
  return (value: T, ctx: z.RefinementCtx) => {
    const pw = value[field];
    if (typeof pw === 'string' && isSameAsLogin(pw, login(value))) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_MESSAGES.sameAsLogin, path: [field] });
    }
  };
}

/**
 * A required GSTIN: upper-cased and stripped of separators as the form does, then checked for structure and
 * check character. Unlike the form's normalizeGst it does not cut at 15, so a longer value is refused, not trimmed.
 */
export const gstin = z
  .string({ error: MESSAGES.gstInvalid })
  .transform((v) => v.toUpperCase().replace(/[^A-Z0-9]/g, ''))
  .refine(isValidGstin, MESSAGES.gstInvalid);

/** Required text with the spec's "{label} is required." message and a sane upper bound. */
export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: MESSAGES.required(label) })
    .trim()
    .min(1, MESSAGES.required(label))
    .max(max, `${label} must be at most ${max} characters.`);

export const optionalText = (max = 200) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters.`)
    .optional()
    .transform((v) => (v ? v : undefined));

export const uuid = z.uuid();

export const pagination = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional(),
});

export const errorBody = z.object({
  error: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export type ErrorBody = z.infer<typeof errorBody>;
