/**
 * EWAYBILL_PROVIDER: who generates e-way bills.
 * - `local` (the default) generates nothing: it keeps the portal JSON for the seller to upload at
 *   ewaybillgst.gov.in and lets them enter the number the portal gives.
 * - `nic`: the NIC e-way bill API (version 1.03) behind a GSP's gateway: POST /ewaybillapi/v1.03/auth (action
 *   ACCESSTOKEN, the API user's name and password, with the GSP's client id and secret) gives an auth token; POST
 *   /ewaybillapi/v1.03/ewayapi with action GENEWAYBILL and Part A + Part B as `data` answers the e-way bill number,
 *   its date and validity. GSPs take and give plain JSON over TLS (they hold NIC's encryption keys), as for the
 *   e-invoice adapter. Needs EWAYBILL_API_URL and the credentials below.
 */
export interface EwayBillAnswer {
  ewbNumber: string | null;
  ewbDate: Date | null;
  validUpto?: Date | null;
}

export interface EwayBillProvider {
  readonly name: string;
  generate(payload: unknown): Promise<EwayBillAnswer>;
}

/** The portal's refusal, or a provider that could not be reached (`retryable`). */
export class EwayBillError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly retryable = false,
  ) {
    super(message);
  }
}

export const localEwayBillProvider: EwayBillProvider = {
  name: 'local',
  async generate() {
    return { ewbNumber: null, ewbDate: null };
  },
};

export interface NicOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  gstin: string;
  fetch?: typeof fetch;
}

/** The codes a seller can act on, in the portal's words; others are shown by number. */
const NIC_ERRORS: Record<string, string> = {
  '238': 'Invalid auth token',
  '604': 'An e-way bill is already generated for this document number',
};

/** "24/11/2026 11:05:00 AM" (IST, as the portal writes dates) as an instant; null when it is not one. */
export function nicDate(text: string | null | undefined): Date | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{1,2}):(\d{2}):(\d{2})(?: ?([AP]M))?$/i.exec(text?.trim() ?? '');
  if (!m) return null;
  let hour = Number(m[4]);
  const half = m[7]?.toUpperCase();
  if (half === 'PM' && hour < 12) hour += 12;
  if (half === 'AM' && hour === 12) hour = 0;
  const iso = `${m[3]}-${m[2]}-${m[1]}T${String(hour).padStart(2, '0')}:${m[5]}:${m[6]}+05:30`;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
}

/** The bulk-upload JSON's one bill as the API takes it: no userGstin, `transactionType` for `transType`. */
export function apiBillOf(payload: unknown): Record<string, unknown> {
  const bill = (payload as { billLists?: Array<Record<string, unknown>> }).billLists?.[0] ?? {};
  const { userGstin: _u, transType, ...rest } = bill;
  return { ...rest, transactionType: transType };
}

interface NicAnswer {
  status: string | number;
  authtoken?: string;
  data?: unknown;
  error?: unknown;
}

/** The error codes of a refusal: `error` is base64 JSON `{"errorCodes":"604,"}` (or that object already). */
function errorCodes(error: unknown): string[] {
  let value: unknown = error;
  if (typeof error === 'string') {
    try {
      value = JSON.parse(Buffer.from(error, 'base64').toString('utf8'));
    } catch {
      try {
        value = JSON.parse(error);
      } catch {
        return [];
      }
    }
  }
  const codes = (value as { errorCodes?: string } | null)?.errorCodes ?? '';
  return codes
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
}

export class NicEwayBillProvider implements EwayBillProvider {
  readonly name = 'nic';
  private token: { value: string; until: number } | undefined;
  constructor(private readonly o: NicOptions) {}

