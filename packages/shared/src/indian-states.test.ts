import { describe, expect, it } from 'vitest';
import { gstStateCodeOf, gstSupplyType } from './indian-states.ts';

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
