/** GSTIN helpers: normalising what a person types and validating structure and check character. */

const GSTIN_PATTERN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

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

export function isValidGstin(gstin: string): boolean {
  if (!GSTIN_PATTERN.test(gstin)) return false;
  return gstCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}

/** The two-digit state code at the start of a GSTIN. */
export function gstStateCode(gstin: string): string {
  return gstin.slice(0, 2);
}
