/**
 * SIGKILL between the gateway's capture and our commit, on PostgreSQL. The buyer pays through the local test
 * gateway; the server, started with the fault hooks preloaded and FAULTS_KILL_BEFORE_CAPTURE_COMMIT=1, kills itself
 * inside the capture's transaction (after the ledger lines are written, before the commit) when the capture
 * publishes `ub.money.capture.beforeCommit` (fault-hooks.mjs: the hook lives here, not in the server). The gateway holds the payment; we hold
 * nothing. After a restart without the hook, the webhook's redelivery (the job whose lease ran out) records the
 * payment: exactly once in the ledger, the order paid, the ledger balanced.
 */
import {
  type Checks,
  call,
  crashLines,
  loginBuyer,
  mainIfRun,
  openData,
  type Resources,
  SHIPPING,
  startPostgres,
  startServer,
  waitFor,
} from './harness.ts';

const LEASE_MS = 2000;

export async function killCaptureScenario(checks: Checks, res: Resources) {
  const pg = await startPostgres(res);
  const env = { JOBS_POLL_MS: '100', JOBS_LEASE_MS: String(LEASE_MS) };
  let server = await startServer(res, {
    databaseUrl: pg.url,
    env: { ...env, FAULTS_KILL_BEFORE_CAPTURE_COMMIT: '1' },
    faultHooks: true,
  });
  const data = await openData(pg.url);
  res.add(() => data.database.close());
  const seller = await data.createSeller(data.database.db, { email: 'capture.seller@example.in' });
  const buyer = await data.createBuyer(data.database.db, { email: 'capture.buyer@example.in' });
  const product = await data.createProduct(data.database.db, seller.manufacturer.id, {
    price: '250.00',
    moq: 1,
    stock: 100,
  });
  const buyerToken = await loginBuyer(server.base, 'capture.buyer@example.in', buyer.password);
  const order = await call(server.base, 'POST', '/api/buyer/orders', {
    token: buyerToken,
    body: {
      manufacturerId: seller.manufacturer.id,
      items: [{ productId: product.id, quantity: 4 }],
      shippingAddress: SHIPPING,
    },
  });
  const orderId = (order.body as { id: string }).id;
  const start = await call(server.base, 'POST', `/api/buyer/orders/${orderId}/pay`, {
    token: buyerToken,
    body: { method: 'gateway' },
  });
  const { attempt, checkoutUrl } = start.body as {
    attempt: { amountPaise: number; providerOrderId: string };
    checkoutUrl: string;
  };
  checks.ok(
    'the buyer is sent to the test checkout for the amount due',
    start.status === 200 && Boolean(checkoutUrl),
    start.text,
  );
  // The buyer presses Succeed: the gateway captures, the browser is redirected, the webhook job runs and kills us.
  const paid = await fetch(`${server.base}/pay/test/${attempt.providerOrderId}/succeed`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `return=${encodeURIComponent(`/buyer/orders/${orderId}`)}`,
    redirect: 'manual',
  });
  checks.ok('the checkout redirects back with the signed parameters', paid.status === 303, paid.status);
  const exit = await server.exited;
  checks.ok('the server died inside the capture transaction', exit.signal === 'SIGKILL', exit);
  const gatewaySide = await pg.query<{ status: string }>('select status from test_gateway_payments');
  const before = await pg.query<{ payment_status: string }>('select payment_status from orders where id = $1', [
    orderId,
  ]);
  checks.ok(
    'the gateway holds the capture and we hold nothing',
    gatewaySide[0]?.status === 'captured' && before[0]?.payment_status === 'pending',
    { gatewaySide, before },
  );

  // Restarted as production runs it: no hooks.
  server = await startServer(res, { databaseUrl: pg.url, env });
  await waitFor(
    'the redelivered webhook to record the payment',
    async () =>
      (await pg.query<{ payment_status: string }>('select payment_status from orders where id = $1', [orderId]))[0]
        ?.payment_status === 'paid',
    LEASE_MS + 30_000,
  );
  // Give a second recording, were there one, the time to happen.
  await new Promise((r) => setTimeout(r, LEASE_MS + 500));
  const captures = await pg.query<{ n: string }>(
    "select count(*) as n from journal_entries where order_id = $1 and kind = 'capture'",
    [orderId],
  );
  const held = await pg.query<{ n: string }>(
    "select coalesce(-sum(amount_paise), 0) as n from journal_lines where order_id = $1 and account = 'escrow'",
    [orderId],
  );
  checks.ok('the payment is recorded exactly once', Number(captures[0]?.n) === 1, captures);
  checks.ok('escrow holds exactly the amount due', Number(held[0]?.n) === attempt.amountPaise, held);
  const total = await pg.query<{ n: string }>('select coalesce(sum(amount_paise), 0) as n from journal_lines');
  checks.ok('the ledger sums to zero', Number(total[0]?.n) === 0, total);
  checks.ok('no unhandled error in the server logs', crashLines(server).length === 0, crashLines(server).slice(0, 3));
}

await mainIfRun(import.meta.url, 'SIGKILL between capture and commit', killCaptureScenario);
