import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { E2E_ADMIN } from './env.ts';
import { stagingEnv } from '../../scripts/staging-env.mjs';

/** The test gateway's signing secret for every server this run starts (restarted ones included): never the default. */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface E2eServer {
  url: string;
  stop(): Promise<void>;
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
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

/**
 * Starts the production build on `port` with a fresh database (a new PostgreSQL database when DATABASE_URL is set,
 * an embedded one otherwise), the e2e administrator and no demo data; its JSON log goes to `logPath` (the specs read
 * SMS codes there). Resolves once /api/health answers.
 */
export async function startServer(port: number, logPath: string): Promise<E2eServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ub-e2e-'));
  let databaseUrl: string | undefined;
  let dbName: string | undefined;
  if (process.env.DATABASE_URL) {
    dbName = `e2e_${Date.now()}_${randomBytes(3).toString('hex')}`;
    const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await c.connect();
    await c.query(`CREATE DATABASE ${dbName}`);
    await c.end();
    const u = new URL(process.env.DATABASE_URL);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const log = createWriteStream(logPath, { flags: 'w' });
  const server: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/dist/server.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // A staging site on the production build: its address, test payments and the local stand-ins.
      ...stagingEnv(port),
      // Settlements issue the platform's commission invoice under its GSTIN (the demo one: a test-payments site).
      PLATFORM_GSTIN: '27AAFCU5055K1ZZ',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      SEED_DEMO: 'false',
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      RATE_LIMIT_SCALE: '100',
      LOG_LEVEL: 'info',
      // No hold after delivery, so money.spec.ts can release and settle a delivered order at once (nothing moves
      // the clock); the release itself is the same code as with the default 7 days.
      SETTLEMENT_HOLD_DAYS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
    if (dbName && process.env.DATABASE_URL) {
      const c = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await c.end();
    }
  };

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) {
      await stop();
      throw new Error(`server exited (${server.exitCode}); see ${logPath}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not become healthy; see ${logPath}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, stop };
}
