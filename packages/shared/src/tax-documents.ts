import { z } from 'zod';
import { vehicleNumberSchema } from './vehicle-number.ts';

/**
 * GST tax documents: numbering (CGST Rule 46(b): at most 16 characters, letters, digits, "-" and "/", one or more
 * consecutive series per financial year), unit quantity codes and the financial year.
 */

/** GST unit quantity codes (UQC) of the product units. */
export const UQC_OF_UNIT: Record<string, string> = {
  piece: 'PCS',
  kg: 'KGS',
  gram: 'GMS',
  liter: 'LTR',
  meter: 'MTR',
  box: 'BOX',
  pack: 'PAC',
};
/** UQC of a product unit; OTH (others) for a unit the GST list has no code for. */
export const uqcOf = (unit: string | null | undefined): string => UQC_OF_UNIT[unit ?? ''] ?? 'OTH';

/** The financial year (April to March, in IST) of a moment, as "2026-27". */
export function financialYearOf(at: Date): string {
  const ist = new Date(at.getTime() + 330 * 60_000);
  const y = ist.getUTCFullYear();
  const start = ist.getUTCMonth() >= 3 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/**
 * The GST rates (percent of the taxable value: IGST, or CGST + SGST together) a tax document may carry, each from
 * the date it came into force: what the e-invoice schema's `GstRt` accepts (the IRP checks the rate against its
 * rate master) and what the product may offer. Sources: the IRP's rate master as published with the INV-01 schema
 * when e-invoicing began (1 October 2020, Notification 13/2020-Central Tax: 0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5,
 * 12, 18, 28), and the 40 % rate of the September 2025 rationalisation, in force from 22 September 2025
 * (Notification 9/2025-Central Tax (Rate)). 12 % and 28 % stay for documents of earlier dates and what remains in
 * them. A new rate is a new row with its date and notification.
 */
export const GST_RATES_IN_FORCE: ReadonlyArray<{ rate: number; from: string }> = [
  ...[0, 0.1, 0.25, 1, 1.5, 3, 5, 6, 7.5, 12, 18, 28].map((rate) => ({ rate, from: '2020-10-01' })),
  { rate: 40, from: '2025-09-22' },
];

/** Whether `rate` is a GST rate in force on `date` (YYYY-MM-DD, IST). */
export const isGstRateInForce = (rate: number, date: string): boolean =>
  GST_RATES_IN_FORCE.some((r) => r.rate === rate && r.from <= date);

/** Digits of the running number; with a prefix of at most 5 characters the whole number is 16 characters. */
export const TAX_SERIES_DIGITS = 5;
export const TAX_PREFIX_MAX = 5;
export const TAX_NUMBER_MAX = 16;

/** A document number: PREFIX/2627/00001 (prefix, financial year's two short years, running number). */
export function taxDocumentNumber(prefix: string, financialYear: string, n: number): string {
  const [a, b] = financialYear.split('-');
  return `${prefix}/${(a ?? '').slice(2)}${b ?? ''}/${String(n).padStart(TAX_SERIES_DIGITS, '0')}`;
}

const prefix = (label: string) =>
  z
    .string()
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(
      z
        .string()
        .min(1, `${label} is required.`)
        .max(TAX_PREFIX_MAX, `${label} can be at most ${TAX_PREFIX_MAX} characters, so the number fits 16.`)
        .regex(/^[A-Z0-9-]+$/, `${label} may hold letters, digits and "-" only.`),
    );

export const taxSettingsSchema = z
  .object({
    invoicePrefix: prefix('Invoice prefix'),
    creditNotePrefix: prefix('Credit note prefix'),
    debitNotePrefix: prefix('Debit note prefix'),
    einvoiceApplies: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.creditNotePrefix === v.invoicePrefix) {
      ctx.addIssue({ code: 'custom', path: ['creditNotePrefix'], message: "Use a prefix other than the invoices'." });
    }
    if (v.debitNotePrefix === v.invoicePrefix || v.debitNotePrefix === v.creditNotePrefix) {
      ctx.addIssue({ code: 'custom', path: ['debitNotePrefix'], message: 'Use a prefix of its own for debit notes.' });
    }
  });
export type TaxSettings = z.output<typeof taxSettingsSchema>;

/** A seller's own API user on the e-invoice portal (for registering IRNs through a GSP); the password is write-only. */
export const einvoiceCredentialsSchema = z.object({
  username: z.string().trim().min(1, 'Enter the API user name from the e-invoice portal.').max(100),
  password: z.string().min(1, 'Enter the API password.').max(100, 'At most 100 characters.'),
});
export type EinvoiceCredentialsInput = z.input<typeof einvoiceCredentialsSchema>;

/** A seller's own API user on the e-way bill portal (for generating e-way bills through NIC's API); write-only password. */
export const ewayBillCredentialsSchema = z.object({
  username: z.string().trim().min(1, 'Enter the API user name from the e-way bill portal.').max(100),
  password: z.string().min(1, 'Enter the API password.').max(100, 'At most 100 characters.'),
});
export type EwayBillCredentialsInput = z.input<typeof ewayBillCredentialsSchema>;

