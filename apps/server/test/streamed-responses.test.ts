import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationChannel } from '../src/modules/notifications/notify.ts';
import { call, loginAdmin, loginSeller, useTestApp } from './helpers.ts';
import { openStream } from './sse-client.ts';

const t = useTestApp();

afterEach(() => {
  vi.restoreAllMocks();
});

/** Makes the report's own queries (not the audit or the session) fail from the `failFrom`-th batch on. */
function failReportQueries(failFrom: number, error: Error) {
  const query = t.database.query.bind(t.database);
  let batches = 0;
  vi.spyOn(t.database, 'query').mockImplementation(async (text: string, params?: unknown[]) => {
    if (/_cursor_at/.test(text) && ++batches >= failFrom) throw error;
    return query(text, params);
  });
}

/** A stream that sends `chunks` and then fails, like a disk or an object store breaking off. */
function breakingStream(chunks: Buffer[]): Readable {
  let i = 0;
  return new Readable({
    read() {
      if (i < chunks.length) this.push(chunks[i++]);
      else this.destroy(new Error('storage read failed'));
    },
  });
}

const errorLogs = (msg: string) => t.logs.filter((l) => l.level === 50 && l.msg === msg);
const alive = async () => (await call(t.app, 'GET', '/api/health')).statusCode;

describe('streamed responses', () => {
  it('answers a JSON error when a report fails before its first row, and keeps serving', async () => {
    const { token } = await loginAdmin(t.app);
    failReportQueries(1, new Error('invalid input syntax for type date'));
    const res = await call(t.app, 'GET', '/api/admin/reports/leads.csv?from=2026-03-01', { token });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'Something went wrong. Please try again.' });
    expect(res.headers['content-disposition']).toBeUndefined();
    vi.restoreAllMocks();
    expect(await alive()).toBe(200);
  });

  it('breaks off a report that fails mid-stream, logs it, and keeps serving', async () => {
    const { token } = await loginAdmin(t.app);
    await t.database.query(
      `insert into leads (name, company, contact) select 'Lead ' || g, 'Co', '98' || lpad(g::text, 8, '0')
       from generate_series(1, 2100) g`,
    );
    failReportQueries(2, new Error('connection reset mid-export'));
    // Headers and the first 2,000 rows are out: the client must see a transfer that broke off, not a short file.
    await expect(call(t.app, 'GET', '/api/admin/reports/leads.csv', { token })).rejects.toThrow(
      'response destroyed before completion',
    );
    await vi.waitFor(() => expect(errorLogs('streamed response failed')).toHaveLength(1));
    expect(errorLogs('streamed response failed')[0]).toMatchObject({ stream: 'report leads.csv' });
    vi.restoreAllMocks();
    expect(await alive()).toBe(200);
  });

  it('breaks off a product image whose storage fails mid-stream, logs it, and keeps serving', async () => {
    const before = errorLogs('streamed response failed').length;
    vi.spyOn(t.app.storage, 'get').mockResolvedValue({
      stream: breakingStream([Buffer.alloc(64 * 1024, 1)]),
      size: 1024 * 1024,
    });
    const url = `/api/media/products/${crypto.randomUUID()}/${crypto.randomUUID()}.jpg`;
    await expect(call(t.app, 'GET', url)).rejects.toThrow('response destroyed before completion');
    await vi.waitFor(() => expect(errorLogs('streamed response failed').length).toBe(before + 1));
    expect(errorLogs('streamed response failed').at(-1)).toMatchObject({ stream: 'product image' });
    vi.restoreAllMocks();
    expect(await alive()).toBe(200);
  });

  it('breaks off a seller document whose storage fails mid-stream, logs it, and keeps serving', async () => {
    const seller = await loginSeller(t.app);
    const [doc] = await t.database.query<{ id: string }>(
      `insert into manufacturer_documents (manufacturer_id, kind, storage_key, mime, original_name)
       values ($1, 'pan', 'documents/x/y.pdf', 'application/pdf', 'pan.pdf') returning id`,
      [seller.manufacturer.id],
    );
    vi.spyOn(t.app.storage, 'get').mockResolvedValue({ stream: breakingStream([Buffer.from('%PDF-1.4\n')]) });
    await expect(
      call(t.app, 'GET', `/api/settings/documents/${doc?.id}/file`, { token: seller.token }),
    ).rejects.toThrow('response destroyed before completion');
    await vi.waitFor(() => expect(errorLogs('streamed response failed').at(-1)).toMatchObject({ stream: 'document' }));
    vi.restoreAllMocks();
    expect(await alive()).toBe(200);
  });

  it('ends a live stream whose write fails without failing the publisher, logs it, and keeps serving', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const seller = await loginSeller(t.app);
    const stream = await openStream(base, t.app, seller.token);
    // A payload the stream cannot serialise stands for any write that throws mid-stream.
    await expect(
      t.app.events.publish(notificationChannel(seller.user.id), { id: 'x', n: 1n }),
    ).resolves.toBeUndefined();
    await vi.waitFor(() =>
      expect(errorLogs('streamed response failed').at(-1)).toMatchObject({ stream: 'notifications' }),
    );
    await t.app.events.publish(notificationChannel(seller.user.id), { id: 'y', title: 'after the failure' });
    expect(stream.text()).not.toContain('after the failure');
    stream.close();
    expect(await alive()).toBe(200);
  });
});
