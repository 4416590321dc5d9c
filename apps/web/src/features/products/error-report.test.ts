import { describe, expect, it } from 'vitest';
import { errorReport } from './error-report.ts';

describe('bulk upload error report', () => {
  it('writes formula-looking SKUs and reasons from the uploaded file as quoted text', async () => {
    const payloads = ['=HYPERLINK("http://evil.example","x")', '+1', '-2+3', '@SUM(A1:A9)', "=cmd|' /C calc'!A0"];
    const csv = await errorReport(
      payloads.map((sku, i) => ({ row: i + 2, column: 'price', reason: `${sku} is not a price`, sku })),
    ).text();
    expect(csv.split('\n')).toEqual([
      '"row","column","reason","sku"',
      `2,"price","'=HYPERLINK(""http://evil.example"",""x"") is not a price","'=HYPERLINK(""http://evil.example"",""x"")"`,
      `3,"price","'+1 is not a price","'+1"`,
      `4,"price","'-2+3 is not a price","'-2+3"`,
      `5,"price","'@SUM(A1:A9) is not a price","'@SUM(A1:A9)"`,
      `6,"price","'=cmd|' /C calc'!A0 is not a price","'=cmd|' /C calc'!A0"`,
      '',
    ]);
  });
});
