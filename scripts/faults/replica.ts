/**
 * A real streaming replica (pg_basebackup -R from the scenario's private primary, on its own port) behind
 * DATABASE_REPLICA_URL (apps/server/src/db/replica.ts):
 * (1) catalogue reads go to the replica: with its replay paused, a product just added on the primary is not found;
 * (2) read-after-write: a client that has just written (its answer set the `ub_rw` cookie) reads from the primary
 *     and finds it;
 * (3) a replica that falls behind (replay still paused, lag over REPLICA_MAX_LAG_MS) takes no reads: everyone
 *     finds it; once replay resumes, the replica takes reads again;
 * (4) replica loss under load: the replica is stopped (immediate) while autocannon reads the catalogue and the
 *     product pages at 10 connections: no error, no non-2xx; the reads go to the primary.
 */
import autocannon from 'autocannon';
import {
  type Checks,
  call,
  mainIfRun,
  openData,
  type Resources,
  sleep,
  startPostgres,
  startReplica,
  startServer,
  waitFor,
} from './harness.ts';

const MAX_LAG_MS = 1500;

export async function replicaScenario(checks: Checks, res: Resources) {
  const pg = await startPostgres(res);
  const data = await openData(pg.url);
  res.add(() => data.database.close());
  const seller = await data.createSeller(data.database.db, { email: 'replica.seller@example.in', status: 'approved' });
  let firstProduct = '';
  for (let i = 0; i < 20; i++) {
    const p = await data.createProduct(data.database.db, seller.manufacturer.id, { name: `Brass bolt ${i}` });
    firstProduct ||= p.id;
  }
  const replica = await startReplica(res, pg);
  const server = await startServer(res, {
    databaseUrl: pg.url,
    env: { DATABASE_REPLICA_URL: replica.url, REPLICA_MAX_LAG_MS: String(MAX_LAG_MS), LOG_LEVEL: 'info' },
  });
  const events = (name: string) => server.logs.filter((l) => l.event === name).length;
  await waitFor('the replica to take reads', async () => events('replica.in_use') >= 1, 15_000);
  checks.ok('the server uses the replica once it is caught up', true);

  const found = async (word: string, cookie?: string) => {
    const a = await call(server.base, 'GET', `/api/catalog/products?q=${word}`, {
      headers: cookie ? { cookie } : {},
    });
    if (a.status !== 200) throw new Error(`catalogue answered ${a.status}: ${a.text}`);
    return (a.body as { total: number }).total;
  };

  // (1) and (2): replay paused, one product added on the primary.
  await replica.query('select pg_wal_replay_pause()');
  const login = await fetch(`${server.base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'replica.seller@example.in', password: seller.password }),
  });
  const setCookie = login.headers.get('set-cookie') ?? '';
  const cookie = /ub_rw=\d+/.exec(setCookie)?.[0];
  checks.ok('a write answers the read-your-writes cookie', login.status === 200 && !!cookie, setCookie);
  await data.createProduct(data.database.db, seller.manufacturer.id, { name: 'Zebra valve' });
  const fromReplica = await found('zebra');
  const fromPrimary = cookie ? await found('zebra', cookie) : -1;
  checks.ok(
    'a catalogue read goes to the replica (the new product is not there yet)',
    fromReplica === 0,
    `${fromReplica}`,
  );
  checks.ok(
    'the client that wrote reads from the primary (it finds the new product)',
    fromPrimary === 1,
    `${fromPrimary}`,
  );

  // (3) The replica falls behind: reads go to the primary.
  await waitFor('reads to leave the lagging replica', async () => (await found('zebra')) === 1, 15_000);
  checks.ok(
    'a replica behind by more than REPLICA_MAX_LAG_MS takes no reads',
    events('replica.not_used') >= 1,
    JSON.stringify(server.logs.filter((l) => typeof l.event === 'string' && String(l.event).startsWith('replica'))),
  );
  await replica.query('select pg_wal_replay_resume()');
  await waitFor('the replica to take reads again', async () => events('replica.in_use') >= 2, 15_000);
  checks.ok('once caught up the replica takes reads again', (await found('zebra')) === 1);

  // (4) Replica loss under load.
  const paths = ['/api/catalog/products?q=bolt', `/api/catalog/products/${firstProduct}`];
  for (const path of paths) {
    const a = await call(server.base, 'GET', path);
    checks.ok(`GET ${path} answers 200 before the loss`, a.status === 200, `${a.status} ${a.text.slice(0, 200)}`);
  }
  const run = new Promise<autocannon.Result>((resolve, reject) =>
    autocannon(
      {
        url: server.base,
        connections: 10,
        duration: 6,
        requests: paths.map((path) => ({ method: 'GET', path })),
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    ),
  );
  await sleep(1500);
  await replica.stop('immediate');
  const r = await run;
  const summary = `${r.requests.total} requests, ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts`;
  console.log(`       replica stopped under load: ${summary}`);
  checks.ok(
    'replica stopped under load: every read answered',
    r.requests.total > 0 && r.non2xx === 0 && r.errors === 0 && r.timeouts === 0,
    summary,
  );
  checks.ok('reads after the loss are answered by the primary', (await found('zebra')) === 1);
}

await mainIfRun(import.meta.url, 'Read replica: lag, read-after-write, loss under load', replicaScenario);
