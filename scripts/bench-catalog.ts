/**
 * Catalogue benchmark on PostgreSQL (DATABASE_URL must point at a server; a separate database bench_catalog is
 * created, and dropped afterwards unless BENCH_REUSE=1 keeps it for the next run). Run: `npm run bench:catalog`.
 *
 * The fixture is 900,000 products of nine other sellers. Then, against the production build:
 * (a) Bulk upload of a generated 100,000-row CSV through the real HTTP endpoint, with the server's peak RSS,
 *     compared with a bare `COPY` of the same rows into the same table (another seller, same indexes).
 * (b) GET /api/products for the seller with 100,000 products among 1,000,000, page 1 and two searches, with
 *     autocannon at concurrency 10.
 */
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { searchDocument } from '../apps/server/src/lib/search.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { createSeller } from '../apps/server/src/seed/factories.ts';
import {
  buildServer,
  cannon,
  dropFixture,
  fixtureDatabase,
  info,
  markFixture,
  requireDatabaseUrl,
  result,
  reuse,
  searchDocSql,
  startServer,
} from './bench-lib.ts';

const ROWS = 100_000;
const OTHER_SELLERS = 9;
const DB_NAME = `${process.env.BENCH_DB_PREFIX ?? 'bench_'}catalog`;

const baseUrl = requireDatabaseUrl();
const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');

/**
 * Writes the CSV a seller would upload: the required columns plus category, HSN and GST. With `searchOwner`, each
 * row also carries the search words the endpoint writes for it (for the bare COPY, so both fill the same indexes).
 */
