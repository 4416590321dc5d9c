/**
 * Fault-test harness: each scenario gets its own PostgreSQL cluster (initdb into a temp dir, run as the postgres
 * OS user), its own redis-server, and the production server build (apps/server/dist/server.mjs) as a child
 * process, so killing or restarting any of them never touches the machine's shared services.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { stagingEnv } from '../staging-env.mjs';

/** The test gateway's signing secret for every server this run starts (restarted ones included): never the default. */

const run = promisify(execFile);
export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** PG_BIN, or the newest Debian-packaged PostgreSQL (/usr/lib/postgresql/<major>/bin). */
const PG_BIN =
  process.env.PG_BIN ??
  join(
    '/usr/lib/postgresql',
    existsSync('/usr/lib/postgresql')
      ? (readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a))[0] ?? '15')
      : '15',
    'bin',
  );
const SERVER = join(root, 'apps/server/dist/server.mjs');

/* ---------- checks ---------- */

export class Checks {
  failures: string[] = [];
  count = 0;
  constructor(readonly scenario: string) {}
  ok(name: string, pass: boolean, detail?: unknown) {
    this.count++;
    const extra = detail === undefined ? '' : ` (${typeof detail === 'string' ? detail : JSON.stringify(detail)})`;
    console.log(`  ${pass ? 'ok  ' : 'FAIL'} ${name}${extra}`);
    if (!pass) this.failures.push(name);
  }
  info(text: string) {
    console.log(`       ${text}`);
  }
}

/** Runs cleanups in reverse order whatever happens, including Ctrl-C. */
export class Resources {
  private cleanups: Array<() => Promise<void> | void> = [];
  add(fn: () => Promise<void> | void) {
    this.cleanups.push(fn);
  }
  async release() {
    for (const fn of this.cleanups.reverse()) {
      try {
        await fn();
      } catch (err) {
        console.error(`cleanup failed: ${(err as Error).message}`);
      }
    }
    this.cleanups = [];
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** FAULTS_KEEP=1 keeps temp dirs (server logs, the cluster's postgres.log) for a look after a failure. */
export function removeDir(dir: string) {
  if (process.env.FAULTS_KEEP) console.log(`       kept ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function waitFor(what: string, fn: () => Promise<boolean>, timeoutMs = 20_000, everyMs = 100) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await fn().catch(() => false)) return;
    await sleep(everyMs);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/* ---------- PostgreSQL ---------- */

export interface PrivatePostgres {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
}

const asPostgres = (cmd: string, args: string[]) => run('runuser', ['-u', 'postgres', '--', cmd, ...args]);

export async function startPostgres(res: Resources): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'ub-faults-pg-'));
  res.add(() => removeDir(dir));
  await run('chown', ['postgres:postgres', dir]);
  const data = join(dir, 'data');
  await asPostgres(join(PG_BIN, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  // The server is what gets killed here, never this cluster's disk, so fsync is not needed.
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=60`;
  let running = false;
  const pgctl = (args: string[]) => asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', data, ...args]);
  const start = async () => {
    await pgctl(['start', '-w', '-t', '30', '-l', join(dir, 'postgres.log'), '-o', options]);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pgctl(['stop', '-w', '-t', '30', '-m', mode]);
    running = false;
  };
  await start();
  res.add(async () => {
    if (running) await stop('immediate');
  });
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('create database ub');
  await admin.end();
  const url = `postgres://postgres@127.0.0.1:${port}/ub`;
  return {
    url,
    port,
    start,
    stop,
    async query<T>(text: string, params: unknown[] = []) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query(text, params)).rows as T[];
      } finally {
        await c.end();
      }
    },
  };
}

/* ---------- Redis ---------- */

export interface PrivateRedis {
  url: string;
  start(): Promise<void>;
  kill(): Promise<void>;
  /** SIGSTOP: connections stay open and nothing answers, like a hung host or a partition. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  cli(args: string[]): Promise<string>;
}

export async function startRedis(res: Resources): Promise<PrivateRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
      { stdio: 'ignore' },
    );
    await waitFor(
      'redis',
      async () => (await run('redis-cli', ['-p', String(port), 'ping'])).stdout.trim() === 'PONG',
      10_000,
    );
  };
  const kill = async () => {
    const c = child;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGCONT');
    c.kill('SIGKILL');
    await exited;
  };
  await start();
  res.add(kill);
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    kill,
    async pause() {
      child?.kill('SIGSTOP');
    },
    async resume() {
      child?.kill('SIGCONT');
    },
    async cli(args) {
      return (await run('redis-cli', ['-p', String(port), ...args], { timeout: 5000 })).stdout;
    },
  };
}

/* ---------- the server under test ---------- */

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** Every log line the server wrote, parsed where it is JSON. */
  logs: Array<Record<string, unknown>>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** The fault scenarios' test-only hooks (fault-hooks.mjs), preloaded into a server started with `faultHooks`. */
const FAULT_HOOKS = join(dirname(fileURLToPath(import.meta.url)), 'fault-hooks.mjs');

export async function startServer(
  res: Resources,
  opts: {
    databaseUrl: string;
    redisUrl?: string;
    env?: Record<string, string>;
    dataDir?: string;
    /** Preloads fault-hooks.mjs (`node --import`): its hooks act only when `env` asks for them. */
    faultHooks?: boolean;
  },
): Promise<ServerProcess> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run npm run build first`);
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'ub-faults-data-'));
  if (!opts.dataDir) res.add(() => removeDir(dataDir));
  const logFile = join(dataDir, `server-${port}.log`);
  const args = opts.faultHooks ? ['--import', pathToFileURL(FAULT_HOOKS).href, SERVER] : [SERVER];
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      NODE_ENV: 'production',
      // A staging site on the production build: its address, test payments and the local stand-ins.
      ...stagingEnv(port),
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: opts.databaseUrl,
      REDIS_URL: opts.redisUrl ?? '',
      LOG_LEVEL: 'info',
      RATE_LIMIT_SCALE: '1000',
      ...opts.env,
    },
  });
  const logs: Array<Record<string, unknown>> = [];
  const out = createWriteStream(logFile);
  let tail = '';
  const collect = (chunk: Buffer) => {
    out.write(chunk);
    tail += chunk.toString('utf8');
    const lines = tail.split('\n');
    tail = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      try {
        logs.push(JSON.parse(line));
      } catch {
        logs.push({ raw: line });
      }
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      out.end();
      // An exit nobody asked for is the bug being looked for: show how it ended.
      if (signal !== 'SIGKILL' && signal !== 'SIGTERM' && code !== 0) {
        console.log(`       server exited by itself (code ${code}, signal ${signal}); last log lines:`);
        for (const l of logs.slice(-8)) console.log(`         ${JSON.stringify(l).slice(0, 600)}`);
      }
      resolve({ code, signal });
    }),
  );
  res.add(async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  });
  const base = `http://127.0.0.1:${port}`;
  let early: string | undefined;
  void exited.then(({ code, signal }) => {
    early = `server exited during start-up (code ${code}, signal ${signal}); log: ${logFile}`;
  });
  await waitFor(
    'the server to answer /api/health',
    async () => {
      if (early) throw new Error(early);
      return (await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) })).status === 200;
    },
    30_000,
  ).catch((err) => {
    throw new Error(early ?? (err as Error).message);
  });
  return { base, child, logs, exited };
}

