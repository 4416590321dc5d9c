import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@ub/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, useTestApp } from './helpers.ts';
import { type UploadFile, upload } from './multipart.ts';
import {
  buildWorld,
  documentedOperations,
  fillPath,
  type Operation,
  sample,
  VALID_PDF,
  validPng,
  type World,
} from './openapi-support.ts';

type Persona = 'nobody' | 'sellerA' | 'sellerB' | 'buyerA' | 'buyerB' | 'admin';

interface Rule {
  /** Who may call: anyone, the holder of a stream ticket, or signed-in users of these roles. */
  access: 'public' | 'ticket' | Role[];
  /**
   * Whose record the path's id names. Everyone else of an allowed role gets 404, exactly as for a record that
   * does not exist. `sellerA-user` is a per-user record (a notification) of seller A's user.
   */
  owner?: 'sellerA' | 'buyerA' | 'sellerA-user';
  params?: (w: World) => Promise<Record<string, string>> | Record<string, string>;
  body?: (w: World) => unknown;
  files?: (w: World) => Promise<UploadFile[]>;
}

const seller: Role[] = ['seller'];
const buyer: Role[] = ['buyer'];
const admin: Role[] = ['admin'];
const anyUser: Role[] = ['seller', 'buyer', 'admin'];

const product = (w: World) => ({ id: w.productA.id });
const order = (w: World) => ({ id: w.orderId });
const rfq = (w: World) => ({ id: w.rfqId });
const mfrC = (w: World) => ({ id: w.sellerC.manufacturer.id });
const productC = (w: World) => ({ id: w.productC.id });
const notification = async (w: World) => ({ id: await w.newNotification() });
const png = async (): Promise<UploadFile[]> => [
  { field: 'file', name: 'a.png', data: await validPng(), type: 'image/png' },
];

