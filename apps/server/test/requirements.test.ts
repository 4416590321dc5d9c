import { REQUIREMENT_ATTACHMENT_MESSAGES, REQUIREMENT_LIMITS, REQUIREMENT_MESSAGES, RFQ_MESSAGES } from '@ub/shared';
import { describe, expect, it } from 'vitest';
import { EXPIRE_REQUIREMENTS } from '../src/jobs/definitions.ts';
import { enqueue } from '../src/jobs/queue.ts';
import { SCHEDULES } from '../src/jobs/schedules.ts';
import { createProduct, createSeller } from '../src/seed/factories.ts';
import { call, count, createBuyerSession, loginAdmin, loginSeller, useTestApp } from './helpers.ts';
import { upload } from './multipart.ts';
import { VALID_PDF, validPng } from './openapi-support.ts';

const t = useTestApp();

const requirement = (extra: Record<string, unknown> = {}) => ({
  title: 'Wooden stacking toys',
  description: 'Neem wood, non-toxic paint, printed box',
  category: 'toys',
  quantity: 2000,
  unit: 'piece',
  targetPrice: 45,
  deadline: '2031-12-31',
  deliveryState: 'Karnataka',
  pinCode: '560025',
  ...extra,
});

const quote = (extra: Record<string, unknown> = {}) => ({
  pricePerUnit: 42.5,
  quantity: 2000,
  deliveryDays: 21,
  validUntil: '2031-12-31',
  gstRate: 18,
  note: 'Sample in 5 days',
  ...extra,
});

async function post(token: string, body = requirement()) {
  return call(t.app, 'POST', '/api/buyer/requirements', { token, body });
}

/** The user's notifications of a type (about one requirement, when `about` is given). */
async function notificationsOf(userId: string, type: string, about?: string) {
  const rows = await t.database.query<{ title: string; message: string; link: string }>(
    'select title, message, link from notifications where user_id = $1 and type = $2 order by created_at',
    [userId, type],
  );
  return about ? rows.filter((n) => n.link.includes(about)) : rows;
}

describe('posting a requirement', () => {
  it('refuses bad input with field messages and writes nothing', async () => {
    const buyer = await createBuyerSession(t.app);
    const res = await post(
      buyer.token,
      requirement({
        title: '',
        category: 'furniture',
        quantity: 0,
        unit: 'tonne',
        deadline: '2031-02-30',
        deliveryState: 'Atlantis',
        pinCode: '12345',
      }),
    );
    expect(res.statusCode).toBe(400);
    const fields = res.json().fields;
    expect(Object.keys(fields).sort()).toEqual(
      ['category', 'deadline', 'deliveryState', 'pinCode', 'quantity', 'title', 'unit'].sort(),
    );
    expect(fields.pinCode).toBe(REQUIREMENT_MESSAGES.pinCode);
    const past = await post(buyer.token, requirement({ deadline: '2020-01-01' }));
    expect(past.statusCode).toBe(400);
    expect(past.json().fields.deadline).toBe(REQUIREMENT_MESSAGES.deadlineFuture);
    expect(await count(t.database, 'requirements')).toBe(0);
  });

  it('numbers a requirement, lists it under its status, and stops a buyer at the open limit with a clear 409', async () => {
    const buyer = await createBuyerSession(t.app);
    for (let i = 0; i < REQUIREMENT_LIMITS.openPerBuyer; i++) {
      const res = await post(buyer.token, requirement({ title: `Item ${i}` }));
      expect(res.statusCode).toBe(201);
      expect(res.json().number).toMatch(/^REQ-\d{4}-\d{6}$/);
    }
    const over = await post(buyer.token);
    expect(over.statusCode).toBe(409);
    expect(over.json().error).toBe(REQUIREMENT_MESSAGES.tooManyOpen(REQUIREMENT_LIMITS.openPerBuyer));
    const list = await call(t.app, 'GET', '/api/buyer/requirements?status=open', { token: buyer.token });
    expect(list.json().total).toBe(REQUIREMENT_LIMITS.openPerBuyer);
    expect(list.json().requirements).toHaveLength(REQUIREMENT_LIMITS.pageSize);
    // Closing one frees a place.
    const first = list.json().requirements[0].id as string;
    const close = await call(t.app, 'POST', `/api/buyer/requirements/${first}/close`, { token: buyer.token, body: {} });
    expect(close.statusCode).toBe(200);
    expect(close.json().status).toBe('closed');
    expect((await post(buyer.token)).statusCode).toBe(201);
    const closed = await call(t.app, 'GET', '/api/buyer/requirements?status=closed', { token: buyer.token });
    expect(closed.json().requirements.map((r: { id: string }) => r.id)).toEqual([first]);
  });
});

