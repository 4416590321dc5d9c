import { z } from 'zod';
import { ALL_LANGUAGES, type Language } from '../i18n/index.ts';
import { BUSINESS_CATEGORIES, MANUFACTURER_STATUSES, ROLES } from '../constants.ts';
import {
  email,
  gstin,
  gstinMatchesState,
  indianMobile,
  indianState,
  MESSAGES,
  password,
  refinePasswordNotLogin,
  requiredText,
} from './common.ts';

export const registerStep1Schema = z.object({ phone: indianMobile, email });

const registerStep2Fields = z.object({
  full_name: requiredText('Full name', 120),
  company_name: requiredText('Company name', 200),
  company_address: requiredText('Registered address', 500),
  /** The registered address's state: it must be the GSTIN's, which decides CGST + SGST or IGST on invoices. */
  state: indianState,
  category: z.enum(BUSINESS_CATEGORIES, { error: MESSAGES.required('Category') }),
  gst_number: gstin,
});
export const registerStep2Schema = gstinMatchesState(registerStep2Fields);

export const passwordPairSchema = z
  .object({ password, confirm_password: z.string({ error: MESSAGES.passwordMismatch }) })
  .refine((v) => v.password === v.confirm_password, {
    message: MESSAGES.passwordMismatch,
    path: ['confirm_password'],
  });

/** The password step of a form that already has the account's e-mail and phone (registration step 3). */
export const passwordPairSchemaFor = (login: { email?: string; phone?: string }) =>
  passwordPairSchema.superRefine(refinePasswordNotLogin('password', () => login));

/** POST /api/register: the spec's registration payload plus category, which the spec collects and drops. */
export const registerSchema = gstinMatchesState(
  z.object({
    ...registerStep1Schema.shape,
    ...registerStep2Fields.shape,
    password,
    confirm_password: z.string({ error: MESSAGES.passwordMismatch }),
    type: z.literal('seller').default('seller'),
  }),
)
  .refine((v) => v.password === v.confirm_password, {
    message: MESSAGES.passwordMismatch,
    path: ['confirm_password'],
  })
  .superRefine(refinePasswordNotLogin('password', (v) => v));
export type RegisterInput = z.input<typeof registerSchema>;

export const registerResponse = z.object({
  message: z.string(),
  user: z.object({ id: z.string(), status: z.enum(MANUFACTURER_STATUSES) }),
});

export const loginSchema = z.object({
  username: z.string({ error: 'Email or Phone is required.' }).trim().min(1, 'Email or Phone is required.').max(254),
  password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(256),
  remember: z.boolean().optional().default(false),
});
export type LoginInput = z.input<typeof loginSchema>;

export const adminLoginSchema = z
  .object({
    email: z.string().trim().max(254).optional(),
    username: z.string().trim().max(254).optional(),
    password: z.string({ error: 'Password is required.' }).min(1, 'Password is required.').max(256),
  })
  .refine((v) => Boolean(v.email || v.username), { message: 'Email is required.', path: ['email'] });

export const sessionUser = z.object({
  id: z.string(),
  role: z.enum(ROLES),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  manufacturerId: z.string().nullable(),
  manufacturerStatus: z.enum(MANUFACTURER_STATUSES).nullable(),
  companyName: z.string().nullable(),
  /** The account's language (ADR 0028); the web app switches to it after sign-in. */
  language: z.enum(ALL_LANGUAGES as unknown as [Language, ...Language[]]),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = z.object({ token: z.string(), expiresAt: z.string(), user: sessionUser });
export type LoginResponse = z.infer<typeof loginResponse>;

export const otpCode = z
  .string({ error: 'Invalid verification code' })
  .trim()
  .regex(/^[0-9]{6}$/, 'Invalid verification code');

export const forgotPasswordSchema = z.object({ phoneNumber: indianMobile });
export const verifyResetCodeSchema = z.object({ phoneNumber: indianMobile, code: otpCode });
/** The server also refuses the account's e-mail as the new password (the browser does not know it). */
export const resetPasswordSchema = z
  .object({
    phoneNumber: indianMobile,
    code: otpCode,
    newPassword: password,
  })
  .superRefine(refinePasswordNotLogin('newPassword', (v) => ({ phone: v.phoneNumber })));

export const messageResponse = z.object({ message: z.string() });

/** PUT /api/auth/language: the account's language. */
export const languageSchema = z.object({ language: z.enum(ALL_LANGUAGES as unknown as [Language, ...Language[]]) });
