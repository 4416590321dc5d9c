import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createAdmin, createBuyer, createSeller, makePhone } from '../src/seed/factories.ts';
import { call, useTestApp } from './helpers.ts';

// Complements accounts.test.ts (seller login per account) and password-reset.test.ts (5 tries per code,
// code requests per phone): the limits an attacker meets when rotating addresses, spellings or endpoints.

describe('guessing a 6-digit reset code', () => {
  const t = useTestApp();

  async function sendCode(phone: string): Promise<string> {
    const res = await call(t.app, 'POST', '/api/forgot-password-sms', { body: { phoneNumber: phone } });
    expect(res.statusCode).toBe(200);
    const line = t.logs.filter((l) => l.event === 'sms.sent' && l.to === phone).at(-1) as { body: string };
    return /\b(\d{6})\b/.exec(line.body)?.[1] as string;
  }

  it('refuses the right code once a guesser rotating addresses has spent the tries, so it is never accepted', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    const code = await sendCode(phone);
    const guesses = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    guesses.splice(12, 0, code);
    const accepted: string[] = [];
    for (const g of guesses) {
      const res = await call(t.app, 'POST', '/api/verify-reset-code', { body: { phoneNumber: phone, code: g } });
      expect([400, 429]).toContain(res.statusCode);
      if (res.statusCode === 200) accepted.push(g);
    }
    expect(accepted).toEqual([]);
  });

  it('limits code checks per phone across addresses, verify and reset counted together, with 429 and Retry-After', async () => {
    const phone = makePhone();
    const statuses: number[] = [];
    let last = await call(t.app, 'POST', '/api/verify-reset-code', { body: { phoneNumber: phone, code: '000000' } });
    statuses.push(last.statusCode);
    for (let i = 1; i < 11; i++) {
      last =
        i % 2
          ? await call(t.app, 'POST', '/api/reset-password', {
              body: { phoneNumber: phone, code: '000000', newPassword: 'BrandNew123' },
            })
          : await call(t.app, 'POST', '/api/verify-reset-code', { body: { phoneNumber: phone, code: '000000' } });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().message).toBe('Too many requests. Please try again later.');
  });

  it('limits code checks per address across phones, with 429 and Retry-After', async () => {
    const ip = '10.250.0.7';
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 21; i++) {
      last = await call(t.app, 'POST', '/api/verify-reset-code', {
        ip,
        body: { phoneNumber: makePhone(), code: '123456' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits code requests per address across phones', async () => {
    const ip = '10.250.0.8';
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (await call(t.app, 'POST', '/api/forgot-password-sms', { ip, body: { phoneNumber: makePhone() } }))
        .statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('login throttling', () => {
  const t = useTestApp();

  it('limits failed buyer logins per account however the phone number is spelled', async () => {
    const b = await createBuyer(t.app.db);
    const phone = b.user.phone as string;
    const spellings = [phone, `+91${phone}`, `+91 ${phone.slice(0, 5)} ${phone.slice(5)}`, `0${phone}`, `91-${phone}`];
    const statuses: number[] = [];
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++) {
      last = await call(t.app, 'POST', '/api/buyer/login', {
        body: { username: spellings[i % spellings.length], password: 'wrong-pass' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    // The limit holds for the right password too, so the attacker learns nothing from the 11th try.
    const right = await call(t.app, 'POST', '/api/buyer/login', { body: { username: phone, password: b.password } });
    expect(right.statusCode).toBe(429);
  });

  it('limits failed administrator logins per account in any letter case, with Retry-After', async () => {
    const a = await createAdmin(t.app.db);
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++) {
      const email = i % 2 ? a.user.email.toUpperCase() : a.user.email;
      last = await call(t.app, 'POST', '/api/admin/login', { body: { email, password: 'wrong-pass' } });
      if (i < 10) expect(last.statusCode).toBe(401);
    }
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
  });

  for (const [url, body] of [
    ['/api/login', (i: number) => ({ username: `nobody${i}@example.in`, password: 'whatever1' })],
    ['/api/admin/login', (i: number) => ({ email: `nobody${i}@example.in`, password: 'whatever1' })],
    ['/api/buyer/login', (i: number) => ({ username: `nobody${i}@example.in`, password: 'whatever1' })],
  ] as const) {
    it(`limits ${url} per address across accounts with 429 and Retry-After`, async () => {
      const ip = `10.249.0.${url.length}`;
      let last: LightMyRequestResponse | undefined;
      for (let i = 0; i < 21; i++) {
        last = await call(t.app, 'POST', url, { ip, body: body(i) });
        if (i < 20) expect(last.statusCode).toBe(401);
      }
      expect(last?.statusCode).toBe(429);
      expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    });
  }
});
