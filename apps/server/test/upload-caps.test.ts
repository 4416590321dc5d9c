import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOCUMENT_LIMITS, DOCUMENT_MESSAGES, MAX_PRODUCT_IMAGES } from '@ub/shared';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../src/seed/factories.ts';
import { loginSeller, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ub-caps-'));

function filesUnder(dir: string): number {
  try {
    return readdirSync(join(dataDir, 'uploads', dir), { recursive: true }).filter((f) =>
      statSync(join(dataDir, 'uploads', dir, String(f))).isFile(),
    ).length;
  } catch {
    return 0;
  }
}

/**
 * The caps hold when requests race: each request alone is under the cap, together they are over it, and the
 * database (not a count read earlier by each request) decides which gets in.
 */
describe('upload caps under concurrent requests', () => {
  const t = useTestApp({ DATA_DIR: dataDir });
  let png: Buffer;
  let pdf: Buffer;

  beforeAll(async () => {
    png = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 250, g: 120, b: 0 } } })
      .png()
      .toBuffer();
    pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
  });

  it(`stores at most ${MAX_PRODUCT_IMAGES} images when two uploads of 6 run at once`, async () => {
    const s = await loginSeller(t.app);
    const product = await createProduct(t.app.db, s.manufacturer.id);
    const six = Array.from({ length: 6 }, (_, i) => ({ field: 'files', name: `p${i}.png`, data: png }));
    const answers = await Promise.all([
      upload(t.app, `/api/upload/product-media/${product.id}`, s.token, six),
      upload(t.app, `/api/upload/product-media/${product.id}`, s.token, six),
    ]);
    const stored = await t.database.query<{ n: number }>(
      'select count(*)::int as n from product_media where product_id = $1',
      [product.id],
    );
    expect(stored[0]?.n).toBe(6);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    const refused = answers.find((a) => a.statusCode === 400);
    expect(refused?.json().error).toBe(`A product can have at most ${MAX_PRODUCT_IMAGES} images.`);
    // The refused upload's files are gone too: one original and one thumbnail per stored image.
    expect(filesUnder(`products/${product.id}`)).toBe(12);
  });

  it('refuses an insert past the image cap in the database itself, whoever writes it', async () => {
    const s = await loginSeller(t.app);
    const product = await createProduct(t.app.db, s.manufacturer.id);
    const insert = (n: number) =>
      t.database.query(
        `insert into product_media (product_id, storage_key, thumb_key, mime, width, height, original_name)
         select $1, 'k' || g, 't' || g, 'image/png', 600, 600, 'x.png' from generate_series(1, $2::int) g`,
        [product.id, n],
      );
    await insert(MAX_PRODUCT_IMAGES);
    await expect(insert(1)).rejects.toThrow(/at most 10 images/);
  });

  it(`keeps at most ${DOCUMENT_LIMITS.maxPerSeller} documents when the last two slots are raced for`, async () => {
    const s = await loginSeller(t.app);
    // An upload replaces the document of its type, so the slots are filled in the database (kept from before
    // replacement); the race is two uploads of two other types.
    await t.database.query(
      `insert into manufacturer_documents (manufacturer_id, kind, storage_key, mime, original_name)
       select $1, 'incorporation', 'old/' || g, 'application/pdf', 'old.pdf' from generate_series(1, $2::int) g`,
      [s.manufacturer.id, DOCUMENT_LIMITS.maxPerSeller - 1],
    );
    const answers = await Promise.all(
      ['iec', 'udyam'].map((kind) =>
        upload(t.app, '/api/settings/documents', s.token, [
          { field: 'kind', data: kind },
          { field: 'file', name: `${kind}.pdf`, data: pdf },
        ]),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.statusCode === 409)?.json().error).toBe(DOCUMENT_MESSAGES.tooMany);
    const stored = await t.database.query<{ n: number }>(
      'select count(*)::int as n from manufacturer_documents where manufacturer_id = $1',
      [s.manufacturer.id],
    );
    expect(stored[0]?.n).toBe(DOCUMENT_LIMITS.maxPerSeller);
    expect(filesUnder(`documents/${s.manufacturer.id}`)).toBe(1);
  });
});
