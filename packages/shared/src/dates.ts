import { z } from 'zod';

export const DATE_MESSAGES = {
  invalid: 'Enter a real date as YYYY-MM-DD.',
  deadlinePast: 'The deadline cannot be before today.',
  estimatedDeliveryPast: 'The estimated delivery cannot be before today.',
} as const;

/**
 * True for a YYYY-MM-DD date that is on the calendar (leap years included) in years 0001 to 9999: what a date
 * input can produce and PostgreSQL's `date` can store. `2026-02-30` has the shape and is refused.
 */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
  return day <= days;
}

/**
 * The one schema for a calendar date (YYYY-MM-DD) in a body or a query string: every date field uses it, so a
 * date that does not exist is a 400 naming the field, never a database error.
 */
export const calendarDate = (message: string = DATE_MESSAGES.invalid) =>
  z
    .string({ error: message })
    .trim()
    .refine(isCalendarDate, message)
    // The OpenAPI document says what the refinement checks.
    .meta({ format: 'date' });
