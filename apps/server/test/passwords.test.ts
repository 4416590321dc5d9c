import { dictionary } from '@zxcvbn-ts/language-common';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { createSeller, makePhone } from '../src/seed/factories.ts';
import { call, count, sellerRegistration, type TestContext, useTestApp } from './helpers.ts';

const COMMON = 'This password is too common. Choose one that is harder to guess.';
const BLANK = 'Password must not be only spaces.';
const SAME_AS_LOGIN = 'Password must not be your email address or phone number.';

/** Common passwords of 8 characters or more at ranks 1 to 10,000 of the breached-password list the server uses. */
const fromTheList = dictionary['passwords-common']
  .slice(0, 10_000)
  .map((p, rank) => ({ p, rank }))
  .filter(({ p }) => p.length >= 8);
const sample = [fromTheList[0], fromTheList[200], fromTheList[2000], fromTheList.at(-1)] as Array<{
  p: string;
  rank: number;
}>;

let n = 0;
type Weak = [string, (r: { email: string; phone: string }) => string, string];
const weak: Weak[] = [
  ['password', () => 'password', COMMON],
  ['12345678', () => '12345678', COMMON],
  ['aaaaaaaa', () => 'aaaaaaaa', COMMON],
  ['eight spaces', () => '        ', BLANK],
  ['spaces around nothing', () => ' \t       ', BLANK],
  ['Password@123 (a common word with digits and symbols after it)', () => 'Password@123', COMMON],
  ['PASSWORD in capitals', () => 'PASSWORD', COMMON],
  ['abcdefghij (a straight run)', () => 'abcdefghij', COMMON],
  ['abcabcabc (a repeated group)', () => 'abcabcabc', COMMON],
  ['the e-mail address', (r) => r.email, SAME_AS_LOGIN],
  ['the e-mail address in capitals', (r) => r.email.toUpperCase(), SAME_AS_LOGIN],
  ['the phone number', (r) => r.phone, SAME_AS_LOGIN],
  ['the phone number with +91', (r) => `+91${r.phone}`, SAME_AS_LOGIN],
  ...sample.map(({ p, rank }): Weak => [`"${p}", number ${rank + 1} of the list`, () => p, COMMON]),
];

describe('password rules at registration', () => {
  const t = useTestApp();

  for (const [what, pick, message] of weak) {
    it(`refuses ${what} with 400 and "${message}", writing nothing`, async () => {
      const body = sellerRegistration();
      const password = pick(body);
      const before = await count(t.database, 'users');
      const res = await call(t.app, 'POST', '/api/register', {
        body: { ...body, password, confirm_password: password },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields?.password).toBe(message);
      expect(await count(t.database, 'users')).toBe(before);
    });
  }

  it('accepts a long passphrase, and keeps the spec message for a short password', async () => {
    expect((await call(t.app, 'POST', '/api/register', { body: sellerRegistration() })).statusCode).toBe(201);
    const short = await call(t.app, 'POST', '/api/register', {
      body: sellerRegistration({ password: 'Ab1!', confirm_password: 'Ab1!' }),
    });
    expect(short.json().fields?.password).toBe('Password must be at least 8 characters long');
  });

  it('applies the same rules to buyer registration', async () => {
    const phone = makePhone();
    const base = {
      email: `buyer.pw${n++}@example.in`,
      phone,
      company_name: 'Ganga Traders',
      contact_name: 'Ravi Kumar',
      address: '12 MG Road, Bengaluru',
      state: 'Karnataka',
    };
    for (const [password, message] of [
      ['password1', COMMON],
      ['        ', BLANK],
      [phone, SAME_AS_LOGIN],
      [base.email, SAME_AS_LOGIN],
    ]) {
      const res = await call(t.app, 'POST', '/api/buyer/register', { body: { ...base, password } });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields?.password).toBe(message);
    }
    const ok = await call(t.app, 'POST', '/api/buyer/register', { body: { ...base, password: 'Kesar-Mango-Lassi-7' } });
    expect(ok.statusCode).toBe(201);
  });
});

describe('password rules at password reset', () => {
  const t = useTestApp();

  async function codeFor(ctx: TestContext, phone: string): Promise<string> {
    const res = await call(ctx.app, 'POST', '/api/forgot-password-sms', { body: { phoneNumber: phone } });
    expect(res.statusCode).toBe(200);
    const line = ctx.logs.filter((l) => l.event === 'sms.sent' && l.to === phone).at(-1) as { body: string };
    return /\b(\d{6})\b/.exec(line.body)?.[1] as string;
  }

  it('refuses a common, blank or same-as-login new password with the reason in message, and keeps the code', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    const code = await codeFor(t, phone);
    for (const [newPassword, message] of [
      ['12345678', COMMON],
      ['Welcome@123', COMMON],
      ['         ', BLANK],
      [phone, SAME_AS_LOGIN],
      [s.user.email, SAME_AS_LOGIN],
    ]) {
      const res = await call(t.app, 'POST', '/api/reset-password', { body: { phoneNumber: phone, code, newPassword } });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // The code was not spent on the refused passwords: it still sets a good one.
    const ok = await call(t.app, 'POST', '/api/reset-password', {
      body: { phoneNumber: phone, code, newPassword: 'Kesar-Mango-Lassi-7' },
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('ADMIN_PASSWORD', () => {
  it('stops start-up naming ADMIN_PASSWORD when it is common or blank', () => {
    for (const bad of ['password123', 'Admin@1234', '          ']) {
      let message = '';
      try {
        loadConfig({ ADMIN_EMAIL: 'root@example.in', ADMIN_PASSWORD: bad });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        message = (err as Error).message;
      }
      expect(message).toMatch(/ADMIN_PASSWORD: (This password is too common|Password must not be only spaces)/);
    }
    expect(loadConfig({ ADMIN_EMAIL: 'root@example.in', ADMIN_PASSWORD: 'Kesar-Mango-Lassi-7' }).ADMIN_PASSWORD).toBe(
      'Kesar-Mango-Lassi-7',
    );
  });

  it('stops start-up when ADMIN_PASSWORD is the admin e-mail', () => {
    expect(() => loadConfig({ ADMIN_EMAIL: 'root@example.in', ADMIN_PASSWORD: 'Root@Example.in' })).toThrow(
      /ADMIN_PASSWORD: Password must not be your email address/,
    );
  });
});
