/**
 * Bulk upload against a bare COPY, on PostgreSQL and on the embedded database (PGlite). Run: `npm run bench:import`
 * (DATABASE_URL must point at a PostgreSQL server; a database bench_import is created and dropped afterwards).
 *
 * PostgreSQL, production build:
 * (a) BENCH_IMPORT_RUNS (default 3) rounds of: a generated 100,000-row CSV through POST /api/products/bulk-upload,
 *     and a bare server-side `COPY` of the same rows (with the search words the endpoint writes) into the same
 *     table for another seller. The two go in alternating order, so neither always meets the larger table. The
 *     ratio of the rates is reported per round, with the median and the spread.
 * (b) A 1,000,000-row CSV (short rows, so it stays under the 50 MB upload limit; ten bad rows in it) over HTTP to a
 *     freshly started server: rows/s, the row errors reported, and the server's peak RSS (VmHWM).
 * PGlite (the server with no DATABASE_URL, its own data directory):
 * (c) the same 100,000 rows over HTTP, then (server stopped) a bare `COPY ... FROM '/dev/blob'` of the same rows
 *     into the same database, BENCH_IMPORT_RUNS rounds; (d) the 1,000,000-row CSV and the peak RSS.
 */
import { createWriteStream, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import { chmod, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { searchDocument } from '../apps/server/src/lib/search.ts';
import { createSession } from '../apps/server/src/modules/auth/sessions.ts';
import { createSeller } from '../apps/server/src/seed/factories.ts';
import {
  buildServer,
  dropFixture,
  fixtureDatabase,
  info,
  requireDatabaseUrl,
  result,
  type RunningServer,
  searchDocSql,
  startServer,
} from './bench-lib.ts';

const ROWS = 100_000;
const BIG_ROWS = 1_000_000;
const RUNS = Number(process.env.BENCH_IMPORT_RUNS ?? 3);
const OTHER_ROWS = Number(process.env.BENCH_IMPORT_OTHER_ROWS ?? 300_000);
const DB_NAME = 'bench_import';
const COLUMNS = 'name, description, sku, price, moq, stock, unit, category, hsn_code, gst_percentage';

const baseUrl = requireDatabaseUrl();
const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

async function writeLines(path: string, header: string, count: number, line: (i: number) => string) {
  const out = createWriteStream(path);
  const write = (s: string) =>
    out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r()));
  await write(`${header}\n`);
  let buf = '';
  for (let i = 0; i < count; i++) {
    buf += `${line(i)}\n`;
    if (buf.length > 1 << 16) {
      await write(buf);
      buf = '';
    }
  }
  await write(buf);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

/** The 100,000-row CSV of bench-catalog.ts; with `searchOwner`, each row also carries the words the endpoint writes. */
function writeCsv(path: string, skuPrefix: string, searchOwner?: string) {
  const kinds = ['Wooden puzzle', 'Ceramic capacitor', 'Corrugated box', 'Plush toy', 'LED driver', 'Bubble wrap'];
  return writeLines(path, `${COLUMNS.replace(/ /g, '')}${searchOwner ? ',search_doc' : ''}`, ROWS, (i) => {
    const kind = kinds[i % kinds.length] as string;
    const name = `${kind} model ${i}`;
    const sku = `${skuPrefix}-${i}`;
    const doc = searchOwner ? `,${searchDocument(searchOwner, name, sku)}` : '';
    return `${name},"Export quality ${kind.toLowerCase()}, batch ${i % 97}",${sku},${(10 + (i % 5000) / 4).toFixed(2)},${1 + (i % 50)},${i % 10000},piece,toys,9503,18${doc}`;
  });
}

/**
 * A million short rows (about 40 MB: the upload limit is 50 MB) for a seller with no products yet, one bad price
 * every 100,000 rows.
 */
function writeBigCsv(path: string) {
  return writeLines(path, 'name,description,sku,price,moq,stock,unit', BIG_ROWS, (i) =>
    i % 100_000 === 99_999 ? `Bad ${i},d,K${i},0,1,1,kg` : `Bolt ${i},Zinc,K${i},${1 + (i % 900)},1,${i % 1000},kg`,
  );
}

async function upload(server: RunningServer, token: string, csvPath: string) {
  const form = new FormData();
  form.append('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'products.csv');
  const t0 = performance.now();
  const res = await fetch(`${server.base}/api/products/bulk-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await res.json()) as { successCount: number; failedCount: number; failed: unknown[] };
  const seconds = (performance.now() - t0) / 1000;
  if (res.status !== 200) throw new Error(`bulk upload answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
  return { seconds, body };
}

function spread(label: string, ratios: number[], rates: number[], copyRates: number[]) {
  const m = median(ratios);
  console.log(
    `    ${label}: ratio per round ${ratios.map((r) => r.toFixed(2)).join(', ')}; median ${m.toFixed(2)}, ` +
      `spread ${Math.min(...ratios).toFixed(2)} to ${Math.max(...ratios).toFixed(2)}`,
  );
  console.log(`    upload ${rates.map(fmt).join(', ')} rows/s; bare COPY ${copyRates.map(fmt).join(', ')} rows/s`);
  return m;
}

async function postgres(work: string, run: string): Promise<boolean> {
  let ok = true;
  const { url } = await fixtureDatabase(baseUrl, DB_NAME);
  const database = await openDatabase({ url, poolSize: 4 });
  let server: RunningServer | undefined;
  try {
    console.log(`PostgreSQL: ${fmt(OTHER_ROWS)} products of another seller first...`);
    const other = await createSeller(database.db, { status: 'approved' });
    await database.query(
      `insert into products (manufacturer_id, name, description, sku, price, moq, stock, unit, category,
                             hsn_code, gst_percentage, moderation_status, search_doc)
       select $1, 'Generated product ' || g, 'Generated for the benchmark', 'GEN-' || g, 100 + g % 900, 1,
              g % 500, 'piece', 'toys', '9503', 18, 'approved',
              ${searchDocSql('$1::uuid', `'Generated product ' || g || ' GEN-' || g`)}
         from generate_series(1, ${OTHER_ROWS}) g`,
      [other.manufacturer.id],
    );
    await database.query('vacuum analyze products');
    server = await startServer(url, join(work, 'data-pg'));
    await chmod(work, 0o755);

    const ratios: number[] = [];
    const rates: number[] = [];
    const copyRates: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const seller = await createSeller(database.db, { status: 'approved' });
      const copySeller = await createSeller(database.db, { status: 'approved' });
      const { token } = await createSession(database.db, seller.user.id, { remember: true });
      const csvPath = join(work, `upload-${r}.csv`);
      const copyPath = join(work, `copy-${r}.csv`);
      await writeCsv(csvPath, `BENCH-${run}-${r}`);
      await writeCsv(copyPath, `COPY-${run}-${r}`, copySeller.manufacturer.id);
      await chmod(copyPath, 0o644);
      const bareCopy = async () => {
        await database.query(
          `alter table products alter column manufacturer_id set default '${copySeller.manufacturer.id}'`,
        );
        const t1 = performance.now();
        await database.query(
          `copy products (${COLUMNS}, search_doc) from '${copyPath}' with (format csv, header true)`,
        );
        const s = (performance.now() - t1) / 1000;
        await database.query('alter table products alter column manufacturer_id drop default');
        return s;
      };
      const viaHttp = async () => {
        const { seconds, body } = await upload(server as RunningServer, token, csvPath);
        if (body.successCount !== ROWS) throw new Error(`upload wrote ${body.successCount} of ${ROWS}`);
        return seconds;
      };
      let httpSeconds: number;
      let copySeconds: number;
      if (r % 2 === 0) {
        httpSeconds = await viaHttp();
        copySeconds = await bareCopy();
      } else {
        copySeconds = await bareCopy();
        httpSeconds = await viaHttp();
      }
      rates.push(ROWS / httpSeconds);
      copyRates.push(ROWS / copySeconds);
      ratios.push(copySeconds / httpSeconds);
      console.log(
        `    round ${r + 1}: upload ${httpSeconds.toFixed(2)} s, bare COPY ${copySeconds.toFixed(2)} s, ratio ${(copySeconds / httpSeconds).toFixed(2)}`,
      );
    }
    console.log('\n(a) PostgreSQL, 100,000 rows over HTTP against a bare COPY of the same rows');
    const m = spread('PostgreSQL', ratios, rates, copyRates);
    ok =
      result({
        name: 'bulk upload 100,000 rows (PostgreSQL): ratio to bare COPY, median',
        value: m,
        unit: 'x',
        target: 0.95,
        comparator: '>=',
        baseline: Math.round(median(copyRates)),
        baselineName: 'bare COPY rows/s',
        ratio: m,
      }) && ok;
    info('bulk upload 100,000 rows (PostgreSQL): ratio, lowest round', Math.min(...ratios), 'x');
    info('bulk upload 100,000 rows (PostgreSQL): ratio, highest round', Math.max(...ratios), 'x');
    info('bulk upload 100,000 rows (PostgreSQL): rows/s, median', median(rates), 'rows/s');
    await server.stop();

    // (b) A million rows to a freshly started server, so VmHWM is the upload's own peak.
    const big = await createSeller(database.db, { status: 'approved' });
    const { token } = await createSession(database.db, big.user.id, { remember: true });
    const bigPath = join(work, 'big.csv');
    await writeBigCsv(bigPath);
    server = await startServer(url, join(work, 'data-pg'));
    const idle = server.peakRssMb();
    const { seconds, body } = await upload(server, token, bigPath);
    const peak = server.peakRssMb();
    console.log(
      `\n(b) PostgreSQL, ${fmt(BIG_ROWS)} rows (${(statSync(bigPath).size / 1048576).toFixed(1)} MB) over HTTP: ` +
        `${seconds.toFixed(1)} s, ${fmt(BIG_ROWS / seconds)} rows/s, ${body.successCount} written, ` +
        `${body.failedCount} row errors reported; server peak RSS ${peak.toFixed(0)} MB (idle ${idle.toFixed(0)} MB)`,
    );
    if (body.successCount !== BIG_ROWS - 10 || body.failedCount !== 10 || body.failed.length !== 10) {
      throw new Error(`1,000,000-row upload answered ${JSON.stringify(body).slice(0, 300)}`);
    }
    info('bulk upload 1,000,000 rows (PostgreSQL): rows/s', BIG_ROWS / seconds, 'rows/s');
    ok =
      result({
        name: 'bulk upload 1,000,000 rows (PostgreSQL): server peak RSS',
        value: peak,
        unit: 'MB',
        target: 300,
        comparator: '<=',
      }) && ok;
  } finally {
    await server?.stop();
    await database.close();
    await dropFixture(baseUrl, DB_NAME);
  }
  return ok;
}

async function pglite(work: string, run: string): Promise<boolean> {
  const ok = true;
  const dataDir = join(work, 'data-pglite');
  const embedded = () => openDatabase({ dataDir });
  const noDatabaseUrl = { DATABASE_URL: '' };
  const ratios: number[] = [];
  const rates: number[] = [];
  const copyRates: number[] = [];
  console.log('\nPGlite (embedded database)...');
  for (let r = 0; r < RUNS; r++) {
    let database = await embedded();
    const seller = await createSeller(database.db, { status: 'approved' });
    const copySeller = await createSeller(database.db, { status: 'approved' });
    const { token } = await createSession(database.db, seller.user.id, { remember: true });
    await database.close();
    const csvPath = join(work, `pglite-upload-${r}.csv`);
    const copyPath = join(work, `pglite-copy-${r}.csv`);
    await writeCsv(csvPath, `PGL-${run}-${r}`);
    await writeCsv(copyPath, `PGLCOPY-${run}-${r}`, copySeller.manufacturer.id);
    const server = await startServer('', dataDir, noDatabaseUrl);
    const { seconds, body } = await upload(server, token, csvPath).finally(() => server.stop());
    if (body.successCount !== ROWS) throw new Error(`PGlite upload wrote ${body.successCount} of ${ROWS}`);
    database = await embedded();
    const raw = database.raw;
    if (raw.kind !== 'pglite') throw new Error('expected PGlite');
    await database.query(
      `alter table products alter column manufacturer_id set default '${copySeller.manufacturer.id}'`,
    );
    const blob = new Blob([await readFile(copyPath)]);
    const t1 = performance.now();
    await raw.client.query(
      `copy products (${COLUMNS}, search_doc) from '/dev/blob' with (format csv, header true)`,
      [],
      { blob },
    );
    const copySeconds = (performance.now() - t1) / 1000;
    await database.query('alter table products alter column manufacturer_id drop default');
    await database.close();
    rates.push(ROWS / seconds);
    copyRates.push(ROWS / copySeconds);
    ratios.push(copySeconds / seconds);
    console.log(
      `    round ${r + 1}: upload ${seconds.toFixed(2)} s, bare COPY from a blob ${copySeconds.toFixed(2)} s, ratio ${(copySeconds / seconds).toFixed(2)}`,
    );
  }
  console.log('\n(c) PGlite, 100,000 rows over HTTP against a bare COPY of the same rows');
  const m = spread('PGlite', ratios, rates, copyRates);
  info('bulk upload 100,000 rows (PGlite): ratio to bare COPY, median', m, 'x');
  info('bulk upload 100,000 rows (PGlite): ratio, lowest round', Math.min(...ratios), 'x');
  info('bulk upload 100,000 rows (PGlite): ratio, highest round', Math.max(...ratios), 'x');
  info('bulk upload 100,000 rows (PGlite): rows/s, median', median(rates), 'rows/s');
  info('bulk upload 100,000 rows (PGlite): bare COPY rows/s, median', median(copyRates), 'rows/s');

  const database = await embedded();
  const big = await createSeller(database.db, { status: 'approved' });
  const { token } = await createSession(database.db, big.user.id, { remember: true });
  await database.close();
  const bigPath = join(work, 'pglite-big.csv');
  await writeBigCsv(bigPath);
  const server = await startServer('', dataDir, noDatabaseUrl);
  try {
    const idle = server.peakRssMb();
    const { seconds, body } = await upload(server, token, bigPath);
    const peak = server.peakRssMb();
    console.log(
      `\n(d) PGlite, ${fmt(BIG_ROWS)} rows over HTTP: ${seconds.toFixed(1)} s, ${fmt(BIG_ROWS / seconds)} rows/s, ` +
        `${body.successCount} written, ${body.failedCount} row errors reported; server peak RSS ${peak.toFixed(0)} MB (idle ${idle.toFixed(0)} MB)`,
    );
    if (body.successCount !== BIG_ROWS - 10 || body.failedCount !== 10) {
      throw new Error(`PGlite 1,000,000-row upload answered ${JSON.stringify(body).slice(0, 300)}`);
    }
    info('bulk upload 1,000,000 rows (PGlite): rows/s', BIG_ROWS / seconds, 'rows/s');
    info('bulk upload 1,000,000 rows (PGlite): server peak RSS', peak, 'MB');
  } finally {
    await server.stop();
  }
  return ok;
}

async function main() {
  console.log('Building the server (production bundle)...');
  buildServer();
  const work = mkdtempSync(join(tmpdir(), 'bench-import-'));
  const run = Date.now().toString(36);
  try {
    const only = process.env.BENCH_IMPORT_ONLY;
    let ok = true;
    if (only !== 'pglite') ok = (await postgres(work, run)) && ok;
    if (only !== 'postgres') ok = (await pglite(work, run)) && ok;
    return ok;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main()
  .then((ok) => process.exit(ok ? 0 : 1))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
