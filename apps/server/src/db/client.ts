import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { migrationsDir } from '../lib/paths.ts';

export type Schema = typeof schema;
/** The query builder, whichever driver is behind it (PGlite embedded or node-postgres). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL and returns rows; for aggregates and statements Drizzle does not express well. */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** A quick round trip, for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** Embedded database only: its whole data directory as a tarball, to start copies from (test templates). */
  snapshot?(): Promise<Blob>;
  /**
   * The driver underneath, for what Drizzle does not carry: `COPY ... FROM STDIN` on a connection of the pool
   * (PostgreSQL), `COPY ... FROM '/dev/blob'` (PGlite). See modules/products/bulk-import.ts.
   */
  raw:
    | { kind: 'postgres'; pool: import('pg').Pool }
    | { kind: 'pglite'; client: import('@electric-sql/pglite').PGlite };
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the embedded PGlite is used. */
  url?: string;
  /** Directory for the embedded database; undefined keeps it in memory (tests). */
  dataDir?: string;
  poolSize?: number;
  /** Embedded database only: start from this snapshot (a migrated template) instead of an empty cluster. */
  snapshot?: Blob;
  /** false: do not run the migrations (a read replica, which follows its primary's). */
  migrate?: boolean;
}

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  const database = opts.url
    ? await openPostgres(opts.url, opts.poolSize ?? 20)
    : await openPglite(opts.dataDir, opts.snapshot);
  if (opts.migrate !== false) await database.migrate();
  return database;
}

async function openPglite(dataDir?: string, snapshot?: Blob): Promise<Database & { migrate(): Promise<void> }> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gin } = await import('@electric-sql/pglite/contrib/btree_gin');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let dir: string | undefined;
  if (dataDir) {
    dir = resolve(join(dataDir, 'pglite'));
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: dir, loadDataDir: snapshot, extensions: { pg_trgm, btree_gin } });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    raw: { kind: 'pglite', client },
    async query<T>(text: string, params: unknown[] = []) {
      const res = await client.query<T>(text, params);
      return res.rows;
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
    snapshot: () => client.dumpDataDir('none'),
    async migrate() {
      await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsDir() });
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database & { migrate(): Promise<void> }> {
  const pg = (await import('pg')).default;
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // numeric and date columns stay strings (exact money, no timezone shifts); bigint counts become numbers.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5000 });
  pool.on('error', () => {
    // An idle client lost its connection (database restart); the pool replaces it on next use.
  });
  // A checked-out client (a transaction between statements) has no pool listener: without its own, losing the
  // connection would emit an unhandled 'error' and end the process. Its next query rejects instead, and the
  // pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  evictIdleAfterLostConnection(pool);
  const db = drizzle(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    raw: { kind: 'postgres', pool },
    async query<T>(text: string, params: unknown[] = []) {
      const res = await pool.query(text, params);
      return res.rows as T[];
    },
    async ping() {
      await pool.query('select 1');
    },
    async close() {
      await pool.end();
    },
    async migrate() {
      await migrate(drizzle(pool, { schema }), { migrationsFolder: migrationsDir() });
    },
  };
}

/**
 * An error that says a connection in use was lost (reset, closed, the server shutting down), not that a statement
 * failed nor that no connection could be made; Drizzle's wrapper carries the driver's error as its `cause`.
 */
export function lostConnection(err: unknown): boolean {
  let cur: unknown = err;
  for (let i = 0; i < 5 && cur && typeof cur === 'object'; i++) {
    const { code, message, cause } = cur as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === 'string' && ['ECONNRESET', 'EPIPE', '57P01', '57P02'].includes(code)) return true;
    if (
      typeof message === 'string' &&
      /^(Connection terminated|Client has encountered a connection error)/.test(message)
    )
      return true;
    cur = cause;
  }
  return false;
}

/**
 * After PostgreSQL restarts (or fails over, or its host goes away), the pool's idle connections are to a server
 * that no longer exists. When their socket was closed the pool hears it and drops them; when it was not (a host or
 * container gone without closing its sockets, a middlebox), each is found dead only by the next query given it, so
 * every idle connection would fail one request in turn: with twenty of them, seconds of 503s after the database is
 * back. So the first query that finds its connection lost has every connection idle since before that moment
 * dropped too (an idle connection's 'error' is the pool's own way to drop it), and the next query opens a fresh
 * one. A connection in use is left to finish or fail by itself.
 */
function evictIdleAfterLostConnection(pool: import('pg').Pool): void {
  type Client = import('pg').PoolClient;
  const clients = new Map<Client, { since: number; busy: boolean }>();
  pool.on('connect', (client) => clients.set(client, { since: Date.now(), busy: false }));
  pool.on('remove', (client) => clients.delete(client));
  pool.on('acquire', (client) => {
    const c = clients.get(client);
    if (c) c.busy = true;
  });
  pool.on('release', (err, client) => {
    const c = clients.get(client);
    if (c) c.busy = false;
    if (!err || !lostConnection(err)) return;
    const lostAt = Date.now();
    for (const [other, state] of clients) {
      if (other === client || state.busy || state.since > lostAt) continue;
      clients.delete(other);
      other.emit(
        'error',
        new Error('Connection terminated: dropped after another connection to the database was lost'),
      );
    }
  });
}
