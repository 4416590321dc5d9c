/**
 * Public catalogue benchmark on PostgreSQL (DATABASE_URL must point at a server; a separate database
 * bench_public_catalog is created, and dropped afterwards unless BENCH_REUSE=1 keeps it for the next run).
 * Run: `npm run bench:public` (builds the web app and the server first unless BENCH_NO_BUILD=1).
 *
 * The fixture is 1,000,000 approved products of 1,000 approved sellers in 30 states (a third of them verified),
 * generated in SQL batches of 100,000 rows. Then, against the production build at 10 connections (autocannon):
 * catalogue searches with facets (a word, a category, a price range, a word with a category) and product pages
 * as server-rendered HTML.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogQuery, INDIAN_STATE_NAMES } from '@ub/shared';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { searchCatalog } from '../apps/server/src/modules/catalog/queries.ts';
import {
  cannon,
  dropFixture,
  fixtureDatabase,
  info,
  loadAverage,
  markFixture,
  requireDatabaseUrl,
  result,
  reuse,
  root,
  startServer,
  withCpu,
} from './bench-lib.ts';

/** BENCH_SELLERS=10000 builds the ten-times fixture (10,000,000 products, issue 16) in its own database. */
const SELLERS = Number(process.env.BENCH_SELLERS ?? 1000);
const PER_SELLER = 1000;
const BATCH_SELLERS = 100;
const DB_NAME = `${process.env.BENCH_DB_PREFIX ?? 'bench_'}public_catalog${SELLERS === 1000 ? '' : `_${SELLERS}`}`;
/** Issue 18 at 1,000,000 products; issue 16 at ten times that. */
const SEARCH_TARGET_MS = SELLERS >= 10_000 ? 100 : 50;
const PAGE_TARGET_MS = 30;

const baseUrl = requireDatabaseUrl();
const fmt = (n: number) => Math.round(n).toLocaleString('en-IN');

