import { randomInt } from 'node:crypto';
/**
 * EWAYBILL_PROVIDER: who generates e-way bills.
 * - `local` (the default) generates nothing: it keeps the portal JSON for the seller to upload at
 *   ewaybillgst.gov.in and lets them enter the number the portal gives (Part-B updates and cancellation are then
 *   done on the portal too).
 * - `simulator`: an e-way bill portal simulator in this process (LocalEwayBillPortal). It answers GENEWAYBILL,
 *   VEHEWB and CANEWB as NIC does, with the validity the rules give and NIC's error codes (225/304 for a vehicle
 *   number in a bad format, 315 for a cancellation after 24 hours, 312 for a bill already cancelled). Nothing
 *   leaves the machine; its numbers are not the government's.
 * - `nic`: the NIC e-way bill API (version 1.03) behind a GSP's gateway: POST /ewaybillapi/v1.03/auth (action
 *   ACCESSTOKEN, the API user's name and password, with the GSP's client id and secret) gives an auth token; POST
 *   /ewaybillapi/v1.03/ewayapi with action GENEWAYBILL and Part A + Part B as `data` answers the e-way bill number,
 *   its date and validity; action VEHEWB updates Part-B (a new vehicle or transport document) and answers the
 *   update time and validity; action CANEWB cancels and answers the cancellation time. GSPs take and give plain
 *   JSON over TLS (they hold NIC's encryption keys), as for the e-invoice adapter. Needs EWAYBILL_API_URL and the
 *   credentials below.
 */
export interface EwayBillAnswer {
  ewbNumber: string | null;
  ewbDate: Date | null;
  validUpto?: Date | null;
}

/** A new Part-B in the API's VEHEWB shape (dates dd/mm/yyyy, codes as the portal's code lists). */
export interface VehicleUpdate {
  ewbNo: number;
  vehicleNo: string;
  fromPlace: string;
  fromState: number;
  reasonCode: string;
  reasonRem: string;
  transDocNo: string;
  transDocDate: string;
  transMode: string;
  vehicleType: string;
}

export interface EwayBillProvider {
  readonly name: string;
  /** False for the local provider: the seller works on the portal, so Part-B and cancellation happen there. */
  readonly managesBills: boolean;
  generate(payload: unknown): Promise<EwayBillAnswer>;
  updateVehicle(update: VehicleUpdate): Promise<{ updatedAt: Date | null; validUpto: Date | null }>;
  cancel(ewbNo: number, reasonCode: number, remark: string): Promise<{ cancelledAt: Date | null }>;
}

const DAY = 86_400_000;
const IST = 330 * 60_000;

/**
 * How long an e-way bill is valid (Rule 138(10)): one day for up to 200 km and one more for every further 200 km or
 * part of it (20 km for over-dimensional cargo), each day ending at midnight, the first at the midnight after the
 * day of generation; the portal writes the end as 11:59 PM IST.
 */
export function ewayBillValidUntil(from: Date, distanceKm: number, overDimensional = false): Date {
  const days = Math.max(1, Math.ceil(distanceKm / (overDimensional ? 20 : 200)));
  const ist = new Date(from.getTime() + IST);
  return new Date(Date.UTC(ist.getUTCFullYear(), ist.getUTCMonth(), ist.getUTCDate() + days, 23, 59, 0) - IST);
}

