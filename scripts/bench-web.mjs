// Measures the JavaScript a first visit to `/` downloads before the page is interactive: the entry chunk, the
// landing route's chunk and every chunk they import statically (dynamic imports, such as the toasts loaded after
// render, are listed but not counted). Prints the gzip total and exits non-zero above the budget.
//
//   npm run bench:web                 build apps/web, then measure
//   npm run bench:web -- --no-build   measure the existing apps/web/dist
import { execSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 120;
const LANDING_SRC = 'src/features/landing/landing-page.tsx';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const manifestPath = join(dist, '.vite/manifest.json');

if (!process.argv.includes('--no-build') || !existsSync(manifestPath)) {
  execSync('npm run build -w @ub/web', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest');
if (!manifest[LANDING_SRC]) throw new Error(`${LANDING_SRC} is not a chunk: is the landing route still lazy?`);

const html = readFileSync(join(dist, 'index.html'), 'utf8');
if (!html.includes(manifest[entryKey].file)) throw new Error('index.html does not load the manifest entry');

// Kilobytes of 1000 bytes, as Vite reports them, so the figures match the build output.
const kb = (bytes) => bytes / 1000;
const gz = (file) => gzipSync(readFileSync(join(dist, file))).length;

/** Chunk keys reachable from `keys` through static imports only. */
function staticClosure(keys) {
  const seen = new Set();
  const visit = (k) => {
    if (seen.has(k)) return;
    seen.add(k);
    for (const dep of manifest[k].imports ?? []) visit(dep);
  };
  keys.forEach(visit);
  return seen;
}

const initial = staticClosure([entryKey, LANDING_SRC]);
const rows = [...initial].map((k) => ({ chunk: manifest[k].file, source: k, gzip: gz(manifest[k].file) }));
rows.sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, r) => sum + r.gzip, 0);

const css = new Set([...initial].flatMap((k) => manifest[k].css ?? []));
const cssTotal = [...css].reduce((sum, f) => sum + gz(f), 0);

const deferred = (manifest[LANDING_SRC].dynamicImports ?? []).filter((k) => !initial.has(k));
const deferredTotal = [...staticClosure(deferred)]
  .filter((k) => !initial.has(k))
  .reduce((sum, k) => sum + gz(manifest[k].file), 0);

console.log('Initial JavaScript for / (gzip):');
for (const r of rows) console.log(`  ${kb(r.gzip).toFixed(2).padStart(7)} KB  ${r.chunk}  (${r.source})`);
console.log(`  ${kb(total).toFixed(2).padStart(7)} KB  total, budget ${BUDGET_KB} KB`);
console.log(`CSS for / (gzip): ${kb(cssTotal).toFixed(2)} KB`);
console.log(`Loaded after render, not counted (gzip): ${kb(deferredTotal).toFixed(2)} KB`);

// The line `npm run bench` collects (see scripts/bench-lib.ts).
const figure = {
  name: 'initial JS for / (gzip)',
  value: Math.round(kb(total) * 100) / 100,
  unit: 'KB',
  target: BUDGET_KB,
  comparator: '<=',
};
console.log(`BENCH_RESULT ${JSON.stringify({ ...figure, pass: figure.value <= BUDGET_KB })}`);

if (kb(total) > BUDGET_KB) {
  console.error(`Initial JavaScript for / is ${kb(total).toFixed(2)} KB gzip, over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
