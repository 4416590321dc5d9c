// Measures the JavaScript a browser downloads when it opens `/` and nobody touches it: the production build is
// served by the production server, Chromium loads the page (a desktop and a phone viewport), waits until the
// network has been idle for a while, and every JavaScript response is counted at its gzip size, chunks fetched
// after the first render included. Prints the larger total and exits non-zero above the budget.
//
//   npm run bench:web                 build the web app and the server, then measure
//   npm run bench:web -- --no-build   measure the existing builds
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { stagingEnv } from './staging-env.mjs';

/** The test gateway's signing secret for every server this run starts (restarted ones included): never the default. */

const BUDGET_KB = 120;
/** The network must stay quiet this long before the page counts as settled (idle callbacks, timers included). */
const QUIET_MS = 3000;
const SETTLE_LIMIT_MS = 30_000;
const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
];

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = join(root, 'apps/server/dist/server.mjs');

if (!process.argv.includes('--no-build') || !existsSync(serverEntry) || !existsSync(join(root, 'apps/web/dist'))) {
  execSync('npm run build', { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}

// Kilobytes of 1000 bytes, as Vite reports them.
const kb = (bytes) => bytes / 1000;

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** The production server on the embedded database in a temporary directory, as `npm start` runs it. */
async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'ub-bench-web-'));
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      // A staging site on the production build: its address, test payments and the local stand-ins.
      ...stagingEnv(port),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (Date.now() > until) throw new Error('the server did not answer /api/health within 60 s');
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r()));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Opens `/` in a fresh context and answers every JavaScript response once the network has settled. */
async function measure(browser, base, options) {
  const context = await browser.newContext({ ...options, serviceWorkers: 'block' });
  const page = await context.newPage();
  const scripts = [];
  let lastActivity = Date.now();
  page.on('request', () => {
    lastActivity = Date.now();
  });
  page.on('response', (res) => {
    lastActivity = Date.now();
    const type = res.headers()['content-type'] ?? '';
    if (res.request().resourceType() === 'script' || /javascript/.test(type)) {
      scripts.push(
        res.body().then(
          (body) => ({ url: new URL(res.url()).pathname, bytes: body.length, gzip: gzipSync(body).length }),
          () => ({ url: new URL(res.url()).pathname, bytes: 0, gzip: 0 }),
        ),
      );
    }
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  const started = Date.now();
  while (Date.now() - lastActivity < QUIET_MS && Date.now() - started < SETTLE_LIMIT_MS) {
    await page.waitForTimeout(250);
  }
  const rows = await Promise.all(scripts);
  await context.close();
  rows.sort((a, b) => b.gzip - a.gzip);
  return { rows, total: rows.reduce((s, r) => s + r.gzip, 0) };
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
let worst = 0;
try {
  for (const v of VIEWPORTS) {
    const { name, ...options } = v;
    const { rows, total } = await measure(browser, server.base, options);
    console.log(
      `JavaScript a browser downloads for / without interaction, ${name} ${options.viewport.width}x${options.viewport.height} (gzip):`,
    );
    for (const r of rows)
      console.log(`  ${kb(r.gzip).toFixed(2).padStart(7)} KB  ${r.url}  (${kb(r.bytes).toFixed(1)} KB raw)`);
    console.log(`  ${kb(total).toFixed(2).padStart(7)} KB  total, budget ${BUDGET_KB} KB`);
    worst = Math.max(worst, total);
  }
} finally {
  await browser.close();
  await server.stop();
}

// The line `npm run bench` collects (see scripts/bench-lib.ts).
const figure = {
  name: 'initial JS for / (gzip)',
  value: Math.round(kb(worst) * 100) / 100,
  unit: 'KB',
  target: BUDGET_KB,
  comparator: '<=',
};
console.log(`BENCH_RESULT ${JSON.stringify({ ...figure, pass: figure.value <= BUDGET_KB })}`);

if (kb(worst) > BUDGET_KB) {
  console.error(`The JavaScript for / is ${kb(worst).toFixed(2)} KB gzip, over the ${BUDGET_KB} KB budget.`);
  process.exit(1);
}