/** The access rule of every documented route. A documented route missing here fails the suite. */
const RULES: Record<string, Rule> = {
  'GET /api/health': { access: 'public' },
  'POST /api/register': { access: 'public' },
  'POST /api/login': {
    access: 'public',
    body: (w) => ({ username: w.sellerA.user.email, password: w.sellerA.password }),
  },
  'POST /api/admin/login': {
    access: 'public',
    body: (w) => ({ email: w.admin.user.email, password: w.admin.password }),
  },
  'POST /api/logout': { access: anyUser },
  'GET /api/me': { access: anyUser },
  'POST /api/forgot-password-sms': { access: 'public' },
  'POST /api/verify-reset-code': { access: 'public' },
  'POST /api/reset-password': { access: 'public' },
  'GET /api/settings': { access: seller },
  'GET /api/settings/documents': { access: seller },
  'POST /api/settings/documents': {
    access: seller,
    files: async () => [
      { field: 'kind', data: 'pan' },
      { field: 'file', name: 'pan.pdf', data: VALID_PDF, type: 'application/pdf' },
    ],
  },
  'GET /api/settings/documents/{id}/file': { access: seller, owner: 'sellerA', params: (w) => ({ id: w.documentId }) },
  'DELETE /api/settings/documents/{id}': {
    access: seller,
    owner: 'sellerA',
    params: async (w) => ({ id: await w.newDocument() }),
  },
  'GET /api/admin/manufacturers': { access: admin },
  'GET /api/admin/manufacturers/{id}': { access: admin, params: mfrC },
  'GET /api/admin/manufacturers/{id}/documents/{docId}': {
    access: admin,
    params: (w) => ({ id: w.sellerA.manufacturer.id, docId: w.documentId }),
  },
  'POST /api/admin/manufacturers/{id}/approve': { access: admin, params: mfrC },
  'POST /api/admin/manufacturers/{id}/reject': { access: admin, params: mfrC },
  'POST /api/admin/manufacturers/{id}/suspend': { access: admin, params: mfrC },
  'POST /api/admin/manufacturers/{id}/activate': { access: admin, params: mfrC },
  'GET /api/admin/products': { access: admin },
  'GET /api/admin/products/categories': { access: admin },
  'GET /api/admin/products/{id}': { access: admin, params: productC },
  'POST /api/admin/products/{id}/flag': { access: admin, params: productC },
  'POST /api/admin/products/{id}/approve': { access: admin, params: productC },
  'POST /api/admin/products/{id}/reject': { access: admin, params: productC },
  'POST /api/admin/products/{id}/suspend': { access: admin, params: productC },
  'POST /api/admin/products/{id}/activate': { access: admin, params: productC },
  'GET /api/admin/dashboard': { access: admin },
  'GET /api/admin/orders': { access: admin },
  'GET /api/admin/orders/{id}': { access: admin, params: order },
  'POST /api/admin/orders/{id}/status': { access: admin, params: order },
  'GET /api/admin/payments': { access: admin },
  'GET /api/admin/settlements': { access: admin },
  'POST /api/admin/settlements/generate': { access: admin },
  'POST /api/admin/settlements/{id}/mark-paid': { access: admin, params: (w) => ({ id: w.settlementId }) },
  'GET /api/admin/leads': { access: admin },
  'PATCH /api/admin/leads/{id}': { access: admin, params: (w) => ({ id: w.leadId }) },
  'GET /api/admin/disputes': { access: admin },
  'PATCH /api/admin/disputes/{id}': { access: admin, params: (w) => ({ id: w.disputeId }) },
  'GET /api/admin/reports/{file}': { access: admin, params: () => ({ file: 'orders.csv' }) },
  'GET /api/admin/admins': { access: admin },
  'POST /api/admin/admins': { access: admin },
  'POST /api/admin/admins/{id}/deactivate': { access: admin, params: async (w) => ({ id: await w.newAdmin() }) },
  'GET /api/admin/site-settings': { access: admin },
  'PUT /api/admin/site-settings': { access: admin },
  'GET /api/admin/audit-log': { access: admin },
  'GET /api/site': { access: 'public' },
  'GET /api/notifications': { access: anyUser },
  'DELETE /api/notifications': { access: anyUser },
  'PATCH /api/notifications/read-all': { access: anyUser },
  'PATCH /api/notifications/{id}/read': { access: anyUser, owner: 'sellerA-user', params: notification },
  'DELETE /api/notifications/{id}': { access: anyUser, owner: 'sellerA-user', params: notification },
  'GET /api/notifications/preferences': { access: anyUser },
  'PUT /api/notifications/preferences': { access: anyUser },
  'POST /api/notifications/stream-ticket': { access: anyUser },
  'GET /api/notifications/stream': { access: 'ticket' },
  'POST /api/contact/admin': { access: 'public' },
  'GET /api/admin/contact-messages': { access: admin },
  'POST /api/admin/contact-messages/{id}/reply': { access: admin, params: (w) => ({ id: w.contactId }) },
  'PATCH /api/admin/contact-messages/{id}': { access: admin, params: (w) => ({ id: w.contactId }) },
  'POST /api/leads': { access: 'public' },
  'POST /api/product/add': { access: seller },
  'POST /api/upload/product-media/{id}': { access: seller, owner: 'sellerA', params: product, files: png },
  'GET /api/product/{id}': { access: seller, owner: 'sellerA', params: product },
  'PUT /api/product/{id}': { access: seller, owner: 'sellerA', params: product },
  'DELETE /api/product/{id}': { access: seller, owner: 'sellerA', params: async (w) => ({ id: await w.newProduct() }) },
  'GET /api/products': { access: seller },
  'POST /api/products/bulk-upload': {
    access: seller,
    files: async () => [{ field: 'file', name: 'p.csv', data: 'name,sku\n', type: 'text/csv' }],
  },
  'GET /api/products/bulk-upload/template': { access: seller },
  'POST /api/buyer/register': { access: 'public' },
  'POST /api/buyer/login': {
    access: 'public',
    body: (w) => ({ username: w.buyerA.user.email, password: w.buyerA.password }),
  },
  'POST /api/buyer/rfqs': {
    access: buyer,
    body: (w) => ({ manufacturerId: w.sellerA.manufacturer.id, productName: 'Probe puzzle', quantity: 100 }),
  },
  'GET /api/buyer/rfqs': { access: buyer },
  'POST /api/buyer/rfqs/{id}/respond': { access: buyer, owner: 'buyerA', params: rfq },
  'GET /api/buyer/rfqs/{id}': { access: buyer, owner: 'buyerA', params: rfq },
  'POST /api/buyer/orders': {
    access: buyer,
    body: (w) => ({
      manufacturerId: w.sellerA.manufacturer.id,
      items: [{ productId: w.productA.id, quantity: 1 }],
      shippingAddress: { street: '44 Residency Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560025' },
    }),
  },
  'GET /api/buyer/orders': { access: buyer },
  'GET /api/buyer/orders/{id}': { access: buyer, owner: 'buyerA', params: order },
  'POST /api/buyer/orders/{id}/payments': { access: buyer, owner: 'buyerA', params: order },
  'POST /api/buyer/orders/{id}/cancel': { access: buyer, owner: 'buyerA', params: order },
  'POST /api/buyer/orders/{id}/disputes': { access: buyer, owner: 'buyerA', params: order },
  'GET /api/rfqs': { access: seller },
  'GET /api/rfqs/{id}': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/approve': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/reject': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/counter': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/quote': { access: seller, owner: 'sellerA', params: rfq },
  'POST /api/rfqs/{id}/convert': { access: seller, owner: 'sellerA', params: rfq },
  'GET /api/orders': { access: seller },
  'GET /api/orders/{id}': { access: seller, owner: 'sellerA', params: order },
  'POST /api/orders/{id}/status': { access: seller, owner: 'sellerA', params: order },
  'GET /api/orders/{id}/invoice.pdf': { access: seller, owner: 'sellerA', params: order },
  'GET /api/payments': { access: seller },
  'GET /api/payments/{id}': { access: seller, owner: 'sellerA', params: (w) => ({ id: w.paymentId }) },
  'GET /api/dashboard/overview': { access: seller },
};

