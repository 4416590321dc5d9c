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
              body: { phoneNumber: phone, code: '000000', newPassword: 'Brand-New-Kite-123' },
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
        ip: '10.249.1.1',
        body: { username: spellings[i % spellings.length], password: 'wrong-pass' },
      });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(last?.statusCode).toBe(429);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    // The limit holds for the right password too, so the attacker learns nothing from the 11th try.
    const right = await call(t.app, 'POST', '/api/buyer/login', {
      ip: '10.249.1.1',
      body: { username: phone, password: b.password },
    });
    expect(right.statusCode).toBe(429);
  });

  it('limits failed administrator logins per account in any letter case, with Retry-After', async () => {
    const a = await createAdmin(t.app.db);
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < 11; i++) {
      const email = i % 2 ? a.user.email.toUpperCase() : a.user.email;
      last = await call(t.app, 'POST', '/api/admin/login', {
        ip: '10.249.1.2',
        body: { email, password: 'wrong-pass' },
      });
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

describe('the per-account login limit', () => {
  const t = useTestApp();
  let ipSeq = 0;
  /** A new address on each call: an attacker spreading guesses over many machines. */
  const freshIp = () => `10.248.${(++ipSeq >> 8) & 255}.${ipSeq & 255}`;
  const login = (username: string, password: string, ip: string) =>
    call(t.app, 'POST', '/api/login', { ip, body: { username, password } });

  it('counts the e-mail and the phone number of one account against one budget', async () => {
    const s = await createSeller(t.app.db);
    const ip = '10.247.0.1';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await login(i % 2 ? (s.user.phone as string) : s.user.email, 'wrong-pass', ip)).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });

  it('limits guesses at one account from many addresses: 20 per 15 minutes from addresses it never signed in from', async () => {
    const s = await createSeller(t.app.db);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) statuses.push((await login(s.user.email, 'wrong-pass', freshIp())).statusCode);
    expect(statuses).toEqual([...Array(20).fill(401), 429]);
  });

  it('answers an unknown username exactly like a real one, so the limit reveals no accounts', async () => {
    const s = await createSeller(t.app.db);
    const real: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 22; i++) {
      real.push((await login(s.user.email, 'wrong-pass', freshIp())).statusCode);
      unknown.push((await login(`nobody.${s.user.id}@example.in`, 'wrong-pass', freshIp())).statusCode);
    }
    expect(unknown).toEqual(real);
    const fromOne: number[] = [];
    for (let i = 0; i < 11; i++) fromOne.push((await login(makePhone(), 'wrong-pass', '10.247.0.9')).statusCode);
    expect(fromOne.at(-1)).toBe(401);
  });

  it('does not lock the real user out: they still sign in from an address they signed in from before', async () => {
    const s = await createSeller(t.app.db);
    const home = '10.247.0.2';
    expect((await login(s.user.email, s.password, home)).statusCode).toBe(200);
    // A stranger types the user's e-mail with wrong passwords from many machines until the account answers 429.
    let stranger = 0;
    for (let i = 0; i < 30; i++) stranger = (await login(s.user.email, 'wrong-pass', freshIp())).statusCode;
    expect(stranger).toBe(429);
    expect((await login(s.user.email, s.password, home)).statusCode).toBe(200);
    expect((await login(s.user.phone as string, s.password, home)).statusCode).toBe(200);
  });

  it('lets the user sign in at once from a new address after a password reset by SMS, which the limit never blocks', async () => {
    const s = await createSeller(t.app.db);
    const phone = s.user.phone as string;
    for (let i = 0; i < 25; i++) await login(s.user.email, 'wrong-pass', freshIp());
    expect((await login(s.user.email, s.password, freshIp())).statusCode).toBe(429);

    const ip = '10.247.0.3';
    expect(
      (await call(t.app, 'POST', '/api/forgot-password-sms', { ip, body: { phoneNumber: phone } })).statusCode,
    ).toBe(200);
    const sms = t.logs.filter((l) => l.event === 'sms.sent' && l.to === phone).at(-1) as { body: string };
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1] as string;
    const reset = await call(t.app, 'POST', '/api/reset-password', {
      ip,
      body: { phoneNumber: phone, code, newPassword: 'Fresh-Mango-Tree-42' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login(s.user.email, 'Fresh-Mango-Tree-42', freshIp())).statusCode).toBe(200);
  });

  it('forgives the typing mistakes of someone who then signs in with the right password', async () => {
    const s = await createSeller(t.app.db);
    const ip = '10.247.0.4';
    const statuses: number[] = [];
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++) statuses.push((await login(s.user.email, 'wrong-pass', ip)).statusCode);
      statuses.push((await login(s.user.email, s.password, ip)).statusCode);
    }
    expect(statuses).toEqual([...Array(9).fill(401), 200, ...Array(9).fill(401), 200]);
  });

  it('shares one budget per account between the seller, buyer and administrator sign-in', async () => {
    const a = await createAdmin(t.app.db);
    const ip = '10.247.0.5';
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res =
        i % 2
          ? await call(t.app, 'POST', '/api/admin/login', { ip, body: { email: a.user.email, password: 'wrong-pass' } })
          : await call(t.app, 'POST', '/api/buyer/login', { ip, body: { username: a.user.email, password: 'nope' } });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
  });
});
