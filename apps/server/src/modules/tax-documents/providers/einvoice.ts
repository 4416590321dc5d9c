import { createHash, generateKeyPairSync, type KeyObject, randomInt, sign } from 'node:crypto';
import { Ajv } from 'ajv';
import { EINVOICE_SCHEMA } from '../einvoice-schema.ts';

/**
 * EINVOICE_PROVIDER: who registers e-invoices on the Invoice Registration Portal (IRP).
 * - `local` (default): an IRP simulator in this process. It validates against the INV-01 schema, computes the IRN
 *   the way the IRP does, signs the QR payload with a local key (a JWS, as the IRP signs with NIC's key) and
 *   answers like the portal, including error 2150 (duplicate IRN) and 2xxx validation errors. Nothing leaves the
 *   machine, and its signature is not NIC's: a buyer's verifier app will not accept its QR codes.
 * - `gsp`: a GST Suvidha Provider's e-invoice API (the IRP's /eicore/v1.03/Invoice flow behind the GSP's gateway,
 *   with an auth token): sends the invoice to the government. Needs EINVOICE_GSP_URL and the credentials below.
 */
export interface IrnResult {
  irn: string;
  ackNo: string;
  ackDate: Date;
  signedQrCode: string;
}

/** The portal's refusal: its error code and message (shown to the seller as the portal gave them). */
export class IrpError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** True when trying again may help (network, portal down); false for a refusal of the document itself. */
    readonly retryable = false,
  ) {
    super(`${code}: ${message}`);
  }
}

export interface EinvoiceProvider {
  readonly name: string;
  generate(payload: unknown): Promise<IrnResult>;
  /** The IRP's record of an IRN already registered (NIC's Get e-Invoice by IRN), or null when it holds none. */
  find?(irn: string): Promise<IrnResult | null>;
  cancel(irn: string, reason: '1' | '2' | '3' | '4', remark: string): Promise<{ cancelledAt: Date }>;
}

/** The IRN as the IRP computes it: SHA-256 (hex) of supplier GSTIN, financial year, document type and number. */
export function irnOf(gstin: string, financialYear: string, docType: string, docNumber: string): string {
  return createHash('sha256').update(`${gstin}${financialYear}${docType}${docNumber}`).digest('hex');
}

