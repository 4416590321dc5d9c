import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { isConnectionError } from '../src/plugins/errors.ts';
import { freshDatabase, testConfig } from './helpers.ts';

let app: FastifyInstance;
let database: Database & { drop(): Promise<void> };

beforeAll(async () => {
  database = await freshDatabase();
  app = await buildApp({ config: testConfig(), database, logger: false });
  // Drizzle wraps the driver's error: the connection failure is only in `cause`.
  app.get('/test/lost-connection', async () => {
    throw new Error('Failed query: select 1\nparams: ', { cause: new Error('Connection terminated unexpectedly') });
  });
  app.get('/test/not-queryable', async () => {
    throw new Error('Failed query: select 1', {
      cause: new Error('Client has encountered a connection error and is not queryable'),
    });
  });
  app.get('/test/shutting-down', async () => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  });
  app.get('/test/bug', async () => {
    throw new Error('Failed query: select nonsense', { cause: new Error('column "nonsense" does not exist') });
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('database outage', () => {
  it.each(['/test/lost-connection', '/test/not-queryable', '/test/shutting-down'])(
    'answers 503 with the error shape when the database connection is lost (%s)',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ error: 'The service is temporarily unavailable. Please try again shortly.' });
    },
  );

  it('keeps a query that is simply wrong a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/test/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong. Please try again.' });
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'survives losing the connection of a transaction between statements, and the pool recovers',
    async () => {
      const failure = database.db.transaction(async (tx) => {
        const result = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
        const rows = Array.isArray(result) ? result : (result as unknown as { rows: Array<{ pid: number }> }).rows;
        await database.query('select pg_terminate_backend($1)', [rows[0]?.pid]);
        // The checked-out client hears the termination while idle: without its own error listener this is an
        // uncaught 'error' event that ends the process (and fails this test run). Wait for the backend to be gone.
        await vi.waitFor(async () => {
          const left = await database.query('select 1 from pg_stat_activity where pid = $1', [rows[0]?.pid]);
          expect(left).toHaveLength(0);
        });
        await tx.execute(sql`select 1`);
      });
      const err = await failure.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeDefined();
      expect(isConnectionError(err)).toBe(true);
      await expect(database.ping()).resolves.toBeUndefined();
    },
  );
});