/** An instant as the portal writes it: "25/11/2026 11:59:00 PM" (IST). */
export function portalDate(at: Date): string {
  const d = new Date(at.getTime() + IST);
  const h = d.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(h % 12 || 12)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * The vehicle number formats the portal accepts: regular (MH12AB1234, MH12A1234, MH121234, MH12ABC1234), old
 * three-letter series (ABC1234), Bharat series (22BH1234AB), defence (DF...) and temporary (TR.../TM...).
 */
export const NIC_VEHICLE_FORMATS = [
  /^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$/,
  /^[A-Z]{3}[0-9]{4}$/,
  /^[0-9]{2}BH[0-9]{4}[A-Z]{1,2}$/,
  /^DF[0-9A-Z]{5,13}$/,
  /^T[RM][0-9A-Z]{5,13}$/,
];
export const isNicVehicleNumber = (v: string) => NIC_VEHICLE_FORMATS.some((re) => re.test(v));

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

const onThePortal = () =>
  new EwayBillError(
    'LOCAL',
    'E-way bills are generated on the portal by the seller here (EWAYBILL_PROVIDER=local): update or cancel it at ewaybillgst.gov.in.',
  );

export const localEwayBillProvider: EwayBillProvider = {
  name: 'local',
  managesBills: false,
  async generate() {
    return { ewbNumber: null, ewbDate: null };
  },
  async updateVehicle() {
    throw onThePortal();
  },
  async cancel() {
    throw onThePortal();
  },
};

/** The portal's words for the codes the simulator and the adapter name (NIC's published error list). */
const NIC_ERRORS: Record<string, string> = {
  '108': 'Invalid login credentials',
  '225': 'Invalid Vehicle Number Format',
  '238': 'Invalid auth token',
  '301': 'Invalid eway bill number',
  '304': 'Invalid vehicle format',
  '305': 'Place from is required',
  '306': 'Invalid from state',
  '307': 'Invalid reason',
  '308': 'Invalid remarks',
  '311': 'Validity period lapsed, you cannot update vehicle details',
  '312': 'This eway bill is either not generated by you or cancelled',
  '315': 'Validity period lapsed, you cannot cancel this eway bill',
  '604': 'An e-way bill is already generated for this document number',
};

/** A refusal as the adapter reports it: the portal's words and the code. */
export function nicRefusal(codes: string[]): EwayBillError {
  const words = codes.map((c) => (NIC_ERRORS[c] ? `${NIC_ERRORS[c]} (${c})` : `error ${c}`)).join('; ');
  return new EwayBillError(
    codes[0] ?? 'UNKNOWN',
    words ? `The e-way bill portal refused it: ${words}.` : 'The e-way bill portal refused it.',
  );
}

interface SimulatedBill {
  ewbNo: number;
  generatedAt: Date;
  validUpto: Date;
  distanceKm: number;
  hasPartB: boolean;
  cancelledAt: Date | null;
}

/**
 * The e-way bill portal simulator (EWAYBILL_PROVIDER=simulator): GENEWAYBILL, VEHEWB and CANEWB with the portal's
 * rules and error codes. State lives in the process, like a sandbox that resets.
 */
export class LocalEwayBillPortal implements EwayBillProvider {
  readonly name = 'simulator';
  readonly managesBills = true;
  private readonly byDoc = new Map<string, number>();
  readonly bills = new Map<number, SimulatedBill>();
  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** Forgets every bill, as the sandbox does when it resets (the tests reset the database under it). */
  reset() {
    this.byDoc.clear();
    this.bills.clear();
  }

  async generate(payload: unknown): Promise<EwayBillAnswer> {
    const b = apiBillOf(payload);
    const key = `${b.fromGstin}|${b.docType}|${b.docNo}`;
    if (this.byDoc.has(key)) throw nicRefusal(['604']);
    const vehicleNo = String(b.vehicleNo ?? '');
    if (vehicleNo && !isNicVehicleNumber(vehicleNo)) throw nicRefusal(['225']);
    const now = this.clock();
    const distanceKm = Number(b.transDistance) || 0;
    const ewbNo = Number(`3${String(randomInt(1e11)).padStart(11, '0')}`);
    const bill = {
      ewbNo,
      generatedAt: now,
      validUpto: ewayBillValidUntil(now, distanceKm),
      distanceKm,
      hasPartB: Boolean(vehicleNo || b.transDocNo),
      cancelledAt: null,
    };
    this.byDoc.set(key, ewbNo);
    this.bills.set(ewbNo, bill);
    return { ewbNumber: String(ewbNo), ewbDate: now, validUpto: bill.validUpto };
  }

  async updateVehicle(u: VehicleUpdate) {
    const bill = this.bills.get(Number(u.ewbNo));
    if (!bill) throw nicRefusal(['301']);
    if (bill.cancelledAt) throw nicRefusal(['312']);
    if (u.transMode === '1' && !isNicVehicleNumber(u.vehicleNo)) throw nicRefusal(['304']);
    if (!u.fromPlace) throw nicRefusal(['305']);
    if (!(u.fromState >= 1 && u.fromState <= 38) && u.fromState !== 97) throw nicRefusal(['306']);
    if (!['1', '2', '3', '4'].includes(String(u.reasonCode))) throw nicRefusal(['307']);
    if (String(u.reasonCode) === '3' && !u.reasonRem) throw nicRefusal(['308']);
    const now = this.clock();
    if (now > bill.validUpto) throw nicRefusal(['311']);
    // Validity runs from the first Part-B: a later change of vehicle does not extend it.
    if (!bill.hasPartB) bill.validUpto = ewayBillValidUntil(now, bill.distanceKm);
    bill.hasPartB = true;
    return { updatedAt: now, validUpto: bill.validUpto };
  }

  async cancel(ewbNo: number, reasonCode: number, remark: string) {
    const bill = this.bills.get(Number(ewbNo));
    if (!bill || bill.cancelledAt) throw nicRefusal(['312']);
    if (![1, 2, 3, 4].includes(Number(reasonCode))) throw nicRefusal(['307']);
    if (remark.length > 50) throw nicRefusal(['308']);
    const now = this.clock();
    if (now.getTime() - bill.generatedAt.getTime() > 24 * 3_600_000) throw nicRefusal(['315']);
    bill.cancelledAt = now;
    return { cancelledAt: now };
  }
}

export interface NicOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
  gstin: string;
  fetch?: typeof fetch;
}

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
  readonly managesBills = true;
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
    return nicRefusal(errorCodes(answer.error));
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

  /** One action on /ewayapi; a token the portal forgot gets one new sign-in and one more try. */
  private async action<T>(action: string, data: unknown): Promise<T> {
    const body = { action, data };
    let answer = await this.post('/ewaybillapi/v1.03/ewayapi', body, await this.authToken());
    if (String(answer.status) !== '1' && errorCodes(answer.error).includes('238')) {
      this.token = undefined;
      answer = await this.post('/ewaybillapi/v1.03/ewayapi', body, await this.authToken());
    }
    if (String(answer.status) !== '1') throw this.refusal(answer);
    return (typeof answer.data === 'string' ? JSON.parse(answer.data) : answer.data) as T;
  }

  async generate(payload: unknown): Promise<EwayBillAnswer> {
    const d = await this.action<{ ewayBillNo: string | number; ewayBillDate: string; validUpto?: string | null }>(
      'GENEWAYBILL',
      apiBillOf(payload),
    );
    return { ewbNumber: String(d.ewayBillNo), ewbDate: nicDate(d.ewayBillDate), validUpto: nicDate(d.validUpto) };
  }

  async updateVehicle(update: VehicleUpdate) {
    const d = await this.action<{ vehUpdDate: string; validUpto?: string | null }>('VEHEWB', update);
    return { updatedAt: nicDate(d.vehUpdDate), validUpto: nicDate(d.validUpto) };
  }

  async cancel(ewbNo: number, reasonCode: number, remark: string) {
    const d = await this.action<{ ewayBillNo: string | number; cancelDate: string }>('CANEWB', {
      ewbNo,
      cancelRsnCode: reasonCode,
      cancelRmrk: remark.slice(0, 50),
    });
    return { cancelledAt: nicDate(d.cancelDate) };
  }
}

let nic: { key: string; provider: NicEwayBillProvider } | undefined;
let simulator: LocalEwayBillPortal | undefined;

/** The provider EWAYBILL_PROVIDER names; the local one (JSON for the seller to upload) by default. */
export function ewayBillProvider(env: NodeJS.ProcessEnv = process.env): EwayBillProvider {
  const name = env.EWAYBILL_PROVIDER ?? 'local';
  if (name === 'local') return localEwayBillProvider;
  if (name === 'simulator') {
    simulator ??= new LocalEwayBillPortal();
    return simulator;
  }
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
  throw new Error(`EWAYBILL_PROVIDER=${name} is not known: use local, simulator or nic`);
}