const ADJECTIVES = ['steel', 'wooden', 'brass', 'plastic', 'cotton', 'ceramic', 'copper', 'jute', 'glass', 'rubber'];
const NOUNS = [
  'bearing',
  'hinge',
  'bottle',
  'carton',
  'capacitor',
  'resistor',
  'puzzle',
  'doll',
  'valve',
  'pipe',
  'bracket',
  'spring',
  'gasket',
  'socket',
  'bag',
  'tray',
  'lamp',
  'motor',
  'switch',
  'cable',
];
const MATERIALS = ['Metal', 'Wood', 'Brass', 'Plastic', 'Cotton', 'Ceramic', 'Copper', 'Jute', 'Glass', 'Rubber'];
const STATES = INDIAN_STATE_NAMES.slice(0, 30);
const sqlArray = (values: readonly string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

async function generate(url: string) {
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    const t0 = performance.now();
    console.log(`Generating ${fmt(SELLERS)} sellers and ${fmt(SELLERS * PER_SELLER)} products...`);
    await database.query(
      `insert into users (role, email, phone, full_name, password_hash)
       select 'seller', 'bench.seller' || s || '@example.in', '9' || lpad(s::text, 9, '0'), 'Bench Seller ' || s, 'x'
         from generate_series(1, ${SELLERS}) s`,
    );
    await database.query(
      `insert into manufacturers (user_id, company_name, company_address, state, category, gst_number, status, reviewed_at)
       select u.id, 'Bench Industries ' || s.n, 'Plot ' || s.n || ', Industrial Area',
              (${sqlArray(STATES)})[1 + s.n % ${STATES.length}], 'toys', '27AAPFU0939F1ZV', 'approved',
              now() - (s.n || ' days')::interval
         from (select id, email, substring(email from 'bench.seller(\\d+)@')::int as n from users
                where email like 'bench.seller%') s join users u on u.id = s.id`,
    );
    await database.query(
      `insert into manufacturer_documents (manufacturer_id, kind, storage_key, mime, original_name, review_status)
       select id, 'gst_certificate', 'documents/' || id || '/gst.pdf', 'application/pdf', 'gst.pdf', 'approved'
         from manufacturers where company_name like 'Bench Industries %'
          and substring(company_name from '(\\d+)$')::int % 3 = 0`,
    );
    // The catalogue's word rows are written once after the load, in key order (catalog_terms_rebuild, migration
    // 0037), the state the insert trigger would leave row by row: the same rows, in a fraction of the time.
    await database.query('alter table products disable trigger products_catalog_terms_insert');
    for (let b = 0; b < SELLERS / BATCH_SELLERS; b++) {
      await database.query(
        `insert into products (manufacturer_id, name, description, sku, price, moq, stock, unit, category, brand,
                               material, hsn_code, gst_percentage, status, moderation_status, approved_price,
                               created_at)
         select m.id,
                initcap((${sqlArray(ADJECTIVES)})[1 + (g * 7 + m.n) % ${ADJECTIVES.length}] || ' ' ||
                  (${sqlArray(NOUNS)})[1 + (g * 13 + m.n) % ${NOUNS.length}]) || ' model ' || g,
                'Export quality, batch ' || (g % 97), 'B' || m.n || '-' || g,
                (10 + (g * 37 + m.n * 11) % 25000)::numeric / 2, 1 + (g + m.n) % 200, (g * 7) % 3000, 'piece',
                (array['toys','electronic_components','packaging'])[1 + (g + m.n) % 3], 'Brand ' || m.n,
                (${sqlArray(MATERIALS)})[1 + (g * 7 + m.n) % ${MATERIALS.length}], '9503', 18, 'active', 'approved',
                (10 + (g * 37 + m.n * 11) % 25000)::numeric / 2,
                now() - ((g * ${SELLERS} + m.n) || ' seconds')::interval
           from (select id, row_number() over (order by id) as n from manufacturers
                  where company_name like 'Bench Industries %' order by id
                  offset ${b * BATCH_SELLERS} limit ${BATCH_SELLERS}) m,
                generate_series(1, ${PER_SELLER}) g`,
      );
      process.stdout.write(`  ${fmt((b + 1) * BATCH_SELLERS * PER_SELLER)} products\r`);
    }
    await database.query('alter table products enable trigger products_catalog_terms_insert');
    const terms0 = performance.now();
    await database.query('select catalog_terms_rebuild()');
    console.log(`\nThe catalogue's word rows written in ${((performance.now() - terms0) / 1000).toFixed(0)} s`);
    // A picture for one product in ten, so cards and pages read product_media too; ten sellers at a time, since
    // the media trigger takes one advisory lock per product and a transaction holds a bounded number of locks.
    for (let b = 0; b < SELLERS / 10; b++) {
      await database.query(
        `insert into product_media (product_id, storage_key, thumb_key, mime, width, height, original_name)
         select p.id, 'products/' || p.id || '/' || gen_random_uuid() || '.jpg', 'products/' || p.id || '/t-thumb.webp',
                'image/jpeg', 800, 800, 'photo.jpg'
           from products p
          where p.manufacturer_id in (select id from manufacturers where company_name like 'Bench Industries %'
                                       order by id offset ${b * 10} limit 10)
            and random() < 0.1`,
      );
    }
    await database.query('vacuum analyze');
    console.log(`\nGenerated in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    await database.close();
  }
}

async function productPaths(url: string, n: number): Promise<string[]> {
  const database = await openDatabase({ url, poolSize: 1 });
  try {
    const rows = await database.query<{ id: string }>(
      `select id from products tablesample system (0.1) where moderation_status = 'approved' limit ${n}`,
    );
    return rows.map((r) => `/products/${r.id}`);
  } finally {
    await database.close();
  }
}

/**
 * The SQL alone: each search through the catalogue module's own function on a driver connection, one at a time,
 * 30 times after 3 warm-ups (no HTTP, no cache): what PostgreSQL plus the driver cost, to set beside the HTTP figures.
 */
const sqlP50 = new Map<string, number>();

async function sqlAlone(url: string, searches: Array<[string, string]>) {
  const database = await openDatabase({ url, poolSize: 1 });
  console.log(`\nThe SQL alone (searchCatalog through the driver, one at a time, 30 runs); load ${loadAverage()}`);
  try {
    for (const [label, path] of searches) {
      const query = catalogQuery.parse(Object.fromEntries(new URL(path, 'http://x').searchParams));
      const times: number[] = [];
      for (let i = 0; i < 33; i++) {
        const t0 = performance.now();
        await searchCatalog(database, query);
        if (i >= 3) times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const p50 = times[Math.floor(times.length / 2)] as number;
      const max = times.at(-1) as number;
      console.log(`    ${label.padEnd(32)} p50 ${p50.toFixed(1)} ms   max ${max.toFixed(1)} ms`);
      info(`catalogue ${label}: SQL alone p50`, p50, 'ms');
      sqlP50.set(label, p50);
    }
  } finally {
    await database.close();
  }
}

async function main() {
  if (process.env.BENCH_NO_BUILD !== '1') {
    console.log('Building the web app and the server (production build)...');
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build failed');
  }
  const { url, fresh } = await fixtureDatabase(baseUrl, DB_NAME);
  const work = mkdtempSync(join(tmpdir(), 'bench-public-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let ok = true;
  try {
    if (fresh) {
      await generate(url);
      await markFixture(url, { products: String(SELLERS * PER_SELLER) });
      if (process.env.BENCH_FIXTURE_ONLY === '1') return;
    } else {
      console.log(`Reusing the ${DB_NAME} fixture (BENCH_REUSE=1)`);
    }
    const searches: Array<[string, string]> = [
      ['search word q=bearing', '/api/catalog/products?q=bearing'],
      ['search two words q=steel hinge', '/api/catalog/products?q=steel%20hinge'],
      ['search two words q=steel bearing', '/api/catalog/products?q=steel%20bearing'],
      ['category=packaging', '/api/catalog/products?category=packaging'],
      ['price 500 to 2000', '/api/catalog/products?minPrice=500&maxPrice=2000'],
      ['word + category + price', '/api/catalog/products?q=valve&category=toys&maxPrice=5000'],
      ['state + verified', '/api/catalog/products?state=Gujarat&verified=true'],
    ];
    await sqlAlone(url, searches);
    // Production as it runs (the search cache on, 10 s), then with the cache off: every request reaches PostgreSQL.
    for (const [mode, env] of [
      ['cached', {}],
      ['uncached', { CATALOG_CACHE_SECONDS: '0' }],
    ] as const) {
      server = await startServer(url, join(work, `data-${mode}`), env);
      console.log(
        `\nCatalogue search with facets (${mode === 'cached' ? 'search cache on, as in production' : 'search cache off: every request queries PostgreSQL'}), autocannon, 10 connections, after a 3 s warm-up; load ${loadAverage()}`,
      );
      for (const [label, path] of searches) {
        await cannon({ label, url: `${server.base}${path}`, duration: 3 });
        const { r, cpuPerRequest } = await withCpu(server, () => cannon({ label, url: `${server?.base}${path}` }));
        console.log(
          `    ${label.padEnd(32)} ${fmt(r.requests.average).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   server CPU ${cpuPerRequest.toFixed(2)} ms/req   (target p99 < ${SEARCH_TARGET_MS} ms)`,
        );
        const name = mode === 'cached' ? `catalogue ${label}` : `catalogue ${label}, uncached`;
        ok =
          result({
            name: `${name}: p99`,
            value: r.latency.p99,
            unit: 'ms',
            target: SEARCH_TARGET_MS,
            comparator: '<=',
          }) && ok;
        info(`${name}: req/s`, r.requests.average, 'req/s');
        info(`${name}: server CPU per request`, cpuPerRequest, 'ms');
        if (mode === 'uncached') {
          // One request at a time: the cost of the request itself, apart from queueing for the two cores.
          const one = await cannon({ label, url: `${server.base}${path}`, connections: 1, duration: 3 });
          const sql = sqlP50.get(label) ?? Number.NaN;
          // autocannon reports whole milliseconds; the mean is finer than its p50 for requests this short.
          const http = one.latency.mean;
          console.log(
            `    ${''.padEnd(32)} alone: p50 ${one.latency.p50} ms   mean ${http.toFixed(1)} ms   p99 ${one.latency.p99} ms;  SQL alone p50 ${sql.toFixed(1)} ms: HTTP / SQL ${(http / sql).toFixed(2)}`,
          );
          info(`${name}: p50 one at a time`, one.latency.p50, 'ms');
          info(`${name}: HTTP alone (mean) / SQL alone (p50)`, http / sql, 'x');
        }
      }
      if (mode === 'uncached') {
        await server.stop();
        server = undefined;
        continue;
      }
      const paths = await productPaths(url, 200);
      console.log(`\nProduct page HTML (${paths.length} products in turn), 10 connections; load ${loadAverage()}`);
      const requests = paths.map((path) => ({ method: 'GET' as const, path }));
      await cannon({ label: 'product page HTML', url: server.base, requests, duration: 3 });
      const { r, cpuPerRequest } = await withCpu(server, () =>
        cannon({ label: 'product page HTML', url: `${server?.base}`, requests }),
      );
      console.log(
        `    product page HTML                ${fmt(r.requests.average).padStart(6)} req/s   p50 ${r.latency.p50} ms   p99 ${r.latency.p99} ms   server CPU ${cpuPerRequest.toFixed(2)} ms/req   (target p99 < ${PAGE_TARGET_MS} ms)`,
      );
      ok =
        result({
          name: 'product page HTML: p99',
          value: r.latency.p99,
          unit: 'ms',
          target: PAGE_TARGET_MS,
          comparator: '<=',
        }) && ok;
      info('product page HTML: req/s', r.requests.average, 'req/s');
      info('product page HTML: server CPU per request', cpuPerRequest, 'ms');
      const one = await cannon({
        label: 'product page HTML alone',
        url: server.base,
        requests,
        connections: 1,
        duration: 3,
      });
      console.log(`                                     alone: p50 ${one.latency.p50} ms   p99 ${one.latency.p99} ms`);
      info('product page HTML: p50 one at a time', one.latency.p50, 'ms');
      await server.stop();
      server = undefined;
    }
  } finally {
    await server?.stop();
    rmSync(work, { recursive: true, force: true });
    if (!reuse) await dropFixture(baseUrl, DB_NAME);
  }
  if (!ok) process.exitCode = 1;
}

await main();
