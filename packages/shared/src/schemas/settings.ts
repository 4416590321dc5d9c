import { z } from 'zod';
import { MANUFACTURER_STATUSES } from '../constants.ts';

/** GET /api/settings: the seller's profile and bank details, read-only online. */
export const settingsResponse = z.object({
  profile: z.object({
    fullName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    userId: z.string(),
    manufacturerId: z.string(),
    companyName: z.string(),
    companyAddress: z.string(),
    gstNumber: z.string(),
    category: z.string(),
    status: z.enum(MANUFACTURER_STATUSES),
  }),
  bank: z.object({
    accountHolderName: z.string().nullable(),
    bankName: z.string().nullable(),
    branchName: z.string().nullable(),
    /** Masked by the server: only the last four digits are real. */
    accountNumber: z.string().nullable(),
    ifscCode: z.string().nullable(),
    accountType: z.string().nullable(),
  }),
});
export type SettingsResponse = z.infer<typeof settingsResponse>;
