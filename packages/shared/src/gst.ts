/** GSTIN helpers: normalising what a person types and validating structure and check character. */

const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export const GSTIN_MESSAGES = {
  invalid: 'Please enter a valid 15-character GSTIN.',
  stateCode: 'A GSTIN starts with a state code from 01 to 38, or 97; please check the first two digits.',
  merged25:
    'State code 25 (Daman and Diu) was merged into 26 in 2020; enter the GSTIN issued under 26 (Dadra and Nagar Haveli and Daman and Diu).',
  stateMismatch: (gstState: string, code: string, addressState: string) =>
    `This GSTIN is registered in ${gstState} (${code}), but the address is in ${addressState}.`,
} as const;

/** Upper-cases, strips everything but letters and digits, and keeps at most 15 characters. */
export function normalizeGst(input: string): string {
  return input
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 15);
}

/** The check character of the first 14 characters of a GSTIN (GSTN's mod-36 algorithm). */
export function gstCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARSET.indexOf(first14[i] ?? '');
    if (value < 0) return '';
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET[(36 - (sum % 36)) % 36] ?? '';
}

/**
 * Whether two digits are a GST state code in use: 01 to 38 and 97 (Other Territory). 25 (Daman and Diu) is not:
 * it merged into 26 on 26 January 2020 and its registrations were moved to new GSTINs under 26 in 2020.
 * indian-states.ts names every code this accepts (a unit test keeps the two in agreement).
 */
export function isGstStateCode(code: string): boolean {
  if (!/^[0-9]{2}$/.test(code)) return false;
  const n = Number(code);
  return (n >= 1 && n <= 38 && n !== 25) || n === 97;
}

/**
 * The one GSTIN rule, used by every schema (seller and buyer registration, the lead form): undefined when the
 * GSTIN is valid, else the message to show. Expects the normalised form (upper case, letters and digits only).
 */
export function gstinProblem(gstin: string): string | undefined {
  if (!GSTIN_PATTERN.test(gstin)) return GSTIN_MESSAGES.invalid;
  const code = gstStateCode(gstin);
  if (code === '25') return GSTIN_MESSAGES.merged25;
  if (!isGstStateCode(code)) return GSTIN_MESSAGES.stateCode;
  if (gstCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return GSTIN_MESSAGES.invalid;
  return undefined;
}

export function isValidGstin(gstin: string): boolean {
  return gstinProblem(gstin) === undefined;
}

/** The two-digit state code at the start of a GSTIN. */
export function gstStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}

/** A supply inside the supplier's state (CGST + SGST/UTGST) or across states (IGST). */
export type GstSupplyType = 'intra' | 'inter';

/**
 * A tax amount split by head. Across states it is all IGST. Inside the state CGST and SGST (or UTGST) are each
 * levied at half the rate on the same taxable value (CGST Act s.9(1), the SGST Acts, IGST rates under s.5(1) being
 * their sum), so the half is computed once and both heads take it: they are always equal, and the tax of the line
 * is twice the half. An even `taxPaise` halves exactly; an odd one (a half paisa each) rounds the half the way the
 * half rate on `exact`'s taxable value rounds (up at a tie), or up when the taxable value is not given. The tax of
 * an intra-state line therefore is what its two heads add up to, which can be a paisa off `taxPaise`.
 */
export function gstHeads(
  taxPaise: number,
  supplyType: GstSupplyType,
  exact?: { taxablePaise: number; ratePercent: number },
): { cgst: number; sgst: number; igst: number } {
  if (supplyType === 'inter') return { cgst: 0, sgst: 0, igst: taxPaise };
  const sign = taxPaise < 0 ? -1 : 1;
  const t = Math.abs(taxPaise);
  let half = t / 2;
  if (t % 2 === 1) {
    const lower = (t - 1) / 2;
    // taxable x rate / 200 >= lower + 1/2  <=>  taxable x rate(basis points) >= t x 10,000: integers, no float.
    const up = exact ? Math.abs(exact.taxablePaise) * Math.round(exact.ratePercent * 100) >= t * 10_000 : true;
    half = up ? lower + 1 : lower;
  }
  return { cgst: sign * half, sgst: sign * half, igst: 0 };
}
