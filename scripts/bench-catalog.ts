/**
 * Catalogue benchmark on PostgreSQL (DATABASE_URL must point at a server; a separate database bench_catalog is
 * created and dropped). Run: `npm run bench:catalog`.
 *
 * (a) Bulk upload of a generated 100,000-row CSV through the real HTTP endpoint of the production build, with the
 *     server's peak RSS, compared with a bare `COPY` of the same rows into the same table.
 * (b) GET /api/products for a seller with 100,000 products among 1,000,000, page 1 and a search, with autocannon at
 *     concurrency 10.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { createSeller } from '../apps/server/src/seed/factories.ts';

const ROWS = 100_000;
const OTHER_SELLERS = 8;
const PORT = Number(process.env.BENCH_PORT ?? 4399);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const baseUrl = process.env.DATABASE_URL;
if (!baseUrl) {
  console.error('Set DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres');
  process.exit(1);
}
const benchUrl = new URL(baseUrl);
benchUrl.pathname = '/bench_catalog';

async function adminQuery(text: string) {
  const c = new pg.Client({ connectionString: baseUrl });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');

/** Writes the CSV a seller would upload: the required columns plus category, HSN and GST. */
async function writeCsv(path: string, skuPrefix: string): Promise<void> {
  const out = createWriteStream(path);
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise((r) => out.once('drain', r)));
  await write('name,description,sku,price,moq,stock,unit,category,hsn_code,gst_percentage\n');
  const kinds = ['Wooden puzzle', 'Ceramic capacitor', 'Corrugated box', 'Plush toy', 'LED driver', 'Bubble wrap'];
  for (let i = 0; i < ROWS; i++) {
    const kind = kinds[i % kinds.length];
    await write(
      `${kind} model ${i},"Export quality ${kind?.toLowerCase()}, batch ${i % 97}",${skuPrefix}-${i},${(10 + (i % 5000) / 4).toFixed(2)},${1 + (i % 50)},${i % 10000},piece,toys,9503,18\n`,
    );
  }
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

