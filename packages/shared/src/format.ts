import { UNIT_LABELS } from './constants.ts';

/** India has one zone and no daylight saving: every date the product shows is read on this clock. */
export const INDIA_TIME_ZONE = 'Asia/Kolkata';

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const count = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 3 });
const DAY: Intl.DateTimeFormatOptions = { day: '2-digit', month: 'short', year: 'numeric' };
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * Dates are written in the page's language ("25 Nov 2026", "25 नव॰ 2026"): in a browser, the `<html lang>` the
 * catalogue set (apps/web/src/lib/i18n.tsx), so nothing needs importing here; on the server, Indian English.
 * Money and counts keep Indian grouping and Latin digits in every language (en-IN).
 */
function dateFormat(kind: 'day' | 'calendarDay' | 'dayTime'): Intl.DateTimeFormat {
  // Shared with the server (no DOM types here): the browser's document, when there is one.
  const doc = (globalThis as { document?: { documentElement: { lang: string } } }).document;
  const lang = doc?.documentElement.lang ?? '';
  const locale = /^[a-z]{2}-IN$/.test(lang) ? lang : 'en-IN';
  const key = `${locale}:${kind}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, {
      ...DAY,
      ...(kind === 'dayTime' ? { hour: 'numeric', minute: '2-digit' } : {}),
      // A calendar date (YYYY-MM-DD) names a day, not an instant: read at UTC midnight, it is shown in UTC.
      timeZone: kind === 'calendarDay' ? 'UTC' : INDIA_TIME_ZONE,
    });
    formatters.set(key, f);
  }
  return f;
}

/**
 * Money in INR with Indian digit grouping (₹1,23,45,678.00). The API's numeric strings are formatted as
 * decimals, not through a float, so ₹12,34,56,78,901.25 keeps every paisa.
 */
export function formatInr(value: number | string): string {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    // Intl formats a decimal string exactly; anything else would print as "₹NaN".
    return /^-?\d+(\.\d+)?$/.test(trimmed) ? inr.format(trimmed as unknown as number) : inr.format(0);
  }
  return inr.format(Number.isFinite(value) ? value : 0);
}

/**
 * Rupees as typed ("1,250", "99.5", "₹ 10.05") to whole paise, read as a decimal string (never through a float);
 * null when it is not an amount with at most two decimals.
 */
export function rupeesToPaise(text: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text.replace(/[₹,\s]/g, ''));
  if (!m) return null;
  const paise = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}

/** A count or quantity with Indian grouping (1,00,000). */
export function formatCount(value: number): string {
  return count.format(value);
}

const CALENDAR_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The one date format: "05 Mar 2026", the day in India whatever the browser's zone. */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && CALENDAR_DATE.test(value)) {
    return dateFormat('calendarDay').format(new Date(`${value}T00:00:00Z`));
  }
  return dateFormat('day').format(typeof value === 'string' ? new Date(value) : value);
}

/** The one date-and-time format: "05 Mar 2026, 4:07 pm", India time whatever the browser's zone. */
export function formatDateTime(value: string | Date): string {
  return dateFormat('dayTime').format(typeof value === 'string' ? new Date(value) : value);
}

/** Today's date (YYYY-MM-DD) in India (IST, UTC+5:30, no daylight saving): the day a "not in the past" rule means. */
export function todayInIndia(now: Date = new Date()): string {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}

/** A human label for an enum value from one of the label maps; an unknown value is shown capitalised, not raw. */
export function labelOf(labels: Readonly<Record<string, string>>, value: string): string {
  const known = labels[value];
  if (known) return known;
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A unit's label for one or for many ("Box", "Boxes"). */
export function unitLabel(unit: string, quantity = 1): string {
  const label = UNIT_LABELS[unit as keyof typeof UNIT_LABELS];
  return label ? (quantity === 1 ? label.one : label.many) : labelOf({}, unit);
}

/** "100 Pieces", "1 Box", "2.5 Kg": a quantity with its unit's label. */
export function formatQuantity(quantity: number, unit: string | null | undefined): string {
  return unit ? `${formatCount(quantity)} ${unitLabel(unit, quantity)}` : formatCount(quantity);
}

/**
 * What an order holds: lines, and the quantity ordered per unit ("3 lines: 100 Pieces, 35 Boxes"). Boxes and
 * pieces are never added together.
 */
export function formatOrderContents(
  lines: ReadonlyArray<{ quantity: number; unit: string | null | undefined }>,
): string {
  const perUnit = new Map<string, number>();
  for (const line of lines) {
    const unit = line.unit ?? '';
    perUnit.set(unit, (perUnit.get(unit) ?? 0) + line.quantity);
  }
  const quantities = [...perUnit].map(([unit, quantity]) => formatQuantity(quantity, unit || null));
  const head = `${formatCount(lines.length)} line${lines.length === 1 ? '' : 's'}`;
  return quantities.length ? `${head}: ${quantities.join(', ')}` : head;
}