export const TAX_DOCUMENT_LABELS = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  debit_note: 'Debit note',
} as const;

export const taxDocumentItem = z.object({
  id: z.string(),
  kind: z.enum(['invoice', 'credit_note', 'debit_note']),
  number: z.string(),
  issuedAt: z.string(),
  reason: z.string().nullable(),
  total: z.string(),
  einvoiceStatus: z.string(),
  irn: z.string().nullable(),
  einvoiceError: z.string().nullable(),
});
export type TaxDocumentItem = z.output<typeof taxDocumentItem>;

export const debitNoteSchema = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,10}(\.\d{1,2})?$/, 'Enter the increase in taxable value in rupees, e.g. 1500 or 1500.50.')
    .refine((v) => Number(v) > 0, 'The increase must be more than zero.'),
  reason: z.string().trim().min(3, 'Say why the price is corrected (at least 3 characters).').max(200),
});

export type DebitNoteInput = z.input<typeof debitNoteSchema>;

export const gstr1Query = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month must be YYYY-MM.'),
  format: z.enum(['json', 'csv']).default('json'),
});

export const pdfCopyQuery = z.object({
  copy: z.enum(['original', 'duplicate', 'triplicate', 'all']).optional(),
});

/** An e-way bill is needed when the consignment's value (invoice value, tax included) exceeds Rs 50,000 (Rule 138). */
export const EWAY_BILL_THRESHOLD_PAISE = 50_000_00;

/**
 * Intra-state e-way bill limits that differ from Rs 50,000: CGST Rule 138(14)(d) lets each State notify, under its
 * own SGST Rules, the value below which no e-way bill is needed for movement within the State. One row per State
 * and date from which its limit applies (consignment value, tax included); a State with no row in force uses
 * EWAY_BILL_THRESHOLD_PAISE. Sources: the States' notifications under r.138(14)(d) of their GST Rules, as listed
 * on the e-way bill portal (ewaybillgst.gov.in, "e-Way Bill rules / notifications of States"). A change is a new
 * row with its date and notification.
 */
export const EWAY_BILL_INTRA_STATE_LIMITS: ReadonlyArray<{ stateCode: string; from: string; limitPaise: number }> = [
  // Maharashtra GST Rules r.138(14)(d): intra-state e-way bills from 1 April 2018 above Rs 1,00,000.
  { stateCode: '27', from: '2018-04-01', limitPaise: 1_00_000_00 },
  // Tamil Nadu GST Rules r.138(14)(d): intra-state e-way bills from 2 June 2018 above Rs 1,00,000.
  { stateCode: '33', from: '2018-06-02', limitPaise: 1_00_000_00 },
  // Delhi GST Rules r.138(14)(d): intra-state e-way bills from 16 June 2018 above Rs 1,00,000.
  { stateCode: '07', from: '2018-06-16', limitPaise: 1_00_000_00 },
];

/**
 * The consignment value above which goods moving from `fromStateCode` to `toStateCode` on `date` (YYYY-MM-DD,
 * IST) need an e-way bill: the State's own limit within a State that notified one, Rs 50,000 otherwise.
 */
export function ewayBillLimitPaise(fromStateCode: string, toStateCode: string, date: string): number {
  if (fromStateCode !== toStateCode) return EWAY_BILL_THRESHOLD_PAISE;
  const rows = EWAY_BILL_INTRA_STATE_LIMITS.filter((r) => r.stateCode === fromStateCode && r.from <= date);
  const latest = rows.sort((a, b) => a.from.localeCompare(b.from)).at(-1);
  return latest?.limitPaise ?? EWAY_BILL_THRESHOLD_PAISE;
}
export const TRANSPORT_MODES = ['road', 'rail', 'air', 'ship'] as const;
export const TRANSPORT_MODE_LABELS: Record<(typeof TRANSPORT_MODES)[number], string> = {
  road: 'Road',
  rail: 'Rail',
  air: 'Air',
  ship: 'Ship',
};
export const EWAY_BILL_MESSAGES = {
  needed: 'This consignment is above Rs 50,000: enter the transport details for its e-way bill.',
} as const;

