import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { taxDocuments } from '../src/db/schema/index.ts';
import { open, parseSecretKey, seal } from '../src/lib/secret-box.ts';
import { irnOf } from '../src/modules/tax-documents/providers/einvoice.ts';
import { call, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

const t = useTestApp();
const KEY = randomBytes(32).toString('base64');
const ENV_KEYS = [
  'EINVOICE_CREDENTIALS_KEY',
  'EINVOICE_PROVIDER',
  'EINVOICE_GSP_URL',
  'EINVOICE_GSP_CLIENT_ID',
  'EINVOICE_GSP_CLIENT_SECRET',
  'EINVOICE_GSP_USERNAME',
  'EINVOICE_GSP_PASSWORD',
  'EINVOICE_GSP_GSTIN',
];
const saved = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
afterEach(() => {
  for (const k of ENV_KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('sealed secrets (AES-256-GCM)', () => {
  it('opens only with the same key and context, and a changed byte is refused', () => {
    const key = parseSecretKey(KEY) as Buffer;
    expect(parseSecretKey('too-short')).toBeNull();
    expect(parseSecretKey('ab'.repeat(32))?.length).toBe(32);
    const a = seal('Api#Pass1', key, 'seller-1');
    const b = seal('Api#Pass1', key, 'seller-1');
    expect(a).not.toBe(b);
    expect(a).not.toContain('Api#Pass1');
    expect(open(a, key, 'seller-1')).toBe('Api#Pass1');
    expect(() => open(a, key, 'seller-2')).toThrow();
    expect(() => open(a, randomBytes(32), 'seller-1')).toThrow();
    const [v, iv, tag, body] = a.split('.') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => open([v, iv, tag, flipped.toString('base64url')].join('.'), key, 'seller-1')).toThrow();
  });
});

describe("a seller's own e-invoice portal credentials", () => {
  it('are stored sealed and never sent back; without a server key nothing is stored', async () => {
    const s = await tradeSetup(t.app);
    const put = (body: unknown) =>
      call(t.app, 'PUT', '/api/settings/einvoice-credentials', { token: s.seller.token, body });
    delete process.env.EINVOICE_CREDENTIALS_KEY;
    const noKey = await put({ username: 'seller_api', password: 'Api#Pass1' });
    expect(noKey.statusCode).toBe(409);
    expect(noKey.json().error).toMatch(/EINVOICE_CREDENTIALS_KEY is not set/);
    expect(await t.database.query('select * from seller_einvoice_credentials')).toHaveLength(0);

    process.env.EINVOICE_CREDENTIALS_KEY = KEY;
    const empty = await put({ username: 'seller_api', password: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.password).toBe('Enter the API password.');
    const ok = await put({ username: ' seller_api ', password: 'Api#Pass1' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ username: 'seller_api', saved: true });
    expect(ok.body).not.toContain('Api#Pass1');
    const got = await call(t.app, 'GET', '/api/settings/einvoice-credentials', { token: s.seller.token });
    expect(got.json()).toMatchObject({ username: 'seller_api', saved: true });
    expect(got.body).not.toContain('Api#Pass1');
    expect(Object.keys(got.json()).sort()).toEqual(['saved', 'updatedAt', 'username']);
    const [row] = await t.database.query<{ password_sealed: string }>(
      'select password_sealed from seller_einvoice_credentials where manufacturer_id = $1',
      [s.seller.manufacturer.id],
    );
    expect(row?.password_sealed).toMatch(/^v1\./);
    expect(row?.password_sealed).not.toContain('Api#Pass1');
    expect(open(row?.password_sealed as string, parseSecretKey(KEY) as Buffer, s.seller.manufacturer.id)).toBe(
      'Api#Pass1',
    );

    const removed = await call(t.app, 'DELETE', '/api/settings/einvoice-credentials', { token: s.seller.token });
    expect(removed.json()).toEqual({ username: null, saved: false, updatedAt: null });
  });

  describe('registering IRNs through a GSP (a local fake)', () => {
    const auths: Array<{ headers: Record<string, unknown>; body: Record<string, unknown> }> = [];
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        const body = JSON.parse(raw || '{}');
        res.setHeader('content-type', 'application/json');
        if (req.url === '/eivital/v1.04/auth') {
          auths.push({ headers: req.headers, body });
          if (body.UserName !== 'seller_api' || body.Password !== 'Api#Pass1') {
            res.end(
              JSON.stringify({ Status: 0, ErrorDetails: [{ ErrorCode: '1005', ErrorMessage: 'Invalid Token' }] }),
            );
            return;
          }
          res.end(JSON.stringify({ Status: 1, Data: { AuthToken: 'tok-seller', TokenExpiry: '2099-01-01 00:00:00' } }));
          return;
        }
        const [, m, y] = String(body.DocDtls.Dt).split('/').map(Number) as [number, number, number];
        const fy = m >= 4 ? y : y - 1;
        const irn = irnOf(
          body.SellerDtls.Gstin,
          `${fy}-${String((fy + 1) % 100).padStart(2, '0')}`,
          body.DocDtls.Typ,
          body.DocDtls.No,
        );
        res.end(
          JSON.stringify({
            Status: 1,
            Data: { AckNo: 112010000000001, AckDt: '2026-11-24 10:30:00', Irn: irn, SignedQRCode: 'x.y.z' },
          }),
        );
      });
    });
    beforeAll(() => new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r())));
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    /** An e-invoicing seller's order, ready to ship. */
    async function readyOrder() {
      const s = await tradeSetup(t.app, { gstPercentage: '18', hsnCode: '95030010' });
      await call(t.app, 'PUT', '/api/settings/tax', {
        token: s.seller.token,
        body: { invoicePrefix: 'INV', creditNotePrefix: 'CN', debitNotePrefix: 'DN', einvoiceApplies: true },
      });
      const { id } = (await placeOrder(t.app, s.buyer.token, s.seller.manufacturer.id, s.product.id, 10)).json();
      await setStatus(t.app, s.seller.token, id, { status: 'processing' });
      return { s, id: id as string };
    }
    const gspEnv = () => {
      const { port } = server.address() as AddressInfo;
      Object.assign(process.env, {
        EINVOICE_CREDENTIALS_KEY: KEY,
        EINVOICE_PROVIDER: 'gsp',
        EINVOICE_GSP_URL: `http://127.0.0.1:${port}`,
        EINVOICE_GSP_CLIENT_ID: 'cid',
        EINVOICE_GSP_CLIENT_SECRET: 'secret',
        // The deployment's own API user belongs to another GSTIN: it must not sign this seller's documents.
        EINVOICE_GSP_USERNAME: 'platform_api',
        EINVOICE_GSP_PASSWORD: 'platform-pass',
        EINVOICE_GSP_GSTIN: '29AAACV1234F1Z5',
      });
    };
    const status = async (id: string) => (await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.id, id)))[0];

    it("signs in as the seller's own API user for the seller's GSTIN, and without one fails visibly", async () => {
      gspEnv();
      const { s, id } = await readyOrder();
      const ship = () =>
        setStatus(t.app, s.seller.token, id, { status: 'shipped', carrier: 'BlueDart', trackingNumber: 'BD1' });
      // No API user: the IRN cannot be had, so the goods do not leave, and the seller is told what to set up.
      const refused = await ship();
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toContain(
        'CREDENTIALS: Enter your e-invoice portal API user name and password in Settings, GST, to register e-invoices.',
      );
      expect(await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, id))).toHaveLength(0);
      expect(auths).toHaveLength(0);

      const put = await call(t.app, 'PUT', '/api/settings/einvoice-credentials', {
        token: s.seller.token,
        body: { username: 'seller_api', password: 'Api#Pass1' },
      });
      expect(put.statusCode).toBe(200);
      const shipped = await ship();
      expect(shipped.statusCode, shipped.body).toBe(200);
      const [doc] = await t.app.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, id));
      expect(await status(doc?.id as string)).toMatchObject({ einvoiceStatus: 'registered', ackNo: '112010000000001' });
      expect(auths).toHaveLength(1);
      expect(auths[0]?.body).toEqual({ UserName: 'seller_api', Password: 'Api#Pass1' });
      expect(auths[0]?.headers).toMatchObject({ gstin: '27AAPFU0939F1ZV', user_name: 'seller_api' });
    });
  });
});
