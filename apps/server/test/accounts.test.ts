import { gstCheckCharacter, MESSAGES } from '@ub/shared';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { ConfigError, loadConfig } from '../src/config.ts';
import { forgetAllSessions, hashToken } from '../src/modules/auth/sessions.ts';
import { createAdmin, createSeller, makeGstin, makePhone } from '../src/seed/factories.ts';
import { call, count, loginAdmin, loginSeller, testConfig, useTestApp } from './helpers.ts';

let n = 0;
function registration(overrides: Record<string, unknown> = {}) {
  n++;
  return {
    full_name: 'Asha Patil',
    email: `asha${n}.${Date.now()}@example.in`,
    phone: makePhone(),
    password: 'Tamarind-Kite-42!',
    confirm_password: 'Tamarind-Kite-42!',
    type: 'seller',
    company_name: 'Patil Plastics Pvt Ltd',
    gst_number: makeGstin(),
    company_address: 'Plot 7, MIDC Bhosari, Pune 411026',
    state: 'Maharashtra',
    category: 'packaging',
    ...overrides,
  };
}

function without(body: Record<string, unknown>, key: string) {
  const { [key]: _gone, ...rest } = body;
  return rest;
}

/** A structurally valid GSTIN whose last character is not the right check character. */
function gstinWithWrongCheck(): string {
  const good = makeGstin();
  const wrong = good[14] === 'A' ? 'B' : 'A';
  return good.slice(0, 14) + wrong;
}

