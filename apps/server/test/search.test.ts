import { describe, expect, it } from 'vitest';
import { PREFIX_MIN, searchDocument, searchQuery, searchWords } from '../src/lib/search.ts';

const seller = '5f0c2f6e-8f8e-4a51-9d0e-2f1f3c4b5a69';

describe('search words', () => {
  it('splits on everything but letters, marks and digits, lower-cased and NFKC-normalised', () => {
    expect(searchWords('ORD-2026-000123 Ganga Traders (Pune)')).toEqual([
      'ord',
      '2026',
      '000123',
      'ganga',
      'traders',
      'pune',
    ]);
    expect(searchWords("O'Brien & Sons_Ltd 3.5mm")).toEqual(['o', 'brien', 'sons', 'ltd', '3', '5mm']);
    // Devanagari vowel signs are marks and stay inside their word; full-width letters fold to ASCII.
    expect(searchWords('गंगा ट्रेडर्स')).toEqual(['गंगा', 'ट्रेडर्स']);
    expect(searchWords('ＡＢＣ１２')).toEqual(['abc12']);
    expect(searchWords(' %%% ')).toEqual([]);
  });

  it('keys every distinct word of a document by its seller', () => {
    expect(searchDocument(seller, 'Brass Hinge', null, 'brass-hinge')).toBe(`'${seller}:brass' '${seller}:hinge'`);
    expect(searchDocument(seller, '', undefined)).toBe('');
  });

  it('asks for every word, the last as a prefix from PREFIX_MIN characters, and nothing for no words', () => {
    expect(PREFIX_MIN).toBe(3);
    expect(searchQuery(seller, 'Ganga traders 17')).toBe(`'${seller}:ganga' & '${seller}:traders' & '${seller}:17'`);
    expect(searchQuery(seller, 'hin')).toBe(`'${seller}:hin':*`);
    expect(searchQuery(seller, 'hi')).toBe(`'${seller}:hi'`);
    expect(searchQuery(seller, "'; drop table orders; --")).toBe(
      `'${seller}:drop' & '${seller}:table' & '${seller}:orders':*`,
    );
    expect(searchQuery(seller, '100%')).toBe(`'${seller}:100':*`);
    expect(searchQuery(seller, '-- %')).toBeNull();
  });
});
