import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  formatCount,
  rupeesToPaise,
  formatDate,
  formatDateTime,
  formatInr,
  formatOrderContents,
  formatQuantity,
  labelOf,
} from './format.ts';

describe('money', () => {
  it('groups rupees the Indian way with two decimals', () => {
    expect(formatInr('12345678.5')).toBe('₹1,23,45,678.50');
    expect(formatInr(19322.5)).toBe('₹19,322.50');
    expect(formatInr('0')).toBe('₹0.00');
  });

  it('keeps every paisa of a numeric(14,2) amount a float would round', () => {
    expect(formatInr('999999999999.99')).toBe('₹9,99,99,99,99,999.99');
  });

  it('shows ₹0.00, not ₹NaN, for a value that is not a number', () => {
    expect(formatInr('abc')).toBe('₹0.00');
    expect(formatInr(Number.NaN)).toBe('₹0.00');
  });
});

describe('counts and quantities', () => {
  it('groups counts the Indian way', () => {
    expect(formatCount(100000)).toBe('1,00,000');
  });

  it('names the unit for one and for many', () => {
    expect(formatQuantity(1, 'box')).toBe('1 Box');
    expect(formatQuantity(35, 'box')).toBe('35 Boxes');
    expect(formatQuantity(2.5, 'kg')).toBe('2.5 Kg');
    expect(formatQuantity(7, null)).toBe('7');
  });

  it('counts an order in lines and quantities per unit, never boxes plus pieces', () => {
    expect(
      formatOrderContents([
        { quantity: 60, unit: 'piece' },
        { quantity: 35, unit: 'box' },
        { quantity: 40, unit: 'piece' },
      ]),
    ).toBe('3 lines: 100 Pieces, 35 Boxes');
    expect(formatOrderContents([{ quantity: 1, unit: 'pack' }])).toBe('1 line: 1 Pack');
  });
});

describe('labels', () => {
  it('uses the label map and never shows a raw enum value', () => {
    expect(labelOf({ toys: 'Toys' }, 'toys')).toBe('Toys');
    expect(labelOf({}, 'gst_certificate')).toBe('Gst certificate');
  });
});

describe('dates in India time', () => {
  const zone = process.env.TZ;
  // Node reads TZ again when it changes: the formatter must not depend on the zone of the machine it runs on.
  beforeEach(() => {
    process.env.TZ = 'America/New_York';
  });
  afterEach(() => {
    process.env.TZ = zone;
    if (zone === undefined) delete process.env.TZ;
  });

  it('shows the IST day of an instant near midnight, whatever the local zone', () => {
    const instant = new Date('2026-03-04T19:00:00Z');
    // In New York this instant is still 4 March; in India it is already 5 March, 00:30.
    expect(instant.getDate()).toBe(4);
    expect(formatDate(instant)).toBe('05 Mar 2026');
    expect(formatDate('2026-03-04T19:00:00.000Z')).toBe('05 Mar 2026');
    expect(formatDateTime('2026-03-04T19:00:00.000Z')).toBe('05 Mar 2026, 12:30 am');
  });

  it('shows a calendar date as that day', () => {
    expect(formatDate('2026-03-04')).toBe('04 Mar 2026');
  });
});

describe('rupeesToPaise', () => {
  it('reads rupees as typed into whole paise without a float', () => {
    expect(rupeesToPaise('1,250')).toBe(125_000);
    expect(rupeesToPaise('₹ 99.5')).toBe(9_950);
    expect(rupeesToPaise('0.29')).toBe(29);
    expect(rupeesToPaise('10.05')).toBe(1_005);
  });
  it('refuses what is not an amount of at most two decimals', () => {
    for (const bad of ['', 'abc', '-5', '1.234', '1e3', '.5']) expect(rupeesToPaise(bad)).toBeNull();
  });
});
