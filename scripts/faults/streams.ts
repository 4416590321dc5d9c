/**
 * Hostile requests at every route that streams, on the production build and PostgreSQL: CSV reports on dates that
 * do not exist (alone and in bursts), a report whose database goes away mid-stream, clients that hang up halfway
 * through a report, an invoice PDF, a product image and a bulk upload, stored files that cannot be read, bad
 * invoice and document ids, and live notification streams that are dropped while notifications are published.
 * After each group the process must still be alive and answering, and nothing may surface as an unhandled error.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Checks,
  call,
  crashLines,
  isCleanError,
  loginBuyer,
  loginSeller,
  mainIfRun,
  openData,
  openStream,
  productCsv,
  removeDir,
  type Resources,
  SHIPPING,
  sleep,
  startPostgres,
  startServer,
  waitFor,
} from './harness.ts';

const REPORTS = ['manufacturers', 'products', 'orders', 'payments', 'leads'];
const NOT_DATES = ['2026-02-30', '2026-02-29', '2025-04-31', '2026-13-01', '0000-01-01'];
/** Enough rows that a report is still streaming (20 batches) when the database is stopped under it. */
const LEADS = 40_000;

interface RawAnswer {
  status: number;
  bytes: number;
  /** The response ended as HTTP says it should; false when the connection broke off. */
  complete: boolean;
}

/**
 * A GET read with node:http so a scenario can act after the first chunk (`onFirstChunk`), e.g. stop the database
 * or hang up (`abortAfterFirstChunk`), and see whether the answer ended properly or broke off.
 */
function rawGet(
  base: string,
  path: string,
  opts: { token?: string; onFirstChunk?: () => Promise<void>; abortAfterFirstChunk?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {} });
    req.setTimeout(60_000, () => req.destroy(new Error(`GET ${path} timed out`)));
    req.on('error', reject);
    req.on('response', (res) => {
      let bytes = 0;
      let first = true;
      let complete = false;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (!first) return;
        first = false;
        if (opts.abortAfterFirstChunk) {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, bytes, complete: false });
          return;
        }
        if (opts.onFirstChunk) {
          res.pause();
          void opts.onFirstChunk().then(
            () => res.resume(),
            (err) => req.destroy(err as Error),
          );
        }
      });
      res.on('end', () => {
        complete = res.complete;
      });
      res.on('close', () => resolve({ status: res.statusCode ?? 0, bytes, complete }));
      res.on('error', () => undefined);
    });
    req.end();
  });
}

