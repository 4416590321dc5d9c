import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications, users } from '../src/db/schema/index.ts';
import { categoryLabel, label, notice, notify, unitLabel } from '../src/modules/notifications/notify.ts';
import { call, createBuyerSession, loginAdmin, loginSeller, useTestApp } from './helpers.ts';
import { openStream } from './sse-client.ts';

type Seller = Awaited<ReturnType<typeof loginSeller>>;

/** Notifications store their catalogue messages and are said in the reader's language (ADR 0028, issue 15). */
describe('notifications in the reader language', () => {
  const t = useTestApp();
  let seller: Seller;
  let base: string;
  beforeAll(async () => {
    seller = await loginSeller(t.app);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  const list = async (token: string, lang = 'en') =>
    (await call(t.app, 'GET', '/api/notifications', { token, headers: { 'accept-language': lang } })).json()
      .notifications as Array<{ title: string; message: string }>;
  const setLanguage = async (token: string, language: string) =>
    expect((await call(t.app, 'PUT', '/api/auth/language', { token, body: { language } })).statusCode).toBe(200);

  it('stores the message ids and values beside the English, and reads them in Hindi after the user switches', async () => {
    await notify(t.app.db, {
      userId: seller.user.id,
      type: 'order_new',
      ...notice('order.new', { buyer: 'Sharma Traders', order: 'ORD-2026-000101', amount: '₹1,18,000.00' }),
      link: '/dashboard/orders',
    });
    const [row] = await t.app.db.select().from(notifications).where(eq(notifications.userId, seller.user.id));
    expect(row).toMatchObject({
      title: 'New order',
      message: 'Sharma Traders placed order ORD-2026-000101 for ₹1,18,000.00.',
      titleKey: 'notify.order.new.title',
      messageKey: 'notify.order.new.message',
      params: { buyer: 'Sharma Traders', order: 'ORD-2026-000101', amount: '₹1,18,000.00' },
    });
    expect((await list(seller.token))[0]).toMatchObject({
      title: 'New order',
      message: 'Sharma Traders placed order ORD-2026-000101 for ₹1,18,000.00.',
    });

    await setLanguage(seller.token, 'hi');
    // The account's language wins over what the browser asks for.
    expect((await list(seller.token, 'en'))[0]).toEqual(
      expect.objectContaining({
        title: 'नया ऑर्डर',
        message: 'Sharma Traders ने ₹1,18,000.00 का ऑर्डर ORD-2026-000101 दिया।',
      }),
    );
    await setLanguage(seller.token, 'en');
    expect((await list(seller.token))[0]?.title).toBe('New order');
  });

  it('says units and categories with the app words, also in rows that name the ids they had before', async () => {
    const reader = await loginSeller(t.app);
    const values = { quantity: '500', title: 'Kraft boxes', state: 'Gujarat', deadline: '2026-12-31' };
    const row = await notify(t.app.db, {
      userId: reader.user.id,
      type: 'requirement_new',
      ...notice('requirement.new', { ...values, unit: unitLabel('box', 500), category: categoryLabel('packaging') }),
    });
    expect((await list(reader.token))[0]?.message).toMatch(/^500 Boxes × Kraft boxes \(Packaging\)/);
    await setLanguage(reader.token, 'hi');
    expect((await list(reader.token))[0]?.message).toMatch(/^500 बॉक्स × Kraft boxes \(पैकेजिंग\)/);
    // A row written when units and categories had their own notify.label.* ids is said through the same words.
    await t.app.db
      .update(notifications)
      .set({
        params: {
          ...values,
          unit: { id: 'notify.label.unit.box' },
          category: { id: 'notify.label.category.packaging' },
        },
      })
      .where(eq(notifications.id, row.id));
    expect((await list(reader.token))[0]?.message).toMatch(/^500 बॉक्स × Kraft boxes \(पैकेजिंग\)/);
  });

  it('says a value that is itself a catalogue label (a dispute status) in the reader language', async () => {
    const buyer = await createBuyerSession(t.app);
    await notify(t.app.db, {
      userId: buyer.user.id,
      type: 'dispute_update',
      ...notice('dispute.resolved', {
        order: 'ORD-7',
        status: label('notify.label.disputeStatus.resolved_buyer'),
        note: 'Refund approved',
      }),
    });
    expect((await list(buyer.token))[0]?.message).toBe(
      'Your dispute on order ORD-7 is now Resolved for buyer: Refund approved',
    );
    await setLanguage(buyer.token, 'hi');
    expect((await list(buyer.token))[0]).toMatchObject({
      title: 'विवाद सुलझा',
      message: 'ऑर्डर ORD-7 पर आपका विवाद अब खरीदार के पक्ष में सुलझा है: Refund approved',
    });
  });

  it('says a reason the platform wrote (a refund of a cancelled order) in the reader language, with the typed part as written', async () => {
    const buyer = await createBuyerSession(t.app);
    await setLanguage(buyer.token, 'hi');
    await notify(t.app.db, {
      userId: buyer.user.id,
      type: 'refund_update',
      ...notice('refund.issued', {
        amount: '₹500.00',
        order: 'ORD-8',
        reason: label('notify.label.refundReason.cancelled', { reason: 'Out of stock' }),
      }),
    });
    const [row] = await t.app.db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
    expect(row?.message).toBe('A refund of ₹500.00 for order ORD-8 is on its way: Order cancelled: Out of stock');
    expect((await list(buyer.token))[0]?.message).toBe(
      'ऑर्डर ORD-8 के लिए ₹500.00 का रिफ़ंड भेजा जा रहा है: ऑर्डर रद्द: Out of stock',
    );
  });

  it('shows a row written before notifications were catalogued as it was stored', async () => {
    const other = await loginSeller(t.app);
    await setLanguage(other.token, 'hi');
    await t.app.db
      .insert(notifications)
      .values({ userId: other.user.id, type: 'order_new', title: 'Old order', message: 'Written in English' });
    expect((await list(other.token))[0]).toMatchObject({ title: 'Old order', message: 'Written in English' });
  });

  it('refuses a notice whose message is not in the catalogue, so a typo cannot reach a user as an id', async () => {
    await expect(
      notify(t.app.db, { userId: seller.user.id, type: 'order_new', ...notice('order.noSuchThing') }),
    ).rejects.toThrow(/notify\.order\.noSuchThing/);
  });

  it('streams and e-mails a notification in the language the user reads when it is delivered', async () => {
    const reader = await loginSeller(t.app);
    await call(t.app, 'PUT', '/api/notifications/preferences', {
      token: reader.token,
      body: { email: ['order_cancelled'] },
    });
    await setLanguage(reader.token, 'hi');
    const stream = await openStream(base, t.app, reader.token);
    try {
      await notify(t.app.db, {
        userId: reader.user.id,
        type: 'order_cancelled',
        ...notice('order.cancelledByBuyer', { buyer: 'Gupta & Sons', order: 'ORD-9', reason: 'Wrong size' }),
        link: '/dashboard/orders/x',
      });
      await t.app.jobs.drain();
      const event = (await stream.next('notification')) as { title: string; message: string };
      expect(event).toMatchObject({ title: 'ऑर्डर रद्द', message: 'Gupta & Sons ने ऑर्डर ORD-9 रद्द कर दिया: Wrong size' });
    } finally {
      stream.close();
    }
    await vi.waitFor(() => {
      const mail = t.logs.find((l) => l.event === 'email.sent' && l.to === reader.user.email);
      expect(mail).toMatchObject({ subject: 'ऑर्डर रद्द' });
      expect(String(mail?.text)).toContain('Gupta & Sons ने ऑर्डर ORD-9 रद्द कर दिया: Wrong size');
      expect(String(mail?.text)).toContain('नोटिफ़िकेशन सेटिंग्स');
      expect(String(mail?.text)).not.toMatch(/You receive this e-mail/);
    }, 3000);
  });

  it('writes the e-mail a blocked buyer gets in their language, and the notice beside it', async () => {
    const admin = await loginAdmin(t.app);
    const buyer = await createBuyerSession(t.app);
    await t.app.db.update(users).set({ language: 'hi' }).where(eq(users.id, buyer.user.id));
    const res = await call(t.app, 'POST', `/api/admin/buyers/${buyer.buyer.id}/block`, {
      token: admin.token,
      body: { reason: 'Duplicate account' },
    });
    expect(res.statusCode).toBe(200);
    await t.app.jobs.drain();
    await vi.waitFor(() => {
      const mail = t.logs.find((l) => l.event === 'email.sent' && l.to === buyer.user.email);
      expect(mail?.subject).toBe('आपका उद्योग बाज़ार खरीदार अकाउंट ब्लॉक कर दिया गया है');
      expect(String(mail?.text)).toContain('कारण: Duplicate account');
    }, 3000);
    const [row] = await t.app.db.select().from(notifications).where(eq(notifications.userId, buyer.user.id));
    expect(row?.title).toBe('Account blocked');
  });
});