function peakRss(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function waitForServer(url: string) {
  for (let i = 0; i < 200; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

function runAutocannon(url: string, token: string, label: string) {
  return new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: 10, duration: 10, headers: { authorization: `Bearer ${token}` } }, (err, result) => {
      if (err) return reject(err);
      if (result.non2xx > 0 || result.errors > 0) {
        return reject(new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`));
      }
      resolve(result);
    });
  });
}

async function main() {
  console.log('Building the server (production bundle)...');
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('server build failed');

  await adminQuery('DROP DATABASE IF EXISTS bench_catalog WITH (FORCE)');
  await adminQuery('CREATE DATABASE bench_catalog');
  const database = await openDatabase({ url: benchUrl.toString(), poolSize: 4 });
  const work = mkdtempSync(join(tmpdir(), 'bench-catalog-'));
  let server: ReturnType<typeof spawn> | undefined;
  try {
    const seller = await createSeller(database.db, { status: 'approved' });
    const copySeller = await createSeller(database.db, { status: 'approved' });
    const { token } = await createSession(database.db, seller.user.id, { remember: true });

    server = spawn(process.execPath, [join(root, 'apps/server/dist/server.mjs')], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: benchUrl.toString(),
        DATA_DIR: join(work, 'data'),
        LOG_LEVEL: 'warn',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const base = `http://127.0.0.1:${PORT}`;
    await waitForServer(`${base}/api/health`);
    const pid = server.pid as number;
    const idleRss = peakRss(pid);

    // (a) Bulk upload through HTTP.
    const csvPath = join(work, 'products.csv');
    await writeCsv(csvPath, 'BENCH');
    const sizeMb = statSync(csvPath).size / 1024 / 1024;
    console.log(
      `\nGenerated ${fmt(ROWS)} rows (${sizeMb.toFixed(1)} MB). Uploading to POST /api/products/bulk-upload...`,
    );
    const form = new FormData();
    form.append('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'products.csv');
    const t0 = performance.now();
    const res = await fetch(`${base}/api/products/bulk-upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = (await res.json()) as { successCount: number; failedCount: number };
    const httpSeconds = (performance.now() - t0) / 1000;
    if (res.status !== 200 || body.successCount !== ROWS) {
      throw new Error(`bulk upload answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    }
    const uploadRss = peakRss(pid);
    const httpRate = ROWS / httpSeconds;

    // The same rows through a bare COPY into the same table (another seller, same indexes).
    const copyPath = join(work, 'copy.csv');
    await writeCsv(copyPath, 'COPY');
    await chmod(work, 0o755);
    await chmod(copyPath, 0o644);
    await database.query(
      `alter table products alter column manufacturer_id set default '${copySeller.manufacturer.id}'`,
    );
    const t1 = performance.now();
    await database.query(
      `copy products (name, description, sku, price, moq, stock, unit, category, hsn_code, gst_percentage)
         from '${copyPath}' with (format csv, header true)`,
    );
    const copySeconds = (performance.now() - t1) / 1000;
    await database.query('alter table products alter column manufacturer_id drop default');
    const copyRate = ROWS / copySeconds;

    console.log('\n(a) Bulk upload of 100,000 CSV rows');
    console.log(`    HTTP endpoint:  ${httpSeconds.toFixed(2)} s, ${fmt(httpRate)} rows/s (target >= 20,000)`);
    console.log(`    bare COPY:      ${copySeconds.toFixed(2)} s, ${fmt(copyRate)} rows/s`);
    console.log(`    ratio:          COPY is ${(copyRate / httpRate).toFixed(2)}x the endpoint's rate`);
    console.log(`    server peak RSS: ${uploadRss.toFixed(0)} MB (idle ${idleRss.toFixed(0)} MB; target < 300 MB)`);

    // (b) 1,000,000 products in the table: 800,000 more for other sellers, generated in SQL.
    console.log('\nGenerating 800,000 more products for other sellers...');
    for (let s = 0; s < OTHER_SELLERS; s++) {
      const other = await createSeller(database.db, { status: 'approved' });
      await database.query(
        `insert into products (manufacturer_id, name, description, sku, price, moq, stock, unit, category,
                               moderation_status, created_at)
         select $1, 'Generated product ' || g, 'Generated for the benchmark', 'GEN-' || g, 100 + g % 900, 1, g % 500,
                'piece', 'toys', 'approved', now() - (g || ' seconds')::interval
           from generate_series(1, 100000) g`,
        [other.manufacturer.id],
      );
    }
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
    console.log(`products in the table: ${fmt(n)}; the seller's: ${fmt(ROWS)}`);

    const targets: Array<[string, string]> = [
      ['page 1 (newest first)', `${base}/api/products?page=1`],
      ['search q=capacitor', `${base}/api/products?q=capacitor`],
      ['search q=BENCH-4242 (SKU)', `${base}/api/products?q=BENCH-4242`],
    ];
    console.log('\n(b) GET /api/products, autocannon, 10 connections, 10 s each (after a 3 s warm-up)');
    for (const [label, url] of targets) {
      await new Promise<void>((resolve, reject) =>
        autocannon({ url, connections: 10, duration: 3, headers: { authorization: `Bearer ${token}` } }, (err) =>
          err ? reject(err) : resolve(),
        ),
      );
      const r = await runAutocannon(url, token, label);
      console.log(
        `    ${label.padEnd(28)} ${fmt(r.requests.average).padStart(6)} req/s   p50 ${r.latency.p50} ms   p90 ${r.latency.p90} ms   p99 ${r.latency.p99} ms   (target p99 < 25 ms)`,
      );
    }
    console.log(`\nserver peak RSS over the whole run: ${peakRss(pid).toFixed(0)} MB`);
  } finally {
    // Let the last benchmark connections drain before the server shuts down.
    await new Promise((r) => setTimeout(r, 500));
    server?.kill('SIGTERM');
    if (server) await new Promise((r) => server?.once('exit', r));
    await database.close();
    rmSync(work, { recursive: true, force: true });
    await adminQuery('DROP DATABASE IF EXISTS bench_catalog WITH (FORCE)');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
