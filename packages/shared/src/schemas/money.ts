import { z } from 'zod';
import { formatDate } from '../format.ts';

/** Money contracts (issue 13): payment intake, refunds, settlements. Amounts in integer paise. */
export const PAY_METHODS = ['gateway', 'bank_transfer'] as const;
export const payStartSchema = z.object({
  method: z.enum(PAY_METHODS, { error: 'Choose online payment or bank transfer.' }),
});

export const paymentAttemptView = z.object({
  id: z.string(),
  provider: z.enum(['test', 'razorpay', 'bank_transfer']),
  status: z.string(),
  reference: z.string(),
  amountPaise: z.number(),
  providerOrderId: z.string().nullable(),
  utr: z.string().nullable(),
  transferMode: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentAttemptView = z.infer<typeof paymentAttemptView>;

export const bankAccountView = z.object({
  name: z.string(),
  accountNumber: z.string(),
  ifsc: z.string(),
  bank: z.string(),
});

export const payStartResponse = z.object({
  attempt: paymentAttemptView,
  orderNumber: z.string(),
  checkoutUrl: z.string().nullable(),
  keyId: z.string().nullable(),
  bankAccount: bankAccountView.nullable(),
});
export type PayStartResponse = z.infer<typeof payStartResponse>;

export const UTR_HELP =
  'Enter the UTR from your bank: 12 digits for IMPS or UPI, 16 characters for NEFT, 22 characters for RTGS.';
/**
 * A bank transfer's UTR by its mode (RBI's formats as banks issue them): IMPS and UPI 12 digits; NEFT 16 characters
 * and RTGS 22, each starting with the sending bank's 4-letter code. Null when it is none of them.
 */
export function utrMode(raw: string): { utr: string; mode: 'IMPS/UPI' | 'NEFT' | 'RTGS' } | null {
  const utr = raw.trim().toUpperCase();
  if (/^[0-9]{12}$/.test(utr)) return { utr, mode: 'IMPS/UPI' };
  if (/^[A-Z]{4}[A-Z0-9]{12}$/.test(utr)) return { utr, mode: 'NEFT' };
  if (/^[A-Z]{4}[A-Z0-9]{18}$/.test(utr)) return { utr, mode: 'RTGS' };
  return null;
}
/** A UTR typed by a person anywhere (buyer's transfer, payout paid, refund paid): checked by format, upper-cased. */
export const utrField = z
  .string()
  .trim()
  .refine((v) => utrMode(v) !== null, UTR_HELP)
  .transform((v) => v.toUpperCase());
export const utrSchema = z.object({ utr: z.string().trim().min(1, UTR_HELP).max(40, UTR_HELP) });

export const payVerifySchema = z.object({
  attemptId: z.uuid('Not a valid id.'),
  razorpay_order_id: z.string().min(1).max(100),
  razorpay_payment_id: z.string().min(1).max(100),
  razorpay_signature: z.string().min(1).max(200),
});

export const orderPaymentsView = z.object({
  amountDuePaise: z.number(),
  paymentStatus: z.string(),
  gateway: z.enum(['test', 'razorpay']),
  attempts: z.array(paymentAttemptView),
  refunds: z.array(
    z.object({
      id: z.string(),
      refundNumber: z.string(),
      amountPaise: z.number(),
      reason: z.string(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type OrderPaymentsView = z.infer<typeof orderPaymentsView>;

export const rejectPaymentSchema = z.object({
  reason: z.string().trim().min(3, 'Give the buyer a reason.').max(500, 'The reason must be at most 500 characters.'),
});
export const payoutUtrSchema = z.object({ utr: utrField });
export const refundSchema = z.object({
  amountPaise: z.number().int('Enter the amount in whole paise.').positive('The refund must be more than zero.'),
  reason: z
    .string()
    .trim()
    .min(3, 'Give a reason for the refund.')
    .max(500, 'The reason must be at most 500 characters.'),
});
export const runSettlementsSchema = z.object({ manufacturerId: z.uuid('Not a valid id.').optional() });

const statementFigures = {
  grossPaise: z.number(),
  commissionPaise: z.number(),
  gstOnCommissionPaise: z.number(),
  tcsPaise: z.number(),
  tdsPaise: z.number(),
  refundsPaise: z.number(),
  netPaise: z.number(),
};
/** One settlement's statement: its figures, the opening and closing balances and a line per order (drill-down). */
export const settlementStatementView = z.object({
  id: z.string(),
  settlementNumber: z.string(),
  commissionInvoiceNumber: z.string().nullable(),
  /** Credit notes issued since against that commission invoice (refunds after release). */
  creditNotes: z.array(z.object({ id: z.string(), number: z.string(), issuedAt: z.string(), totalPaise: z.number() })),
  seller: z.object({ id: z.string(), companyName: z.string(), gstNumber: z.string(), state: z.string().nullable() }),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(['pending', 'paid']),
  utr: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
  openingPaise: z.number(),
  closingPaise: z.number(),
  totals: z.object(statementFigures),
  lines: z.array(
    z.object({
      orderId: z.string(),
      orderNumber: z.string(),
      kind: z.enum(['release', 'refund_recovery']),
      postedAt: z.string(),
      ...statementFigures,
    }),
  ),
});
export type SettlementStatementView = z.infer<typeof settlementStatementView>;

const commissionPercent = z
  .number({ error: 'Enter the commission in percent.' })
  .min(0, 'Commission cannot be negative.')
  .max(50, 'Commission must be at most 50 %.')
  .refine((n) => Math.abs(Math.round(n * 10_000) - n * 10_000) < 1e-6, 'Commission has at most four decimals.');
/** Commission in percent of the taxable value: a default and per-category overrides (site settings, audited). */
export const commissionSettingsSchema = z.object({
  defaultPercent: commissionPercent,
  categories: z.record(z.string().min(1).max(100), commissionPercent),
});
export type CommissionSettings = z.infer<typeof commissionSettingsSchema>;

/** The seller's s.194-O(2) TDS declaration (individual or HUF with PAN, gross through the platform within the limit). */
export const tdsDeclarationView = z.object({
  eligible: z.boolean(),
  pan: z.string(),
  declaredAt: z.string().nullable(),
  financialYear: z.string(),
  grossThisYearPaise: z.number(),
  limitPaise: z.number(),
  exemptNow: z.boolean(),
});
export type TdsDeclarationView = z.infer<typeof tdsDeclarationView>;
export const tdsDeclarationSchema = z.object({ declare: z.boolean() });

/** Why a settlement run left orders unsettled (the admin's "Run settlements now" answer). */
export const settlementsNotDue = z.object({
  awaitingDelivery: z.number(),
  inHold: z.number(),
  firstReleaseOn: z.string().nullable(),
  disputed: z.number(),
  carriedSellers: z.number(),
});
export type SettlementsNotDue = z.infer<typeof settlementsNotDue>;

/** One sentence a person reads: what a settlement run did not settle, and why (empty when nothing waits). */
export function notDueSentence(n: SettlementsNotDue): string {
  const parts: string[] = [];
  const orders = (k: number, one: string, many: string) => `${k} paid order${k === 1 ? ` ${one}` : `s ${many}`}`;
  if (n.awaitingDelivery) parts.push(orders(n.awaitingDelivery, 'awaits delivery', 'await delivery'));
  if (n.inHold) {
    const first = n.firstReleaseOn ? `, the first released on ${formatDate(n.firstReleaseOn)}` : '';
    parts.push(`${orders(n.inHold, 'is', 'are')} in the hold after delivery${first}`);
  }
  if (n.disputed) parts.push(`${orders(n.disputed, 'is', 'are')} held by an open dispute`);
  if (n.carriedSellers) {
    const who = n.carriedSellers === 1 ? "1 seller's lines net" : `${n.carriedSellers} sellers' lines net`;
    parts.push(`${who} to zero or less (refunds after release) and carry to the next run`);
  }
  return parts.length ? `Not settled: ${parts.join('; ')}.` : '';
}
