import { describe, expect, it } from 'vitest';
import {
  GSTIN_MESSAGES,
  gstCheckCharacter,
  gstHeads,
  gstinProblem,
  gstStateCode,
  isGstStateCode,
  isValidGstin,
  normalizeGst,
} from './gst.ts';

describe('normalizeGst', () => {
  it('upper-cases what was typed', () => {
    expect(normalizeGst('27aapfu0939f1zv')).toBe('27AAPFU0939F1ZV');
  });

  it('strips spaces, dashes and other non-alphanumerics', () => {
    expect(normalizeGst(' 27-AAPFU 0939/F1.ZV ')).toBe('27AAPFU0939F1ZV');
    expect(normalizeGst('२७ ✓ 27AAPFU')).toBe('27AAPFU');
  });

  it('keeps at most 15 characters', () => {
    expect(normalizeGst('27AAPFU0939F1ZVEXTRA')).toBe('27AAPFU0939F1ZV');
    expect(normalizeGst('27AAPFU0939F1ZVEXTRA')).toHaveLength(15);
  });

  it('turns an empty or punctuation-only input into an empty string', () => {
    expect(normalizeGst('')).toBe('');
    expect(normalizeGst(' - / ')).toBe('');
  });
});

describe('isValidGstin', () => {
  it.each(['27AAPFU0939F1ZV', '27AAGCG4576J1Z6'])('accepts the valid GSTIN %s', (gstin) => {
    expect(isValidGstin(gstin)).toBe(true);
  });

  it.each(['27AAPFU0939F1ZW', '27AAGCG4576J1Z7', '27AAPFU0939F1Z0', '27AAGCG4576J1ZA'])(
    'rejects %s, whose check character is wrong',
    (gstin) => {
      expect(isValidGstin(gstin)).toBe(false);
    },
  );

  it('computes the check character of the first 14 characters', () => {
    expect(gstCheckCharacter('27AAPFU0939F1Z')).toBe('V');
    expect(gstCheckCharacter('27AAGCG4576J1Z')).toBe('6');
  });

  it.each([
    ['too short', '27AAPFU0939F1Z'],
    ['too long', '27AAPFU0939F1ZVV'],
    ['lower case', '27aapfu0939f1zv'],
    ['letters where the state code goes', 'AAAAPFU0939F1ZV'],
    ['digits where the PAN letters go', '2712345093 9F1ZV'],
    ['no Z in the 14th place', '27AAPFU0939F1YV'],
    ['a zero entity number', '27AAPFU0939F0ZV'],
    ['empty', ''],
  ])('rejects a malformed GSTIN (%s)', (_why, gstin) => {
    expect(isValidGstin(gstin)).toBe(false);
  });

  it('reads the state code', () => {
    expect(gstStateCode('27AAPFU0939F1ZV')).toBe('27');
  });
});

/** A GSTIN with a correct check character whatever stands in the state code's place. */
const withCheck = (code: string) => `${code}AAPFU0939F1Z${gstCheckCharacter(`${code}AAPFU0939F1Z`)}`;

describe('gstinProblem: the one GSTIN rule', () => {
  it.each(['01', '07', '24', '26', '27', '28', '36', '37', '38', '97'])('accepts the state code %s', (code) => {
    expect(gstinProblem(withCheck(code))).toBeUndefined();
    expect(isValidGstin(withCheck(code))).toBe(true);
  });

  it.each(['00', '39', '40', '96', '98', '99'])('refuses %s, which is no state code', (code) => {
    expect(gstinProblem(withCheck(code))).toBe(GSTIN_MESSAGES.stateCode);
    expect(isValidGstin(withCheck(code))).toBe(false);
  });

  it('refuses 25, Daman and Diu, merged into 26 in 2020, saying so', () => {
    expect(gstinProblem(withCheck('25'))).toBe(GSTIN_MESSAGES.merged25);
  });

  it('names a wrong check character and a malformed GSTIN with the same message', () => {
    expect(gstinProblem('27AAPFU0939F1ZW')).toBe(GSTIN_MESSAGES.invalid);
    expect(gstinProblem('27AAPFU0939F1Z')).toBe(GSTIN_MESSAGES.invalid);
    expect(gstinProblem('')).toBe(GSTIN_MESSAGES.invalid);
  });

  it('knows a state code only as two digits', () => {
    expect(isGstStateCode('7')).toBe(false);
    expect(isGstStateCode('007')).toBe(false);
    expect(isGstStateCode('AA')).toBe(false);
  });
});

describe('gstHeads: CGST and SGST take one half', () => {
  it('halves an even tax, and rounds the half of an odd one as the half rate on the taxable value rounds', () => {
    expect(gstHeads(2000, 'intra')).toEqual({ cgst: 1000, sgst: 1000, igst: 0 });
    expect(gstHeads(262_089, 'intra', { taxablePaise: 1_456_050, ratePercent: 18 })).toEqual({
      cgst: 131_045,
      sgst: 131_045,
      igst: 0,
    });
    expect(gstHeads(1801, 'intra', { taxablePaise: 10_005, ratePercent: 18 })).toEqual({
      cgst: 900,
      sgst: 900,
      igst: 0,
    });
    expect(gstHeads(3, 'intra', { taxablePaise: 1200, ratePercent: 0.25 })).toEqual({ cgst: 2, sgst: 2, igst: 0 });
    expect(gstHeads(1801, 'inter')).toEqual({ cgst: 0, sgst: 0, igst: 1801 });
  });
});
