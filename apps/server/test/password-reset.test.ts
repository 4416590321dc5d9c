import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/index.ts';
import { msg91SmsProvider, msg91Templates } from '../src/modules/auth/sms.ts';
import { createSeller, makePhone } from '../src/seed/factories.ts';
import { call, count, type TestContext, useTestApp } from './helpers.ts';

function smsLines(t: TestContext, phone: string) {
  return t.logs.filter((l) => l.event === 'sms.sent' && l.to === phone) as Array<{
    to: string;
    body: string;
    lang?: string;
  }>;
}

function lastCode(t: TestContext, phone: string): string {
  const body = smsLines(t, phone).at(-1)?.body ?? '';
  const code = /\b(\d{6})\b/.exec(body)?.[1];
  if (!code) throw new Error(`no SMS code for ${phone}`);
  return code;
}

/** Moves the phone's codes back in time, past the resend cooldown. */
async function skipCooldown(t: TestContext, phone: string) {
  await t.database.query(`update otp_codes set created_at = created_at - interval '1 minute' where phone = $1`, [
    phone,
  ]);
}

async function sendCode(t: TestContext, phone: string) {
  const res = await call(t.app, 'POST', '/api/forgot-password-sms', { body: { phoneNumber: phone } });
  expect(res.statusCode).toBe(200);
  return lastCode(t, phone);
}