/** Sends the head of a multipart upload and hangs up halfway through the file. */
function abortedUpload(base: string, path: string, token: string, csv: string): Promise<void> {
  return new Promise((resolve) => {
    const boundary = `----ubfaults${Date.now()}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="products.csv"\r\nContent-Type: text/csv\r\n\r\n`;
    const body = Buffer.from(`${head}${csv}\r\n--${boundary}--\r\n`);
    const req = request(`${base}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(body.length),
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => req.destroy(), 100));
  });
}

export async function streamsScenario(checks: Checks, res: Resources) {
  const pg = await startPostgres(res);
  const dataDir = mkdtempSync(join(tmpdir(), 'ub-faults-data-'));
  res.add(() => removeDir(dataDir));
  const data = await openData(pg.url);
  const seller = await data.createSeller(data.database.db, {
    email: 'streams.seller@example.in',
    companyName: 'गंगा इंडस्ट्रीज 🏭',
  });
  const buyer = await data.createBuyer(data.database.db, { email: 'streams.buyer@example.in' });
  const admin = await data.createAdmin(data.database.db, { email: 'streams.admin@example.in' });
  const product = await data.createProduct(data.database.db, seller.manufacturer.id, {
    name: 'पीतल का कब्ज़ा (brass hinge) 🔩',
    stock: 100_000,
    moq: 1,
  });
  await data.database.query(
    `insert into leads (name, company, contact, notes)
     select 'Lead ' || g, '=HYPERLINK("http://x.example/?' || g || '")', '98' || lpad(g::text, 8, '0'), '@SUM(A1:A9)'
     from generate_series(1, ${LEADS}) g`,
  );
  // A product image on disk (the media route serves any stored key), big enough to hang up in the middle of, and
  // a stored "file" that cannot be read (a directory where the file should be).
  const imageKey = `products/${product.id}/${crypto.randomUUID()}.jpg`;
  mkdirSync(join(dataDir, 'uploads', imageKey, '..'), { recursive: true });
  writeFileSync(join(dataDir, 'uploads', imageKey), Buffer.alloc(8 * 1024 * 1024, 0xff));
  const unreadableKey = `products/${product.id}/${crypto.randomUUID()}.jpg`;
  mkdirSync(join(dataDir, 'uploads', unreadableKey), { recursive: true });
  const [doc] = await data.database.query<{ id: string }>(
    `insert into manufacturer_documents (manufacturer_id, kind, storage_key, mime, original_name)
     values ($1, 'pan', $2, 'application/pdf', 'pan.pdf') returning id`,
    [seller.manufacturer.id, unreadableKey],
  );
  await data.database.close();

  const server = await startServer(res, { databaseUrl: pg.url, dataDir });
  const sellerToken = await loginSeller(server.base, 'streams.seller@example.in', seller.password);
  const buyerToken = await loginBuyer(server.base, 'streams.buyer@example.in', buyer.password);
  const adminLogin = await call(server.base, 'POST', '/api/admin/login', {
    body: { email: 'streams.admin@example.in', password: admin.password },
  });
  const adminToken = (adminLogin.body as { token: string }).token;

  const alive = async (after: string) => {
    const health = await call(server.base, 'GET', '/api/health').catch(() => ({ status: 0 }));
    checks.ok(
      `${after}: the server is alive and answers /api/health`,
      server.child.exitCode === null && server.child.signalCode === null && health.status === 200,
      { exitCode: server.child.exitCode, health: health.status },
    );
  };

  /* --- reports on dates that do not exist --- */
  const statuses: number[] = [];
  let clean = true;
  for (const report of REPORTS) {
    for (const bad of NOT_DATES) {
      for (const q of [`from=${bad}`, `to=${bad}`, `from=2026-01-01&to=${bad}`]) {
        const a = await call(server.base, 'GET', `/api/admin/reports/${report}.csv?${q}`, { token: adminToken });
        statuses.push(a.status);
        clean &&= isCleanError(a);
      }
    }
  }
  checks.ok(
    `${statuses.length} report requests on dates that do not exist answer 400 { error, fields }`,
    statuses.every((s) => s === 400) && clean,
    [...new Set(statuses)].join(','),
  );
  const burst = await Promise.all(
    Array.from({ length: 10 }, (_, i) =>
      call(server.base, 'GET', `/api/admin/reports/${REPORTS[i % REPORTS.length]}.csv?from=2026-02-30`, {
        token: adminToken,
      }).catch(() => ({ status: 0 })),
    ),
  );
  checks.ok(
    'a burst of 10 at once answers 400 each',
    burst.every((a) => a.status === 400),
    burst.map((a) => a.status).join(','),
  );
  const edge = await call(server.base, 'GET', '/api/admin/reports/orders.csv?from=0001-01-01&to=9999-12-31', {
    token: adminToken,
  });
  checks.ok('the first and last dates PostgreSQL stores are a valid range', edge.status === 200, edge.status);
  await alive('after the report dates');

  /* --- reports cut off: the client hangs up, the database goes away --- */
  const hungUp = await Promise.all(
    Array.from({ length: 6 }, () =>
      rawGet(server.base, '/api/admin/reports/leads.csv', { token: adminToken, abortAfterFirstChunk: true }),
    ),
  );
  checks.ok(
    'six clients hanging up in the middle of a report',
    hungUp.every((a) => a.status === 200),
    hungUp.map((a) => a.status).join(','),
  );
  await alive('after the hang-ups');
  const cut = await rawGet(server.base, '/api/admin/reports/leads.csv', {
    token: adminToken,
    onFirstChunk: () => pg.stop('immediate'),
  });
  checks.ok(
    'a report whose database stops mid-stream breaks off (no short file that looks whole)',
    cut.status === 200 && !cut.complete,
    cut,
  );
  await waitFor(
    'the failure to be logged',
    async () => server.logs.some((l) => l.msg === 'streamed response failed' && l.stream === 'report leads.csv'),
    5_000,
  ).then(
    () => checks.ok('the broken-off report is logged with its name', true),
    () => checks.ok('the broken-off report is logged with its name', false),
  );
  const down = await call(server.base, 'GET', '/api/admin/reports/leads.csv', { token: adminToken });
  checks.ok(
    'a report asked for while the database is down answers 503 { error }, not a broken 200',
    down.status === 503 && isCleanError(down),
    down.status,
  );
  await pg.start();
  await waitFor(
    'the database to be back',
    async () => (await call(server.base, 'GET', '/api/health')).status === 200,
    30_000,
  );
  await alive('after the database came back');

  /* --- invoice PDF --- */
  const order = await call(server.base, 'POST', '/api/buyer/orders', {
    token: buyerToken,
    body: {
      manufacturerId: seller.manufacturer.id,
      items: [{ productId: product.id, quantity: 3 }],
      shippingAddress: SHIPPING,
    },
  });
  const orderId = (order.body as { id: string }).id;
  const notShipped = await call(server.base, 'GET', `/api/orders/${orderId}/invoice.pdf`, { token: sellerToken });
  checks.ok('the invoice of an order not shipped answers 409 { error }', notShipped.status === 409, notShipped.status);
  for (const status of ['processing', 'shipped']) {
    await call(server.base, 'POST', `/api/orders/${orderId}/status`, {
      token: sellerToken,
      body: { status, carrier: 'Delhivery', trackingNumber: 'DLV1', estimatedDelivery: '2026-02-30' },
    });
    await call(server.base, 'POST', `/api/orders/${orderId}/status`, {
      token: sellerToken,
      body: { status, carrier: 'Delhivery', trackingNumber: 'DLV1' },
    });
  }
  const pdfs = await Promise.all(
    Array.from({ length: 8 }, () =>
      call(server.base, 'GET', `/api/orders/${orderId}/invoice.pdf`, { token: sellerToken, timeoutMs: 60_000 }),
    ),
  );
  checks.info(`slowest of the eight invoices: ${Math.round(Math.max(...pdfs.map((a) => a.ms)))} ms`);
  checks.ok(
    'eight invoices at once of an order with Devanagari and emoji names answer a PDF each',
    pdfs.every((a) => a.status === 200 && a.text.startsWith('%PDF')),
    pdfs.map((a) => a.status).join(','),
  );
  checks.ok(
    'the production build embeds the Noto fonts from their npm packages',
    ['NotoSans-Regular', 'NotoSansDevanagari-Regular', 'NotoEmoji-Regular'].every((f) => pdfs[0]?.text.includes(f)),
  );
  const badIds = await Promise.all(
    ['not-a-uuid', crypto.randomUUID(), `${orderId}%00`, 'x'.repeat(5000)].map((id) =>
      call(server.base, 'GET', `/api/orders/${id}/invoice.pdf`, { token: sellerToken }),
    ),
  );
  checks.ok(
    'invoices of bad or unknown order ids answer 4xx { error }',
    badIds.every((a) => a.status >= 400 && a.status < 500 && isCleanError(a)),
    badIds.map((a) => a.status).join(','),
  );
  const pdfHangUps = await Promise.all(
    Array.from({ length: 4 }, () =>
      rawGet(server.base, `/api/orders/${orderId}/invoice.pdf`, { token: sellerToken, abortAfterFirstChunk: true }),
    ),
  );
  checks.ok(
    'clients hanging up in the middle of an invoice',
    pdfHangUps.every((a) => a.status === 200),
    pdfHangUps.map((a) => a.status).join(','),
  );
  await alive('after the invoices');

  /* --- media and documents from storage --- */
  const imageHangUps = await Promise.all(
    Array.from({ length: 6 }, () => rawGet(server.base, `/api/media/${imageKey}`, { abortAfterFirstChunk: true })),
  );
  checks.ok(
    'six clients hanging up in the middle of an 8 MB image',
    imageHangUps.every((a) => a.status === 200),
    imageHangUps.map((a) => a.status).join(','),
  );
  const media = await Promise.all(
    [
      '/api/media/products/..%2f..%2f..%2fetc%2fpasswd',
      `/api/media/products/${crypto.randomUUID()}/${crypto.randomUUID()}.jpg`,
      `/api/media/products/${'a'.repeat(4000)}.jpg`,
      `/api/settings/documents/${crypto.randomUUID()}/file`,
      '/api/settings/documents/not-a-uuid/file',
    ].map((p) => call(server.base, 'GET', p, { token: sellerToken })),
  );
  checks.ok(
    'unknown, malformed and traversing media and document paths answer 4xx',
    media.every((a) => a.status >= 400 && a.status < 500),
    media.map((a) => a.status).join(','),
  );
  await alive('after media and documents');

  /* --- bulk upload read as a stream: the client hangs up halfway --- */
  await Promise.all(
    Array.from({ length: 3 }, () =>
      abortedUpload(server.base, '/api/products/bulk-upload', sellerToken, productCsv(20_000, { prefix: 'HALF' })),
    ),
  );
  await sleep(500);
  await alive('after uploads cut off halfway');

  /* --- live notification streams dropped while notifications are published --- */
  const badTickets = await Promise.all(
    ['', 'forged', 'a.b.c', 'x'.repeat(300)].map((t) =>
      call(server.base, 'GET', `/api/notifications/stream?ticket=${encodeURIComponent(t)}`),
    ),
  );
  checks.ok(
    'streams with missing, forged or oversized tickets answer 4xx { error }',
    badTickets.every((a) => a.status >= 400 && a.status < 500 && isCleanError(a)),
    badTickets.map((a) => a.status).join(','),
  );
  const streams = await Promise.all(Array.from({ length: 4 }, () => openStream(server.base, sellerToken)));
  const placing = Array.from({ length: 6 }, () =>
    call(server.base, 'POST', '/api/buyer/orders', {
      token: buyerToken,
      body: {
        manufacturerId: seller.manufacturer.id,
        items: [{ productId: product.id, quantity: 1 }],
        shippingAddress: SHIPPING,
      },
    }),
  );
  for (const s of streams) s.close();
  const placed = await Promise.all(placing);
  checks.ok(
    'orders placed while their seller’s streams drop answer 201',
    placed.every((a) => a.status === 201),
    placed.map((a) => a.status).join(','),
  );
  await sleep(300);
  await alive('after the dropped streams');

  const crashes = crashLines(server);
  checks.ok('no unhandled error in the server logs', crashes.length === 0, crashes.slice(0, 3));

  /* --- stored files that cannot be read (last: the 500s they answer are logged as errors, rightly) --- */
  const unreadable = await call(server.base, 'GET', `/api/media/${unreadableKey}`);
  checks.ok(
    'an image whose stored file cannot be read answers 500 { error }',
    unreadable.status === 500 && isCleanError(unreadable),
    unreadable.status,
  );
  const badDoc = await call(server.base, 'GET', `/api/settings/documents/${doc?.id}/file`, { token: sellerToken });
  checks.ok(
    'a document whose stored file cannot be read answers 500 { error }',
    badDoc.status === 500 && isCleanError(badDoc),
    badDoc.status,
  );
  await alive('after unreadable stored files');
}

await mainIfRun(import.meta.url, 'Hostile requests at every streaming route', streamsScenario);
