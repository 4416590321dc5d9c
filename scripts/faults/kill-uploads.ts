/**
 * SIGKILL during product image and seller document uploads (and deletions), on PostgreSQL with local file
 * storage. Each round runs uploads from two sellers, kills the server (half the rounds the moment a new file
 * lands in storage, which is inside an upload's write, the others after a random moment), restarts it and checks
 * that no stored file lacks its row, no row lacks its file, and nothing is left pending. Last, an upload refused at
 * its first line must leave the kept-alive connection ready for the next request.
 */
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  type Checks,
  call,
  crashLines,
  loginSeller,
  mainIfRun,
  openData,
  removeDir,
  type Resources,
  type ServerProcess,
  sleep,
  startPostgres,
  startServer,
  waitFor,
} from './harness.ts';

const ROUNDS = Number(process.env.FAULTS_UPLOAD_ROUNDS ?? 6);

function storedFiles(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true })
      .map(String)
      .filter((f) => statSync(join(dir, f)).isFile());
  } catch {
    return [];
  }
}

async function picture(seed: number, width: number, height: number): Promise<Buffer> {
  // Noise, so the JPEG is large and takes a moment to decode, re-encode and write.
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761 + seed * 97) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export async function killUploadsScenario(checks: Checks, res: Resources) {
  const pg = await startPostgres(res);
  const dataDir = mkdtempSync(join(tmpdir(), 'ub-faults-data-'));
  res.add(() => removeDir(dataDir));
  const uploadsDir = join(dataDir, 'uploads');
  const data = await openData(pg.url);
  const sellers = [
    await data.createSeller(data.database.db, { email: 'upload.one@example.in' }),
    await data.createSeller(data.database.db, { email: 'upload.two@example.in' }),
  ];
  await data.database.close();
  const images = await Promise.all([1, 2, 3].map((i) => picture(i, 1400, 1000)));
  const pdf = Buffer.concat([
    Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n'),
    Buffer.alloc(400 * 1024, 0x20),
    Buffer.from('\ntrailer <<>>\n%%EOF\n'),
  ]);

  const start = () => startServer(res, { databaseUrl: pg.url, dataDir });
  let server = await start();
  const tokens = await Promise.all(sellers.map((s) => loginSeller(server.base, s.user.email, s.password)));

  let sku = 0;
  let answered = 0;
  let stop = false;
  let serverErrors = 0;
  /** Creates a product, uploads three images, and deletes the product every other time. */
  const imageWorker = async (token: string) => {
    while (!stop) {
      try {
        const created = await call(server.base, 'POST', '/api/product/add', {
          token,
          body: {
            name: 'Cast Iron Pulley',
            description: 'Two-groove V-belt pulley',
            sku: `UP-${++sku}`,
            price: 850,
            moq: 5,
            stock: 40,
            unit: 'piece',
            category: 'packaging',
          },
        });
        if (created.status >= 500) serverErrors++;
        const id = (created.body as { product_id?: string }).product_id;
        if (!id) continue;
        const form = new FormData();
        for (const [i, img] of images.entries())
          form.append('files', new Blob([img], { type: 'image/jpeg' }), `${i}.jpg`);
        const up = await call(server.base, 'POST', `/api/upload/product-media/${id}`, {
          token,
          form,
          timeoutMs: 30_000,
        });
        if (up.status >= 500) serverErrors++;
        if (up.status === 201) answered++;
        if (sku % 2 === 0) await call(server.base, 'DELETE', `/api/product/${id}`, { token });
      } catch {
        // cut off by the kill
      }
    }
  };
  /** Uploads a document and deletes it again, so the seller stays under the document cap. */
  const documentWorker = async (token: string) => {
    while (!stop) {
      try {
        const form = new FormData();
        form.append('kind', 'gst_certificate');
        const isPdf = sku % 2 === 0;
        form.append(
          'file',
          new Blob([isPdf ? pdf : (images[0] as Buffer)], { type: isPdf ? 'application/pdf' : 'image/jpeg' }),
          isPdf ? 'gst.pdf' : 'gst.jpg',
        );
        const up = await call(server.base, 'POST', '/api/settings/documents', { token, form, timeoutMs: 30_000 });
        if (up.status >= 500) serverErrors++;
        if (up.status === 201) {
          answered++;
          await call(server.base, 'DELETE', `/api/settings/documents/${(up.body as { id: string }).id}`, { token });
        }
      } catch {
        // cut off by the kill
      }
    }
  };

  const problems: Array<Record<string, unknown>> = [];
  let swept = 0;
  for (let round = 1; round <= ROUNDS; round++) {
    stop = false;
    const victim: ServerProcess = server;
    const workers = tokens.flatMap((token) => [imageWorker(token), documentWorker(token)]);
    const filesBefore = new Set(storedFiles(uploadsDir));
    if (round % 2 === 1) {
      // The moment a new file appears, an upload is between writing its files and committing its rows.
      await waitFor(
        'a new file in storage',
        async () => storedFiles(uploadsDir).some((f) => !filesBefore.has(f)),
        30_000,
        2,
      );
    } else {
      await sleep(300 + Math.floor(Math.random() * 1500));
    }
    victim.child.kill('SIGKILL');
    await victim.exited;
    stop = true;
    await Promise.all(workers);

    server = await start();
    swept += server.logs.filter((l) => l.event === 'storage.swept').reduce((n, l) => n + Number(l.files ?? 0), 0);
    const onDisk = new Set(storedFiles(uploadsDir));
    const rows = await pg.query<{ key: string }>(`
      select storage_key as key from product_media
      union all select thumb_key from product_media
      union all select storage_key from manufacturer_documents
      union all select thumb_key from manufacturer_documents where thumb_key is not null`);
    const owned = new Set(rows.map((r) => r.key));
    const orphans = [...onDisk].filter((f) => !owned.has(f));
    const missing = [...owned].filter((k) => !onDisk.has(k));
    const [pending] = await pg.query<{ n: string }>('select count(*) as n from pending_files');
    if (orphans.length || missing.length || Number(pending?.n)) {
      problems.push({ round, orphans: orphans.slice(0, 3), missing: missing.slice(0, 3), pending: pending?.n });
    }
  }
  checks.info(`${ROUNDS} kills, ${answered} uploads answered, ${swept} files of interrupted uploads swept at restart`);
  checks.ok('uploads answered without 5xx before each kill', serverErrors === 0 && answered > 0, {
    answered,
    serverErrors,
  });
  checks.ok(
    'after every restart, no stored file lacks its row and no row lacks its file',
    problems.length === 0,
    problems,
  );

  const form = new FormData();
  form.append('kind', 'pan');
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'pan.pdf');
  const after = await call(server.base, 'POST', '/api/settings/documents', { token: tokens[0], form });
  checks.ok('uploads are taken again after the last restart', after.status === 201, after.status);

  // An upload refused early must not leave its unread body in front of the next request on the connection.
  const refusedThenNext = await earlyRefusal(server.base, tokens[0] as string);
  checks.ok(
    'a bulk CSV refused at its 1 MB first line leaves the kept-alive connection usable at once',
    refusedThenNext.refused === 400 && refusedThenNext.next === 200 && refusedThenNext.nextMs < 2000,
    refusedThenNext,
  );
  checks.ok('no unhandled error in the server logs', crashLines(server).length === 0, crashLines(server).slice(0, 3));
}

/** A refused bulk upload, then a health check, on one kept-alive connection; the second must not wait. */
async function earlyRefusal(base: string, token: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const boundary = '----ubFaults';
  const csv = Buffer.concat([Buffer.from('a'.repeat(1024 * 1024)), Buffer.from('\nx,y\n'.repeat(200_000))]);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    csv,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const send = (method: string, path: string, headers: Record<string, string>, payload?: Buffer) =>
    new Promise<{ status: number; ms: number }>((resolve) => {
      const t0 = performance.now();
      const req = request(`${base}${path}`, { method, agent, headers, timeout: 10_000 }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - t0 }));
      });
      req.on('timeout', () => req.destroy());
      req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
      req.end(payload);
    });
  try {
    const refused = await send(
      'POST',
      '/api/products/bulk-upload',
      { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    );
    const next = await send('GET', '/api/health', {});
    return { refused: refused.status, next: next.status, nextMs: Math.round(next.ms) };
  } finally {
    agent.destroy();
  }
}

await mainIfRun(import.meta.url, 'SIGKILL during image and document uploads', killUploadsScenario);