  private async post(path: string, body: unknown, token?: string): Promise<NicAnswer> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'client-id': this.o.clientId,
      'client-secret': this.o.clientSecret,
      gstin: this.o.gstin,
    };
    if (token) headers.authtoken = token;
    let res: Response;
    try {
      res = await (this.o.fetch ?? fetch)(`${this.o.baseUrl}${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
    } catch (err) {
      throw new EwayBillError('NETWORK', `The e-way bill portal could not be reached: ${(err as Error).message}`, true);
    }
    if (res.status >= 500 || res.status === 429) {
      throw new EwayBillError(`HTTP${res.status}`, 'The e-way bill portal is unavailable.', true);
    }
    return (await res.json().catch(() => ({ status: 0 }))) as NicAnswer;
  }

  private refusal(answer: NicAnswer): EwayBillError {
    const codes = errorCodes(answer.error);
    const code = codes[0] ?? 'UNKNOWN';
    const words = codes.map((c) => (NIC_ERRORS[c] ? `${NIC_ERRORS[c]} (${c})` : `error ${c}`)).join('; ');
    return new EwayBillError(
      code,
      words ? `The e-way bill portal refused it: ${words}.` : 'The e-way bill portal refused it.',
    );
  }

  private async authToken(): Promise<string> {
    if (this.token && this.token.until > Date.now()) return this.token.value;
    const answer = await this.post('/ewaybillapi/v1.03/auth', {
      action: 'ACCESSTOKEN',
      username: this.o.username,
      password: this.o.password,
    });
    if (String(answer.status) !== '1' || !answer.authtoken) throw this.refusal(answer);
    // NIC's tokens last six hours; renewed ten minutes early.
    this.token = { value: answer.authtoken, until: Date.now() + 350 * 60_000 };
    return this.token.value;
  }

  async generate(payload: unknown): Promise<EwayBillAnswer> {
    const body = { action: 'GENEWAYBILL', data: apiBillOf(payload) };
    let answer = await this.post('/ewaybillapi/v1.03/ewayapi', body, await this.authToken());
    if (String(answer.status) !== '1' && errorCodes(answer.error).includes('238')) {
      // The token expired early (the portal restarted): one new sign-in, one more try.
      this.token = undefined;
      answer = await this.post('/ewaybillapi/v1.03/ewayapi', body, await this.authToken());
    }
    if (String(answer.status) !== '1') throw this.refusal(answer);
    const d = (typeof answer.data === 'string' ? JSON.parse(answer.data) : answer.data) as {
      ewayBillNo: string | number;
      ewayBillDate: string;
      validUpto?: string | null;
    };
    return { ewbNumber: String(d.ewayBillNo), ewbDate: nicDate(d.ewayBillDate), validUpto: nicDate(d.validUpto) };
  }
}

let nic: { key: string; provider: NicEwayBillProvider } | undefined;

/** The provider EWAYBILL_PROVIDER names; the local one (JSON for the seller to upload) by default. */
export function ewayBillProvider(env: NodeJS.ProcessEnv = process.env): EwayBillProvider {
  const name = env.EWAYBILL_PROVIDER ?? 'local';
  if (name === 'local') return localEwayBillProvider;
  if (name === 'nic') {
    const need = [
      'EWAYBILL_API_URL',
      'EWAYBILL_CLIENT_ID',
      'EWAYBILL_CLIENT_SECRET',
      'EWAYBILL_USERNAME',
      'EWAYBILL_PASSWORD',
      'EWAYBILL_GSTIN',
    ];
    const missing = need.filter((k) => !env[k]);
    if (missing.length) throw new Error(`EWAYBILL_PROVIDER=nic needs ${missing.join(', ')}`);
    // One provider per set of credentials, so its auth token is reused across shipments.
    const key = need.map((k) => env[k]).join('\n');
    if (nic?.key !== key) {
      nic = {
        key,
        provider: new NicEwayBillProvider({
          baseUrl: env.EWAYBILL_API_URL as string,
          clientId: env.EWAYBILL_CLIENT_ID as string,
          clientSecret: env.EWAYBILL_CLIENT_SECRET as string,
          username: env.EWAYBILL_USERNAME as string,
          password: env.EWAYBILL_PASSWORD as string,
          gstin: env.EWAYBILL_GSTIN as string,
        }),
      };
    }
    return nic.provider;
  }
  throw new Error(`EWAYBILL_PROVIDER=${name} is not known: use local or nic`);
}
