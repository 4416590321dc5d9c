import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { isRetryableConflict, transaction } from '../src/lib/transaction.ts';
import errorsPlugin from '../src/plugins/errors.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { createAdmin } from '../src/seed/factories.ts';
import { call, useTestApp } from './helpers.ts';

/** The server's source root and every TypeScript file under it. */
const root = join(import.meta.dirname, '../src');
function serverSources(dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return serverSources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** A PostgreSQL error as node-postgres raises it, wrapped the way Drizzle wraps a failed query. */
function pgError(code: string) {
  const cause = Object.assign(new Error(code === '40P01' ? 'deadlock detected' : 'serialization failure'), { code });
  return Object.assign(new Error('Failed query: update users ...'), { cause });
}

/** A stand-in for the database whose transactions fail with the given errors first, then run the callback. */
function fakeDb(failures: unknown[]) {
  let calls = 0;
  const db = {
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      calls++;
      const next = failures.shift();
      if (next) throw next;
      return fn(db as unknown as Db);
    },
  };
  return { db: db as unknown as Db, calls: () => calls };
}

describe('the transaction helper', () => {
  it('runs the whole transaction again after a deadlock and returns its result', async () => {
    const f = fakeDb([pgError('40P01')]);
    let runs = 0;
    const result = await transaction(f.db, async () => {
      runs++;
      return 'done';
    });
    expect(result).toBe('done');
    expect(f.calls()).toBe(2);
    expect(runs).toBe(1);
  });

  it('retries a serialization failure too, but gives up after its attempts and rethrows the error', async () => {
    const f = fakeDb([pgError('40001'), pgError('40001'), pgError('40001'), pgError('40001')]);
    await expect(transaction(f.db, async () => 'never')).rejects.toThrow(/Failed query/);
    expect(f.calls()).toBe(3);
  });

  it('never retries any other error', async () => {
    const unique = fakeDb([pgError('23505')]);
    await expect(transaction(unique.db, async () => 'never')).rejects.toThrow();
    expect(unique.calls()).toBe(1);
    const app = fakeDb([new Error('Only 3 left in stock')]);
    await expect(transaction(app.db, async () => 'never')).rejects.toThrow('Only 3 left in stock');
    expect(app.calls()).toBe(1);
  });

  it('tells deadlocks and serialization failures from other errors', () => {
    expect(isRetryableConflict(pgError('40P01'))).toBe(true);
    expect(isRetryableConflict(pgError('40001'))).toBe(true);
    expect(isRetryableConflict(pgError('23505'))).toBe(false);
    expect(isRetryableConflict(new Error('40P01'))).toBe(false);
  });

  it('answers a deadlock that outlasted its retries with a 409 asking to try again, not a 500', async () => {
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    app.get('/race', async () => {
      throw pgError('40P01');
    });
    const res = await app.inject({ method: 'GET', url: '/race' });
    await app.close();
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Someone else changed this at the same moment. Please try again.' });
  });

  it('is the only caller of db.transaction in the server source', () => {
    const files = serverSources();
    const direct = files
      .filter((f) => !f.endsWith(join('lib', 'transaction.ts')))
      // The bulk upload streams COPY through the driver's own connection (PGlite's transaction on the embedded
      // database); one statement, no retry possible mid-stream, so it does not go through transaction().
      .filter((f) => !f.endsWith(join('modules', 'products', 'bulk-import.ts')))
      .filter((f) => /\.transaction\(/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(root, f));
    expect(direct, 'use transaction() from lib/transaction.ts').toEqual([]);
  });

  it('builds no SQL from strings in the server source', () => {
    const files = serverSources();
    // The drivers' own query() is called only by the database client and sqlRows (which runs a typed `sql`
    // statement); anywhere else it must be a fixed text: no variable, no `${}`.
    const runners = [join('db', 'client.ts'), join('lib', 'sql-rows.ts')];
    const offences = files.flatMap((f) => {
      const text = readFileSync(f, 'utf8');
      const found: string[] = [];
      if (/\bsql\.raw\(/.test(text)) found.push('sql.raw(');
      if (/\.query\.bind\(/.test(text)) found.push('query.bind(');
      if (!runners.some((r) => f.endsWith(r))) {
        for (const m of text.matchAll(/\.query(?:<[^>]*>)?\(\s*/g)) {
          // copyFrom(text) is pg-copy-streams' COPY statement: the same rule applies to its text.
          const rest = text.slice((m.index ?? 0) + m[0].length).replace(/^copyFrom\(\s*/, '');
          const literal = /^(`[^`]*`|'[^']*')/.exec(rest)?.[0];
          // A fixed text may name a module constant in capitals (a column list), never a variable.
          const fixed = literal?.replace(/\$\{[A-Z][A-Z0-9_]*\}/g, '');
          if (!fixed || fixed.includes('${')) found.push(`${m[0].trim()}${rest.slice(0, 30)}`);
        }
      }
      return found.map((o) => `${relative(root, f)}: ${o}`);
    });
    expect(offences, "build SQL with Drizzle's sql template (lib/sql-rows.ts)").toEqual([]);
  });
});

describe('admins deactivating each other at the same moment', () => {
  const t = useTestApp();

  it('lets exactly one of them win, never a 500, and leaves the other admin active', async () => {
    // Several rounds, so that on PostgreSQL the two transactions really interleave at least once.
    for (let round = 0; round < 5; round++) {
      const a = await createAdmin(t.app.db);
      const b = await createAdmin(t.app.db);
      const tokenA = (await createSession(t.app.db, a.user.id, { remember: false })).token;
      const tokenB = (await createSession(t.app.db, b.user.id, { remember: false })).token;
      // Both sessions verified (and cached) first, as they would be for two admins already at work.
      expect((await call(t.app, 'GET', '/api/admin/admins', { token: tokenA })).statusCode).toBe(200);
      expect((await call(t.app, 'GET', '/api/admin/admins', { token: tokenB })).statusCode).toBe(200);

      const [byA, byB] = await Promise.all([
        call(t.app, 'POST', `/api/admin/admins/${b.user.id}/deactivate`, { token: tokenA }),
        call(t.app, 'POST', `/api/admin/admins/${a.user.id}/deactivate`, { token: tokenB }),
      ]);
      const [winner, loser] = byA.statusCode === 200 ? [byA, byB] : [byB, byA];
      expect(winner.statusCode, `${byA.body} / ${byB.body}`).toBe(200);
      // The loser was either already inside its request (403) or is stopped at the door (401): a clear answer.
      expect([401, 403], loser.body).toContain(loser.statusCode);
      if (loser.statusCode === 403) expect(loser.json().error).toBe('Your account has been deactivated.');

      const active = await t.database.query<{ n: number }>(
        'select count(*)::int as n from users where id = any($1::uuid[]) and is_active',
        [[a.user.id, b.user.id]],
      );
      expect(active[0]?.n).toBe(1);
      const audits = await t.database.query<{ n: number }>(
        `select count(*)::int as n from audit_log where action = 'admin.deactivate' and entity_id = any($1::text[])`,
        [[a.user.id, b.user.id]],
      );
      expect(audits[0]?.n).toBe(1);
    }
  });
});
