import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Storage } from '../src/lib/storage.ts';
import { createProduct } from '../src/seed/factories.ts';
import { count, filesUnder, loginSeller, testConfig, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'ub-orphans-'));
const uploadsDir = join(dataDir, 'uploads');
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

const storedKeys = () => filesUnder(uploadsDir);

/**
 * Makes the `nth` call of a storage operation stop until released: the moment a process would be killed. With
 * the request parked there, the test ends the request's database session the way PostgreSQL sees a SIGKILL (the
 * connection drops, its transaction rolls back), then starts a second app on the same database and files,
 * which is the restarted process.
 */
function parkStorage(storage: Storage, op: 'put' | 'delete', nth: number) {
  const original = storage[op].bind(storage) as (...args: unknown[]) => Promise<void>;
  let calls = 0;
  let reached!: () => void;
  let release!: (err?: Error) => void;
  const atPark = new Promise<void>((r) => {
    reached = r;
  });
  const gate = new Promise<void>((resolve, reject) => {
    release = (err) => (err ? reject(err) : resolve());
  });
  gate.catch(() => undefined);
  (storage as unknown as Record<string, unknown>)[op] = async (...args: unknown[]) => {
    const call = ++calls;
    await original(...args);
    if (call === nth) {
      reached();
      await gate;
    }
  };
  return {
    atPark,
    release,
    restore: () => {
      (storage as unknown as Record<string, unknown>)[op] = original;
    },
  };
}

describe('files and their rows through a crash', () => {
  const t = useTestApp({ DATA_DIR: dataDir });
  let png: Buffer;
  let seller: Awaited<ReturnType<typeof loginSeller>>;

  beforeAll(async () => {
    png = await sharp({ create: { width: 600, height: 600, channels: 3, background: { r: 20, g: 160, b: 90 } } })
      .png()
      .toBuffer();
    seller = await loginSeller(t.app);
  });

  /** A second app on the same database and files: the process started again after the kill. */
  async function restart() {
    const app = await buildApp({ config: testConfig({ DATA_DIR: dataDir }), database: t.database, logger: false });
    await app.ready();
    await app.close();
  }

  /** Ends the sessions holding a transaction open, as PostgreSQL does when the process on the other end dies. */
  async function killSessions() {
    await t.database.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and state like 'idle in transaction%'`,
    );
  }

  const sendImages = (productId: string, n: number) =>
    upload(
      t.app,
      `/api/upload/product-media/${productId}`,
      seller.token,
      Array.from({ length: n }, (_, i) => ({ field: 'files', name: `p${i}.png`, data: png })),
    );

  it('deletes at start-up a file entered for an upload that never committed, and keeps files with rows', async () => {
    const product = await createProduct(t.app.db, seller.manufacturer.id);
    expect((await sendImages(product.id, 1)).statusCode).toBe(201);
    const kept = storedKeys();
    // What a kill between writing the file and committing its row leaves: the entry and the file.
    const key = `products/${product.id}/00000000-0000-4000-8000-000000000000.png`;
    await t.database.query('insert into pending_files (storage_key) values ($1)', [key]);
    mkdirSync(dirname(join(uploadsDir, key)), { recursive: true });
    writeFileSync(join(uploadsDir, key), png);
    await restart();
    expect(existsSync(join(uploadsDir, key))).toBe(false);
    expect(await count(t.database, 'pending_files')).toBe(0);
    expect(storedKeys().sort()).toEqual(kept.sort());
  });

  it.skipIf(!onPostgres)('leaves no image file without its row when the process dies mid-upload', async () => {
    const product = await createProduct(t.app.db, seller.manufacturer.id);
    const before = storedKeys();
    const park = parkStorage(t.app.storage, 'put', 3);
    const answer = sendImages(product.id, 3);
    await park.atPark;
    await killSessions();
    await restart();
    const rows = await t.database.query<{ k: string }>(
      `select storage_key as k from product_media union all select thumb_key from product_media`,
    );
    const owned = new Set(rows.map((r) => r.k));
    const orphans = storedKeys().filter((k) => !before.includes(k) && !owned.has(k));
    expect(orphans).toEqual([]);
    park.release(new Error('the process is gone'));
    park.restore();
    await answer;
  });

  it.skipIf(!onPostgres)('leaves an upload still running in another process alone when it starts', async () => {
    const product = await createProduct(t.app.db, seller.manufacturer.id);
    const park = parkStorage(t.app.storage, 'put', 2);
    const answer = sendImages(product.id, 2);
    await park.atPark;
    const written = storedKeys().filter((k) => k.startsWith(`products/${product.id}/`));
    expect(written.length).toBeGreaterThan(0);
    await restart();
    for (const k of written) expect(existsSync(join(uploadsDir, k))).toBe(true);
    park.release();
    park.restore();
    const res = await answer;
    expect(res.statusCode).toBe(201);
    expect(res.json().media).toHaveLength(2);
    expect(await count(t.database, 'pending_files')).toBe(0);
  });

  it.skipIf(!onPostgres)(
    'deletes at start-up the files of a product deleted just before the process died',
    async () => {
      const product = await createProduct(t.app.db, seller.manufacturer.id);
      expect((await sendImages(product.id, 2)).statusCode).toBe(201);
      const files = storedKeys().filter((k) => k.startsWith(`products/${product.id}/`));
      expect(files).toHaveLength(4);
      const park = parkStorage(t.app.storage, 'delete', 1);
      const answer = t.app.inject({
        method: 'DELETE',
        url: `/api/product/${product.id}`,
        headers: { authorization: `Bearer ${seller.token}` },
      });
      await park.atPark;
      await killSessions();
      await restart();
      expect(storedKeys().filter((k) => k.startsWith(`products/${product.id}/`))).toEqual([]);
      park.release(new Error('the process is gone'));
      park.restore();
      await answer;
    },
  );
});