describe('forgot password', () => {
  const t = useTestApp();

  it('sends a 6-digit code by SMS, written as one sms.sent log line, and stores only its hash', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    const res = await call(t.app, 'POST', '/api/forgot-password-sms', { body: { phoneNumber: phone } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('If this number is registered, a 6-digit reset code has been sent to it.');
    const lines = smsLines(t, phone);
    expect(lines).toHaveLength(1);
    const code = lastCode(t, phone);
    expect(lines[0]?.body).toContain('expires in 10 minutes');
    const rows = await t.database.query<{ code_hash: string }>('select code_hash from otp_codes where phone = $1', [
      phone,
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives an unregistered phone the same answer and sends no SMS', async () => {
    const phone = makePhone();
    const res = await call(t.app, 'POST', '/api/forgot-password-sms', { body: { phoneNumber: phone } });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('If this number is registered, a 6-digit reset code has been sent to it.');
    expect(smsLines(t, phone)).toHaveLength(0);
    // The cooldown applies too, so it does not tell registered numbers apart either.
    const again = await call(t.app, 'POST', '/api/forgot-password-sms', { body: { phoneNumber: phone } });
    expect(again.statusCode).toBe(429);
  });

  it('refuses a second code within the 30-second cooldown with 429, a message and Retry-After', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    await sendCode(t, phone);
    const res = await call(t.app, 'POST', '/api/forgot-password-sms', { body: { phoneNumber: phone } });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toMatch(/^Please wait \d+ seconds before requesting a new code\.$/);
    expect(res.json().error).toBe(res.json().message);
    const wait = Number(res.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(30);
    expect(smsLines(t, phone)).toHaveLength(1);
  });

  it('answers a malformed phone number with 400 in `message`, writing nothing', async () => {
    const codes = await count(t.database, 'otp_codes');
    for (const phoneNumber of ['12345', '5876543210', '98765432101', '']) {
      const res = await call(t.app, 'POST', '/api/forgot-password-sms', { body: { phoneNumber } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Please enter a valid phone number.');
    }
    expect(await count(t.database, 'otp_codes')).toBe(codes);
  });

  it('accepts the right code and answers a wrong one with 400 "Invalid verification code"', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    const code = await sendCode(t, phone);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call(t.app, 'POST', '/api/verify-reset-code', {
      body: { phoneNumber: phone, code: wrongCode },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid verification code');
    const right = await call(t.app, 'POST', '/api/verify-reset-code', { body: { phoneNumber: phone, code } });
    expect(right.statusCode).toBe(200);
  });

  it('refuses a code that is not 6 digits with "Invalid verification code"', async () => {
    const res = await call(t.app, 'POST', '/api/verify-reset-code', {
      body: { phoneNumber: makePhone(), code: '12a45' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Invalid verification code');
  });

  it('kills a code after 5 wrong tries, even for the right code afterwards', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    const code = await sendCode(t, phone);
    const wrongCode = code === '999999' ? '888888' : '999999';
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(t.app, 'POST', '/api/verify-reset-code', {
        body: { phoneNumber: phone, code: wrongCode },
      });
      expect(res.statusCode).toBe(400);
      answers.push(res.json().message);
    }
    expect(answers.slice(0, 4)).toEqual(Array(4).fill('Invalid verification code'));
    expect(answers[4]).toBe('Too many wrong attempts. Please request a new code.');
    const right = await call(t.app, 'POST', '/api/verify-reset-code', { body: { phoneNumber: phone, code } });
    expect(right.statusCode).toBe(400);
    expect(right.json().message).toBe('Too many wrong attempts. Please request a new code.');
    const reset = await call(t.app, 'POST', '/api/reset-password', {
      body: { phoneNumber: phone, code, newPassword: 'Brand-New-Kite-123' },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('counts parallel wrong guesses so no more than 5 are ever checked', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    const code = await sendCode(t, phone);
    const guesses = Array.from({ length: 8 }, (_, i) => String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'));
    await Promise.all(
      guesses.map((g) => call(t.app, 'POST', '/api/verify-reset-code', { body: { phoneNumber: phone, code: g } })),
    );
    const rows = await t.database.query<{ attempts: number }>('select attempts from otp_codes where phone = $1', [
      phone,
    ]);
    expect(rows[0]?.attempts).toBe(5);
  });

  it('accepts a code 9 minutes old and refuses it after 10 minutes', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    const code = await sendCode(t, phone);
    const age = (seconds: number) =>
      t.database.query(
        `update otp_codes set created_at = created_at - make_interval(secs => $2),
           expires_at = expires_at - make_interval(secs => $2) where phone = $1`,
        [phone, seconds],
      );
    await age(9 * 60);
    const fresh = await call(t.app, 'POST', '/api/verify-reset-code', { body: { phoneNumber: phone, code } });
    expect(fresh.statusCode).toBe(200);
    await age(61);
    const res = await call(t.app, 'POST', '/api/verify-reset-code', { body: { phoneNumber: phone, code } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This code has expired. Please request a new one.');
  });

  it('sets the code to expire 10 minutes after it is sent', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    await sendCode(t, phone);
    const rows = await t.database.query<{ minutes: number }>(
      'select extract(epoch from (expires_at - created_at))::int / 60 as minutes from otp_codes where phone = $1',
      [phone],
    );
    expect(rows[0]?.minutes).toBe(10);
  });

  it('retires the previous code when a new one is sent', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    const first = await sendCode(t, phone);
    await skipCooldown(t, phone);
    const second = await sendCode(t, phone);
    if (first !== second) {
      const old = await call(t.app, 'POST', '/api/verify-reset-code', { body: { phoneNumber: phone, code: first } });
      expect(old.statusCode).toBe(400);
    }
    const current = await call(t.app, 'POST', '/api/verify-reset-code', { body: { phoneNumber: phone, code: second } });
    expect(current.statusCode).toBe(200);
  });

  it('resets the password: every session is revoked, the old password stops working, the new one works', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    const tokens: string[] = [];
    for (const remember of [true, false]) {
      const login = await call(t.app, 'POST', '/api/login', {
        body: { username: phone, password: s.password, remember },
      });
      tokens.push(login.json().token);
    }
    const code = await sendCode(t, phone);
    const verify = await call(t.app, 'POST', '/api/verify-reset-code', { body: { phoneNumber: phone, code } });
    expect(verify.statusCode).toBe(200);
    const reset = await call(t.app, 'POST', '/api/reset-password', {
      body: { phoneNumber: phone, code, newPassword: 'Brand-New-Kite-123' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe('Password reset successful.');

    for (const token of tokens) expect((await call(t.app, 'GET', '/api/me', { token })).statusCode).toBe(401);
    const old = await call(t.app, 'POST', '/api/login', { body: { username: phone, password: s.password } });
    expect(old.statusCode).toBe(401);
    const fresh = await call(t.app, 'POST', '/api/login', {
      body: { username: phone, password: 'Brand-New-Kite-123' },
    });
    expect(fresh.statusCode).toBe(200);

    // The code is spent: it cannot reset the password a second time.
    const again = await call(t.app, 'POST', '/api/reset-password', {
      body: { phoneNumber: phone, code, newPassword: 'Another-Kite-123' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Invalid verification code');
  });

  it('answers reset errors in `message`: short password, wrong code; nothing changes', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    const code = await sendCode(t, phone);
    const short = await call(t.app, 'POST', '/api/reset-password', {
      body: { phoneNumber: phone, code, newPassword: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters long');
    expect(short.json().fields).toEqual({ newPassword: 'Password must be at least 8 characters long' });
    const wrongCode = code === '123456' ? '654321' : '123456';
    const wrong = await call(t.app, 'POST', '/api/reset-password', {
      body: { phoneNumber: phone, code: wrongCode, newPassword: 'LongEnough1' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Invalid verification code');
    const login = await call(t.app, 'POST', '/api/login', { body: { username: phone, password: s.password } });
    expect(login.statusCode).toBe(200);
  });

  it('limits code requests per phone number across addresses', async () => {
    const phone = makePhone();
    let last = 0;
    for (let i = 0; i < 6; i++) {
      await skipCooldown(t, phone);
      last = (await call(t.app, 'POST', '/api/forgot-password-sms', { body: { phoneNumber: phone } })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('reset code SMS in the account language', () => {
  const t = useTestApp();

  it('writes the code in Hindi for a seller who reads Hindi', async () => {
    const s = await createSeller(t.app.db);
    await t.app.db.update(users).set({ language: 'hi' }).where(eq(users.id, s.user.id));
    const phone = s.user.phone as string;
    const code = await sendCode(t, phone);
    const line = smsLines(t, phone).at(-1);
    expect(line?.lang).toBe('hi');
    expect(line?.body).toBe(`${code} आपका पासवर्ड रीसेट कोड है। यह 10 मिनट में समाप्त हो जाएगा। इसे किसी के साथ साझा न करें।`);
  });

  it('sends MSG91 the DLT template of the language, falling back to the English one (logged once)', async () => {
    const received: Array<{ authkey: string | undefined; body: { template_id: string; recipients: unknown[] } }> = [];
    const fake = createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => {
        raw += c;
      });
      req.on('end', () => {
        received.push({ authkey: req.headers.authkey as string | undefined, body: JSON.parse(raw) });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"type":"success"}');
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/api/v5/flow`;
      const templates = msg91Templates({
        ...t.app.config,
        MSG91_TEMPLATE_ID: 'tpl-en',
        MSG91_TEMPLATE_ID_HI: 'tpl-hi',
        MSG91_TEMPLATE_ID_MR: undefined,
      });
      expect(templates).toEqual({ en: 'tpl-en', hi: 'tpl-hi' });
      const sms = msg91SmsProvider('key-1', templates ?? { en: '' }, t.app.log, url);
      await sms.send({ to: '9876543210', body: 'x', lang: 'en', vars: { otp: '123456' } });
      await sms.send({ to: '9876543210', body: 'x', lang: 'hi', vars: { otp: '234567' } });
      await sms.send({ to: '9876543210', body: 'x', lang: 'mr', vars: { otp: '345678' } });
      await sms.send({ to: '9876543210', body: 'x', lang: 'mr', vars: { otp: '456789' } });
      expect(received.map((r) => r.body.template_id)).toEqual(['tpl-en', 'tpl-hi', 'tpl-en', 'tpl-en']);
      expect(received[1]).toEqual({
        authkey: 'key-1',
        body: { template_id: 'tpl-hi', short_url: '0', recipients: [{ mobiles: '919876543210', otp: '234567' }] },
      });
      expect(t.logs.filter((l) => l.event === 'sms.template_fallback')).toEqual([
        expect.objectContaining({ lang: 'mr' }),
      ]);
    } finally {
      fake.close();
    }
  });
});