const ROLE_OF: Record<Exclude<Persona, 'nobody'>, Role> = {
  sellerA: 'seller',
  sellerB: 'seller',
  buyerA: 'buyer',
  buyerB: 'buyer',
  admin: 'admin',
};

/** What the rule says a persona must get: an exact status, or "allowed" (anything but 401, 403 and 404). */
function expected(rule: Rule, persona: Persona): 401 | 403 | 404 | 'allowed' {
  if (rule.access === 'public') return 'allowed';
  if (rule.access === 'ticket') return 401;
  if (persona === 'nobody') return 401;
  if (!rule.access.includes(ROLE_OF[persona])) return 403;
  if (!rule.owner) return 'allowed';
  const owner = rule.owner === 'sellerA-user' ? 'sellerA' : rule.owner;
  return persona === owner ? 'allowed' : 404;
}

describe('access control matrix over the OpenAPI document', () => {
  const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ub-access-')), RATE_LIMIT_SCALE: '100' });
  let ops: Operation[];
  let w: World;

  beforeAll(async () => {
    ops = await documentedOperations(t.app);
    w = await buildWorld(t.app);
  }, 60_000);

  it('has a rule for every documented route and no rule for a route that is gone', () => {
    const documented = ops.map((o) => o.key);
    expect(
      documented.filter((k) => !RULES[k]),
      'documented routes without an access rule',
    ).toEqual([]);
    expect(
      Object.keys(RULES).filter((k) => !documented.includes(k)),
      'rules for undocumented routes',
    ).toEqual([]);
  });

  it('marks every route that needs a token as bearer-secured in the document', () => {
    const wrong = ops.filter((o) => {
      const rule = RULES[o.key];
      return rule && Array.isArray(rule.access) !== o.secured;
    });
    expect(wrong.map((o) => o.key)).toEqual([]);
  });

  it('answers every route as its rule says for nobody, both sellers, both buyers and the admin', async () => {
    const userIds: Record<Exclude<Persona, 'nobody'>, string> = {
      sellerA: w.sellerA.user.id,
      sellerB: w.sellerB.user.id,
      buyerA: w.buyerA.user.id,
      buyerB: w.buyerB.user.id,
      admin: w.admin.user.id,
    };
    const failures: string[] = [];
    for (const op of ops) {
      const rule = RULES[op.key];
      if (!rule) continue;
      // The owner calls last, so a write it is allowed to make cannot change what the others see.
      const personas: Persona[] =
        rule.access === 'public'
          ? ['nobody']
          : (['nobody', 'sellerB', 'buyerB', 'admin', 'buyerA', 'sellerA'].sort(
              (a, b) => Number(a === rule.owner) - Number(b === rule.owner),
            ) as Persona[]);
      for (const persona of personas) {
        const params = rule.params ? await rule.params(w) : {};
        const url = fillPath(op.path, params);
        const token = persona === 'nobody' ? undefined : await w.tokenFor(userIds[persona]);
        const res = rule.files
          ? await upload(t.app, url, token, await rule.files(w))
          : await call(t.app, op.method as 'GET', url, {
              token,
              body: rule.body ? rule.body(w) : op.body ? sample(op.body) : undefined,
            });
        const want = expected(rule, persona);
        const ok =
          want === 'allowed'
            ? ![401, 403, 404].includes(res.statusCode) && res.statusCode < 500
            : res.statusCode === want;
        if (!ok)
          failures.push(`${op.key} as ${persona}: wanted ${want}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