/** Stack traces or unhandled errors in the server's log: a fault must never surface as one. */
export function crashLines(server: ServerProcess) {
  return server.logs.filter(
    (l) =>
      l.msg === 'unhandled error' ||
      l.msg === 'request failed' ||
      (typeof l.raw === 'string' && /Error|at .*\(/.test(l.raw)),
  );
}

/* ---------- HTTP ---------- */

export interface Answer {
  status: number;
  body: unknown;
  text: string;
  ms: number;
}

export async function call(
  base: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; form?: FormData; timeoutMs?: number; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const t0 = performance.now();
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: FormData | string | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(base + path, {
    method,
    headers,
    body,
    signal: AbortSignal.timeout(opts.timeoutMs ?? 15_000),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text so the check can show it
  }
  return { status: res.status, body: parsed, text, ms: performance.now() - t0 };
}

/** The API's error shape, and nothing that looks like a stack trace. */
export function isCleanError(a: Answer): boolean {
  const b = a.body as { error?: unknown; stack?: unknown } | undefined;
  return (
    typeof b === 'object' && b !== null && typeof b.error === 'string' && !('stack' in b) && !/\n\s+at /.test(a.text)
  );
}

/* ---------- data ---------- */

/** Opens the scenario's database with the server's own code (migrations included) and the shared factories. */
export async function openData(url: string) {
  const { openDatabase } = await import('../../apps/server/src/db/client.ts');
  const factories = await import('../../apps/server/src/seed/factories.ts');
  const database = await openDatabase({ url, poolSize: 4 });
  return { database, ...factories };
}

export async function loginSeller(base: string, username: string, password: string): Promise<string> {
  const a = await call(base, 'POST', '/api/login', { body: { username, password } });
  if (a.status !== 200) throw new Error(`seller login failed: ${a.status} ${a.text}`);
  return (a.body as { token: string }).token;
}

export async function loginBuyer(base: string, username: string, password: string): Promise<string> {
  const a = await call(base, 'POST', '/api/buyer/login', { body: { username, password } });
  if (a.status !== 200) throw new Error(`buyer login failed: ${a.status} ${a.text}`);
  return (a.body as { token: string }).token;
}

export const SHIPPING = {
  street: '44 Residency Road',
  city: 'Bengaluru',
  state: 'Karnataka',
  zipCode: '560025',
};

/** A bulk-upload CSV with `rows` good rows and every `badEvery`-th row invalid (negative price). */
export function productCsv(rows: number, opts: { badEvery?: number; prefix?: string } = {}): string {
  const prefix = opts.prefix ?? 'F';
  const lines = ['name,description,sku,price,moq,stock,unit'];
  for (let i = 1; i <= rows; i++) {
    const bad = opts.badEvery && i % opts.badEvery === 0;
    lines.push(
      `Steel Hex Bolt M${i % 40} lot ${i},"Zinc plated, grade 8.8",${prefix}-${i},${bad ? '-5' : `${(10 + (i % 90)).toFixed(2)}`},10,500,piece`,
    );
  }
  return `${lines.join('\n')}\n`;
}

export function csvForm(csv: string): FormData {
  const form = new FormData();
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'products.csv');
  return form;
}

/* ---------- scenario entry ---------- */

export type Scenario = (checks: Checks, res: Resources) => Promise<void>;

/** Runs one scenario with its own resources; answers true when every check passed. */
export async function runScenario(name: string, scenario: Scenario): Promise<boolean> {
  const checks = new Checks(name);
  const res = new Resources();
  const t0 = Date.now();
  console.log(`\n# ${name}`);
  const onSignal = () => {
    void res.release().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  try {
    await scenario(checks, res);
  } catch (err) {
    checks.ok('scenario ran to the end', false, (err as Error).stack ?? String(err));
  } finally {
    await res.release();
    process.off('SIGINT', onSignal);
  }
  const secs = ((Date.now() - t0) / 1000).toFixed(1);
  const passed = checks.failures.length === 0;
  console.log(`  ${passed ? 'passed' : 'FAILED'}: ${checks.count} checks, ${checks.failures.length} failed, ${secs} s`);
  return passed;
}

/** Lets a scenario file run on its own: `tsx scripts/faults/<name>.ts`. */
export async function mainIfRun(url: string, name: string, scenario: Scenario) {
  if (process.argv[1] && fileURLToPath(url) === process.argv[1]) {
    process.exit((await runScenario(name, scenario)) ? 0 : 1);
  }
}

/* ---------- live notifications ---------- */

export interface StreamClient {
  events: Array<Record<string, unknown>>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** Opens GET /api/notifications/stream with a fresh ticket and collects its `notification` events. */
export async function openStream(base: string, token: string): Promise<StreamClient> {
  const t = await call(base, 'POST', '/api/notifications/stream-ticket', { token });
  if (t.status !== 200) throw new Error(`stream ticket failed: ${t.status} ${t.text}`);
  const ticket = (t.body as { ticket: string }).ticket;
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    const events: Array<Record<string, unknown>> = [];
    let endStream: () => void = () => undefined;
    const ended = new Promise<void>((r) => {
      endStream = r;
    });
    const req = request(`${base}/api/notifications/stream?ticket=${encodeURIComponent(ticket)}`, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      let buffer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let cut = buffer.indexOf('\n\n');
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith('event: notification')) {
            const data = block.split('\n').find((l) => l.startsWith('data: '));
            if (data) events.push(JSON.parse(data.slice(6)));
          }
          cut = buffer.indexOf('\n\n');
        }
      });
      res.on('end', endStream);
      res.on('close', endStream);
      res.on('error', endStream);
      resolve({ events, ended, close: () => req.destroy() });
    });
    req.on('error', (err) => {
      endStream();
      reject(err);
    });
    req.end();
  });
}

