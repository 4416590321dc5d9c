import { randomInt } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the NIC e-way bill API (version 1.03) as a GSP's gateway serves it, for tests only: it is
 * not NIC and proves only that the adapter speaks the shapes the API documents. It listens on 127.0.0.1 on a free
 * port and answers:
 * - POST /ewaybillapi/v1.03/auth: `client-id`/`client-secret` headers and `{ action: "ACCESSTOKEN", username,
 *   password }` give `{ status: "1", authtoken }`; wrong ones `{ status: "0", error }`.
 * - POST /ewaybillapi/v1.03/ewayapi: an `authtoken` header and `{ action: "GENEWAYBILL", data }` give
 *   `{ status: "1", data: { ewayBillNo, ewayBillDate, validUpto } }` (dates as "dd/MM/yyyy hh:mm:ss AM", IST).
 * - POST /ewaybillapi/v1.03/ewayapi with `{ action: "VEHEWB", data: { ewbNo, vehicleNo, fromPlace, fromState,
 *   reasonCode, reasonRem, transDocNo, transDocDate, transMode, vehicleType } }` gives `{ vehUpdDate, validUpto }`;
 *   `{ action: "CANEWB", data: { ewbNo, cancelRsnCode, cancelRmrk } }` gives `{ ewayBillNo, cancelDate }`.
 * Refusals are `{ status: "0", error: base64('{"errorCodes":"604,"}') }`, as the portal writes them: 238 for an
 * unknown token, 604 for a document number that has an e-way bill, 402 when Part A misses a required field, 304 for
 * a vehicle number the portal's formats do not match, 312 for an unknown or cancelled bill, 315 for a cancellation
 * more than 24 hours after generation (the fake's clock: `now`).
 * `expireTokens()` forgets every token (the portal restarted); `down` answers 503.
 */
export interface EwayBillFake {
  url: string;
  requests: Array<{ path: string; headers: Record<string, unknown>; body: Record<string, unknown> }>;
  bills: Map<string, { ewayBillNo: string; data: Record<string, unknown>; generatedAt: Date; cancelled?: boolean }>;
  /** The fake portal's clock (tests move it to see the 24-hour rule). */
  now: () => Date;
  expireTokens(): void;
  /** More API users, each the portal's user of one GSTIN (the `gstin` header must be theirs): a seller's own. */
  users: Map<string, { password: string; gstin: string }>;
  down: boolean;
  close(): Promise<void>;
}

const REQUIRED = [
  'supplyType',
  'docType',
  'docNo',
  'docDate',
  'fromGstin',
  'fromStateCode',
  'toStateCode',
  'transactionType',
  'totInvValue',
  'transDistance',
  'itemList',
];

const refuse = (codes: string) => ({
  status: '0',
  error: Buffer.from(JSON.stringify({ errorCodes: `${codes},` })).toString('base64'),
});
const pad = (n: number) => String(n).padStart(2, '0');
const portalDate = (at: Date) => {
  const d = new Date(at.getTime() + 330 * 60_000);
  const h = d.getUTCHours();
  return `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()} ${pad(h % 12 || 12)}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} ${h < 12 ? 'AM' : 'PM'}`;
};
/** Written here from the rule (1 day per 200 km or part, ending 11:59 PM IST), not imported from the adapter. */
const validUpto = (from: Date, km: number) => {
  const d = new Date(from.getTime() + 330 * 60_000);
  const end = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + Math.max(1, Math.ceil(km / 200))),
  );
  return `${pad(end.getUTCDate())}/${pad(end.getUTCMonth() + 1)}/${end.getUTCFullYear()} 11:59:00 PM`;
};

