import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type ManufacturerStatus, REQUIREMENT_MESSAGES } from '@ub/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { forgetAllSessions } from '../src/modules/auth/sessions.ts';
import { RULES } from './access-rules.ts';
import { call, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';
import { buildWorld, documentedOperations, fillPath, type Operation, sample, type World } from './openapi-support.ts';
import { placeOrder, setStatus, tradeSetup, payOrder } from './trade-fixtures.ts';

/** What each account status may still do, in the words the seller reads in the 403 answer. */
const REFUSAL: Record<Exclude<ManufacturerStatus, 'approved'>, string> = {
  received:
    'Your account is not verified yet: you can prepare your product catalogue (products wait for moderation) and upload your documents; you can trade once it is verified, within 24 hours.',
  under_review:
    'Your account is not verified yet: you can prepare your product catalogue (products wait for moderation) and upload your documents; you can trade once it is verified, within 24 hours.',
  suspended:
    'Your account is suspended: you can still view your data, fulfil orders that are already paid, manage notifications and documents, and contact support. Contact support to have it reinstated.',
  rejected:
    'Your registration was rejected: you can view your account, upload corrected documents and contact support, but not list products or trade. Contact support.',
};

const ALL: ManufacturerStatus[] = ['approved', 'received', 'under_review', 'suspended', 'rejected'];
const CATALOGUE: ManufacturerStatus[] = ['approved', 'received', 'under_review'];
const TRADE: ManufacturerStatus[] = ['approved'];

/**
 * Every seller route that changes something, and the statuses that may call it. Reads (GET) are open to every
 * status. A new seller write route missing here fails the suite: decide what a suspended seller may do with it.
 */
const WRITES: Record<string, ManufacturerStatus[]> = {
  'POST /api/logout': ALL,
  'PUT /api/auth/language': ALL,
  'POST /api/settings/documents': ALL,
  'DELETE /api/settings/documents/{id}': ALL,
  'DELETE /api/notifications': ALL,
  'PATCH /api/notifications/read-all': ALL,
  'PATCH /api/notifications/{id}/read': ALL,
  'DELETE /api/notifications/{id}': ALL,
  'PUT /api/notifications/preferences': ALL,
  'POST /api/notifications/stream-ticket': ALL,
  'POST /api/product/add': CATALOGUE,
  'POST /api/upload/product-media/{id}': CATALOGUE,
  'PUT /api/product/{id}': CATALOGUE,
  'DELETE /api/product/{id}': CATALOGUE,
  'POST /api/products/bulk-upload': CATALOGUE,
  'POST /api/rfqs/{id}/approve': TRADE,
  'POST /api/rfqs/{id}/reject': TRADE,
  'POST /api/rfqs/{id}/counter': TRADE,
  'POST /api/rfqs/{id}/quote': TRADE,
  'POST /api/rfqs/{id}/convert': TRADE,
  'PUT /api/requirements/{id}/quote': TRADE,
  'POST /api/requirements/{id}/report': TRADE,
  // The world's order is paid: moving it towards delivery is fulfilment (unpaid orders: see below).
  'POST /api/orders/{id}/status': ['approved', 'suspended'],
  // Series prefixes and the e-invoicing flag are the account's own compliance settings.
  'PUT /api/settings/tax': ALL,
  // So is the account's own e-invoice portal user.
  'PUT /api/settings/einvoice-credentials': ALL,
  'DELETE /api/settings/einvoice-credentials': ALL,
  // And its own e-way bill portal user.
  'PUT /api/settings/ewaybill-credentials': ALL,
  'DELETE /api/settings/ewaybill-credentials': ALL,
  // And its own s.194-O(2) TDS declaration.
  'PUT /api/settings/tds-declaration': ALL,
  // A price correction is a change of the deal; the e-way bill number and the IRN of what was already issued are
  // fulfilment of it.
  'POST /api/orders/{id}/debit-notes': TRADE,
  'POST /api/orders/{id}/eway-bill': ['approved', 'suspended'],
  // A new vehicle for goods on the road, or cancelling a bill within 24 hours, is fulfilment too.
  'POST /api/orders/{id}/eway-bill/vehicle': ['approved', 'suspended'],
  'POST /api/orders/{id}/eway-bill/cancel': ['approved', 'suspended'],
  'POST /api/tax-documents/{id}/einvoice/cancel': ['approved', 'suspended'],
  'POST /api/tax-documents/{id}/einvoice/retry': ['approved', 'suspended'],
};

/** The reads that only some statuses may make, and what the others are told: the board is for verified sellers. */
const LIMITED_READS: Record<string, { statuses: ManufacturerStatus[]; refusal: string }> = {
  'GET /api/requirements': { statuses: TRADE, refusal: REQUIREMENT_MESSAGES.notVerified },
  'GET /api/requirements/{id}': { statuses: TRADE, refusal: REQUIREMENT_MESSAGES.notVerified },
  'GET /api/requirements/{id}/attachments/{attachmentId}': {
    statuses: TRADE,
    refusal: REQUIREMENT_MESSAGES.notVerified,
  },
};

const t = useTestApp({ DATA_DIR: mkdtempSync(join(tmpdir(), 'ub-status-')), RATE_LIMIT_SCALE: '100' });

async function setManufacturerStatus(manufacturerId: string, status: ManufacturerStatus) {
  await t.database.query('update manufacturers set status = $2 where id = $1', [manufacturerId, status]);
  forgetAllSessions();
}

describe('what a seller may do in each account status', () => {
  let ops: Operation[];
  let w: World;

  beforeAll(async () => {
    ops = (await documentedOperations(t.app)).filter((o) => {
      const access = RULES[o.key]?.access;
      return Array.isArray(access) && access.includes('seller');
    });
    w = await buildWorld(t.app);
  }, 60_000);

  it('has a status rule for every seller route that writes', () => {
    const writes = ops.filter((o) => o.method !== 'GET').map((o) => o.key);
    expect(writes.filter((k) => !WRITES[k])).toEqual([]);
    expect(Object.keys(WRITES).filter((k) => !writes.includes(k))).toEqual([]);
  });

  it('answers every seller route as the policy says, for every status, with the status message', async () => {
    const failures: string[] = [];
    // Approved last: the writes it may make cannot change what the other statuses are refused.
    for (const status of ['received', 'under_review', 'rejected', 'suspended', 'approved'] as const) {
      await setManufacturerStatus(w.sellerA.manufacturer.id, status);
      for (const op of ops) {
        const rule = RULES[op.key];
        if (!rule) continue;
        const params = rule.params ? await rule.params(w) : {};
        const url = fillPath(op.path, params);
        const token = await w.tokenFor(w.sellerA.user.id);
        const res = rule.files
          ? await upload(t.app, url, token, await rule.files(w))
          : await call(t.app, op.method as 'GET', url, {
              token,
              body: rule.body ? rule.body(w) : op.body ? sample(op.body) : undefined,
            });
        const limited = LIMITED_READS[op.key];
        const allowed = limited
          ? limited.statuses.includes(status)
          : op.method === 'GET' || (WRITES[op.key] ?? []).includes(status);
        const refusal = limited?.refusal ?? REFUSAL[status as keyof typeof REFUSAL];
        const ok = allowed
          ? ![401, 403, 404].includes(res.statusCode) && res.statusCode < 500
          : res.statusCode === 403 && res.json().error === refusal;
        if (!ok)
          failures.push(
            `${op.key} as ${status}: wanted ${allowed ? 'allowed' : 403}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('lets a suspended or unverified seller still write to support', async () => {
    for (const status of ['suspended', 'received', 'rejected'] as const) {
      await setManufacturerStatus(w.sellerA.manufacturer.id, status);
      const res = await call(t.app, 'POST', '/api/contact/admin', {
        token: await w.tokenFor(w.sellerA.user.id),
        body: { name: 'Asha', email: 'asha@example.in', subject: `Account ${status}`, message: 'Please help' },
      });
      expect(res.statusCode, status).toBe(201);
    }
  });

  it('reads the status afresh for a write, though the session is cached (a suspension made by another process)', async () => {
    await setManufacturerStatus(w.sellerA.manufacturer.id, 'approved');
    const token = await w.tokenFor(w.sellerA.user.id);
    // A read caches the session (with the approved status) in this process...
    expect((await call(t.app, 'GET', '/api/products', { token })).statusCode).toBe(200);
    // ...then the status changes where this process does not hear of it (another process, its message not here yet).
    await t.database.query('update manufacturers set status = $2 where id = $1', [
      w.sellerA.manufacturer.id,
      'suspended',
    ]);
    const res = await call(t.app, 'POST', '/api/contact/admin', {
      token,
      body: { name: 'Asha', email: 'asha@example.in', subject: 'Still here', message: 'Support stays open' },
    });
    expect(res.statusCode).toBe(201);
    const write = await call(t.app, 'POST', '/api/product/add', {
      token,
      body: {
        name: 'Slipped through',
        description: 'd',
        sku: 'SUSP-1',
        price: 10,
        moq: 1,
        stock: 1,
        unit: 'piece',
        category: 'toys',
      },
    });
    expect(write.statusCode, write.body).toBe(403);
    await setManufacturerStatus(w.sellerA.manufacturer.id, 'approved');
  });
});

describe('a suspended seller and its buyers', () => {
  it("lets the buyer decline a suspended seller's offer, but not accept or counter it", async () => {
    const { seller, buyer } = await tradeSetup(t.app);
    const { id } = (
      await call(t.app, 'POST', '/api/buyer/rfqs', {
        token: buyer.token,
        body: { manufacturerId: seller.manufacturer.id, productName: 'Brass hinge', quantity: 100, targetPrice: 40 },
      })
    ).json();
    await call(t.app, 'POST', `/api/rfqs/${id}/quote`, {
      token: seller.token,
      body: { pricePerUnit: 45, quantity: 100 },
    });
    await setManufacturerStatus(seller.manufacturer.id, 'suspended');
    const respond = (body: unknown) =>
      call(t.app, 'POST', `/api/buyer/rfqs/${id}/respond`, { token: buyer.token, body });
    for (const body of [{ action: 'accept' }, { action: 'counter', pricePerUnit: 42, quantity: 100 }]) {
      const res = await respond(body);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('This manufacturer cannot take on new business at the moment.');
    }
    const declined = await respond({ action: 'reject', notes: 'Found another supplier' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().status).toBe('rejected');
  });
});

describe('a suspended seller and its orders', () => {
  it('may take a paid order to delivery, but not move an unpaid one or cancel a paid one', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    const paid = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json().id as string;
    await payOrder(t.app, buyer.token, paid);
    const unpaid = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json().id as string;
    const second = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json().id as string;
    await payOrder(t.app, buyer.token, second);
    await setManufacturerStatus(seller.manufacturer.id, 'suspended');

    expect((await setStatus(t.app, seller.token, paid, { status: 'processing' })).statusCode).toBe(200);
    const shipped = await setStatus(t.app, seller.token, paid, {
      status: 'shipped',
      carrier: 'Delhivery',
      trackingNumber: 'DL-SUSP-1',
    });
    expect(shipped.statusCode).toBe(200);
    expect((await setStatus(t.app, seller.token, paid, { status: 'delivered' })).statusCode).toBe(200);

    const moveUnpaid = await setStatus(t.app, seller.token, unpaid, { status: 'processing' });
    expect(moveUnpaid.statusCode).toBe(403);
    expect(moveUnpaid.json().error).toBe(REFUSAL.suspended);
    const cancelPaid = await setStatus(t.app, seller.token, second, { status: 'cancelled', reason: 'Cannot make it' });
    expect(cancelPaid.statusCode).toBe(403);
    const statuses = await t.database.query<{ id: string; status: string }>(
      'select id, status from orders where id = any($1::uuid[])',
      [[unpaid, second]],
    );
    expect(statuses.map((s) => s.status)).toEqual(['pending', 'pending']);

    await setManufacturerStatus(seller.manufacturer.id, 'approved');
    expect((await setStatus(t.app, seller.token, unpaid, { status: 'processing' })).statusCode).toBe(200);
  });
});
