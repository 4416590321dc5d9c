/**
 * SIGKILL in the middle of a bulk upload and in the middle of order placement, on PostgreSQL. After a restart:
 * every upload row the server reported as stored is there, an interrupted upload left all of its rows or none,
 * no order lacks its lines, payment or first event, and each product's stock went down by exactly what its
 * order lines ordered.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Checks,
  crashLines,
  call,
  csvForm,
  loginBuyer,
  loginSeller,
  mainIfRun,
  openData,
  productCsv,
  removeDir,
  type Resources,
  SHIPPING,
  type ServerProcess,
  sleep,
  startPostgres,
  startServer,
  waitFor,
} from './harness.ts';

const BULK_ROWS = Number(process.env.FAULTS_BULK_ROWS ?? 50_000);
const ORDER_WORKERS = 24;
const KILL_AFTER_ORDERS = 150;
const PRODUCTS = 4;
const INITIAL_STOCK = 1_000_000;

export async function killScenario(checks: Checks, res: Resources) {
  const pg = await startPostgres(res);
  const dataDir = mkdtempSync(join(tmpdir(), 'ub-faults-data-'));
  res.add(() => removeDir(dataDir));
  const data = await openData(pg.url);
  const seller = await data.createSeller(data.database.db, { email: 'kill.seller@example.in' });
  const buyer = await data.createBuyer(data.database.db, { email: 'kill.buyer@example.in' });
  const productIds: string[] = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const p = await data.createProduct(data.database.db, seller.manufacturer.id, {
      sku: `KILL-${i}`,
      stock: INITIAL_STOCK,
      moq: 1,
      price: '100.00',
    });
    productIds.push(p.id);
  }
  await data.database.close();

  const start = () => startServer(res, { databaseUrl: pg.url, dataDir });
  const kill = async (server: ServerProcess) => {
    server.child.kill('SIGKILL');
    await server.exited;
  };
  let server = await start();
  const sellerToken = await loginSeller(server.base, 'kill.seller@example.in', seller.password);
  const buyerToken = await loginBuyer(server.base, 'kill.buyer@example.in', buyer.password);
  const countSku = async (prefix: string) =>
    Number(
      (await pg.query<{ n: string }>('select count(*) as n from products where sku like $1', [`${prefix}-%`]))[0]?.n,
    );

  /* --- bulk upload: one answered, then one killed part-way --- */
  const answered = await call(server.base, 'POST', '/api/products/bulk-upload', {
    token: sellerToken,
    form: csvForm(productCsv(5000, { badEvery: 50, prefix: 'DONE' })),
    timeoutMs: 60_000,
  });
  checks.info(`5,000-row upload answered in ${Math.round(answered.ms)} ms`);
  const reported = (answered.body as { successCount?: number }).successCount ?? -1;
  checks.ok('a completed bulk upload answers 200 with its stored-row count', answered.status === 200, {
    status: answered.status,
    successCount: reported,
  });

  const goodRows = BULK_ROWS - Math.floor(BULK_ROWS / 100);
  const upload = call(server.base, 'POST', '/api/products/bulk-upload', {
    token: sellerToken,
    form: csvForm(productCsv(BULK_ROWS, { badEvery: 100, prefix: 'CUT' })),
    timeoutMs: 120_000,
  }).then(
    (a) => ({ answered: a }),
    (err: Error) => ({ error: err }),
  );
  // Kill once the import's transaction is writing product rows, so the kill lands inside it.
  await waitFor(
    'the bulk import to start inserting',
    async () =>
      (
        await pg.query(
          `select 1 from pg_stat_activity
            where datname = 'ub' and state in ('active', 'idle in transaction')
              and (query ilike '%insert into products%' or query ilike 'copy products%')`,
        )
      ).length > 0,
    60_000,
    20,
  );
  await sleep(300);
  await kill(server);
  const outcome = await upload;
  checks.ok(
    'the upload in flight got no answer (the server died)',
    'error' in outcome,
    'error' in outcome ? outcome.error.message : outcome.answered.status,
  );

  server = await start();
  checks.ok('the server restarts after SIGKILL', true);
  const done = await countSku('DONE');
  checks.ok('every row a completed upload reported as stored is there', done === reported, { reported, stored: done });
  const cut = await countSku('CUT');
  checks.ok('the killed upload left all of its good rows or none', cut === 0 || cut === goodRows, {
    stored: cut,
    goodRowsInFile: goodRows,
  });
  // PostgreSQL must have noticed the dead connection and rolled its transaction back, holding no locks.
  await waitFor(
    'the killed server sessions to be gone',
    async () =>
      (await pg.query(`select 1 from pg_stat_activity where datname = 'ub' and state like 'idle in transaction%'`))
        .length === 0,
    10_000,
  ).then(
    () => checks.ok('no transaction of the killed server is left open', true),
    () => checks.ok('no transaction of the killed server is left open', false),
  );

  /* --- order placement, killed under concurrency --- */
  const placed: string[] = [];
  let inFlight = 0;
  let maxInFlightAtKill = 0;
  let serverErrors = 0;
  let stop = false;
  let pick = 0;
  const worker = async () => {
    while (!stop) {
      const lines = 1 + (pick++ % 3);
      const items = Array.from({ length: lines }, (_, k) => ({
        productId: productIds[(pick + k) % PRODUCTS] as string,
        quantity: 1 + ((pick * 7 + k) % 25),
      }));
      inFlight++;
      try {
        const a = await call(server.base, 'POST', '/api/buyer/orders', {
          token: buyerToken,
          body: { manufacturerId: seller.manufacturer.id, items, shippingAddress: SHIPPING },
        });
        if (a.status === 201) placed.push((a.body as { id: string }).id);
        else if (a.status >= 500) serverErrors++;
      } catch {
        // the kill cut this request off: it may or may not have committed, which is what the checks examine
        stop = true;
      } finally {
        inFlight--;
      }
    }
  };
  const victim = server;
  const workers = Array.from({ length: ORDER_WORKERS }, worker);
  await waitFor('orders to be placed', async () => placed.length >= KILL_AFTER_ORDERS, 60_000, 10);
  maxInFlightAtKill = inFlight;
  await kill(victim);
  stop = true;
  await Promise.all(workers);
  checks.ok('orders answered 201 before the kill, none 5xx', serverErrors === 0 && placed.length > 0, {
    placed: placed.length,
    serverErrors,
  });
  checks.info(`${maxInFlightAtKill} order requests were in flight at the kill`);

  server = await start();
  const found = await pg.query<{ id: string }>('select id from orders where id = any($1::uuid[])', [placed]);
  checks.ok('every order answered 201 is stored', found.length === placed.length, {
    answered: placed.length,
    stored: found.length,
  });
  checks.info('an order committed just before the kill may be stored without its client having heard the 201');
  const [totals] = await pg.query<{
    orders: string;
    without_lines: string;
    without_payment: string;
    without_event: string;
  }>(`
    select count(*) as orders,
           count(*) filter (where not exists (select 1 from order_items i where i.order_id = o.id)) as without_lines,
           count(*) filter (where not exists (select 1 from payments p where p.order_id = o.id)) as without_payment,
           count(*) filter (where not exists (select 1 from order_events e where e.order_id = o.id)) as without_event
      from orders o`);
  checks.ok('no order without lines', Number(totals?.without_lines) === 0, totals);
  checks.ok(
    'no order without its payment and first event',
    Number(totals?.without_payment) + Number(totals?.without_event) === 0,
  );
  const stock = await pg.query<{ id: string; taken: string; ordered: string }>(
    `select p.id, ${INITIAL_STOCK} - p.stock as taken,
            coalesce((select sum(i.quantity) from order_items i where i.product_id = p.id), 0) as ordered
       from products p where p.id = any($1::uuid[])`,
    [productIds],
  );
  const mismatched = stock.filter((s) => Number(s.taken) !== Number(s.ordered));
  checks.ok('stock taken equals the quantities ordered, product by product', mismatched.length === 0, {
    products: stock.length,
    unitsTaken: stock.reduce((n, s) => n + Number(s.taken), 0),
    mismatched,
  });

  const after = await call(server.base, 'POST', '/api/buyer/orders', {
    token: buyerToken,
    body: {
      manufacturerId: seller.manufacturer.id,
      items: [{ productId: productIds[0], quantity: 5 }],
      shippingAddress: SHIPPING,
    },
  });
  checks.ok('orders are taken again after the restart', after.status === 201, after.status);
  checks.ok('no unhandled error in the server logs', crashLines(server).length === 0, crashLines(server).slice(0, 3));
}

await mainIfRun(import.meta.url, 'SIGKILL during bulk upload and order placement', killScenario);
