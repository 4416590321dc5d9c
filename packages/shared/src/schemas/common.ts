import { z } from 'zod';
import { GSTIN_MESSAGES, gstinProblem } from '../gst.ts';
import { canonicalStateName, gstinStateMismatch } from '../indian-states.ts';
import { isSameAsLogin, PASSWORD_MESSAGES, passwordProblem } from '../password-rules.ts';

export const MESSAGES = {
  phoneInvalid: 'Please enter a valid phone number.',
  emailInvalid: 'Please enter a valid email address',
  passwordShort: 'Password must be at least 8 characters long',
  passwordMismatch: "Passwords don't match",
  gstInvalid: GSTIN_MESSAGES.invalid,
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

const normalizeGstin = (v: string) => v.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** Reports the one GSTIN rule's message (gst.ts: structure, real state code, check character). */
const checkGstin = (v: string | undefined, ctx: z.RefinementCtx<string | undefined>) => {
  const problem = v === undefined ? undefined : gstinProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
};

/**
 * A required GSTIN: upper-cased and stripped of separators as the form does, then checked by the one GSTIN rule.
 * Unlike the form's normalizeGst it does not cut at 15, so a longer value is refused, not trimmed.
 */
export const gstin = z.string({ error: MESSAGES.gstInvalid }).transform(normalizeGstin).superRefine(checkGstin);

/** An optional GSTIN: blank or missing means none; anything else meets the same rule as a required one. */
export const optionalGstin = z
  .string({ error: MESSAGES.gstInvalid })
  .optional()
  .transform((v) => (v ? normalizeGstin(v) : undefined))
  .superRefine(checkGstin);

/** An Indian state or union territory by name, stored under its official name ("tamil nadu" is Tamil Nadu). */
export const indianState = z
  .string({ error: MESSAGES.required('State') })
  .trim()
  .min(1, MESSAGES.required('State'))
  .refine((v) => canonicalStateName(v) !== undefined, 'Choose an Indian state or union territory.')
  .transform((v) => canonicalStateName(v) ?? v);

/**
 * The address's state must be the GSTIN's (it decides CGST + SGST versus IGST on every invoice). Added to an object
 * schema with `gst_number` and `state`; it runs as soon as those two fields are valid, even while other fields
 * still have problems, so a form shows every message at once. The message goes on gst_number.
 */
export function gstinMatchesState<T extends z.ZodType<{ gst_number?: string | undefined; state: string }>>(schema: T) {
  return schema.superRefine(
    (v, ctx) => {
      const message = v.gst_number ? gstinStateMismatch(v.gst_number, v.state) : undefined;
      if (message) ctx.addIssue({ code: 'custom', message, path: ['gst_number'] });
    },
    {
      when: (payload) =>
        !payload.issues.some((i) => i.path?.[0] === 'gst_number' || i.path?.[0] === 'state') &&
        typeof payload.value === 'object' &&
        payload.value !== null,
    },
  );
}

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
