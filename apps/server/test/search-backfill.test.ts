import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsDir } from '../src/lib/paths.ts';
import { searchDocument } from '../src/lib/search.ts';
import { loginSeller, useTestApp } from './helpers.ts';

const t = useTestApp();

/** The products backfill statement of migration 0006, run again on rows written without search words. */
function productsBackfill(): string {
  const sql = readFileSync(join(migrationsDir(), '0006_search_words.sql'), 'utf8');
  const statement = sql.split('--> statement-breakpoint').find((s) => s.includes('UPDATE "products"'));
  if (!statement) throw new Error('no products backfill in 0006');
  return statement;
}

const lexemes = (doc: string) => new Set([...doc.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1]?.replace(/''/g, "'")));

describe('the search-word backfill of migration 0006', () => {
  it('splits existing rows as the application splits new ones', async () => {
    const s = await loginSeller(t.app);
    const m = s.manufacturer.id;
    const rows: Array<[string, string]> = [
      ['Brass Door-Hinge (Pair), 3.5mm', 'PKG_100/B'],
      ["O'Brien & Sons [export] \\ grade", 'OB-1'],
      ['गंगा ट्रेडर्स कॉटन बैग', 'GANGA-7'],
      ['ＦＵＬＬ ｗｉｄｔｈ Ｔｏｙ', 'FW-1'],
      ['㌖'.repeat(150), 'LONG-1'],
    ];
    for (const [name, sku] of rows) {
      await t.database.query(
        `insert into products (manufacturer_id, name, description, sku, price, unit) values ($1, $2, 'd', $3, 1, 'piece')`,
        [m, name, sku],
      );
    }
    await t.database.query(productsBackfill());
    const stored = await t.database.query<{ name: string; sku: string; doc: string }>(
      'select name, sku, search_doc::text as doc from products where manufacturer_id = $1',
      [m],
    );
    expect(stored).toHaveLength(rows.length);
    for (const r of stored) {
      expect(lexemes(r.doc), r.name).toEqual(lexemes(searchDocument(m, r.name, r.sku)));
    }
  });
});
