/**
 * What every benchmark script shares: the machine-readable result line that `npm run bench` collects, the
 * production server started as a child process, fixture databases that are dropped (or kept and reused with
 * BENCH_REUSE=1), and autocannon runs that fail on any non-2xx answer.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { stagingEnv } from './staging-env.mjs';

/** The test gateway's signing secret for every server this run starts (restarted ones included): never the default. */

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface BenchFigure {
  name: string;
  value: number;
  unit: string;
  target: number;
  comparator: '<=' | '>=';
  /** The in-run baseline this figure is compared with (bare COPY, bare Fastify), in the same unit. */
  baseline?: number;
  baselineName?: string;
  /** value / baseline. */
  ratio?: number;
}

/** Prints one `BENCH_RESULT {...}` line (collected by scripts/bench.ts) and returns whether the target is met. */
export function result(f: BenchFigure): boolean {
  const value = Math.round(f.value * 100) / 100;
  const pass = f.comparator === '<=' ? value <= f.target : value >= f.target;
  const ratio = f.ratio === undefined ? undefined : Math.round(f.ratio * 1000) / 1000;
  console.log(`BENCH_RESULT ${JSON.stringify({ ...f, value, ratio, pass })}`);
  return pass;
}

/** A figure that has no target of its own (a baseline, a throughput beside its latency). */
export function info(name: string, value: number, unit: string) {
  console.log(`BENCH_INFO ${JSON.stringify({ name, value: Math.round(value * 100) / 100, unit })}`);
}

export function requireDatabaseUrl(): string {
  const base = process.env.DATABASE_URL;
  if (!base) {
    console.error('Set DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres');
    process.exit(1);
  }
  return base;
}

export async function adminQuery<T = Record<string, unknown>>(base: string, text: string): Promise<T[]> {
  const c = new pg.Client({ connectionString: base });
  await c.connect();
  try {
    return (await c.query(text)).rows as T[];
  } finally {
    await c.end();
  }
}

export const reuse = process.env.BENCH_REUSE === '1';

/**
 * SQL for a fixture row's search words (what apps/server/src/lib/search.ts writes for real rows): the lower-cased
 * runs of letters and digits of `text`, each keyed by the seller.
 */
export function searchDocSql(sellerExpr: string, textExpr: string): string {
  return `coalesce((select array_to_tsvector(array_agg(distinct (${sellerExpr})::text || ':' || w))
                      from regexp_split_to_table(lower(${textExpr}), '[^[:alnum:]]+') w where w <> ''), '')`;
}

/**
 * A separate database for one benchmark's fixture. With BENCH_REUSE=1 an existing one whose fixture is complete
 * (a bench_fixture row written by `markFixture`) is kept as it is; otherwise it is created afresh.
 */
export async function fixtureDatabase(base: string, name: string): Promise<{ url: string; fresh: boolean }> {
  const url = new URL(base);
  url.pathname = `/${name}`;
  if (reuse) {
    const exists = await adminQuery(base, `select 1 from pg_database where datname = '${name}'`);
    if (exists.length > 0) {
      const done = await adminQuery(url.toString(), `select to_regclass('bench_fixture') is not null as ok`).catch(
        () => [{ ok: false }],
      );
      if ((done[0] as { ok: boolean }).ok) return { url: url.toString(), fresh: false };
    }
  }
  await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(base, `CREATE DATABASE ${name}`);
  return { url: url.toString(), fresh: true };
}

/** Records that the fixture is complete, with what a later run needs to find it again. */
export async function markFixture(url: string, data: Record<string, string>) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('create table bench_fixture (key text primary key, value text not null)');
    for (const [k, v] of Object.entries(data)) await c.query('insert into bench_fixture values ($1, $2)', [k, v]);
  } finally {
    await c.end();
  }
}

export async function readFixture(url: string): Promise<Record<string, string>> {
  const rows = await adminQuery<{ key: string; value: string }>(url, 'select key, value from bench_fixture');
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

/** Drops the fixture database unless BENCH_REUSE=1 asks to keep it for the next run. */
export async function dropFixture(base: string, name: string) {
  if (!reuse) await adminQuery(base, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export function buildServer() {
  const built = spawnSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  if (built.status !== 0) throw new Error('server build failed');
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const address = s.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** CPU time (user + system) process `pid` has used, ms, from /proc (clock ticks of 10 ms on Linux). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The machine's load average now, as /proc/loadavg gives it (1, 5, 15 minutes). */
export function loadAverage(): string {
  return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');
}

/** Runs `fn` and answers its result with the server's CPU ms per request it served. */
export async function withCpu<T extends autocannon.Result>(
  server: RunningServer,
  fn: () => Promise<T>,
): Promise<{ r: T; cpuPerRequest: number }> {
  const before = server.cpuMs();
  const r = await fn();
  return { r, cpuPerRequest: (server.cpuMs() - before) / Math.max(1, r.requests.total) };
}

export interface RunningServer {
  base: string;
  pid: number;
  /** Peak resident memory of the process so far (VmHWM), MB. */
  peakRssMb(): number;
  /** CPU time the process has used so far (user + system), ms. */
  cpuMs(): number;
  stop(): Promise<void>;
}

async function waitFor(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

/** The V8 flags the production start gives the server (package.json start:prod, docs/deploy/udyog-bazaar.service). */
export const PRODUCTION_NODE_ARGS = ['--max-old-space-size=256'];

function spawnAndWait(args: string[], env: NodeJS.ProcessEnv, port: number, ready: string): Promise<RunningServer> {
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  const base = `http://127.0.0.1:${port}`;
  return waitFor(`${base}${ready}`, child).then(() => ({
    base,
    pid: child.pid as number,
    cpuMs() {
      return processCpuMs(child.pid as number);
    },
    peakRssMb() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      // Let the last benchmark connections drain before the server shuts down.
      await new Promise((r) => setTimeout(r, 300));
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  }));
}

/** The production bundle (apps/server/dist/server.mjs, built by buildServer) on its own port and database. */
export async function startServer(databaseUrl: string, dataDir: string, env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  return spawnAndWait(
    [...PRODUCTION_NODE_ARGS, join(root, 'apps/server/dist/server.mjs')],
    {
      ...process.env,
      NODE_ENV: 'production',
      // A staging site on the production build: its address, test payments and the local stand-ins.
      ...stagingEnv(port),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      // Benchmarks send thousands of requests from one IP and account; the limits are tested elsewhere.
      RATE_LIMIT_SCALE: '1000',
      ...env,
    },
    port,
    '/api/health',
  );
}

/** A bare Fastify hello-world in its own process: the ceiling any route of this machine can reach. */
export async function startHelloWorld() {
  const port = await freePort();
  const code = `import Fastify from 'fastify';
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  return spawnAndWait(['--input-type=module', '-e', code], process.env, port, '/');
}

export const CONNECTIONS = 10;
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);

export async function cannon(
  opts: autocannon.Options & { label: string; warmup?: number },
): Promise<autocannon.Result> {
  const run = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ connections: CONNECTIONS, ...opts, duration }, (err, r) => (err ? reject(err) : resolve(r))),
    );
  if (opts.warmup) await run(opts.warmup);
  const r = await run(Number(opts.duration ?? DURATION));
  if (r.non2xx > 0 || r.errors > 0 || r.timeouts > 0) {
    throw new Error(`${opts.label}: ${r.non2xx} non-2xx answers, ${r.errors} errors, ${r.timeouts} timeouts`);
  }
  return r;
}

export async function login(base: string, username: string, password: string, path = '/api/login'): Promise<string> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
