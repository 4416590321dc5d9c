import { describe, expect, it } from 'vitest';
import { GSTIN_MESSAGES, gstCheckCharacter, isGstStateCode } from './gst.ts';
import {
  canonicalStateName,
  gstinStateMismatch,
  gstStateCodeOf,
  gstSupplyType,
  INDIAN_STATES,
  stateNameOf,
} from './indian-states.ts';

describe('GST state codes and supply type', () => {
  it('maps state names to GST codes whatever the spelling of case and "&"', () => {
    expect(gstStateCodeOf('Maharashtra')).toBe('27');
    expect(gstStateCodeOf('  tamil nadu ')).toBe('33');
    expect(gstStateCodeOf('Andaman & Nicobar Islands')).toBe('35');
    expect(gstStateCodeOf('New Delhi')).toBe('07');
    expect(gstStateCodeOf('Atlantis')).toBeUndefined();
  });

  it('charges CGST + SGST inside the seller state and IGST across states', () => {
    expect(gstSupplyType('27AAPFU0939F1ZV', 'Maharashtra')).toBe('intra');
    expect(gstSupplyType('27AAPFU0939F1ZV', 'Karnataka')).toBe('inter');
    expect(gstSupplyType('29AAPFU0939F1ZV', 'karnataka')).toBe('intra');
    expect(gstSupplyType('27AAPFU0939F1ZV', 'Unknown')).toBe('inter');
  });
});

const gstinOf = (code: string) => `${code}AAPFU0939F1Z${gstCheckCharacter(`${code}AAPFU0939F1Z`)}`;

describe('the state table and the GSTIN rule agree', () => {
  it('names every state code the GSTIN rule accepts, and only those', () => {
    const codes = Array.from({ length: 100 }, (_, i) => String(i).padStart(2, '0'));
    const named = codes.filter((c) => stateNameOf(c) !== undefined);
    expect(named).toEqual(codes.filter(isGstStateCode));
    for (const s of INDIAN_STATES) expect(isGstStateCode(s.code)).toBe(true);
  });

  it('holds Ladakh (38), Other Territory (97) and the merged Dadra and Nagar Haveli and Daman and Diu (26)', () => {
    expect(stateNameOf('38')).toBe('Ladakh');
    expect(stateNameOf('97')).toBe('Other Territory');
    expect(stateNameOf('26')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(stateNameOf('25')).toBeUndefined();
    expect(gstStateCodeOf('Daman and Diu')).toBe('26');
    expect(stateNameOf('28')).toBe('Andhra Pradesh');
  });

  it('stores a state under its official name', () => {
    expect(canonicalStateName(' tamil nadu ')).toBe('Tamil Nadu');
    expect(canonicalStateName('Orissa')).toBe('Odisha');
    expect(canonicalStateName('Atlantis')).toBeUndefined();
  });
});

describe('gstinStateMismatch', () => {
  it("accepts an address in the GSTIN's state, however it is spelled", () => {
    expect(gstinStateMismatch(gstinOf('27'), 'maharashtra')).toBeUndefined();
    expect(gstinStateMismatch(gstinOf('26'), 'Daman & Diu')).toBeUndefined();
    expect(gstinStateMismatch(gstinOf('28'), 'Andhra Pradesh')).toBeUndefined();
    expect(gstinStateMismatch(gstinOf('97'), 'Other Territory')).toBeUndefined();
  });

  it('names both states when they differ', () => {
    expect(gstinStateMismatch(gstinOf('27'), 'karnataka')).toBe(
      GSTIN_MESSAGES.stateMismatch('Maharashtra', '27', 'Karnataka'),
    );
    expect(gstinStateMismatch(gstinOf('28'), 'Telangana')).toBe(
      GSTIN_MESSAGES.stateMismatch('Andhra Pradesh', '28', 'Telangana'),
    );
  });

  it('treats an old Andhra Pradesh GSTIN (28) as Andhra Pradesh on invoices', () => {
    expect(gstSupplyType(gstinOf('28'), 'Andhra Pradesh')).toBe('intra');
  });
});
