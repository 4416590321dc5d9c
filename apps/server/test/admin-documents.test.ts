import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { attachment } from '../src/lib/storage.ts';
import { call, count, loginAdmin, loginSeller, useTestApp } from './helpers.ts';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** A complete 1 x 1 PNG: document images must decode fully, a header alone is refused. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

/** A multipart body with the fields in order (kind before file, as the browser form sends them). */
function multipart(
  parts: Array<{ name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string }>,
) {
  const boundary = `----ub${Date.now()}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if ('data' in p) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`,
        ),
        p.data,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('seller verification documents', () => {
  const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ub-docs-')) });

  async function upload(token: string, kind: string | undefined, filename: string, data: Buffer, type?: string) {
    const parts = [...(kind ? [{ name: 'kind', value: kind }] : []), { name: 'file', filename, data, type }];
    const { body, headers } = multipart(parts);
    return call(t.app, 'POST', '/api/settings/documents', { token, body, headers });
  }

  it('stores a PDF and an image checked by content, lists them, and shows them to the admin only', async () => {
    const seller = await loginSeller(t.app, { status: 'received' });
    const pdf = await upload(seller.token, 'gst_certificate', 'gst.pdf', PDF, 'application/pdf');
    expect(pdf.statusCode).toBe(201);
    expect(pdf.json()).toMatchObject({
      kind: 'gst_certificate',
      kindLabel: 'GST certificate',
      mime: 'application/pdf',
      name: 'gst.pdf',
    });
    // The browser's type and the name say JPEG; the bytes say PNG, and the bytes win.
    const png = await upload(seller.token, 'pan', 'pan.jpg', PNG, 'image/jpeg');
    expect(png.json().mime).toBe('image/png');

    const list = await call(t.app, 'GET', '/api/settings/documents', { token: seller.token });
    expect(list.json().documents.map((d: { kind: string }) => d.kind)).toEqual(['gst_certificate', 'pan']);
    const own = await call(t.app, 'GET', pdf.json().url, { token: seller.token });
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PDF)).toBe(true);

    const admin = await loginAdmin(t.app);
    const details = await call(t.app, 'GET', `/api/admin/manufacturers/${seller.manufacturer.id}`, {
      token: admin.token,
    });
    const certs = details.json().certificates;
    expect(certs.map((c: { kind: string; mime: string }) => [c.kind, c.mime])).toEqual([
      ['gst_certificate', 'application/pdf'],
      ['pan', 'image/png'],
    ]);
    const file = await call(t.app, 'GET', certs[1].url, { token: admin.token });
    expect(file.headers['content-type']).toBe('image/png');
    // Stored re-encoded (metadata and trailing bytes dropped), so the same picture rather than the same bytes.
    expect(file.rawPayload.subarray(0, 16).equals(PNG.subarray(0, 16))).toBe(true);
    expect((await call(t.app, 'GET', certs[1].url, { token: seller.token })).statusCode).toBe(403);

    const other = await loginSeller(t.app);
    expect((await call(t.app, 'GET', pdf.json().url, { token: other.token })).statusCode).toBe(404);
    expect(
      (await call(t.app, 'DELETE', `/api/settings/documents/${pdf.json().id}`, { token: other.token })).statusCode,
    ).toBe(404);
    const del = await call(t.app, 'DELETE', `/api/settings/documents/${pdf.json().id}`, { token: seller.token });
    expect(del.statusCode).toBe(204);
    expect((await call(t.app, 'GET', pdf.json().url, { token: seller.token })).statusCode).toBe(404);
  });

  it('serves documents as downloads in a sandbox, to the seller and to the admin', async () => {
    const seller = await loginSeller(t.app);
    // A PDF that would run its OpenAction script if a browser showed it in the page's origin.
    const scripted = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction 2 0 R >> endobj\n' +
        '2 0 obj << /S /JavaScript /JS (app.alert(1)) >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const pdf = await upload(seller.token, 'gst_certificate', 'Udyam (MSME) cert.pdf', scripted);
    const png = await upload(seller.token, 'pan', 'pan.png', PNG);
    const admin = await loginAdmin(t.app);
    const certs = (
      await call(t.app, 'GET', `/api/admin/manufacturers/${seller.manufacturer.id}`, { token: admin.token })
    ).json().certificates;
    const served = [
      await call(t.app, 'GET', pdf.json().url, { token: seller.token }),
      await call(t.app, 'GET', png.json().url, { token: seller.token }),
      await call(t.app, 'GET', certs[0].url, { token: admin.token }),
      await call(t.app, 'GET', certs[1].url, { token: admin.token }),
    ];
    for (const res of served) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="[^"]+"; filename\*=UTF-8''/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(served[0]?.headers['content-disposition']).toBe(
      `attachment; filename="Udyam (MSME) cert.pdf"; filename*=UTF-8''Udyam%20%28MSME%29%20cert.pdf`,
    );
    expect(served[3]?.headers['content-type']).toBe('image/png');
    // Quotes and non-ASCII letters cannot break out of the header; the encoded form keeps the exact name.
    expect(attachment('GST "cert" ₹.pdf')).toBe(
      `attachment; filename="GST cert _.pdf"; filename*=UTF-8''GST%20%22cert%22%20%E2%82%B9.pdf`,
    );
  });

  it('refuses a text file named .pdf, an SVG, a file over 10 MB, a missing type and a missing file', async () => {
    const seller = await loginSeller(t.app);
    const before = await count(t.database, 'manufacturer_documents');
    const fake = await upload(seller.token, 'pan', 'pan.pdf', Buffer.from('just text, not a PDF'), 'application/pdf');
    expect(fake.statusCode).toBe(400);
    expect(fake.json().error).toBe('Document "pan.pdf" must be a PDF, JPEG, PNG or WebP file.');
    const svg = await upload(seller.token, 'pan', 'logo.svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(svg.statusCode).toBe(400);
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(seller.token, 'iec', 'big.pdf', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toBe('Document "big.pdf" exceeds 10MB size limit.');
    const noKind = await upload(seller.token, undefined, 'gst.pdf', PDF);
    expect(noKind.statusCode).toBe(400);
    expect(noKind.json().fields.kind).toBe('Please choose the document type.');
    const badKind = await upload(seller.token, 'passport', 'gst.pdf', PDF);
    expect(badKind.statusCode).toBe(400);
    const noFile = await call(t.app, 'POST', '/api/settings/documents', { token: seller.token, body: { kind: 'pan' } });
    expect(noFile.statusCode).toBe(400);
    expect(await count(t.database, 'manufacturer_documents')).toBe(before);
  });

  it('is for sellers only', async () => {
    const admin = await loginAdmin(t.app);
    expect((await call(t.app, 'GET', '/api/settings/documents', { token: admin.token })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/settings/documents')).statusCode).toBe(401);
  });
});
