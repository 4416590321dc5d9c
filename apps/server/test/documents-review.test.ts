import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, count, loginAdmin, loginSeller, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const PDF2 = Buffer.from('%PDF-1.4\n2 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

describe('verification documents: replacement and review status', () => {
  const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ub-docs-review-')) });

  const send = (token: string, kind: string, name: string, data = PDF) =>
    upload(t.app, '/api/settings/documents', token, [
      { field: 'kind', data: kind },
      { field: 'file', name, data, type: 'application/pdf' },
    ]);
  const list = async (token: string) =>
    (await call(t.app, 'GET', '/api/settings/documents', { token })).json().documents as Array<Record<string, unknown>>;

  it('replaces the document of the same type: the old one and its file are gone', async () => {
    const seller = await loginSeller(t.app, { status: 'received' });
    const first = (await send(seller.token, 'gst_certificate', 'gst-old.pdf')).json();
    await send(seller.token, 'pan', 'pan.pdf');
    const before = await count(t.database, 'manufacturer_documents');
    const second = await send(seller.token, 'gst_certificate', 'gst-new.pdf', PDF2);
    expect(second.statusCode).toBe(201);
    expect(await count(t.database, 'manufacturer_documents')).toBe(before);
    const docs = await list(seller.token);
    expect(docs.map((d) => [d.kind, d.name])).toEqual([
      ['pan', 'pan.pdf'],
      ['gst_certificate', 'gst-new.pdf'],
    ]);
    expect((await call(t.app, 'GET', first.url, { token: seller.token })).statusCode).toBe(404);
    const file = await call(t.app, 'GET', second.json().url, { token: seller.token });
    expect(file.rawPayload.equals(PDF2)).toBe(true);
  });

  it('shows each document pending until the admin approves the seller, then approved', async () => {
    const seller = await loginSeller(t.app, { status: 'under_review' });
    await send(seller.token, 'gst_certificate', 'gst.pdf');
    await send(seller.token, 'pan', 'pan.pdf');
    expect((await list(seller.token)).map((d) => [d.kind, d.reviewStatus, d.reviewReason])).toEqual([
      ['gst_certificate', 'pending', null],
      ['pan', 'pending', null],
    ]);
    const admin = await loginAdmin(t.app);
    const ok = await call(t.app, 'POST', `/api/admin/manufacturers/${seller.manufacturer.id}/approve`, {
      token: admin.token,
    });
    expect(ok.statusCode).toBe(200);
    expect((await list(seller.token)).map((d) => d.reviewStatus)).toEqual(['approved', 'approved']);
    // A document sent after the review waits for the next one.
    await send(seller.token, 'udyam', 'udyam.pdf');
    expect((await list(seller.token)).map((d) => [d.kind, d.reviewStatus])).toEqual([
      ['gst_certificate', 'approved'],
      ['pan', 'approved'],
      ['udyam', 'pending'],
    ]);
  });

  it('shows the documents rejected with the reason when the admin rejects the registration', async () => {
    const seller = await loginSeller(t.app, { status: 'under_review' });
    await send(seller.token, 'gst_certificate', 'gst.pdf');
    const admin = await loginAdmin(t.app);
    const no = await call(t.app, 'POST', `/api/admin/manufacturers/${seller.manufacturer.id}/reject`, {
      token: admin.token,
      body: { reason: 'Documents unreadable' },
    });
    expect(no.statusCode).toBe(200);
    expect((await list(seller.token)).map((d) => [d.reviewStatus, d.reviewReason])).toEqual([
      ['rejected', 'Documents unreadable'],
    ]);
    // The seller sends a readable one: it replaces the rejected one and waits for review.
    await send(seller.token, 'gst_certificate', 'gst-clear.pdf', PDF2);
    expect((await list(seller.token)).map((d) => [d.name, d.reviewStatus, d.reviewReason])).toEqual([
      ['gst-clear.pdf', 'pending', null],
    ]);
  });
});
