#!/usr/bin/env node
/**
 * Checks, before any suite runs, what `npm test` needs from the machine: the installed workspaces, Chromium for
 * the browser tests, redis-server and the PostgreSQL server binaries for the fault scenarios, poppler's pdftotext
 * and pdffonts for the invoice PDF test, and a reachable DATABASE_URL / REDIS_URL_TEST when they are set.
 * As root with apt-get (CI, a fresh container) it installs the missing Debian packages and starts the local
 * PostgreSQL cluster and Redis; otherwise it prints one line per missing piece with the command that installs it and exits 1.
 * Node built-ins only: .ci/run calls it before `npm ci`.
 *
 *   node scripts/preflight.mjs
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const isRoot = process.getuid?.() === 0;
const hasApt = onPath('apt-get');

function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** PG_BIN, or the newest Debian-packaged PostgreSQL, as scripts/faults/harness.ts picks it. */
function pgBin() {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const major = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a))[0] : undefined;
  return major ? join(base, major, 'bin') : undefined;
}

/** Resolves when host:port accepts a TCP connection within two seconds. */
function reachable(url, defaultPort) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname || '127.0.0.1', port: Number(port || defaultPort) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Each piece: whether it is there, which suite needs it, and the Debian packages that provide it. */
const tools = [
  {
    name: `Chromium (${process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'})`,
    for: 'the browser tests',
    ok: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'),
    apt: ['chromium'],
  },
  {
    // The layout checks measure text: with only DejaVu (Chromium's own dependency) words are wider than on a
    // phone and wrap where the tests expect one line. Checked apart from Chromium, which may be there without it.
    name: 'Noto fonts (fonts-noto-core)',
    for: 'the browser layout tests',
    ok: () => existsSync('/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf'),
    apt: ['fonts-noto-core'],
  },
  { name: 'redis-server', for: 'the fault scenarios', ok: () => onPath('redis-server'), apt: ['redis-server'] },
  {
    name: 'PostgreSQL server binaries (pg_ctl, initdb; PG_BIN or /usr/lib/postgresql/*/bin)',
    for: 'the fault scenarios',
    ok: () => {
      const bin = pgBin();
      return Boolean(bin && existsSync(join(bin, 'pg_ctl')) && existsSync(join(bin, 'initdb')));
    },
    apt: ['postgresql'],
  },
  {
    name: 'pdftotext and pdffonts',
    for: 'the invoice PDF test',
    ok: () => onPath('pdftotext') && onPath('pdffonts'),
    apt: ['poppler-utils'],
  },
];

const problems = [];

let missing = tools.filter((t) => !t.ok());
if (missing.length && isRoot && hasApt) {
  const packages = missing.flatMap((t) => t.apt);
  console.log(`preflight: installing ${packages.join(' ')} from Debian`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...packages], { stdio: ['ignore', 'ignore', 'inherit'], env });
  missing = tools.filter((t) => !t.ok());
}
for (const t of missing) {
  problems.push(`${t.name} is missing (${t.for}): install it with \`sudo apt-get install -y ${t.apt.join(' ')}\``);
}

if (process.getuid && !isRoot) {
  problems.push(
    'the fault scenarios need root (each starts its own PostgreSQL cluster as the postgres OS user): run npm test as root, e.g. in the CI container',
  );
}

if (!existsSync(join(root, 'node_modules', 'vitest')) && !process.argv.includes('--system-only')) {
  problems.push('the workspaces are not installed: run `npm ci` first');
}

const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  let up = await reachable(databaseUrl, 5432);
  const { hostname, port } = new URL(databaseUrl);
  const local = ['127.0.0.1', 'localhost'].includes(hostname) && ['', '5432'].includes(port);
  if (!up && local && isRoot && onPath('pg_ctlcluster') && existsSync('/etc/postgresql')) {
    const version = readdirSync('/etc/postgresql').sort((a, b) => Number(b) - Number(a))[0];
    console.log(`preflight: starting the local PostgreSQL ${version} cluster`);
    spawnSync('pg_ctlcluster', ['--skip-systemctl-redirect', String(version), 'main', 'start'], { stdio: 'inherit' });
    for (let i = 0; i < 30 && !up; i++) {
      up = await reachable(databaseUrl, 5432);
      if (!up) await new Promise((r) => setTimeout(r, 1000));
    }
  }
  if (!up) {
    problems.push(
      `DATABASE_URL (${new URL(databaseUrl).host}) is not reachable (the PostgreSQL tests): start PostgreSQL, e.g. \`pg_ctlcluster 15 main start\`, or unset DATABASE_URL to test on the embedded database only`,
    );
  }
}

const redisUrl = process.env.REDIS_URL_TEST;
if (redisUrl && !(await reachable(redisUrl, 6379))) {
  const { hostname, port } = new URL(redisUrl);
  if (['127.0.0.1', 'localhost'].includes(hostname) && onPath('redis-server')) {
    console.log('preflight: starting redis-server for REDIS_URL_TEST');
    spawnSync('redis-server', ['--port', port || '6379', '--daemonize', 'yes'], { stdio: 'ignore' });
    for (let i = 0; i < 20 && !(await reachable(redisUrl, 6379)); i++) await new Promise((r) => setTimeout(r, 250));
  }
}
if (redisUrl && !(await reachable(redisUrl, 6379))) {
  problems.push(
    `REDIS_URL_TEST (${new URL(redisUrl).host}) is not reachable (the Redis tests): start it with \`redis-server --daemonize yes\`, or unset REDIS_URL_TEST to skip them`,
  );
}

for (const p of problems) console.error(`preflight: ${p}`);
process.exit(problems.length ? 1 : 0);