/* ---------- streaming replica ---------- */

/**
 * A streaming replica of `primary` (its own cluster, private like the primary): pg_basebackup -R from the
 * primary's replication connection (initdb's trust rules allow it from 127.0.0.1; PostgreSQL 15 defaults to
 * wal_level=replica), started on its own port as a hot standby.
 */
export async function startReplica(res: Resources, primary: PrivatePostgres): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'ub-faults-replica-'));
  res.add(() => removeDir(dir));
  await run('chown', ['postgres:postgres', dir]);
  const data = join(dir, 'data');
  await asPostgres(join(PG_BIN, 'pg_basebackup'), [
    '-D',
    data,
    '-R',
    '-X',
    'stream',
    '-h',
    '127.0.0.1',
    '-p',
    String(primary.port),
    '-U',
    'postgres',
    // An immediate checkpoint: the default spread one paces its writes over most of checkpoint_timeout, and took
    // about 100 s of the scenario's 140 s.
    '--checkpoint=fast',
  ]);
  const port = await freePort();
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${dir} -c fsync=off -c max_connections=60 -c hot_standby=on`;
  let running = false;
  const pgctl = (args: string[]) => asPostgres(join(PG_BIN, 'pg_ctl'), ['-D', data, ...args]);
  const start = async () => {
    await pgctl(['start', '-w', '-t', '30', '-l', join(dir, 'postgres.log'), '-o', options]);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await pgctl(['stop', '-w', '-t', '30', '-m', mode]);
    running = false;
  };
  await start();
  res.add(async () => {
    if (running) await stop('immediate');
  });
  const url = `postgres://postgres@127.0.0.1:${port}/ub`;
  return {
    url,
    port,
    start,
    stop,
    async query<T>(text: string, params: unknown[] = []) {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        return (await c.query(text, params)).rows as T[];
      } finally {
        await c.end();
      }
    },
  };
}