export async function startEwayBillFake(opts: {
  clientId: string;
  clientSecret: string;
  username: string;
  password: string;
}): Promise<EwayBillFake> {
  const tokens = new Set<string>();
  const fake = {
    requests: [],
    bills: new Map(),
    users: new Map(),
    down: false,
    now: () => new Date(),
  } as unknown as EwayBillFake;
  const byNumber = (ewbNo: unknown) => [...fake.bills.values()].find((b) => b.ewayBillNo === String(ewbNo));
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => {
      raw += c;
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as Record<string, unknown>;
      fake.requests.push({ path: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      const send = (answer: unknown) => res.end(JSON.stringify(answer));
      if (fake.down) {
        res.statusCode = 503;
        res.end('{}');
        return;
      }
      const client = req.headers['client-id'] === opts.clientId && req.headers['client-secret'] === opts.clientSecret;
      if (req.url === '/ewaybillapi/v1.03/auth' && body.action === 'ACCESSTOKEN') {
        const user = fake.users.get(String(body.username));
        const known =
          (body.username === opts.username && body.password === opts.password) ||
          (user && body.password === user.password && req.headers.gstin === user.gstin);
        if (!client || !known) return send(refuse('108'));
        const token = `tok-${randomInt(1e9)}`;
        tokens.add(token);
        return send({ status: '1', authtoken: token, sek: 'not-used-through-a-gsp' });
      }
      if (req.url === '/ewaybillapi/v1.03/ewayapi' && body.action === 'GENEWAYBILL') {
        if (!client || !tokens.has(String(req.headers.authtoken))) return send(refuse('238'));
        const data = (body.data ?? {}) as Record<string, unknown>;
        if (
          REQUIRED.some((k) => data[k] === undefined || data[k] === '') ||
          !Array.isArray(data.itemList) ||
          !data.itemList.length
        ) {
          return send(refuse('402'));
        }
        const key = `${data.fromGstin}|${data.docType}|${data.docNo}`;
        if (fake.bills.has(key)) return send(refuse('604'));
        const ewayBillNo = `${3}${String(randomInt(1e11)).padStart(11, '0')}`;
        const now = fake.now();
        fake.bills.set(key, { ewayBillNo, data, generatedAt: now });
        return send({
          status: '1',
          data: {
            ewayBillNo: Number(ewayBillNo),
            ewayBillDate: portalDate(now),
            validUpto: validUpto(now, Number(data.transDistance)),
            alert: '',
          },
        });
      }
      if (req.url === '/ewaybillapi/v1.03/ewayapi' && body.action === 'VEHEWB') {
        if (!client || !tokens.has(String(req.headers.authtoken))) return send(refuse('238'));
        const data = (body.data ?? {}) as Record<string, unknown>;
        const bill = byNumber(data.ewbNo);
        if (!bill || bill.cancelled) return send(refuse('312'));
        if (String(data.transMode) === '1' && !/^[A-Z]{2}[0-9]{1,2}[A-Z]{0,3}[0-9]{4}$/.test(String(data.vehicleNo))) {
          return send(refuse('304'));
        }
        if (!data.fromPlace) return send(refuse('305'));
        // A change of vehicle keeps the validity counted from the first Part-B.
        return send({
          status: '1',
          data: {
            vehUpdDate: portalDate(fake.now()),
            validUpto: validUpto(bill.generatedAt, Number(bill.data.transDistance)),
          },
        });
      }
      if (req.url === '/ewaybillapi/v1.03/ewayapi' && body.action === 'CANEWB') {
        if (!client || !tokens.has(String(req.headers.authtoken))) return send(refuse('238'));
        const data = (body.data ?? {}) as Record<string, unknown>;
        const bill = byNumber(data.ewbNo);
        if (!bill || bill.cancelled) return send(refuse('312'));
        if (fake.now().getTime() - bill.generatedAt.getTime() > 24 * 3_600_000) return send(refuse('315'));
        bill.cancelled = true;
        return send({ status: '1', data: { ewayBillNo: Number(bill.ewayBillNo), cancelDate: portalDate(fake.now()) } });
      }
      res.statusCode = 404;
      res.end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.expireTokens = () => tokens.clear();
  fake.close = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}
