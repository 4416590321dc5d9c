import sharp from 'sharp';
import type { FastifyInstance } from 'fastify';
import { enqueue } from '../src/jobs/queue.ts';
import {
  type CommissionInvoiceBody,
  issueCommissionCreditNoteInTx,
  issueCommissionInvoiceInTx,
  platformOf,
} from '../src/modules/money/commission-invoice.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { createAdmin, createBuyer, createProduct, createSeller, makeGstin } from '../src/seed/factories.ts';
import { call, loginAdmin, loginSeller, textNotice } from './helpers.ts';
import { upload } from './multipart.ts';
import { placeOrder } from './trade-fixtures.ts';

export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  nullable?: boolean;
};

export interface Operation {
  method: string;
  /** The OpenAPI path, e.g. /api/product/{id}. */
  path: string;
  key: string;
  body?: JsonSchema;
  secured: boolean;
}

/** Every path + method the running app documents at /api/docs/json. */
export async function documentedOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await call(app, 'GET', '/api/docs/json');
  if (res.statusCode !== 200) throw new Error(`no OpenAPI document: ${res.statusCode}`);
  const doc = res.json() as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content: Record<string, { schema: JsonSchema }> }; security?: unknown[] }>
    >;
  };
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(methods)) {
      const method = m.toUpperCase();
      ops.push({
        method,
        path,
        key: `${method} ${path}`,
        body: op.requestBody?.content['application/json']?.schema,
        secured: Boolean(op.security?.length),
      });
    }
  }
  return ops;
}

export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`no value for {${name}} in ${path}`);
    return encodeURIComponent(v);
  });
}

let uniq = 0;
/** A value the schema accepts; strings with patterns are mapped to known formats of this API. */
export function sample(schema: JsonSchema | undefined, name = ''): unknown {
  if (!schema) return undefined;
  if (schema.oneOf?.[0]) return sample(schema.oneOf[0], name);
  if (schema.anyOf?.[0]) return sample(schema.anyOf[0], name);
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = sample(s, k);
      return out;
    }
    case 'array': {
      const n = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: n }, () => sample(schema.items, name));
    }
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 1;
      return Math.max(min, 1) === min && schema.exclusiveMinimum ? min + 1 : Math.max(min, 1);
    }
    case 'boolean':
      return false;
    default:
      return sampleString(schema, name);
  }
}

function sampleString(schema: JsonSchema, name: string): string {
  uniq++;
  const p = schema.pattern ?? '';
  if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (p.includes('[6-9][0-9]{9}')) return `98${String(10_000_000 + uniq * 7919).slice(-8)}`;
  if (p.includes('[0-9]{6}$') && p.startsWith('^[0-9]')) return '123456';
  if (p.includes('[1-9][0-9]{5}')) return '560025';
  if (schema.format === 'date' || p.includes('02-29')) return '2030-06-30';
  if (schema.format === 'email' || p.includes('@') || /email/i.test(name)) return `probe${uniq}@example.in`;
  if (/gst/i.test(name)) return makeGstin('27');
  if (/password/i.test(name)) return 'Sup3rSecret!pass';
  if (/hsn/i.test(name)) return '9503';
  if (/state/i.test(name)) return 'Karnataka';
  if (/sku/i.test(name)) return `SKU-PROBE-${uniq}`;
  const text = `probe ${name} ${uniq}`;
  return text.slice(0, schema.maxLength ?? 200);
}

/** A tiny real PNG and PDF that pass the upload checks. */
export async function validPng(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 400, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .png()
    .toBuffer();
}
export const VALID_PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * Seller A (verified, like B) with a product, an order from the buyer (paid), an RFQ, a notification and a document; seller B;
 * a second seller C the admin moderates; two buyers; two admins; a lead, a contact message and a dispute.
 */
