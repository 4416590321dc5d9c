import { execFileSync } from 'node:child_process';
import { createHash, verify } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { taxDocuments } from '../src/db/schema/index.ts';
import { einvoiceJson } from '../src/modules/tax-documents/einvoice.ts';
import { EINVOICE_SCHEMA } from '../src/modules/tax-documents/einvoice-schema.ts';
import { cancelEinvoice, registerEinvoice } from '../src/modules/tax-documents/einvoice-register.ts';
import {
  einvoiceProvider,
  GspEinvoiceProvider,
  IrpError,
  irnOf,
  type LocalIrp,
} from '../src/modules/tax-documents/providers/einvoice.ts';
import { issueCreditNote } from '../src/modules/tax-documents/commands.ts';
import { transaction } from '../src/lib/transaction.ts';
import type { FrozenDocument } from '../src/modules/tax-documents/types.ts';
import { call, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();
const validate = new Ajv({ allErrors: true, strict: false }).compile(EINVOICE_SCHEMA);

let series = 0;
async function einvoicingSeller() {
  const s = await tradeSetup(t.app, { gstPercentage: '18', hsnCode: '95030010' });
  // A series of this file's own: the IRP simulator lives as long as the test worker and, like the real IRP, answers
  // a second registration of the same GSTIN, year and number with the first one's IRN (other files' sellers share
  // this GSTIN and may have registered INV/2627/00001 already).
  series++;
  const saved = await call(t.app, 'PUT', '/api/settings/tax', {
    token: s.seller.token,
    body: { invoicePrefix: `EI${series}`, creditNotePrefix: 'CN', debitNotePrefix: 'DN', einvoiceApplies: true },
  });
  expect(saved.statusCode).toBe(200);
  const { id } = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 10)).json();
  await setStatus(t.app, s.seller.token, id, { status: 'processing' });
  const shipped = await setStatus(t.app, s.seller.token, id, {
    status: 'shipped',
    carrier: 'BlueDart',
    trackingNumber: 'BD1',
  });
  expect(shipped.statusCode, shipped.body).toBe(200);
  const [doc] = await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, id));
  if (!doc) throw new Error('no invoice');
  return { ...s, orderId: id, doc };
}

describe('e-invoice (IRN) through the local IRP simulator', () => {
  it('builds schema-valid INV-01 JSON, registers it, checks the IRN and prints IRN, Ack and the QR on the PDF', async () => {
    const s = await einvoicingSeller();
    // The IRN is obtained at dispatch, before the order is marked shipped (the app's local IRP simulator).
    expect(s.doc.einvoiceStatus).toBe('registered');
    const json = einvoiceJson(s.doc.body as FrozenDocument);
    expect(validate(json), JSON.stringify(validate.errors)).toBe(true);
    expect(json).toMatchObject({
      Version: '1.1',
      TranDtls: { SupTyp: 'B2B', RegRev: 'N' },
      DocDtls: { Typ: 'INV', No: s.doc.number },
      SellerDtls: { Gstin: '27AAPFU0939F1ZV', Stcd: '27', Pin: 400093 },
      BuyerDtls: { Pos: '29', Stcd: '29' },
      ValDtls: { AssVal: 1000, IgstVal: 180, TotInvVal: 1180 },
    });
    const irp = einvoiceProvider() as LocalIrp;
    const done = s.doc;
    const expected = createHash('sha256')
      .update(`27AAPFU0939F1ZV${s.doc.financialYear}INV${s.doc.number}`)
      .digest('hex');
    expect(done).toMatchObject({ einvoiceStatus: 'registered', irn: expected });
    expect(done?.ackNo).toMatch(/^\d{15}$/);
    // The job queued at issue finds the document registered and leaves it as it is.
    await registerEinvoice(t.app.db, s.doc.id, irp);
    const [again] = await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.id, s.doc.id));
    expect(again?.ackNo).toBe(done.ackNo);
    const [head, body, sig] = (done?.signedQrCode ?? '').split('.') as [string, string, string];
    expect(verify('sha256', Buffer.from(`${head}.${body}`), irp.keys.publicKey, Buffer.from(sig, 'base64url'))).toBe(
      true,
    );
    expect(JSON.parse(JSON.parse(Buffer.from(body, 'base64url').toString()).data)).toMatchObject({
      Irn: expected,
      DocNo: s.doc.number,
      TotInvVal: 1180,
    });
    const pdf = await call(t.app, 'GET', `/api/orders/${s.orderId}/invoice.pdf?copy=original`, {
      token: s.seller.token,
    });
    const file = join(mkdtempSync(join(tmpdir(), 'ub-irn-')), 'i.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
    expect(text).toContain(`IRN: ${expected.slice(0, 20)}`);
    expect(text).toContain(`Ack No.: ${done?.ackNo}`);
    expect(execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).split('\n').length).toBeGreaterThan(3);
    const docs = (await call(t.app, 'GET', `/api/orders/${s.orderId}/tax-documents`, { token: s.seller.token })).json();
    expect(docs.documents[0]).toMatchObject({ einvoiceStatus: 'registered', irn: expected });

    // The same document again: the portal answers 2150 Duplicate IRN.
    await expect(irp.generate(json)).rejects.toMatchObject({ code: '2150' });
    // Cancelled within 24 hours; not after.
    await cancelEinvoice(
      t.app.db,
      { kind: 'admin' },
      s.doc.id,
      { reason: '3', remark: 'Order cancelled' },
      new Date(),
      irp,
    );
    const [cancelled] = await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.id, s.doc.id));
    expect(cancelled?.einvoiceStatus).toBe('cancelled');
  });

  it("shows the portal's validation error to the seller and does not retry a refused document", async () => {
    const s = await einvoicingSeller();
    // A credit note is registered by the job after it is issued (no goods move on a note).
    const note = await transaction(t.app.db, (tx) =>
      issueCreditNote(tx, { clock: () => new Date() }, { orderId: s.orderId, amountPaise: 11_800, reason: 'Short' }),
    );
    const noteId = note?.id as string;
    expect(note?.einvoiceStatus).toBe('pending');
    const refusing = {
      name: 'refusing',
      generate: async () => {
        throw new IrpError('2172', 'Invalid JSON: /ItemList/0/HsnCd must match pattern');
      },
      cancel: async () => ({ cancelledAt: new Date() }),
    };
    await registerEinvoice(t.app.db, noteId, refusing);
    const docs = (await call(t.app, 'GET', `/api/orders/${s.orderId}/tax-documents`, { token: s.seller.token })).json();
    expect(docs.documents.find((d: { id: string }) => d.id === noteId)).toMatchObject({
      einvoiceStatus: 'failed',
      einvoiceError: '2172: Invalid JSON: /ItemList/0/HsnCd must match pattern',
    });
    // A provider that cannot be reached: the error is kept and the job throws, so the runner retries.
    const retry = await call(t.app, 'POST', `/api/tax-documents/${noteId}/einvoice/retry`, { token: s.seller.token });
    expect(retry.statusCode).toBe(200);
    const down = { ...refusing, generate: async () => Promise.reject(new IrpError('NETWORK', 'down', true)) };
    await expect(registerEinvoice(t.app.db, noteId, down)).rejects.toThrow('down');
    const [row] = await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.id, noteId));
    expect(row).toMatchObject({ einvoiceStatus: 'pending', einvoiceError: 'NETWORK: down' });
    // The simulator refuses what the schema refuses.
    const bad = { ...einvoiceJson(s.doc.body as FrozenDocument), DocDtls: { Typ: 'INV', No: '0BAD', Dt: '1/1/26' } };
    await expect(einvoiceProvider().generate(bad)).rejects.toMatchObject({ code: '2172' });
  });

  it('computes the IRN as SHA-256 of GSTIN, financial year, type and number', () => {
    expect(irnOf('27AAPFU0939F1ZV', '2026-27', 'INV', 'INV/2627/00001')).toBe(
      createHash('sha256').update('27AAPFU0939F1ZV2026-27INVINV/2627/00001').digest('hex'),
    );
  });
});