describe('registration', () => {
  const t = useTestApp();

  it('creates the seller and their manufacturer with status received', async () => {
    const gst = `27AAPFU0939F1Z${gstCheckCharacter('27AAPFU0939F1Z')}`;
    // Typed in lower case with a separator, as people do; stored normalised.
    const body = registration({
      email: 'Mixed.Case@Example.in',
      gst_number: ` ${gst.toLowerCase().replace(/(.{5})/, '$1-')} `,
    });
    const res = await call(t.app, 'POST', '/api/register', { body });
    expect(res.statusCode).toBe(201);
    const json = res.json();
    expect(json.user.status).toBe('received');
    const rows = await t.database.query<{ role: string; email: string; status: string; gst_number: string }>(
      `select u.role, u.email, m.status, m.gst_number, m.category from users u
         join manufacturers m on m.user_id = u.id where u.id = $1`,
      [json.user.id],
    );
    expect(rows).toEqual([
      { role: 'seller', email: 'mixed.case@example.in', status: 'received', gst_number: gst, category: 'packaging' },
    ]);
  });

  const badInputs: Array<[string, Record<string, unknown>, string, string]> = [
    ['a phone with 9 digits', { phone: '987654321' }, 'phone', MESSAGES.phoneInvalid],
    ['a phone starting with 5', { phone: '5876543210' }, 'phone', MESSAGES.phoneInvalid],
    ['a phone with letters', { phone: '98765abcde' }, 'phone', MESSAGES.phoneInvalid],
    ['a phone with 11 digits', { phone: '98765432101' }, 'phone', MESSAGES.phoneInvalid],
    ['an email without a domain', { email: 'asha@' }, 'email', MESSAGES.emailInvalid],
    ['an email with spaces', { email: 'asha patil@example.in' }, 'email', MESSAGES.emailInvalid],
    [
      'a 7-character password',
      { password: 'Short1!', confirm_password: 'Short1!' },
      'password',
      MESSAGES.passwordShort,
    ],
    [
      'a confirmation that differs',
      { confirm_password: 'Tamarind-Kite-42?' },
      'confirm_password',
      MESSAGES.passwordMismatch,
    ],
    ['a blank company name', { company_name: '   ' }, 'company_name', 'Company name is required.'],
    ['a blank full name', { full_name: '' }, 'full_name', 'Full name is required.'],
    ['an unknown category', { category: 'weapons' }, 'category', 'Category is required.'],
    ['a GSTIN of 14 characters', { gst_number: makeGstin().slice(0, 14) }, 'gst_number', MESSAGES.gstInvalid],
    ['a GSTIN of 16 characters', { gst_number: `${makeGstin()}5` }, 'gst_number', MESSAGES.gstInvalid],
    ['a GSTIN without the Z', { gst_number: '27AAPFU0939F1Y5' }, 'gst_number', MESSAGES.gstInvalid],
    ['a GSTIN with a letter for the state', { gst_number: 'A7AAPFU0939F1Z5' }, 'gst_number', MESSAGES.gstInvalid],
    ['a GSTIN with a wrong check character', { gst_number: gstinWithWrongCheck() }, 'gst_number', MESSAGES.gstInvalid],
    ['a type other than seller', { type: 'admin' }, 'type', ''],
  ];

  for (const [what, overrides, field, message] of badInputs) {
    it(`refuses ${what} with 400 and a field message, writing nothing`, async () => {
      const users = await count(t.database, 'users');
      const mfrs = await count(t.database, 'manufacturers');
      const res = await call(t.app, 'POST', '/api/register', { body: registration(overrides) });
      expect(res.statusCode).toBe(400);
      const json = res.json();
      if (message) expect(json.fields[field]).toBe(message);
      else expect(json.fields[field]).toBeTruthy();
      expect(json.error).toBeTruthy();
      expect(await count(t.database, 'users')).toBe(users);
      expect(await count(t.database, 'manufacturers')).toBe(mfrs);
    });
  }

  for (const [field, message] of [
    ['company_name', 'Company name is required.'],
    ['company_address', 'Registered address is required.'],
    ['category', 'Category is required.'],
    ['gst_number', MESSAGES.gstInvalid],
    ['phone', MESSAGES.phoneInvalid],
    ['email', MESSAGES.emailInvalid],
  ] as const) {
    it(`refuses a registration without ${field} with "${message}"`, async () => {
      const users = await count(t.database, 'users');
      const res = await call(t.app, 'POST', '/api/register', { body: without(registration(), field) });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields[field]).toBe(message);
      expect(await count(t.database, 'users')).toBe(users);
    });
  }

  it('answers 409 for an email that already has an account, in any letter case', async () => {
    const first = registration();
    expect((await call(t.app, 'POST', '/api/register', { body: first })).statusCode).toBe(201);
    const users = await count(t.database, 'users');
    const res = await call(t.app, 'POST', '/api/register', {
      body: registration({ email: first.email.toUpperCase() }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: 'An account with this email already exists.',
      fields: { email: 'An account with this email already exists.' },
    });
    expect(await count(t.database, 'users')).toBe(users);
  });

  it('answers 409 for a phone number that already has an account', async () => {
    const first = registration();
    expect((await call(t.app, 'POST', '/api/register', { body: first })).statusCode).toBe(201);
    const users = await count(t.database, 'users');
    const res = await call(t.app, 'POST', '/api/register', { body: registration({ phone: first.phone }) });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields).toEqual({ phone: 'An account with this phone number already exists.' });
    expect(await count(t.database, 'users')).toBe(users);
  });

  it('limits registrations per address', async () => {
    const ip = '10.250.0.1';
    let last = 0;
    for (let i = 0; i < 11; i++) {
      last = (await call(t.app, 'POST', '/api/register', { ip, body: registration({ phone: '1' }) })).statusCode;
    }
    // Bad bodies are refused before the limiter counts them; valid ones are counted.
    expect(last).toBe(400);
    for (let i = 0; i < 11; i++) {
      last = (await call(t.app, 'POST', '/api/register', { ip, body: registration() })).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('seller login and sessions', () => {
  const t = useTestApp();

  it('signs in with the email, in any letter case', async () => {
    const s = await createSeller(t.app.db);
    const res = await call(t.app, 'POST', '/api/login', {
      body: { username: s.user.email.toUpperCase(), password: s.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: s.user.id, role: 'seller', manufacturerId: s.manufacturer.id });
    expect(res.json().token).toMatch(/^[\w-]{40,}$/);
  });

  it('signs in with the phone number as the username, with or without +91', async () => {
    // A number starting with 91 must not lose those digits to the +91 prefix.
    const s = await createSeller(t.app.db, { phone: '9198765432' });
    for (const username of ['9198765432', '+91 91987 65432', '919198765432']) {
      const res = await call(t.app, 'POST', '/api/login', { body: { username, password: s.password } });
      expect(res.statusCode, username).toBe(200);
      expect(res.json().user.id).toBe(s.user.id);
    }
  });

  it('answers a wrong password and an unknown user with the same 401 "Invalid Credentials"', async () => {
    const s = await createSeller(t.app.db);
    const wrong = await call(t.app, 'POST', '/api/login', { body: { username: s.user.email, password: 'nope-nope' } });
    const unknown = await call(t.app, 'POST', '/api/login', {
      body: { username: 'nobody@example.in', password: s.password },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'Invalid Credentials' });
    expect(unknown.json()).toEqual({ error: 'Invalid Credentials' });
  });

  it('refuses administrator credentials at the seller login', async () => {
    const admin = await createAdmin(t.app.db);
    const res = await call(t.app, 'POST', '/api/login', {
      body: { username: admin.user.email, password: admin.password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid Credentials');
  });

  it('refuses seller credentials at the admin login', async () => {
    const s = await createSeller(t.app.db);
    const res = await call(t.app, 'POST', '/api/admin/login', {
      body: { email: s.user.email, password: s.password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('Invalid Credentials');
  });

  it('refuses an empty username or password with 400 and field messages', async () => {
    const res = await call(t.app, 'POST', '/api/login', { body: { username: ' ', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      username: 'Email or Phone is required.',
      password: 'Password is required.',
    });
  });

  it('gives a long session with Remember me and a short one without', async () => {
    const s = await createSeller(t.app.db);
    const short = await call(t.app, 'POST', '/api/login', { body: { username: s.user.email, password: s.password } });
    const long = await call(t.app, 'POST', '/api/login', {
      body: { username: s.user.email, password: s.password, remember: true },
    });
    const hours = (iso: string) => (new Date(iso).getTime() - Date.now()) / 3_600_000;
    expect(hours(short.json().expiresAt)).toBeGreaterThan(11);
    expect(hours(short.json().expiresAt)).toBeLessThanOrEqual(12);
    expect(hours(long.json().expiresAt)).toBeGreaterThan(29 * 24);
    const rows = await t.database.query<{ remember: boolean; expires_at: Date }>(
      'select remember, expires_at from sessions where token_hash = $1',
      [hashToken(long.json().token)],
    );
    expect(rows[0]?.remember).toBe(true);
  });

  it('answers /me with the signed-in user, and 401 without a token', async () => {
    const s = await loginSeller(t.app);
    const me = await call(t.app, 'GET', '/api/me', { token: s.token });
    expect(me.statusCode).toBe(200);
    expect(me.json().user).toMatchObject({
      id: s.user.id,
      email: s.user.email,
      phone: s.user.phone,
      manufacturerStatus: 'approved',
      companyName: s.manufacturer.companyName,
    });
    expect((await call(t.app, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/me', { token: 'made-up-token' })).statusCode).toBe(401);
  });

  it('revokes the session on logout, so the same token then gets 401', async () => {
    const s = await loginSeller(t.app);
    const out = await call(t.app, 'POST', '/api/logout', { token: s.token });
    expect(out.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/me', { token: s.token })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/logout', { token: s.token })).statusCode).toBe(401);
  });

  it('refuses a session whose expiry has passed', async () => {
    const s = await loginSeller(t.app);
    expect((await call(t.app, 'GET', '/api/me', { token: s.token })).statusCode).toBe(200);
    await t.database.query(`update sessions set expires_at = now() - interval '1 second' where token_hash = $1`, [
      hashToken(s.token),
    ]);
    // A change made straight in the database is seen once the session cache's entry lapses; do not wait for it.
    forgetAllSessions();
    const res = await call(t.app, 'GET', '/api/me', { token: s.token });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatch(/expired/);
  });

  it('answers 400, not a database error, to a NUL character in a JSON body or a query string', async () => {
    for (const url of ['/api/login', '/api/buyer/login']) {
      const res = await call(t.app, 'POST', url, { body: { username: 'a\u0000b', password: 'x' } });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        error: 'Text must not contain NUL characters.',
        fields: { username: 'Text must not contain NUL characters.' },
      });
    }
    const s = await loginSeller(t.app);
    const list = await call(t.app, 'GET', '/api/products?q=a%00b', { token: s.token });
    expect(list.statusCode).toBe(400);
    expect(list.json().fields).toEqual({ q: 'Text must not contain NUL characters.' });
  });

  it('refuses a deactivated account at login and on an open session', async () => {
    const s = await loginSeller(t.app);
    await t.database.query('update users set is_active = false where id = $1', [s.user.id]);
    forgetAllSessions();
    expect((await call(t.app, 'GET', '/api/me', { token: s.token })).statusCode).toBe(401);
    const res = await call(t.app, 'POST', '/api/login', { body: { username: s.user.email, password: s.password } });
    expect(res.statusCode).toBe(401);
  });

  it('limits failed logins per account with 429 and a Retry-After header', async () => {
    const s = await createSeller(t.app.db);
    const ip = '10.251.0.2';
    const statuses: number[] = [];
    let last = await call(t.app, 'POST', '/api/login', {
      ip,
      body: { username: s.user.phone, password: 'wrong-pass' },
    });
    statuses.push(last.statusCode);
    // Spelled differently each time (with +91, with spaces), it is still the same phone number.
    for (let i = 0; i < 10; i++) {
      const username = i % 2 ? `+91${s.user.phone}` : `${s.user.phone?.slice(0, 5)} ${s.user.phone?.slice(5)}`;
      last = await call(t.app, 'POST', '/api/login', { ip, body: { username, password: 'wrong-pass' } });
      statuses.push(last.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().error).toBe('Too many requests. Please try again later.');
  });

  it('limits logins per address', async () => {
    const ip = '10.251.0.1';
    let last = 0;
    for (let i = 0; i < 21; i++) {
      last = (
        await call(t.app, 'POST', '/api/login', { ip, body: { username: `x${i}@example.in`, password: 'whatever1' } })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});

describe('administrators', () => {
  const t = useTestApp();

  it('signs in with email, or with the email sent as username', async () => {
    const a = await createAdmin(t.app.db);
    const byEmail = await call(t.app, 'POST', '/api/admin/login', {
      body: { email: a.user.email, password: a.password },
    });
    const byUsername = await call(t.app, 'POST', '/api/admin/login', {
      body: { username: a.user.email, password: a.password },
    });
    expect(byEmail.statusCode).toBe(200);
    expect(byUsername.statusCode).toBe(200);
    expect(byEmail.json().user.role).toBe('admin');
    const wrong = await call(t.app, 'POST', '/api/admin/login', { body: { email: a.user.email, password: 'x' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error).toBe('Invalid Credentials');
  });

  it('answers /api/admin/manufacturers with 401 without a token and 403 for a seller', async () => {
    const s = await loginSeller(t.app);
    expect((await call(t.app, 'GET', '/api/admin/manufacturers')).statusCode).toBe(401);
    const res = await call(t.app, 'GET', '/api/admin/manufacturers', { token: s.token });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBeTruthy();
  });

  it('lists a newly registered manufacturer with status received for an administrator', async () => {
    const a = await loginAdmin(t.app);
    const body = registration({ company_name: 'Fresh Registrant Industries' });
    const reg = await call(t.app, 'POST', '/api/register', { body });
    expect(reg.statusCode).toBe(201);
    const res = await call(t.app, 'GET', '/api/admin/manufacturers', { token: a.token });
    expect(res.statusCode).toBe(200);
    const { manufacturers, total } = res.json();
    expect(total).toBe(await count(t.database, 'manufacturers'));
    expect(manufacturers[0]).toMatchObject({
      name: 'Fresh Registrant Industries',
      contactPerson: body.full_name,
      email: body.email,
      contact: body.phone,
      status: 'received',
      statusLabel: 'Pending Approval',
      gst: body.gst_number,
      regDate: new Date().toISOString().slice(0, 10),
    });
  });

  it('creates the administrator named by ADMIN_EMAIL and ADMIN_PASSWORD at start, once', async () => {
    const overrides = { ADMIN_EMAIL: 'Boot.Admin@Example.in', ADMIN_PASSWORD: 'BootAdminPass1' };
    for (let i = 0; i < 2; i++) {
      const app = await buildApp({ config: testConfig(overrides), database: t.database, logger: false });
      await app.close();
    }
    const rows = await t.database.query<{ role: string }>(
      `select role from users where lower(email) = 'boot.admin@example.in'`,
    );
    expect(rows).toEqual([{ role: 'admin' }]);
    const res = await call(t.app, 'POST', '/api/admin/login', {
      body: { email: 'boot.admin@example.in', password: 'BootAdminPass1' },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe('settings', () => {
  const t = useTestApp();

  it('shows the profile and bank details with the account number masked', async () => {
    const s = await loginSeller(t.app, {
      status: 'received',
      bank: {
        accountHolderName: 'Patil Plastics Pvt Ltd',
        bankName: 'State Bank of India',
        branchName: 'Bhosari',
        accountNumber: '123456789012',
        ifscCode: 'SBIN0001234',
        accountType: 'Current',
      },
    });
    const res = await call(t.app, 'GET', '/api/settings', { token: s.token });
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json.profile).toMatchObject({
      fullName: s.user.fullName,
      email: s.user.email,
      phone: s.user.phone,
      userId: s.user.id,
      manufacturerId: s.manufacturer.id,
      gstNumber: s.manufacturer.gstNumber,
      status: 'received',
    });
    expect(json.bank).toEqual({
      accountHolderName: 'Patil Plastics Pvt Ltd',
      bankName: 'State Bank of India',
      branchName: 'Bhosari',
      accountNumber: 'XXXXXXXX9012',
      ifscCode: 'SBIN0001234',
      accountType: 'Current',
    });
    expect(res.body).not.toContain('123456789012');
  });

  it('gives empty bank details for a seller who has not provided them', async () => {
    const s = await loginSeller(t.app);
    const res = await call(t.app, 'GET', '/api/settings', { token: s.token });
    expect(res.json().bank).toEqual({
      accountHolderName: null,
      bankName: null,
      branchName: null,
      accountNumber: null,
      ifscCode: null,
      accountType: null,
    });
  });

  it('answers 401 without a token and 403 to an administrator', async () => {
    const a = await loginAdmin(t.app);
    expect((await call(t.app, 'GET', '/api/settings')).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/settings', { token: a.token })).statusCode).toBe(403);
  });
});

describe('configuration', () => {
  function configError(env: Record<string, string>): string {
    try {
      loadConfig(env);
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
    throw new Error('loadConfig accepted a bad value');
  }

  it('names the variable when PORT is not a port number', () => {
    expect(configError({ PORT: 'eighty' })).toMatch(/PORT: must be a port number/);
    expect(configError({ PORT: '70000' })).toMatch(/PORT/);
  });

  it('names the variable when SMS_PROVIDER is unknown', () => {
    expect(configError({ SMS_PROVIDER: 'twilio' })).toMatch(/SMS_PROVIDER: must be log or msg91/);
  });

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD and a short ADMIN_PASSWORD', () => {
    expect(configError({ ADMIN_EMAIL: 'a@example.in' })).toMatch(/ADMIN_EMAIL/);
    expect(configError({ ADMIN_EMAIL: 'a@example.in', ADMIN_PASSWORD: 'short' })).toMatch(/ADMIN_PASSWORD/);
  });

  it('accepts an empty environment with the documented defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.SMS_PROVIDER).toBe('log');
    expect(c.DATA_DIR).toBe('./data');
  });
});