export async function buildWorld(app: FastifyInstance) {
  const sellerA = await loginSeller(app, { gstNumber: '27AAPFU0939F1ZV', verified: true });
  const sellerB = await loginSeller(app, { verified: true });
  const sellerC = await createSeller(app.db, { status: 'received' });
  const buyerA = await createBuyer(app.db);
  const buyerB = await createBuyer(app.db);
  const admin = await loginAdmin(app);
  const productA = await createProduct(app.db, sellerA.manufacturer.id, { price: '100.00', moq: 1, stock: 1000 });
  const productC = await createProduct(app.db, sellerC.manufacturer.id);
  const buyerToken = (await createSession(app.db, buyerA.user.id, { remember: false })).token;

  const order = await placeOrder(app, buyerToken, sellerA.manufacturer.id, productA.id, 10);
  if (order.statusCode !== 201) throw new Error(`order: ${order.body}`);
  const orderId = order.json().id as string;
  const paymentId = await payByBankTransfer(app, buyerToken, orderId, admin.token);
  const [attempt] = await app.database.query<{ id: string }>('select id from payment_attempts where order_id = $1', [
    orderId,
  ]);
  const attemptId = attempt?.id as string;
  const [refund] = await app.database.query<{ id: string }>(
    `insert into refunds (refund_number, order_id, attempt_id, manufacturer_id, buyer_id, provider, amount_paise, reason)
     values ('RFD-WORLD-1', $1, $2, $3, $4, 'bank_transfer', 100, 'Probe') returning id`,
    [orderId, attemptId, sellerA.manufacturer.id, buyerA.buyer.id],
  );
  const refundId = refund?.id as string;
  // A shipped order of seller A and buyer A above Rs 50,000: its tax invoice and e-way bill are what the tax
  // document routes read.
  const shipped = (await placeOrder(app, buyerToken, sellerA.manufacturer.id, productA.id, 600)).json().id as string;
  const transport = { transporterName: 'VRL', mode: 'road', vehicleNumber: 'MH12AB1234', distanceKm: 800 };
  for (const body of [
    { status: 'processing' },
    { status: 'shipped', carrier: 'BlueDart', trackingNumber: 'W1', transport },
  ]) {
    const moved = await call(app, 'POST', `/api/orders/${shipped}/status`, { token: sellerA.token, body });
    if (moved.statusCode !== 200) throw new Error(`ship: ${moved.body}`);
  }
  const [taxDocument] = await app.database.query<{ id: string }>('select id from tax_documents where order_id = $1', [
    shipped,
  ]);
  const rfq = await call(app, 'POST', '/api/buyer/rfqs', {
    token: buyerToken,
    body: { manufacturerId: sellerA.manufacturer.id, productName: 'Custom puzzle', quantity: 500, targetPrice: 80 },
  });
  if (rfq.statusCode !== 201) throw new Error(`rfq: ${rfq.body}`);
  const rfqId = rfq.json().id as string;

  const lead = await call(app, 'POST', '/api/leads', {
    body: { name: 'Lead Person', company: 'Lead Co', contact: '9876501234' },
  });
  const contact = await call(app, 'POST', '/api/contact/admin', {
    body: { name: 'Asha', email: 'asha@example.in', subject: 'Help', message: 'Please call me' },
  });
  const [dispute] = await app.database.query<{ id: string }>(
    `insert into disputes (order_id, manufacturer_id, buyer_id, reason, status)
     values ($1, $2, $3, 'Damaged', 'open') returning id`,
    [orderId, sellerA.manufacturer.id, buyerA.buyer.id],
  );
  const [settlement] = await app.database.query<{ id: string }>(
    `insert into settlements (settlement_number, manufacturer_id, period_start, period_end, amount)
     values ('SET-WORLD-1', $1, '2030-01-01', '2030-01-31', '100.00') returning id`,
    [sellerA.manufacturer.id],
  );
  // Its commission invoice, issued as a settlement run issues it (from an earning line with commission).
  await app.database.query(
    `insert into seller_earnings (manufacturer_id, order_id, kind, gross_paise, taxable_paise, commission_paise,
       gst_on_commission_paise, tcs_paise, tds_paise, refunds_paise, net_paise, settlement_id, posted_at)
     values ($1, $2, 'release', 10000, 10000, 500, 90, 50, 10, 0, 9350, $3, '2030-01-31')`,
    [sellerA.manufacturer.id, orderId, settlement?.id],
  );
  const invoice = await issueCommissionInvoiceInTx(app.db, {
    settlementId: settlement?.id as string,
    number: 'PLC/2930/00001',
    financialYear: '2029-30',
    platform: platformOf(app.config),
    at: new Date('2030-01-31T10:00:00Z'),
  });
  // And a credit note against it, as a refund after release issues it.
  const creditNote = await issueCommissionCreditNoteInTx(app.db, {
    invoice: { ...(invoice as NonNullable<typeof invoice>), body: invoice?.body as CommissionInvoiceBody },
    orderId,
    orderNumber: 'WORLD',
    refundId: crypto.randomUUID(),
    refundNumber: 'RFD-WORLD-1',
    reason: 'Returned',
    commissionPaise: 100,
    gstPaise: 18,
    at: new Date('2030-02-01T10:00:00Z'),
  });

  // A seller has one document per kind (an upload replaces the last of its kind), so the document the probes
  // read is of a kind that neither the upload probe (pan) nor the delete probe (gst_certificate) sends.
  const newDocument = async (kind = 'gst_certificate') => {
    const res = await upload(app, '/api/settings/documents', sellerA.token, [
      { field: 'kind', data: kind },
      { field: 'file', name: 'gst.pdf', data: VALID_PDF, type: 'application/pdf' },
    ]);
    if (res.statusCode !== 201) throw new Error(`document: ${res.body}`);
    return res.json().id as string;
  };
  const documentId = await newDocument('udyam');

  const newNotification = async () => {
    await notify(app.db, {
      userId: sellerA.user.id,
      type: 'order_new',
      ...textNotice('New order', 'probe'),
      link: '/dashboard/orders',
    });
    const [row] = await app.database.query<{ id: string }>(
      'select id from notifications where user_id = $1 order by created_at desc limit 1',
      [sellerA.user.id],
    );
    if (!row) throw new Error('notification missing');
    return row.id;
  };

  /** An evidence file on a closed dispute of buyer A's order, written straight to storage (no upload cap). */
  const newEvidence = async () => {
    const [closed] = await app.database.query<{ id: string }>(
      `insert into disputes (order_id, manufacturer_id, buyer_id, reason, status)
       values ($1, $2, $3, 'Evidence probe', 'resolved_buyer') returning id`,
      [orderId, sellerA.manufacturer.id, buyerA.buyer.id],
    );
    const key = `disputes/${closed?.id}/probe.pdf`;
    await app.storage.put(key, VALID_PDF, 'application/pdf');
    const [row] = await app.database.query<{ id: string }>(
      `insert into dispute_evidence (dispute_id, storage_key, mime, original_name, size)
       values ($1, $2, 'application/pdf', 'probe.pdf', $3) returning id`,
      [closed?.id, key, VALID_PDF.length],
    );
    return { id: closed?.id as string, evidenceId: row?.id as string };
  };
  /** A PDF attached to a fresh requirement of buyer A, written straight to storage. */
  const newAttachment = async () => {
    const { id } = await newRequirement();
    const key = `requirements/${id}/probe.pdf`;
    await app.storage.put(key, VALID_PDF, 'application/pdf');
    const [row] = await app.database.query<{ id: string }>(
      `insert into requirement_attachments (requirement_id, storage_key, mime, original_name, size)
       values ($1, $2, 'application/pdf', 'probe.pdf', $3) returning id`,
      [id, key, VALID_PDF.length],
    );
    return { id, attachmentId: row?.id as string };
  };
  /** A fresh open requirement of buyer A (toys, seller A's and B's category) with seller A's quote on it. */
  const newRequirement = async () => {
    const [r] = await app.database.query<{ id: string }>(
      `insert into requirements (number, buyer_id, title, category, quantity, unit, deadline, delivery_state, pin_code)
       values ('REQ-WORLD-' || gen_random_uuid(), $1, 'Probe requirement', 'toys', 100, 'piece', '2031-12-31',
       'Karnataka', '560025') returning id`,
      [buyerA.buyer.id],
    );
    const [q] = await app.database.query<{ id: string }>(
      `insert into requirement_quotes (requirement_id, manufacturer_id, price_per_unit, quantity, delivery_days,
       valid_until) values ($1, $2, '10.00', 100, 10, '2031-12-31') returning id`,
      [r?.id, sellerA.manufacturer.id],
    );
    return { id: r?.id as string, quoteId: q?.id as string };
  };

  return {
    newEvidence,
    newAttachment,
    sellerA,
    sellerB,
    newRequirement,
    sellerC,
    buyerA,
    buyerB,
    admin,
    productA,
    productC,
    orderId,
    shippedOrderId: shipped,
    taxDocumentId: taxDocument?.id as string,
    paymentId,
    attemptId,
    refundId,
    rfqId,
    documentId,
    leadId: lead.json().id as string,
    contactId: contact.json().id as string,
    disputeId: dispute?.id as string,
    settlementId: settlement?.id as string,
    creditNoteId: creditNote?.id as string,
    newDocument,
    newNotification,
    newProduct: async () => (await createProduct(app.db, sellerA.manufacturer.id)).id,
    /** An address in buyer A's address book. */
    newAddress: async () => {
      const [row] = await app.database.query<{ id: string }>(
        `insert into buyer_addresses (buyer_id, label, contact_name, phone, line1, city, state, pin_code)
         values ($1, 'Probe', 'Probe Person', '9876501234', '1 Probe Road', 'Pune', 'Maharashtra', '411001')
         returning id`,
        [buyerA.buyer.id],
      );
      return row?.id as string;
    },
    /** A new product of seller A on buyer A's order list only. */
    cartLine: async () => {
      const p = await createProduct(app.db, sellerA.manufacturer.id, { moq: 1, stock: 100 });
      await app.database.query('insert into buyer_cart_items (buyer_id, product_id, quantity) values ($1, $2, 1)', [
        buyerA.buyer.id,
        p.id,
      ]);
      return p.id;
    },
    newAdmin: async () => (await createAdmin(app.db)).user.id,
    /**
     * A refund waiting for a second admin, asked by an admin of its own (so the world's admin may decide it), too
     * large to carry out: approving it answers 409 and nothing moves.
     */
    newApproval: async () => {
      const requester = (await createAdmin(app.db)).user.id;
      const [row] = await app.database.query<{ id: string }>(
        `insert into money_approvals (kind, order_id, amount_paise, reason, requested_by)
         values ('refund', $1, 100000000000, 'Access probe', $2) returning id`,
        [orderId, requester],
      );
      return row?.id as string;
    },
    /** A buyer of its own, for the probes that block one (buyers A and B keep their sessions). */
    newBuyer: async () => (await createBuyer(app.db)).buyer.id,
    /** A job in the dead letter (no handler has its name: its one attempt fails). */
    newDeadJob: async () => {
      const id = await enqueue(app.db, 'test.unknown', {}, { maxAttempts: 1 });
      await app.jobs.drain();
      return id as string;
    },
    /** A fresh session per call, so logout and revocation under test never cut the other calls off. */
    tokenFor: async (userId: string) => (await createSession(app.db, userId, { remember: false })).token,
  };
}

/** Pays an order the way a buyer does by bank transfer (UTR), confirmed by the admin; returns the payment's id. */
export async function payByBankTransfer(app: FastifyInstance, buyerToken: string, orderId: string, adminToken: string) {
  const start = await call(app, 'POST', `/api/buyer/orders/${orderId}/pay`, {
    token: buyerToken,
    body: { method: 'bank_transfer' },
  });
  if (start.statusCode !== 200) throw new Error(`pay: ${start.body}`);
  const attemptId = start.json().attempt.id as string;
  const utr = String(Math.floor(Math.random() * 1e12)).padStart(12, '1');
  const sent = await call(app, 'POST', `/api/buyer/payments/${attemptId}/utr`, { token: buyerToken, body: { utr } });
  if (sent.statusCode !== 200) throw new Error(`utr: ${sent.body}`);
  const ok = await call(app, 'POST', `/api/admin/finance/payments/${attemptId}/confirm`, { token: adminToken });
  if (ok.statusCode !== 200) throw new Error(`confirm: ${ok.body}`);
  const [p] = await app.database.query<{ id: string }>('select id from payments where order_id = $1', [orderId]);
  return p?.id ?? '';
}