async function writeCsv(path: string, skuPrefix: string, searchOwner?: string): Promise<void> {
  const out = createWriteStream(path);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write(
    `name,description,sku,price,moq,stock,unit,category,hsn_code,gst_percentage${searchOwner ? ',search_doc' : ''}\n`,
  );
  const kinds = ['Wooden puzzle', 'Ceramic capacitor', 'Corrugated box', 'Plush toy', 'LED driver', 'Bubble wrap'];
  for (let i = 0; i < ROWS; i++) {
    const kind = kinds[i % kinds.length];
    const name = `${kind} model ${i}`;
    const sku = `${skuPrefix}-${i}`;
    const doc = searchOwner ? `,${searchDocument(searchOwner, name, sku)}` : '';
    await write(
      `${name},"Export quality ${kind?.toLowerCase()}, batch ${i % 97}",${sku},${(10 + (i % 5000) / 4).toFixed(2)},${1 + (i % 50)},${i % 10000},piece,toys,9503,18${doc}\n`,
    );
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

async function main() {
  console.log('Building the server (production bundle)...');
  buildServer();
  const { url, fresh } = await fixtureDatabase(baseUrl, DB_NAME);
  const database = await openDatabase({ url, poolSize: 4 });
  const work = mkdtempSync(join(tmpdir(), 'bench-catalog-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let ok = true;
  const run = Date.now().toString(36);
  try {
    if (fresh) {
      console.log(`Generating ${fmt(OTHER_SELLERS * ROWS)} products of ${OTHER_SELLERS} other sellers...`);
      for (let s = 0; s < OTHER_SELLERS; s++) {
        const other = await createSeller(database.db, { status: 'approved' });
        await database.query(
          `insert into products (manufacturer_id, name, description, sku, price, moq, stock, unit, category,
                                 hsn_code, gst_percentage, moderation_status, created_at, search_doc)
           select $1, 'Generated product ' || g, 'Generated for the benchmark', 'GEN-' || g, 100 + g % 900, 1,
                  g % 500, 'piece', 'toys', '9503', 18, 'approved', now() - (g || ' seconds')::interval,
                  ${searchDocSql('$1::uuid', `'Generated product ' || g || ' GEN-' || g`)}
             from generate_series(1, ${ROWS}) g`,
          [other.manufacturer.id],
        );
      }
      await database.query('vacuum analyze products');
      await markFixture(url, { products: String(OTHER_SELLERS * ROWS) });
    } else {
      console.log(`Reusing the ${DB_NAME} fixture (BENCH_REUSE=1)`);
    }
    const seller = await createSeller(database.db, { status: 'approved' });
    const copySeller = await createSeller(database.db, { status: 'approved' });
    const { token } = await createSession(database.db, seller.user.id, { remember: true });

    server = await startServer(url, join(work, 'data'));
    const idleRss = server.peakRssMb();

    // (a) Bulk upload through HTTP.
    const csvPath = join(work, 'products.csv');
    await writeCsv(csvPath, `BENCH-${run}`);
    const sizeMb = statSync(csvPath).size / 1024 / 1024;
    console.log(
      `\nGenerated ${fmt(ROWS)} rows (${sizeMb.toFixed(1)} MB). Uploading to POST /api/products/bulk-upload...`,
    );
    const form = new FormData();
    form.append('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'products.csv');
    const t0 = performance.now();
    const res = await fetch(`${server.base}/api/products/bulk-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { successCount: number; failedCount: number };
    const httpSeconds = (performance.now() - t0) / 1000;
    if (res.status !== 200 || body.successCount !== ROWS) {
      throw new Error(`bulk upload answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    const uploadRss = server.peakRssMb();
    const httpRate = ROWS / httpSeconds;

    // The same rows through a bare COPY into the same table (another seller, same indexes and triggers).
    const copyPath = join(work, 'copy.csv');
    await writeCsv(copyPath, `COPY-${run}`, copySeller.manufacturer.id);
    await chmod(work, 0o755);
    await chmod(copyPath, 0o644);
    await database.query(
      `alter table products alter column manufacturer_id set default '${copySeller.manufacturer.id}'`,
    );
    const t1 = performance.now();
    await database.query(
      `copy products (name, description, sku, price, moq, stock, unit, category, hsn_code, gst_percentage, search_doc)
         from '${copyPath}' with (format csv, header true)`,
    );
    const copySeconds = (performance.now() - t1) / 1000;
    await database.query('alter table products alter column manufacturer_id drop default');
    const copyRate = ROWS / copySeconds;

    console.log('\n(a) Bulk upload of 100,000 CSV rows');
    console.log(`    HTTP endpoint:  ${httpSeconds.toFixed(2)} s, ${fmt(httpRate)} rows/s (target >= 20,000)`);
    console.log(`    bare COPY:      ${copySeconds.toFixed(2)} s, ${fmt(copyRate)} rows/s`);
    console.log(
      `    ratio:          the endpoint runs at ${(httpRate / copyRate).toFixed(2)}x the rate of a bare COPY`,
    );
    console.log(`    server peak RSS: ${uploadRss.toFixed(0)} MB (idle ${idleRss.toFixed(0)} MB; target < 300 MB)`);
    ok =
      result({
        name: 'bulk upload 100,000 rows: rate',
        value: httpRate,
        unit: 'rows/s',
        target: 20_000,
        comparator: '>=',
        baseline: Math.round(copyRate),
        baselineName: 'bare COPY',
        ratio: httpRate / copyRate,
      }) && ok;
    ok =
      result({ name: 'bulk upload: server peak RSS', value: uploadRss, unit: 'MB', target: 300, comparator: '<=' }) &&
      ok;

    // (b) The copy seller's rows go, leaving the seller's 100,000 among 1,000,000.
    await database.query('delete from products where manufacturer_id = $1', [copySeller.manufacturer.id]);
    // A thumbnail for one in ten of the seller's products, so the list reads product_media too.
    await database.query(
      `insert into product_media (product_id, storage_key, thumb_key, mime, width, height, original_name)
       select id, 'products/' || id || '/' || gen_random_uuid() || '.jpg', 'products/' || id || '/t-thumb.webp',
              'image/jpeg', 800, 800, 'photo.jpg'
         from products where manufacturer_id = $1 and random() < 0.1`,
      [seller.manufacturer.id],
    );
    await database.query('vacuum analyze products');
    await database.query('vacuum analyze product_media');
    const [{ n } = { n: 0 }] = await database.query<{ n: number }>('select count(*)::int as n from products');
    console.log(`\nproducts in the table: ${fmt(n)}; the seller's: ${fmt(ROWS)}`);

    const headers = { authorization: `Bearer ${token}` };
    const targets: Array<[string, string]> = [
      ['products page 1', '/api/products?page=1'],
      ['products search q=capacitor', '/api/products?q=capacitor'],
      ['products search q=BENCH SKU', `/api/products?q=BENCH-${run}-4242`],
    ];
    console.log('\n(b) GET /api/products, autocannon, 10 connections, after a 3 s warm-up');
    for (const [label, path] of targets) {
      const r = await cannon({ label, url: `${server.base}${path}`, headers, warmup: 3 });
      console.log(
        `    ${label.padEnd(28)} ${fmt(r.requests.average).padStart(6)} req/s   p50 ${r.latency.p50} ms   p90 ${r.latency.p90} ms   p99 ${r.latency.p99} ms   (target p99 < 25 ms)`,
      );
      ok = result({ name: `${label}: p99`, value: r.latency.p99, unit: 'ms', target: 25, comparator: '<=' }) && ok;
      info(`${label}: req/s`, r.requests.average, 'req/s');
      info(`${label}: p50`, r.latency.p50, 'ms');
      // One request at a time: the cost of the request itself, apart from queueing for the two cores.
      const one = await cannon({ label, url: `${server.base}${path}`, headers, connections: 1, duration: 3 });
      info(`${label}: p50 one at a time`, one.latency.p50, 'ms');
    }
    console.log(`\nserver peak RSS over the whole run: ${server.peakRssMb().toFixed(0)} MB`);
    if (reuse) {
      // Back to the fixture alone, so the next reusing run measures the same table.
      await database.query('delete from products where manufacturer_id = any($1::uuid[])', [
        [seller.manufacturer.id, copySeller.manufacturer.id],
      ]);
      await database.query('vacuum analyze products');
    }
  } finally {
    await server?.stop();
    await database.close();
    rmSync(work, { recursive: true, force: true });
    await dropFixture(baseUrl, DB_NAME);
  }
  return ok;
}

main()
  .then((ok) => process.exit(ok ? 0 : 1))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
