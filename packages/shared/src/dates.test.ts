import { describe, expect, it } from 'vitest';
import { calendarDate, isCalendarDate } from './dates.ts';

describe('calendar dates', () => {
  it('accepts real dates, leap days in leap years included', () => {
    for (const d of ['2026-01-31', '2024-02-29', '2000-02-29', '2026-12-31', '0001-01-01', '9999-12-31']) {
      expect(isCalendarDate(d), d).toBe(true);
    }
  });

  it('refuses dates with the right shape that are on no calendar', () => {
    for (const d of ['2026-02-30', '2026-02-29', '1900-02-29', '2100-02-29', '2025-04-31', '2026-13-01']) {
      expect(isCalendarDate(d), d).toBe(false);
    }
    for (const d of ['2026-00-10', '2026-01-00', '0000-01-01', '2026-1-1', '20260101', '2026-01-01T00:00', '']) {
      expect(isCalendarDate(d), d).toBe(false);
    }
  });

  it('gives one message for a malformed or impossible date', () => {
    const r = calendarDate().safeParse('2026-02-30');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Enter a real date as YYYY-MM-DD.');
    expect(calendarDate().safeParse(20260101).error?.issues[0]?.message).toBe('Enter a real date as YYYY-MM-DD.');
    expect(calendarDate().parse(' 2026-03-01 ')).toBe('2026-03-01');
  });
});
