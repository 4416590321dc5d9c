import { describe, expect, it } from 'vitest';
import { amountInWords, integerInWords } from './amount-words.ts';

describe('amount in words (Indian system)', () => {
  it('reads small numbers', () => {
    expect(integerInWords(0)).toBe('Zero');
    expect(integerInWords(7)).toBe('Seven');
    expect(integerInWords(19)).toBe('Nineteen');
    expect(integerInWords(40)).toBe('Forty');
    expect(integerInWords(99)).toBe('Ninety Nine');
    expect(integerInWords(105)).toBe('One Hundred Five');
  });

  it('groups thousands, lakhs and crores the Indian way', () => {
    expect(integerInWords(1000)).toBe('One Thousand');
    expect(integerInWords(99_999)).toBe('Ninety Nine Thousand Nine Hundred Ninety Nine');
    expect(integerInWords(100_000)).toBe('One Lakh');
    expect(integerInWords(1_23_456)).toBe('One Lakh Twenty Three Thousand Four Hundred Fifty Six');
    expect(integerInWords(10_000_000)).toBe('One Crore');
    expect(integerInWords(12_34_56_789)).toBe(
      'Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine',
    );
    expect(integerInWords(1_00_00_00_000)).toBe('One Hundred Crore');
  });

  it('writes rupees and paise as an invoice does', () => {
    expect(amountInWords('1180.00')).toBe('Rupees One Thousand One Hundred Eighty Only');
    expect(amountInWords(250000.5)).toBe('Rupees Two Lakh Fifty Thousand and Fifty Paise Only');
    expect(amountInWords('0.07')).toBe('Rupees Zero and Seven Paise Only');
  });

  it('refuses negative amounts', () => {
    expect(() => amountInWords(-1)).toThrow(RangeError);
  });
});
