import { describe, expect, it } from 'vitest';
import { UNITS } from '../constants.ts';
import { formatList, parseList, productSchema } from './product.ts';

const valid = {
  name: 'Kurta',
  description: 'Cotton kurta',
  sku: 'K-1',
  price: '499',
  moq: '10',
  stock: '5',
  unit: 'piece',
};

function fieldError(patch: Record<string, unknown>, field: string): string | undefined {
  const r = productSchema.safeParse({ ...valid, ...patch });
  return r.success ? undefined : r.error.issues.find((i) => i.path[0] === field)?.message;
}

describe('sizes and colours lists', () => {
  it('separates values by commas only, keeping the spaces inside a value', () => {
    expect(parseList('Sky Blue, Navy Blue')).toEqual(['Sky Blue', 'Navy Blue']);
  });

  it('trims each value, collapses inner runs of spaces and drops empty values', () => {
    expect(parseList(' ,, Sky   Blue ,, , Red,')).toEqual(['Sky Blue', 'Red']);
    expect(parseList('  ')).toEqual([]);
  });

  it('drops repeats case-insensitively, keeping the first spelling', () => {
    expect(parseList('Red, red, RED , Blue')).toEqual(['Red', 'Blue']);
  });

  it('writes a list back as the text the field shows', () => {
    expect(formatList(['Sky Blue', 'Navy Blue'])).toBe('Sky Blue, Navy Blue');
  });

  it('parses text and arrays alike in the product schema', () => {
    const fromText = productSchema.parse({ ...valid, sizes: 'Free Size, XL', colors: 'Sky Blue, Navy Blue' });
    expect(fromText.sizes).toEqual(['Free Size', 'XL']);
    expect(fromText.colors).toEqual(['Sky Blue', 'Navy Blue']);
    const fromArray = productSchema.parse({ ...valid, colors: [' Sky Blue ', 'sky blue', ''] });
    expect(fromArray.colors).toEqual(['Sky Blue']);
  });

  it('keeps the limits: 50 characters per value, 50 values', () => {
    expect(fieldError({ sizes: 'x'.repeat(51) }, 'sizes')).toBe('Each entry must be at most 50 characters.');
    expect(fieldError({ sizes: Array.from({ length: 51 }, (_, i) => `S${i}`).join(',') }, 'sizes')).toBe(
      'At most 50 entries.',
    );
  });
});

describe('product numbers and units', () => {
  it('says MOQ must be a whole number for 1.5', () => {
    expect(fieldError({ moq: '1.5' }, 'moq')).toBe('MOQ must be a whole number.');
    expect(fieldError({ moq: 1.5 }, 'moq')).toBe('MOQ must be a whole number.');
  });

  it('keeps the spec message for an MOQ below 1', () => {
    expect(fieldError({ moq: '0' }, 'moq')).toBe('MOQ must be at least 1.');
  });

  it('says stock must be a whole number for 2.5', () => {
    expect(fieldError({ stock: '2.5' }, 'stock')).toBe('Stock must be a whole number.');
  });

  it('lists the allowed units for an unknown one, and says a missing one is required', () => {
    expect(fieldError({ unit: 'dozen' }, 'unit')).toBe(`Unit must be one of ${UNITS.join(', ')}.`);
    expect(fieldError({ unit: '' }, 'unit')).toBe('Unit is required.');
    expect(fieldError({ unit: undefined }, 'unit')).toBe('Unit is required.');
  });
});
