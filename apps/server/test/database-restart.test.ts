import type { FastifyInstance } from 'fastify';
import { createServer, type Server, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { forgetAllSessions } from '../src/modules/auth/sessions.ts';
import { call, freshDatabase, loginSeller, testConfig } from './helpers.ts';

/**
 * A TCP proxy in front of PostgreSQL whose `restart()` is a database restart the pool does not hear about: the
 * server side of every open connection goes away, and the client side is answered with a reset only when it next
 * sends something (a host or container gone without closing its sockets, then back at the same address).
 */
async function restartingProxy(target: URL) {
  const pairs = new Set<{ client: Socket; upstream: Socket }>();
  const server: Server = createServer((client) => {
    const upstream = new Socket();
    upstream.connect(Number(target.port || 5432), target.hostname);
    const pair = { client, upstream };
    pairs.add(pair);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    restart() {
      for (const pair of pairs) {
        pairs.delete(pair);
        pair.client.unpipe(pair.upstream);
        pair.upstream.unpipe(pair.client);
        pair.upstream.removeAllListeners('error');
        pair.upstream.on('error', () => undefined);
        pair.upstream.destroy();
        pair.client.removeAllListeners('close');
        pair.client.removeAllListeners('error');
        pair.client.on('error', () => undefined);
        pair.client.once('data', () => pair.client.resetAndDestroy());
        pair.client.resume();
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const postgres = process.env.TEST_DATABASE_URL;

describe.runIf(Boolean(postgres))('a signed-in request right after PostgreSQL restarts', () => {
  let database: Database & { drop(): Promise<void> };
  let proxied: Database;
  let proxy: Awaited<ReturnType<typeof restartingProxy>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await freshDatabase();
    const [row] = await database.query<{ name: string }>('select current_database() as name');
    const target = new URL(postgres as string);
    proxy = await restartingProxy(target);
    const url = new URL(target);
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${row?.name}`;
    proxied = await openDatabase({ url: url.toString(), poolSize: 10, migrate: false });
    app = await buildApp({ config: testConfig(), database: proxied, logger: false });
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await proxied?.close();
    await proxy?.close();
    await database?.drop();
  });

  it('succeeds, and so does every one after it, though the pool held connections to the old server', async () => {
    const seller = await loginSeller(app);
    // Several connections in the pool, idle.
    const warm = await Promise.all(
      Array.from({ length: 8 }, () => call(app, 'GET', '/api/notifications', { token: seller.token })),
    );
    expect(warm.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(proxied.raw.kind === 'postgres' && proxied.raw.pool.idleCount).toBeGreaterThan(1);

    proxy.restart();
    // Cached sessions last seconds; a restart takes longer than that.
    forgetAllSessions();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await call(app, 'GET', '/api/notifications', { token: seller.token })).statusCode);
    }
    expect(statuses).toEqual(Array(6).fill(200));
  });
});