describe('the board and quotes', () => {
  it('shows a requirement only to verified sellers of its category, tells them, and lets each quote once and revise', async () => {
    const buyer = await createBuyerSession(t.app);
    const other = await createBuyerSession(t.app);
    const toys = await loginSeller(t.app, { verified: true, category: 'toys', companyName: 'Toy Works' });
    // Registered for packaging, but lists an approved toy: sees toy requirements too.
    const packer = await loginSeller(t.app, { verified: true, category: 'packaging', companyName: 'Pack Co' });
    await createProduct(t.app.db, packer.manufacturer.id, { category: 'toys' });
    const electronics = await loginSeller(t.app, { verified: true, category: 'electronic_components' });
    const pending = await loginSeller(t.app, { verified: true, category: 'toys', status: 'under_review' });
    const suspended = await createSeller(t.app.db, { verified: true, category: 'toys', status: 'suspended' });

    const created = await post(buyer.token, requirement({ title: 'Rattles for the board test' }));
    const id = created.json().id as string;
    await t.app.jobs.drain();
    expect(await notificationsOf(toys.user.id, 'requirement_new', id)).toEqual([
      expect.objectContaining({ link: `/dashboard/rfqs?tab=board&requirement=${id}` }),
    ]);
    expect(await notificationsOf(packer.user.id, 'requirement_new', id)).toHaveLength(1);
    expect(await notificationsOf(electronics.user.id, 'requirement_new', id)).toHaveLength(0);
    expect(await notificationsOf(pending.user.id, 'requirement_new', id)).toHaveLength(0);
    expect(await notificationsOf(suspended.user.id, 'requirement_new', id)).toHaveLength(0);

    const board = await call(t.app, 'GET', '/api/requirements?search=rattles&state=karnataka', { token: toys.token });
    expect(board.statusCode).toBe(200);
    expect(board.json().requirements.map((r: { id: string }) => r.id)).toEqual([id]);
    expect(board.json().requirements[0].myQuote).toBeNull();
    const elsewhere = await call(t.app, 'GET', '/api/requirements?search=rattles&state=Punjab', { token: toys.token });
    expect(elsewhere.json().total).toBe(0);
    const onPacker = await call(t.app, 'GET', '/api/requirements?search=rattles', { token: packer.token });
    expect(onPacker.json().total).toBe(1);
    const onElectronics = await call(t.app, 'GET', '/api/requirements', { token: electronics.token });
    expect(onElectronics.json()).toMatchObject({ total: 0, requirements: [] });
    expect((await call(t.app, 'GET', `/api/requirements/${id}`, { token: electronics.token })).statusCode).toBe(404);
    const unverified = await call(t.app, 'GET', '/api/requirements', { token: pending.token });
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json().error).toBe(REQUIREMENT_MESSAGES.notVerified);
    expect(
      (await call(t.app, 'PUT', `/api/requirements/${id}/quote`, { token: electronics.token, body: quote() }))
        .statusCode,
    ).toBe(404);

    // A bad quote says what is wrong.
    const bad = await call(t.app, 'PUT', `/api/requirements/${id}/quote`, {
      token: toys.token,
      body: quote({ pricePerUnit: 0, deliveryDays: 0, validUntil: '2020-01-01', gstRate: 7 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(['deliveryDays', 'gstRate', 'pricePerUnit', 'validUntil']);

    const first = await call(t.app, 'PUT', `/api/requirements/${id}/quote`, { token: toys.token, body: quote() });
    expect(first.statusCode).toBe(201);
    const revised = await call(t.app, 'PUT', `/api/requirements/${id}/quote`, {
      token: toys.token,
      body: quote({ pricePerUnit: 40, deliveryDays: 18 }),
    });
    expect(revised.statusCode).toBe(200);
    expect(revised.json()).toMatchObject({ id: first.json().id, pricePerUnit: '40.00', deliveryDays: 18 });
    expect(revised.json().revisedAt).not.toBeNull();
    expect(await count(t.database, `requirement_quotes where requirement_id = '${id}'`)).toBe(1);
    expect(await count(t.database, `requirement_quote_revisions where quote_id = '${first.json().id}'`)).toBe(2);
    expect((await notificationsOf(buyer.user.id, 'requirement_quote')).map((n) => n.title)).toEqual([
      'New quote',
      'Quote revised',
    ]);

    const packerQuote = await call(t.app, 'PUT', `/api/requirements/${id}/quote`, {
      token: packer.token,
      body: quote({ pricePerUnit: 44, deliveryDays: 10, gstRate: undefined }),
    });
    expect(packerQuote.statusCode).toBe(201);

    // Each seller sees its own quote only; the buyer sees both side by side; another buyer sees nothing.
    const mine = await call(t.app, 'GET', `/api/requirements/${id}`, { token: packer.token });
    expect(mine.json().myQuote).toMatchObject({ id: packerQuote.json().id, pricePerUnit: '44.00' });
    expect(JSON.stringify(mine.json())).not.toContain(first.json().id);
    const detail = await call(t.app, 'GET', `/api/buyer/requirements/${id}`, { token: buyer.token });
    expect(detail.statusCode).toBe(200);
    const d = detail.json();
    expect(d.quotes.map((q: { sellerCompany: string }) => q.sellerCompany)).toEqual(['Toy Works', 'Pack Co']);
    expect(d.quotes[0]).toMatchObject({ subtotal: '80000.00', totalWithGst: '94400.00', verified: true });
    expect(d.quotes[1]).toMatchObject({ subtotal: '88000.00', totalWithGst: null });
    expect(d.cheapestQuoteId).toBe(first.json().id);
    expect(d.fastestQuoteId).toBe(packerQuote.json().id);
    const mine2 = await call(t.app, 'GET', '/api/buyer/requirements', { token: buyer.token });
    expect(mine2.json().requirements).toEqual([expect.objectContaining({ id, quoteCount: 2 })]);
    expect((await call(t.app, 'GET', `/api/buyer/requirements/${id}`, { token: other.token })).statusCode).toBe(404);
    expect(
      (
        await call(t.app, 'POST', `/api/buyer/requirements/${id}/quotes/${first.json().id}/accept`, {
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('accepting a quote', () => {
  it('makes an accepted RFQ with the quote as the offer, closes the other quotes and tells every seller', async () => {
    const buyer = await createBuyerSession(t.app);
    const a = await loginSeller(t.app, { verified: true, category: 'toys', companyName: 'Accepted Toys' });
    const b = await loginSeller(t.app, { verified: true, category: 'toys', companyName: 'Other Toys' });
    const id = (await post(buyer.token, requirement({ title: 'Spinning tops' }))).json().id as string;
    const qa = await call(t.app, 'PUT', `/api/requirements/${id}/quote`, { token: a.token, body: quote() });
    const qb = await call(t.app, 'PUT', `/api/requirements/${id}/quote`, {
      token: b.token,
      body: quote({ pricePerUnit: 50 }),
    });

    const res = await call(t.app, 'POST', `/api/buyer/requirements/${id}/quotes/${qa.json().id}/accept`, {
      token: buyer.token,
    });
    expect(res.statusCode).toBe(200);
    const { rfqId, requirement: after } = res.json();
    expect(after.status).toBe('accepted');
    expect(after.rfqId).toBe(rfqId);
    expect(after.quotes.find((q: { id: string }) => q.id === qb.json().id).status).toBe('closed');

    const rfq = await call(t.app, 'GET', `/api/buyer/rfqs/${rfqId}`, { token: buyer.token });
    expect(rfq.json()).toMatchObject({ status: 'accepted', agreedPrice: '42.50', agreedQuantity: 2000 });
    expect(rfq.json().offers.map((o: { by: string; kind: string }) => `${o.by}:${o.kind}`)).toEqual([
      'buyer:request',
      'seller:quote',
      'buyer:accept',
    ]);
    const sellerView = await call(t.app, 'GET', `/api/rfqs/${rfqId}`, { token: a.token });
    expect(sellerView.statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/rfqs/${rfqId}`, { token: b.token })).statusCode).toBe(404);

    expect(await notificationsOf(a.user.id, 'requirement_quote_closed')).toEqual([
      expect.objectContaining({ title: 'Quote accepted', link: `/dashboard/rfqs/${rfqId}` }),
    ]);
    expect(await notificationsOf(b.user.id, 'requirement_quote_closed')).toEqual([
      expect.objectContaining({ title: 'Quote closed' }),
    ]);
    // Nothing more can happen on it.
    const again = await call(t.app, 'POST', `/api/buyer/requirements/${id}/quotes/${qb.json().id}/accept`, {
      token: buyer.token,
    });
    expect(again.statusCode).toBe(409);
    const late = await call(t.app, 'PUT', `/api/requirements/${id}/quote`, { token: b.token, body: quote() });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe(REQUIREMENT_MESSAGES.notOpen);
  });
});

describe('attachments', () => {
  it('lets the buyer attach photos and PDFs; sellers who see it and the admin open them, others get 404', async () => {
    const buyer = await createBuyerSession(t.app);
    const other = await createBuyerSession(t.app);
    const toys = await loginSeller(t.app, { verified: true, category: 'toys' });
    const electronics = await loginSeller(t.app, { verified: true, category: 'electronic_components' });
    const admin = await loginAdmin(t.app);
    const id = (await post(buyer.token, requirement({ title: 'Attachment test blocks' }))).json().id as string;
    const res = await upload(t.app, `/api/buyer/requirements/${id}/attachments`, buyer.token, [
      { field: 'files', name: 'sample.png', data: await validPng(), type: 'image/png' },
      { field: 'files', name: 'drawing.pdf', data: VALID_PDF, type: 'application/pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().attachments.map((a: { name: string; mime: string }) => [a.name, a.mime])).toEqual([
      ['sample.png', 'image/png'],
      ['drawing.pdf', 'application/pdf'],
    ]);

    // Each role reads them with its own URLs.
    const mine = (await call(t.app, 'GET', `/api/buyer/requirements/${id}`, { token: buyer.token })).json();
    expect(mine.attachments.map((a: { name: string }) => a.name)).toEqual(['sample.png', 'drawing.pdf']);
    const board = (await call(t.app, 'GET', '/api/requirements?search=attachment', { token: toys.token })).json();
    const onBoard = board.requirements[0].attachments as Array<{ url: string; name: string }>;
    expect(onBoard.map((a) => a.name)).toEqual(['sample.png', 'drawing.pdf']);
    const sellerUrl = onBoard[1]?.url as string;
    expect(sellerUrl).toMatch(new RegExp(`^/api/requirements/${id}/attachments/`));
    const asSeller = await call(t.app, 'GET', sellerUrl, { token: toys.token });
    expect(asSeller.statusCode).toBe(200);
    expect(asSeller.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const adminView = (await call(t.app, 'GET', `/api/admin/requirements/${id}`, { token: admin.token })).json();
    const asAdmin = await call(t.app, 'GET', adminView.attachments[0].url, { token: admin.token });
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.headers['content-type']).toBe('image/png');
    const buyerFile = await call(t.app, 'GET', mine.attachments[0].url, { token: buyer.token });
    expect(buyerFile.statusCode).toBe(200);

    // A seller of another category, another buyer: 404.
    expect((await call(t.app, 'GET', sellerUrl, { token: electronics.token })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', mine.attachments[0].url, { token: other.token })).statusCode).toBe(404);
    const stranger = await upload(t.app, `/api/buyer/requirements/${id}/attachments`, other.token, [
      { field: 'files', name: 'x.png', data: await validPng(), type: 'image/png' },
    ]);
    expect(stranger.statusCode).toBe(404);
  });

  it('refuses a file that is not a photo or PDF and more than five files, storing nothing', async () => {
    const buyer = await createBuyerSession(t.app);
    const id = (await post(buyer.token, requirement({ title: 'Attachment limits' }))).json().id as string;
    const before = await count(t.database, 'requirement_attachments');
    const html = await upload(t.app, `/api/buyer/requirements/${id}/attachments`, buyer.token, [
      { field: 'files', name: 'page.html', data: Buffer.from('<script>alert(1)</script>'), type: 'text/html' },
    ]);
    expect(html.statusCode).toBe(400);
    expect(html.json().fields.files).toBe(REQUIREMENT_ATTACHMENT_MESSAGES.badType('page.html'));
    const six = await upload(
      t.app,
      `/api/buyer/requirements/${id}/attachments`,
      buyer.token,
      Array.from({ length: 5 }, (_, i) => ({
        field: 'files',
        name: `p${i}.pdf`,
        data: VALID_PDF,
        type: 'application/pdf',
      })),
    );
    expect(six.statusCode).toBe(201);
    const more = await upload(t.app, `/api/buyer/requirements/${id}/attachments`, buyer.token, [
      { field: 'files', name: 'p6.pdf', data: VALID_PDF, type: 'application/pdf' },
    ]);
    expect(more.statusCode).toBe(400);
    expect(more.json().error).toBe(REQUIREMENT_ATTACHMENT_MESSAGES.tooMany);
    expect(await count(t.database, 'requirement_attachments')).toBe(before + 5);
  });
});

describe('the accepted quote becomes an order taxed at its GST rate', () => {
  it("carries the quote's GST rate onto the RFQ, and the converted order's totals use it", async () => {
    const buyer = await createBuyerSession(t.app);
    const seller = await loginSeller(t.app, { verified: true, category: 'toys', companyName: 'Five Percent Toys' });
    const id = (await post(buyer.token, requirement({ title: 'Skipping ropes' }))).json().id as string;
    const q = await call(t.app, 'PUT', `/api/requirements/${id}/quote`, {
      token: seller.token,
      body: quote({ pricePerUnit: 42.5, quantity: 2000, gstRate: 5 }),
    });
    const accepted = await call(t.app, 'POST', `/api/buyer/requirements/${id}/quotes/${q.json().id}/accept`, {
      token: buyer.token,
    });
    expect(q.statusCode, q.body).toBe(201);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const rfqId = accepted.json().rfqId as string;
    const rfq = await call(t.app, 'GET', `/api/rfqs/${rfqId}`, { token: seller.token });
    expect(rfq.statusCode, rfq.body).toBe(200);
    expect(rfq.json().agreedGstRate).toBe('5.00');

    // The seller cannot change the rate the buyer accepted.
    const other = await call(t.app, 'POST', `/api/rfqs/${rfqId}/convert`, {
      token: seller.token,
      body: { gstPercentage: 18 },
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().fields.gstPercentage).toBe(RFQ_MESSAGES.gstFromQuote(5));

    const converted = await call(t.app, 'POST', `/api/rfqs/${rfqId}/convert`, { token: seller.token, body: {} });
    expect(converted.statusCode).toBe(201);
    const order = converted.json();
    expect(order.products).toEqual([
      expect.objectContaining({ quantity: 2000, unitPrice: '42.50', gstPercentage: '5.00', taxAmount: '4250.00' }),
    ]);
    expect(order.payment).toMatchObject({ subtotal: '85000.00', tax: '4250.00' });
    const mine = await call(t.app, 'GET', `/api/buyer/orders/${order.id}`, { token: buyer.token });
    expect(mine.json().payment).toMatchObject({ subtotal: '85000.00', tax: '4250.00' });
    expect(Number(mine.json().payment.total)).toBe(89250 + Number(mine.json().payment.shipping));
  });
});

describe('one definition of a verified seller', () => {
  it('the catalogue, the seller profile, the board and the quote badge agree on who is verified', async () => {
    const buyer = await createBuyerSession(t.app);
    const verified = await loginSeller(t.app, { verified: true, category: 'toys', companyName: 'Badge Toys' });
    // Approved, but no document was ever approved: not verified anywhere.
    const bare = await loginSeller(t.app, { category: 'toys', companyName: 'Bare Toys' });
    const pv = await createProduct(t.app.db, verified.manufacturer.id, { name: 'Badge test kite' });
    const pb = await createProduct(t.app.db, bare.manufacturer.id, { name: 'Badge test yoyo' });

    const catalogue = async (productId: string) =>
      (await call(t.app, 'GET', `/api/catalog/products/${productId}`)).json().seller.verified as boolean;
    const profile = async (sellerId: string) =>
      (await call(t.app, 'GET', `/api/catalog/sellers/${sellerId}`)).json().verified as boolean;
    const board = async (token: string) => (await call(t.app, 'GET', '/api/requirements', { token })).statusCode;

    expect([await catalogue(pv.id), await profile(verified.manufacturer.id), await board(verified.token)]).toEqual([
      true,
      true,
      200,
    ]);
    expect([await catalogue(pb.id), await profile(bare.manufacturer.id), await board(bare.token)]).toEqual([
      false,
      false,
      403,
    ]);
    const id = (await post(buyer.token, requirement({ title: 'Badge test requirement' }))).json().id as string;
    await t.app.jobs.drain();
    expect(await notificationsOf(verified.user.id, 'requirement_new', id)).toHaveLength(1);
    expect(await notificationsOf(bare.user.id, 'requirement_new', id)).toHaveLength(0);
    const q = await call(t.app, 'PUT', `/api/requirements/${id}/quote`, { token: verified.token, body: quote() });
    expect(q.statusCode).toBe(201);
    const badge = async () =>
      (await call(t.app, 'GET', `/api/buyer/requirements/${id}`, { token: buyer.token })).json().quotes[0]
        .verified as boolean;
    expect(await badge()).toBe(true);

    // Its only document is rejected: the badge goes everywhere at once.
    await t.database.query("update manufacturer_documents set review_status = 'rejected' where manufacturer_id = $1", [
      verified.manufacturer.id,
    ]);
    expect([await catalogue(pv.id), await profile(verified.manufacturer.id), await board(verified.token)]).toEqual([
      false,
      false,
      403,
    ]);
    expect(await badge()).toBe(false);
  });
});

describe('deadline, spam and the admin', () => {
  it('is scheduled hourly, each slot closing what is due at that minute', () => {
    const schedule = SCHEDULES.find((s) => s.job === EXPIRE_REQUIREMENTS);
    expect(schedule?.pattern).toBe('5 * * * *');
    expect(schedule?.payload(new Date('2031-01-11T00:35:00.000Z'))).toEqual({ at: '2031-01-11T00:35:00.000Z' });
  });

  it('closes requirements whose deadline passed, once, and tells the buyer', async () => {
    const buyer = await createBuyerSession(t.app);
    const seller = await loginSeller(t.app, { verified: true, category: 'toys' });
    // Posted with a future deadline; the job runs as if it were two days after it.
    const id = (await post(buyer.token, requirement({ title: 'Expiring kites', deadline: '2031-01-10' }))).json()
      .id as string;
    await call(t.app, 'PUT', `/api/requirements/${id}/quote`, { token: seller.token, body: quote() });
    await enqueue(t.app.db, EXPIRE_REQUIREMENTS, { at: '2031-01-10T12:00:00.000Z' });
    await t.app.jobs.drain();
    expect((await call(t.app, 'GET', `/api/buyer/requirements/${id}`, { token: buyer.token })).json().status).toBe(
      'open',
    );
    await enqueue(t.app.db, EXPIRE_REQUIREMENTS, { at: '2031-01-11T00:30:00.000Z' });
    await enqueue(t.app.db, EXPIRE_REQUIREMENTS, { at: '2031-01-11T01:30:00.000Z' });
    await t.app.jobs.drain();
    const detail = (await call(t.app, 'GET', `/api/buyer/requirements/${id}`, { token: buyer.token })).json();
    expect(detail.status).toBe('expired');
    expect(detail.quotes[0].status).toBe('closed');
    expect(await notificationsOf(buyer.user.id, 'requirement_closed')).toHaveLength(1);
    expect(await notificationsOf(seller.user.id, 'requirement_quote_closed')).toHaveLength(1);
  });

  it('sends a spam report to every admin, and an admin removal is audited and told to the buyer', async () => {
    const admin = await loginAdmin(t.app);
    const buyer = await createBuyerSession(t.app);
    const seller = await loginSeller(t.app, { verified: true, category: 'toys', companyName: 'Reporting Toys' });
    const id = (await post(buyer.token, requirement({ title: 'Buy followers cheap' }))).json().id as string;

    const report = await call(t.app, 'POST', `/api/requirements/${id}/report`, {
      token: seller.token,
      body: { reason: 'Not a real product' },
    });
    expect(report.statusCode).toBe(201);
    const twice = await call(t.app, 'POST', `/api/requirements/${id}/report`, {
      token: seller.token,
      body: { reason: 'Again' },
    });
    expect(twice.statusCode).toBe(409);
    expect(await notificationsOf(admin.user.id, 'admin_spam_report')).toEqual([
      expect.objectContaining({ link: `/admin/requirements/${id}` }),
    ]);

    const list = await call(t.app, 'GET', '/api/admin/requirements?search=followers', { token: admin.token });
    expect(list.json().requirements).toEqual([expect.objectContaining({ id, reportCount: 1 })]);
    const detail = await call(t.app, 'GET', `/api/admin/requirements/${id}`, { token: admin.token });
    expect(detail.json().reports).toEqual([expect.objectContaining({ sellerCompany: 'Reporting Toys' })]);

    const noReason = await call(t.app, 'POST', `/api/admin/requirements/${id}/close`, {
      token: admin.token,
      body: { reason: '' },
    });
    expect(noReason.statusCode).toBe(400);
    const close = await call(t.app, 'POST', `/api/admin/requirements/${id}/close`, {
      token: admin.token,
      body: { reason: 'Spam: not a product' },
    });
    expect(close.statusCode).toBe(200);
    expect(close.json()).toMatchObject({ status: 'removed', closedReason: 'Spam: not a product' });
    const [row] = await t.database.query<{ actor_user_id: string; reason: string }>(
      "select actor_user_id, reason from audit_log where entity_id = $1 and action = 'requirement.remove'",
      [id],
    );
    expect(row).toEqual({ actor_user_id: admin.user.id, reason: 'Spam: not a product' });
    expect(await notificationsOf(buyer.user.id, 'requirement_closed')).toEqual([
      expect.objectContaining({ title: 'Requirement removed' }),
    ]);
    const gone = await call(t.app, 'GET', `/api/requirements/${id}`, { token: seller.token });
    expect(gone.statusCode).toBe(404);
  });
});