describe('GSP adapter against a fake GSP', () => {
  const calls: Array<{ url: string; headers: Record<string, unknown>; body: unknown }> = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      calls.push({ url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/eivital/v1.04/auth') {
        res.end(JSON.stringify({ Status: 1, Data: { AuthToken: 'tok-1', TokenExpiry: '2099-01-01 00:00:00' } }));
      } else if (req.url === '/eicore/v1.03/Invoice') {
        if (body.DocDtls.No === 'DUP/1') {
          res.end(JSON.stringify({ Status: 0, ErrorDetails: [{ ErrorCode: '2150', ErrorMessage: 'Duplicate IRN' }] }));
          return;
        }
        res.end(
          JSON.stringify({
            Status: 1,
            Data: { AckNo: 112010000000001, AckDt: '2026-11-24 10:30:00', Irn: 'a'.repeat(64), SignedQRCode: 'x.y.z' },
          }),
        );
      } else if (req.url === '/eicore/v1.03/Invoice/Cancel') {
        res.end(JSON.stringify({ Status: 1, Data: { Irn: body.Irn, CancelDate: '2026-11-24 11:00:00' } }));
      } else {
        res.statusCode = 503;
        res.end('{}');
      }
    });
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('authenticates once, registers, maps portal errors and cancels', async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    const { port } = server.address() as AddressInfo;
    const gsp = new GspEinvoiceProvider({
      baseUrl: `http://127.0.0.1:${port}`,
      clientId: 'cid',
      clientSecret: 'secret',
      username: 'seller_api',
      password: 'pw',
      gstin: '27AAPFU0939F1ZV',
    });
    const ok = await gsp.generate({ DocDtls: { No: 'INV/2627/00001' } });
    expect(ok).toMatchObject({ irn: 'a'.repeat(64), ackNo: '112010000000001', signedQrCode: 'x.y.z' });
    expect(ok.ackDate.toISOString()).toBe('2026-11-24T05:00:00.000Z');
    await expect(gsp.generate({ DocDtls: { No: 'DUP/1' } })).rejects.toMatchObject({ code: '2150', retryable: false });
    expect((await gsp.cancel('a'.repeat(64), '3', 'Order cancelled')).cancelledAt.toISOString()).toBe(
      '2026-11-24T05:30:00.000Z',
    );
    expect(calls.filter((c) => c.url === '/eivital/v1.04/auth')).toHaveLength(1);
    const invoiceCall = calls.find((c) => c.url === '/eicore/v1.03/Invoice');
    expect(invoiceCall?.headers).toMatchObject({ authtoken: 'tok-1', client_id: 'cid', gstin: '27AAPFU0939F1ZV' });
    const unreachable = new GspEinvoiceProvider({ ...gspOptions(port), baseUrl: 'http://127.0.0.1:1' });
    await expect(unreachable.generate({})).rejects.toMatchObject({ code: 'NETWORK', retryable: true });
  });
});

function gspOptions(port: number) {
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    clientId: 'cid',
    clientSecret: 'secret',
    username: 'u',
    password: 'p',
    gstin: '27AAPFU0939F1ZV',
  };
}