/** The financial year of a DD/MM/YYYY document date, as "2026-27". */
function fyOfDocDate(dt: string): string {
  const [, m, y] = dt.split('/').map(Number) as [number, number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

/** A compact JWS (RS256) of `claims`: the shape of the IRP's SignedQRCode. */
export function signJws(claims: Record<string, unknown>, key: KeyObject, kid = 'local-irp'): string {
  const head = b64url(JSON.stringify({ alg: 'RS256', kid, typ: 'JWT' }));
  const body = b64url(JSON.stringify(claims));
  const signature = sign('sha256', Buffer.from(`${head}.${body}`), key);
  return `${head}.${body}.${b64url(signature)}`;
}

const istStamp = (d: Date) => new Date(d.getTime() + 330 * 60_000).toISOString().replace('T', ' ').slice(0, 19);

interface Payload {
  DocDtls: { Typ: string; No: string; Dt: string };
  SellerDtls: { Gstin: string };
  BuyerDtls: { Gstin: string };
  ItemList: Array<{ HsnCd: string; AssAmt: number }>;
  ValDtls: { TotInvVal: number };
}

/** The local IRP simulator (see EinvoiceProvider). State lives in the process, like a sandbox that resets. */
export class LocalIrp implements EinvoiceProvider {
  readonly name = 'local';
  private readonly validate = new Ajv({ allErrors: true, strict: false }).compile(EINVOICE_SCHEMA);
  private readonly registered = new Map<string, { ackDate: Date; cancelled: boolean; result: IrnResult }>();
  readonly keys = generateKeyPairSync('rsa', { modulusLength: 2048 });

  constructor(private readonly clock: () => Date = () => new Date()) {}

  async generate(payload: unknown): Promise<IrnResult> {
    if (!this.validate(payload)) {
      const first = this.validate.errors?.[0];
      throw new IrpError('2172', `Invalid JSON: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim());
    }
    const p = payload as Payload;
    if (p.BuyerDtls.Gstin === p.SellerDtls.Gstin) {
      throw new IrpError('2211', 'The supplier and recipient GSTIN must not be the same.');
    }
    const irn = irnOf(p.SellerDtls.Gstin, fyOfDocDate(p.DocDtls.Dt), p.DocDtls.Typ, p.DocDtls.No);
    if (this.registered.has(irn)) throw new IrpError('2150', 'Duplicate IRN');
    const ackDate = this.clock();
    const signedQrCode = signJws(
      {
        data: JSON.stringify({
          SellerGstin: p.SellerDtls.Gstin,
          BuyerGstin: p.BuyerDtls.Gstin,
          DocNo: p.DocDtls.No,
          DocTyp: p.DocDtls.Typ,
          DocDt: p.DocDtls.Dt,
          TotInvVal: p.ValDtls.TotInvVal,
          ItemCnt: p.ItemList.length,
          // The IRP's MainHsnCode: the HSN of the item of the highest taxable value (the first of equals).
          MainHsnCode: p.ItemList.reduce(
            (a, b) => (b.AssAmt > a.AssAmt ? b : a),
            p.ItemList[0] ?? { HsnCd: '', AssAmt: 0 },
          ).HsnCd,
          Irn: irn,
          IrnDt: istStamp(ackDate),
        }),
        iss: 'LOCAL-IRP',
      },
      this.keys.privateKey,
    );
    const result = { irn, ackNo: `1${String(randomInt(10 ** 13)).padStart(14, '0')}`, ackDate, signedQrCode };
    this.registered.set(irn, { ackDate, cancelled: false, result });
    return result;
  }

  async find(irn: string) {
    return this.registered.get(irn)?.result ?? null;
  }

  async cancel(irn: string) {
    const entry = this.registered.get(irn);
    if (!entry) throw new IrpError('2148', 'Requested IRN data is not available');
    if (entry.cancelled) throw new IrpError('9999', 'Invoice is cancelled');
    if (this.clock().getTime() - entry.ackDate.getTime() > 24 * 3_600_000) {
      throw new IrpError('2143', 'IRN cannot be cancelled after 24 hours of generation');
    }
    entry.cancelled = true;
    return { cancelledAt: this.clock() };
  }
}

export interface GspOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  gstin: string;
  fetch?: typeof fetch;
}

interface GspAnswer<T> {
  Status: number | string;
  Data?: T;
  ErrorDetails?: Array<{ ErrorCode: string; ErrorMessage: string }>;
}

/**
 * A GSP's e-invoice API in the IRP's shape: POST /eivital/v1.04/auth (user name and password, with the GSP's
 * client id and secret) gives an AuthToken; POST /eicore/v1.03/Invoice registers a document and answers AckNo,
 * AckDt, Irn and SignedQRCode; POST /eicore/v1.03/Invoice/Cancel cancels an IRN. GSPs take and give plain JSON
 * over TLS (they hold the IRP's encryption keys), which is why no payload is encrypted here.
 */
export class GspEinvoiceProvider implements EinvoiceProvider {
  readonly name = 'gsp';
  private token: { value: string; until: number } | undefined;
  constructor(private readonly o: GspOptions) {}

  private async call<T>(path: string, body: unknown, withToken: boolean, method = 'POST'): Promise<T> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      client_id: this.o.clientId,
      client_secret: this.o.clientSecret,
      Gstin: this.o.gstin,
      user_name: this.o.username,
    };
    if (withToken) headers.AuthToken = await this.authToken();
    let res: Response;
    try {
      res = await (this.o.fetch ?? fetch)(`${this.o.baseUrl}${path}`, {
        method,
        headers,
        ...(method === 'POST' ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (err) {
      throw new IrpError('NETWORK', `The e-invoice provider could not be reached: ${(err as Error).message}`, true);
    }
    if (res.status >= 500 || res.status === 429) {
      throw new IrpError(`HTTP${res.status}`, 'The e-invoice provider is unavailable.', true);
    }
    const answer = (await res.json().catch(() => ({ Status: 0 }))) as GspAnswer<T>;
    if (String(answer.Status) !== '1' || !answer.Data) {
      const e = answer.ErrorDetails?.[0];
      throw new IrpError(e?.ErrorCode ?? `HTTP${res.status}`, e?.ErrorMessage ?? 'The e-invoice provider refused it.');
    }
    return answer.Data;
  }

  private async authToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const data = await this.call<{ AuthToken: string; TokenExpiry: string }>(
      '/eivital/v1.04/auth',
      { UserName: this.o.username, Password: this.o.password },
      false,
    );
    // Renewed ten minutes early: the IRP's tokens last six hours.
    const until = Date.parse(data.TokenExpiry.replace(' ', 'T')) - 600_000;
    this.token = { value: data.AuthToken, until: Number.isFinite(until) ? until : Date.now() + 3_600_000 };
    return this.token.value;
  }

  async generate(payload: unknown): Promise<IrnResult> {
    const d = await this.call<{ AckNo: string | number; AckDt: string; Irn: string; SignedQRCode: string }>(
      '/eicore/v1.03/Invoice',
      payload,
      true,
    );
    return {
      irn: d.Irn,
      ackNo: String(d.AckNo),
      ackDate: new Date(`${d.AckDt.replace(' ', 'T')}+05:30`),
      signedQrCode: d.SignedQRCode,
    };
  }

  /** GET /eicore/v1.03/Invoice/irn/{irn}: the IRP's record of a registered IRN (after a 2150 Duplicate IRN). */
  async find(irn: string): Promise<IrnResult | null> {
    try {
      const d = await this.call<{ AckNo: string | number; AckDt: string; Irn: string; SignedQRCode: string }>(
        `/eicore/v1.03/Invoice/irn/${encodeURIComponent(irn)}`,
        undefined,
        true,
        'GET',
      );
      return {
        irn: d.Irn,
        ackNo: String(d.AckNo),
        ackDate: new Date(`${d.AckDt.replace(' ', 'T')}+05:30`),
        signedQrCode: d.SignedQRCode,
      };
    } catch (err) {
      if (err instanceof IrpError && !err.retryable) return null;
      throw err;
    }
  }

  async cancel(irn: string, reason: '1' | '2' | '3' | '4', remark: string) {
    const d = await this.call<{ Irn: string; CancelDate: string }>(
      '/eicore/v1.03/Invoice/Cancel',
      { Irn: irn, CnlRsn: reason, CnlRem: remark.slice(0, 100) },
      true,
    );
    return { cancelledAt: new Date(`${d.CancelDate.replace(' ', 'T')}+05:30`) };
  }
}

let local: LocalIrp | undefined;

/** The provider EINVOICE_PROVIDER names; the local simulator by default. */
export function einvoiceProvider(env: NodeJS.ProcessEnv = process.env): EinvoiceProvider {
  const name = env.EINVOICE_PROVIDER ?? 'local';
  if (name === 'local') {
    local ??= new LocalIrp();
    return local;
  }
  if (name === 'gsp') {
    const need = [
      'EINVOICE_GSP_URL',
      'EINVOICE_GSP_CLIENT_ID',
      'EINVOICE_GSP_CLIENT_SECRET',
      'EINVOICE_GSP_USERNAME',
      'EINVOICE_GSP_PASSWORD',
      'EINVOICE_GSP_GSTIN',
    ];
    const missing = need.filter((k) => !env[k]);
    if (missing.length) throw new Error(`EINVOICE_PROVIDER=gsp needs ${missing.join(', ')}`);
    return new GspEinvoiceProvider({
      baseUrl: env.EINVOICE_GSP_URL as string,
      clientId: env.EINVOICE_GSP_CLIENT_ID as string,
      clientSecret: env.EINVOICE_GSP_CLIENT_SECRET as string,
      username: env.EINVOICE_GSP_USERNAME as string,
      password: env.EINVOICE_GSP_PASSWORD as string,
      gstin: env.EINVOICE_GSP_GSTIN as string,
    });
  }
  throw new Error(`EINVOICE_PROVIDER=${name} is not known: use local or gsp`);
}