/** Transport details of a consignment (e-way bill Part B and the transporter of Part A). */
export const transportSchema = z
  .object({
    transporterName: z.string().trim().min(1, 'Transporter name is required.').max(100),
    transporterId: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^$|^[0-9A-Z]{15}$/, 'Transporter GSTIN or ID is 15 letters and digits.')
      .optional(),
    mode: z.enum(TRANSPORT_MODES, { error: 'Choose the mode of transport.' }),
    vehicleNumber: vehicleNumberSchema.optional(),
    docNumber: z.string().trim().max(15, 'At most 15 characters.').optional(),
    docDate: z
      .string()
      .regex(/^$|^\d{4}-\d{2}-\d{2}$/, 'Enter the date of the transport document.')
      .optional(),
    distanceKm: z.coerce
      .number({ error: 'Enter the distance in km.' })
      .int('Enter the distance in whole km.')
      .min(1, 'Enter the distance in km.')
      .max(4000, 'The portal takes at most 4,000 km.'),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'road' && !v.vehicleNumber) {
      ctx.addIssue({ code: 'custom', path: ['vehicleNumber'], message: 'Vehicle number is required for road.' });
    }
    if (v.mode !== 'road' && !v.docNumber) {
      ctx.addIssue({ code: 'custom', path: ['docNumber'], message: 'Transport document number is required.' });
    }
    if (v.docNumber && !v.docDate) {
      ctx.addIssue({ code: 'custom', path: ['docDate'], message: 'Enter the date of the transport document.' });
    }
  });
export type TransportInput = z.input<typeof transportSchema>;

/** Part-B update (NIC's VEHEWB) reasons: 1 breakdown, 2 transhipment, 3 others (remarks say which), 4 first time. */
export const EWB_VEHICLE_REASONS = ['1', '2', '3', '4'] as const;
/** Cancellation (NIC's CANEWB) reasons: 1 duplicate, 2 order cancelled, 3 data entry mistake, 4 others. */
export const EWB_CANCEL_REASONS = ['1', '2', '3', '4'] as const;
/** An e-way bill can be cancelled only within 24 hours of its generation (Rule 138(9)). */
export const EWAY_BILL_CANCEL_HOURS = 24;

/** A new vehicle (or transport document) for an e-way bill: its Part-B, as the portal's VEHEWB takes it. */
export const ewayBillVehicleSchema = z
  .object({
    mode: z.enum(TRANSPORT_MODES, { error: 'Choose the mode of transport.' }),
    vehicleNumber: vehicleNumberSchema.optional(),
    docNumber: z.string().trim().max(15, 'At most 15 characters.').optional(),
    docDate: z
      .string()
      .regex(/^$|^\d{4}-\d{2}-\d{2}$/, 'Enter the date of the transport document.')
      .optional(),
    fromPlace: z.string().trim().min(1, 'Enter the place the goods move from.').max(50, 'At most 50 characters.'),
    fromStateCode: z.string().regex(/^(0[1-9]|[12]\d|3[0-8]|97)$/, 'Choose the state the goods move from.'),
    reasonCode: z.enum(EWB_VEHICLE_REASONS, { error: 'Choose why the vehicle changes.' }),
    reasonRemark: z.string().trim().max(50, 'At most 50 characters.').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'road' && !v.vehicleNumber) {
      ctx.addIssue({ code: 'custom', path: ['vehicleNumber'], message: 'Vehicle number is required for road.' });
    }
    if (v.mode !== 'road' && !v.docNumber) {
      ctx.addIssue({ code: 'custom', path: ['docNumber'], message: 'Transport document number is required.' });
    }
    if (v.docNumber && !v.docDate) {
      ctx.addIssue({ code: 'custom', path: ['docDate'], message: 'Enter the date of the transport document.' });
    }
    if (v.reasonCode === '3' && !v.reasonRemark) {
      ctx.addIssue({ code: 'custom', path: ['reasonRemark'], message: 'Say what the reason is.' });
    }
  });
export type EwayBillVehicleInput = z.input<typeof ewayBillVehicleSchema>;

/** Cancelling an e-way bill (NIC's CANEWB): the reason code and a remark of at most 50 characters. */
export const ewayBillCancelSchema = z
  .object({
    reasonCode: z.enum(EWB_CANCEL_REASONS, { error: 'Choose why the e-way bill is cancelled.' }),
    remark: z.string().trim().max(50, 'At most 50 characters.').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.reasonCode === '4' && !v.remark) {
      ctx.addIssue({ code: 'custom', path: ['remark'], message: 'Say what the reason is.' });
    }
  });
export type EwayBillCancelInput = z.input<typeof ewayBillCancelSchema>;

export const ewayBillNumberSchema = z.object({
  ewbNumber: z
    .string()
    .trim()
    .regex(/^\d{12}$/, 'An e-way bill number is 12 digits.'),
});

/**
 * GSTR-8 (the operator's TCS return), Table 3, as GSTN's return JSON names it (section `tcs`; `tcsa` holds
 * amendments, with `ostin` and `ofp`): one row per supplier GSTIN, amounts in rupees. There is no place of supply.
 */
export interface Gstr8Row {
  /** GSTIN of the supplier (the seller). */
  stin: string;
  /** Gross value of supplies made to registered persons (taxable value, rupees). */
  supR: number;
  /** Value of supplies returned by registered persons. */
  retsupR: number;
  /** Gross value of supplies made to unregistered persons. */
  supU: number;
  retsupU: number;
  /** Net amount liable for TCS. */
  amt: number;
  iamt: number;
  camt: number;
  samt: number;
}

export interface Gstr8 {
  gstin: string;
  fp: string;
  tcs: Gstr8Row[];
}
