import { beforeAll, describe, expect, it } from 'vitest';
import { call, count, loginAdmin, loginSeller, nextIp, useTestApp } from './helpers.ts';

const valid = {
  name: 'Ravi Kumar',
  email: 'Ravi.Kumar@Example.in',
  subject: 'Settlement not received',
  message: 'My settlement for last week has not arrived.',
};

type Session = { token: string; user: { id: string } };

describe('contact form (POST /api/contact/admin)', () => {
  const t = useTestApp();

  it('stores a message sent without a session and answers the spec’s success text', async () => {
    const before = await count(t.database, 'contact_messages');
    const res = await call(t.app, 'POST', '/api/contact/admin', { body: valid });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Message sent successfully!');
    const [row] = await t.database.query<Record<string, unknown>>(
      'select name, email, subject, message, status, user_id from contact_messages where id = $1',
      [res.json().id],
    );
    expect(row).toEqual({
      name: 'Ravi Kumar',
      email: 'ravi.kumar@example.in',
      subject: valid.subject,
      message: valid.message,
      status: 'open',
      user_id: null,
    });
    expect(await count(t.database, 'contact_messages')).toBe(before + 1);
  });

  it('links the message to the seller whose token is sent', async () => {
    const seller = await loginSeller(t.app);
    const res = await call(t.app, 'POST', '/api/contact/admin', { body: valid, token: seller.token });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.query<{ user_id: string }>('select user_id from contact_messages where id = $1', [
      res.json().id,
    ]);
    expect(row?.user_id).toBe(seller.user.id);
  });

  it('requires every field and a valid e-mail, with a message per field, and stores nothing', async () => {
    const before = await count(t.database, 'contact_messages');
    const res = await call(t.app, 'POST', '/api/contact/admin', {
      body: { name: ' ', email: 'not-an-email', subject: '', message: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      name: 'Name is required.',
      email: 'Please enter a valid email address',
      subject: 'Subject is required.',
      message: 'Message is required.',
    });
    const missing = await call(t.app, 'POST', '/api/contact/admin', { body: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.email).toBe('Email is required.');
    const long = await call(t.app, 'POST', '/api/contact/admin', { body: { ...valid, message: 'x'.repeat(5001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.message).toBe('Message must be at most 5000 characters.');
    expect(await count(t.database, 'contact_messages')).toBe(before);
  });

  it('limits each address to 5 messages in 10 minutes (429)', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) {
      expect((await call(t.app, 'POST', '/api/contact/admin', { body: valid, ip })).statusCode).toBe(201);
    }
    const res = await call(t.app, 'POST', '/api/contact/admin', { body: valid, ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Too many requests. Please try again later.');
    expect((await call(t.app, 'POST', '/api/contact/admin', { body: valid })).statusCode).toBe(201);
  });
});

describe('admin contact inbox', () => {
  const t = useTestApp();
  let admin: Session;
  let seller: Session & { user: { email: string } };
  let linkedId: string;
  let anonymousId: string;

  beforeAll(async () => {
    admin = await loginAdmin(t.app);
    seller = await loginSeller(t.app, { companyName: 'Shakti Toys' });
    anonymousId = (await call(t.app, 'POST', '/api/contact/admin', { body: { ...valid, subject: 'First' } })).json().id;
    linkedId = (
      await call(t.app, 'POST', '/api/contact/admin', {
        body: { ...valid, subject: 'Second', email: seller.user.email },
        token: seller.token,
      })
    ).json().id;
  });

  it('is for administrators only', async () => {
    expect((await call(t.app, 'GET', '/api/admin/contact-messages')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/admin/contact-messages', { token: seller.token })).statusCode).toBe(403);
    const reply = await call(t.app, 'POST', `/api/admin/contact-messages/${linkedId}/reply`, {
      token: seller.token,
      body: { reply: 'hi' },
    });
    expect(reply.statusCode).toBe(403);
    const close = await call(t.app, 'PATCH', `/api/admin/contact-messages/${linkedId}`, {
      token: seller.token,
      body: { status: 'closed' },
    });
    expect(close.statusCode).toBe(403);
  });

  it('lists messages newest first, paginated, with the sender’s company when linked', async () => {
    const res = await call(t.app, 'GET', '/api/admin/contact-messages?pageSize=1', { token: admin.token });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(2);
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0]).toMatchObject({ id: linkedId, subject: 'Second', companyName: 'Shakti Toys' });
    const page2 = (
      await call(t.app, 'GET', '/api/admin/contact-messages?pageSize=1&page=2', { token: admin.token })
    ).json();
    expect(page2.messages[0]).toMatchObject({ id: anonymousId, userId: null, companyName: null, status: 'open' });
  });

  it('replies: stores the reply, marks it replied, notifies the linked seller, e-mails the sender, audits', async () => {
    const res = await call(t.app, 'POST', `/api/admin/contact-messages/${linkedId}/reply`, {
      token: admin.token,
      body: { reply: 'The settlement was paid today.' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'replied', reply: 'The settlement was paid today.' });
    expect(res.json().repliedAt).toBeTruthy();

    const notes = (await call(t.app, 'GET', '/api/notifications', { token: seller.token })).json();
    expect(notes.unread).toBe(1);
    expect(notes.notifications[0]).toMatchObject({
      type: 'contact_reply',
      title: 'Reply from support: Second',
      message: 'The settlement was paid today.',
      link: '/dashboard/help',
    });
    const [auditRow] = await t.database.query<{ action: string; actor_user_id: string }>(
      "select action, actor_user_id from audit_log where entity_id = $1 and action = 'contact_message.reply'",
      [linkedId],
    );
    expect(auditRow?.actor_user_id).toBe(admin.user.id);
    await t.app.jobs.drain();
    await expect
      .poll(() =>
        t.logs.some((l) => l.event === 'email.sent' && l.to === seller.user.email && l.subject === 'Re: Second'),
      )
      .toBe(true);

    const replied = (
      await call(t.app, 'GET', '/api/admin/contact-messages?status=replied', { token: admin.token })
    ).json();
    expect(replied.messages.map((m: { id: string }) => m.id)).toEqual([linkedId]);
  });

  it('replying to an anonymous message creates no notification', async () => {
    const before = await count(t.database, 'notifications');
    const res = await call(t.app, 'POST', `/api/admin/contact-messages/${anonymousId}/reply`, {
      token: admin.token,
      body: { reply: 'Thanks, noted.' },
    });
    expect(res.statusCode).toBe(200);
    expect(await count(t.database, 'notifications')).toBe(before);
  });

  it('rejects an empty reply and unknown ids', async () => {
    const empty = await call(t.app, 'POST', `/api/admin/contact-messages/${anonymousId}/reply`, {
      token: admin.token,
      body: { reply: '   ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.reply).toBe('Reply is required.');
    const unknown = await call(t.app, 'POST', `/api/admin/contact-messages/${crypto.randomUUID()}/reply`, {
      token: admin.token,
      body: { reply: 'x' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('closes a message (audited); a closed message takes no reply', async () => {
    const res = await call(t.app, 'PATCH', `/api/admin/contact-messages/${anonymousId}`, {
      token: admin.token,
      body: { status: 'closed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('closed');
    expect(
      (
        await call(t.app, 'PATCH', `/api/admin/contact-messages/${anonymousId}`, {
          token: admin.token,
          body: { status: 'open' },
        })
      ).statusCode,
    ).toBe(400);
    const reply = await call(t.app, 'POST', `/api/admin/contact-messages/${anonymousId}/reply`, {
      token: admin.token,
      body: { reply: 'late' },
    });
    expect(reply.statusCode).toBe(409);
    const closed = (
      await call(t.app, 'GET', '/api/admin/contact-messages?status=closed', { token: admin.token })
    ).json();
    expect(closed.messages.map((m: { id: string }) => m.id)).toEqual([anonymousId]);
    const audits = await t.database.query("select 1 from audit_log where action = 'contact_message.close'");
    expect(audits).toHaveLength(1);
  });
});
