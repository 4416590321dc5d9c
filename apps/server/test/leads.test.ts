import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LEAD_MESSAGES } from '@ub/shared';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { jobDefinitions } from '../src/jobs/definitions.ts';
import { createJobRunner } from '../src/jobs/runner.ts';
import { makeGstin, makePhone } from '../src/seed/factories.ts';
import { call, count, loginAdmin, useTestApp } from './helpers.ts';

interface Received {
  contentType: string;
  body: string;
}

/** A throwaway HTTP receiver standing in for a CRM or spreadsheet script; `fail` answers 500 that many times. */
async function webhookReceiver() {
  const received: Received[] = [];
  const state = { fail: 0 };
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => {
      received.push({ contentType: String(req.headers['content-type']), body });
      for (const w of waiters.splice(0)) w();
      if (state.fail > 0) {
        state.fail--;
        res.writeHead(500).end('broken');
      } else res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    received,
    state,
    /** Resolves once `n` requests have arrived. */
    async until(n: number) {
      while (received.length < n) await new Promise<void>((r) => waiters.push(r));
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const lead = (over: Record<string, unknown> = {}) => ({
  name: 'Asha Patil',
  company: 'Patil Plastics Pvt Ltd',
  contact: makePhone(),
  gst: makeGstin().toLowerCase(),
  email: 'Asha.Patil@Example.in',
  referredBy: 'Trade fair or event',
  sourcePage: '/?utm_source=expo',
  ...over,
});

describe('POST /api/leads', () => {
  const t = useTestApp();

  it('stores a good lead with status new and the normalised GSTIN and email', async () => {
    const body = lead();
    const res = await call(t.app, 'POST', '/api/leads', { body });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ merged: false, message: LEAD_MESSAGES.success });
    const [row] = await t.database.query<Record<string, unknown>>('select * from leads where id = $1', [res.json().id]);
    expect(row).toMatchObject({
      name: 'Asha Patil',
      company: 'Patil Plastics Pvt Ltd',
      contact: body.contact,
      gst: body.gst.toUpperCase(),
      email: 'asha.patil@example.in',
      referred_by: 'Trade fair or event',
      source_page: '/?utm_source=expo',
      status: 'new',
    });
    expect(row?.created_at).toBeInstanceOf(Date);
  });

  it('stores a lead with only the required fields, the optional ones empty', async () => {
    const contact = makePhone();
    const res = await call(t.app, 'POST', '/api/leads', {
      body: { name: 'Ravi', company: 'Ravi Toys', contact, gst: '', email: '', referredBy: '' },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.query('select gst, email, referred_by from leads where contact = $1', [contact]);
    expect(row).toEqual({ gst: null, email: null, referred_by: null });
  });

  it.each([
    ['a missing name', { name: undefined }, 'name', LEAD_MESSAGES.nameRequired],
    ['a blank name', { name: '  ' }, 'name', LEAD_MESSAGES.nameRequired],
    ['an over-long name', { name: 'n'.repeat(101) }, 'name', LEAD_MESSAGES.nameTooLong],
    ['a missing company', { company: undefined }, 'company', LEAD_MESSAGES.companyRequired],
    ['a blank company', { company: '' }, 'company', LEAD_MESSAGES.companyRequired],
    ['a missing contact', { contact: undefined }, 'contact', LEAD_MESSAGES.contactRequired],
    ['a 9-digit contact', { contact: '987654321' }, 'contact', LEAD_MESSAGES.contactInvalid],
    ['an 11-digit contact', { contact: '98765432100' }, 'contact', LEAD_MESSAGES.contactInvalid],
    ['a contact starting with 1', { contact: '1234567890' }, 'contact', LEAD_MESSAGES.contactInvalid],
    ['a contact as a number', { contact: 9876543210 }, 'contact', LEAD_MESSAGES.contactRequired],
    ['a GSTIN with a wrong check character', { gst: '27AAPFU0939F1ZW' }, 'gst', LEAD_MESSAGES.gstInvalid],
    ['a 14-character GSTIN', { gst: '27AAPFU0939F1Z' }, 'gst', LEAD_MESSAGES.gstInvalid],
    ['a malformed email', { email: 'asha@' }, 'email', LEAD_MESSAGES.emailInvalid],
    ['an over-long referral', { referredBy: 'r'.repeat(101) }, 'referredBy', LEAD_MESSAGES.referredByTooLong],
  ])('refuses %s with 400 and a field message, storing nothing', async (_why, change, field, message) => {
    const before = await count(t.database, 'leads');
    const res = await call(t.app, 'POST', '/api/leads', { body: lead(change) });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields?.[field]).toBe(message);
    expect(res.json().error).toEqual(expect.any(String));
    expect(await count(t.database, 'leads')).toBe(before);
  });

  it('refuses a body that is not an object with 400', async () => {
    const before = await count(t.database, 'leads');
    const res = await call(t.app, 'POST', '/api/leads', {
      body: '"hello"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(await count(t.database, 'leads')).toBe(before);
  });

  it('keeps the first submission untouched and records a repeat within 10 minutes beside it', async () => {
    const first = lead({ referredBy: 'Social media' });
    const a = await call(t.app, 'POST', '/api/leads', { body: first });
    expect(a.statusCode).toBe(201);
    const before = await count(t.database, 'leads');
    // Anyone who knows the number can send it again: that must not rewrite who the prospect is.
    const b = await call(t.app, 'POST', '/api/leads', {
      body: { name: 'Mallory', company: 'Mallory Traders', contact: first.contact, email: 'mallory@example.in' },
    });
    expect(b.statusCode).toBe(200);
    expect(b.json()).toMatchObject({ id: a.json().id, merged: true, message: LEAD_MESSAGES.success });
    expect(await count(t.database, 'leads')).toBe(before);
    const [row] = await t.database.query('select name, company, gst, email, referred_by from leads where id = $1', [
      a.json().id,
    ]);
    expect(row).toEqual({
      name: 'Asha Patil',
      company: 'Patil Plastics Pvt Ltd',
      gst: first.gst.toUpperCase(),
      email: 'asha.patil@example.in',
      referred_by: 'Social media',
    });
    const repeats = await t.database.query(
      'select name, company, gst, email, referred_by from lead_submissions where lead_id = $1',
      [a.json().id],
    );
    expect(repeats).toEqual([
      { name: 'Mallory', company: 'Mallory Traders', gst: null, email: 'mallory@example.in', referred_by: null },
    ]);

    // The admin sees the first submission with the repeat beside it.
    const { token } = await loginAdmin(t.app);
    const list = await call(t.app, 'GET', `/api/admin/leads?q=${first.contact}`, { token });
    expect(list.statusCode).toBe(200);
    const [item] = list.json().leads;
    expect(item).toMatchObject({
      id: a.json().id,
      name: 'Asha Patil',
      company: 'Patil Plastics Pvt Ltd',
      repeatCount: 1,
    });
    expect(item.repeats).toEqual([
      {
        name: 'Mallory',
        company: 'Mallory Traders',
        gst: null,
        email: 'mallory@example.in',
        referredBy: null,
        sourcePage: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('records nothing beside the lead for an identical repeat (a double click)', async () => {
    const body = lead();
    const a = await call(t.app, 'POST', '/api/leads', { body });
    const b = await call(t.app, 'POST', '/api/leads', { body });
    expect(b.statusCode).toBe(200);
    expect(b.json().id).toBe(a.json().id);
    expect(await t.database.query('select 1 from lead_submissions where lead_id = $1', [a.json().id])).toEqual([]);
  });

  it('merges simultaneous submissions of one contact into a single lead', async () => {
    const body = lead();
    const results = await Promise.all([1, 2, 3, 4].map(() => call(t.app, 'POST', '/api/leads', { body })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 201]);
    const rows = await t.database.query('select id from leads where contact = $1', [body.contact]);
    expect(rows).toHaveLength(1);
  });

  it('adds a new lead when the same contact writes again after the window', async () => {
    const body = lead();
    const a = await call(t.app, 'POST', '/api/leads', { body });
    await t.database.query(`update leads set created_at = now() - interval '11 minutes' where id = $1`, [a.json().id]);
    const b = await call(t.app, 'POST', '/api/leads', { body });
    expect(b.statusCode).toBe(201);
    expect(b.json().id).not.toBe(a.json().id);
    const rows = await t.database.query('select id from leads where contact = $1', [body.contact]);
    expect(rows).toHaveLength(2);
  });

  it('limits each address to 10 leads in 10 minutes, answering 429 after that', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 10; i++) {
      const res = await call(t.app, 'POST', '/api/leads', { body: lead(), ip });
      expect(res.statusCode).toBe(201);
    }
    const before = await count(t.database, 'leads');
    const res = await call(t.app, 'POST', '/api/leads', { body: lead(), ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Too many requests. Please try again later.');
    expect(await count(t.database, 'leads')).toBe(before);
    expect((await call(t.app, 'POST', '/api/leads', { body: lead(), ip: '203.0.113.78' })).statusCode).toBe(201);
  });
});

describe('lead webhook', () => {
  const hook = { current: undefined as Awaited<ReturnType<typeof webhookReceiver>> | undefined };
  let url = '';
  beforeAll(async () => {
    hook.current = await webhookReceiver();
    url = hook.current.url;
  });
  afterAll(async () => {
    await hook.current?.close();
  });

  describe('through the app, form-encoded', () => {
    // The receiver's URL is only known once it listens; a getter defers reading it until useTestApp builds.
    const t = useTestApp({
      get LEAD_WEBHOOK_URL() {
        return url;
      },
      LEAD_WEBHOOK_FORMAT: 'form',
    } as unknown as Record<string, string>);

    it('forwards each stored lead with its fields properly URL-encoded', async () => {
      const receiver = hook.current;
      if (!receiver) throw new Error('receiver not started');
      const already = receiver.received.length;
      const body = lead({ company: 'Shah & Sons = Quality+ Ltd', name: 'Meera Shah' });
      const res = await call(t.app, 'POST', '/api/leads', { body });
      expect(res.statusCode).toBe(201);
      await t.app.jobs.drain();
      await receiver.until(already + 1);
      const got = receiver.received[already];
      expect(got?.contentType).toContain('application/x-www-form-urlencoded');
      const fields = new URLSearchParams(got?.body);
      expect(fields.get('company')).toBe('Shah & Sons = Quality+ Ltd');
      expect(fields.get('name')).toBe('Meera Shah');
      expect(fields.get('contact')).toBe(body.contact);
      expect(fields.get('id')).toBe(res.json().id);
      expect(fields.get('merged')).toBe('false');
    });
  });

  describe('through the app, JSON, with a receiver that fails twice', () => {
    const t = useTestApp({
      get LEAD_WEBHOOK_URL() {
        return url;
      },
    } as unknown as Record<string, string>);

    it('retries with backoff (1 s, then 4 s) until the receiver accepts', async () => {
      const receiver = hook.current;
      if (!receiver) throw new Error('receiver not started');
      const already = receiver.received.length;
      receiver.state.fail = 2;
      const res = await call(t.app, 'POST', '/api/leads', { body: lead({ name: 'Kiran', gst: undefined }) });
      expect(res.statusCode).toBe(201);
      const { runner, lines, clock } = testRunner(t.app);

      expect(await runner.runOnce()).toBe(1);
      expect(await runner.runOnce()).toBe(0);
      clock.advance(999);
      expect(await runner.runOnce()).toBe(0);
      clock.advance(1);
      expect(await runner.runOnce()).toBe(1);
      clock.advance(3999);
      expect(await runner.runOnce()).toBe(0);
      clock.advance(1);
      expect(await runner.runOnce()).toBe(1);

      expect(receiver.received.length - already).toBe(3);
      expect(JSON.parse(receiver.received.at(-1)?.body ?? '{}')).toMatchObject({
        id: res.json().id,
        name: 'Kiran',
        gst: '',
        merged: 'false',
      });
      expect(receiver.received.at(-1)?.contentType).toBe('application/json');
      expect(lines.filter((l) => l.event === 'lead.forward_failed')).toHaveLength(2);
      expect(lines.some((l) => l.event === 'lead.forwarded' && l.attempt === 3)).toBe(true);
      const [job] = await t.database.query<{ state: string }>("select state from jobs where name = 'lead.webhook'");
      expect(job?.state).toBe('done');
    });
  });

  describe('when the receiver is down', () => {
    const t = useTestApp({ LEAD_WEBHOOK_URL: 'http://127.0.0.1:9/hook' });

    it('still stores the lead and answers the visitor at once', async () => {
      const started = Date.now();
      const res = await call(t.app, 'POST', '/api/leads', { body: lead() });
      expect(res.statusCode).toBe(201);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await count(t.database, 'leads')).toBe(1);
    });

    it('gives up after 4 attempts, logs the failure and leaves the job in the dead letter', async () => {
      const { runner, lines, clock } = testRunner(t.app);
      for (let i = 0; i < 4; i++) {
        expect(await runner.runOnce()).toBe(1);
        clock.advance(3_600_000);
      }
      expect(await runner.runOnce()).toBe(0);
      const failures = lines.filter((l) => l.event === 'lead.forward_failed');
      expect(failures).toHaveLength(4);
      expect(failures.at(-1)?.level).toBe(50);
      const [job] = await t.database.query<{ state: string; attempts: number; last_error: string }>(
        "select state, attempts, last_error from jobs where name = 'lead.webhook'",
      );
      expect(job).toMatchObject({ state: 'dead', attempts: 4 });
      expect(job?.last_error).toBeTruthy();
    });
  });
});

/** A runner on the app's database with its own clock and log, so a test moves through backoffs without sleeping. */
function testRunner(app: FastifyInstance) {
  const lines: Array<Record<string, unknown>> = [];
  const log = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
  let now = Date.now();
  const runner = createJobRunner({
    db: app.db,
    log,
    definitions: jobDefinitions({ db: app.db, events: app.events, mailer: app.mailer, config: app.config, log }),
    now: () => new Date(now),
  });
  return { runner, lines, clock: { advance: (ms: number) => (now += ms) } };
}
