import { describe, expect, it, vi } from 'vitest';
import { createSession, forgetAllSessions, SESSION_CACHE_MS } from '../src/modules/auth/sessions.ts';
import { createAdmin, createBuyer, createSeller } from '../src/seed/factories.ts';
import { call, loginAdmin, loginSeller, useTestApp } from './helpers.ts';

const EXPIRED = 'Your session has expired. Please sign in again.';

describe('session revocation', () => {
  const t = useTestApp();

  /** A route of each role, so revocation is checked where the token is used, not only on /api/me. */
  const routeOf = { seller: '/api/dashboard/overview', admin: '/api/admin/dashboard', buyer: '/api/buyer/orders' };

  it('logout revokes that token at once on every route, and leaves the user’s other sessions open', async () => {
    const seller = await loginSeller(t.app);
    const other = (await createSession(t.app.db, seller.user.id, { remember: false })).token;
    expect((await call(t.app, 'POST', '/api/logout', { token: seller.token })).statusCode).toBeLessThan(300);
    for (const url of ['/api/me', routeOf.seller, '/api/notifications']) {
      const res = await call(t.app, 'GET', url, { token: seller.token });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(EXPIRED);
    }
    expect((await call(t.app, 'GET', routeOf.seller, { token: other })).statusCode).toBe(200);
    // A ticket for the live stream cannot be had with the revoked token either.
    expect((await call(t.app, 'POST', '/api/notifications/stream-ticket', { token: seller.token })).statusCode).toBe(
      401,
    );
  });

  it('a password reset revokes every session of the account at once', async () => {
    const seller = await createSeller(t.app.db);
    const tokens = await Promise.all(
      [false, true].map(async (remember) => (await createSession(t.app.db, seller.user.id, { remember })).token),
    );
    const phone = seller.user.phone as string;
    await call(t.app, 'POST', '/api/forgot-password-sms', { body: { phoneNumber: phone } });
    const sms = t.logs.filter((l) => l.event === 'sms.sent' && l.to === phone).at(-1) as { body: string };
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
    const reset = await call(t.app, 'POST', '/api/reset-password', {
      body: { phoneNumber: phone, code, newPassword: 'Brand-New-Kite-123!' },
    });
    expect(reset.statusCode).toBe(200);
    for (const token of tokens) expect((await call(t.app, 'GET', routeOf.seller, { token })).statusCode).toBe(401);
  });

  it('deactivating an administrator revokes their open session at once', async () => {
    const acting = await loginAdmin(t.app);
    const target = await createAdmin(t.app.db);
    const token = (await createSession(t.app.db, target.user.id, { remember: true })).token;
    expect((await call(t.app, 'GET', routeOf.admin, { token })).statusCode).toBe(200);
    const res = await call(t.app, 'POST', `/api/admin/admins/${target.user.id}/deactivate`, { token: acting.token });
    expect(res.statusCode).toBeLessThan(300);
    expect((await call(t.app, 'GET', routeOf.admin, { token })).statusCode).toBe(401);
    const login = await call(t.app, 'POST', '/api/admin/login', {
      body: { email: target.user.email, password: target.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('a suspended seller keeps their session and can still sign in, as the spec says, and sees the status', async () => {
    const admin = await loginAdmin(t.app);
    const seller = await loginSeller(t.app);
    const res = await call(t.app, 'POST', `/api/admin/manufacturers/${seller.manufacturer.id}/suspend`, {
      token: admin.token,
      body: { reason: 'Other', customReason: 'Documents expired' },
    });
    expect(res.statusCode).toBe(200);
    const me = await call(t.app, 'GET', '/api/me', { token: seller.token });
    expect(me.statusCode).toBe(200);
    expect(JSON.stringify(me.json())).toContain('suspended');
    const login = await call(t.app, 'POST', '/api/login', {
      body: { username: seller.user.email, password: seller.password },
    });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired token of every role with 401 and the expiry message', async () => {
    const users = {
      seller: (await createSeller(t.app.db)).user.id,
      admin: (await createAdmin(t.app.db)).user.id,
      buyer: (await createBuyer(t.app.db)).user.id,
    };
    for (const [role, userId] of Object.entries(users) as Array<[keyof typeof routeOf, string]>) {
      const { token } = await createSession(t.app.db, userId, { remember: false });
      expect((await call(t.app, 'GET', routeOf[role], { token })).statusCode).toBe(200);
      await t.database.query(`update sessions set expires_at = now() - interval '1 second' where user_id = $1`, [
        userId,
      ]);
      // A change made straight in the database is seen once the session cache's entry lapses; do not wait for it.
      forgetAllSessions();
      const res = await call(t.app, 'GET', routeOf[role], { token });
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(EXPIRED);
    }
  });

  it('never lets a cached session outlive its expiry', async () => {
    const seller = await createSeller(t.app.db);
    const { token } = await createSession(t.app.db, seller.user.id, { remember: false });
    await t.database.query(`update sessions set expires_at = now() + interval '1.5 seconds' where user_id = $1`, [
      seller.user.id,
    ]);
    expect((await call(t.app, 'GET', routeOf.seller, { token })).statusCode).toBe(200);
    expect(SESSION_CACHE_MS).toBeGreaterThan(2000);
    // 1.7 s later by the server's clock, well inside the cache's 5 s but past the session's expiry.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 1700);
    const res = await call(t.app, 'GET', routeOf.seller, { token });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(EXPIRED);
  });

  it('refuses a malformed or forged token with 401', async () => {
    for (const header of ['Bearer ', 'Bearer x', `Bearer ${'a'.repeat(5000)}`, 'Basic dXNlcjpwYXNz', 'Bearer a b']) {
      const res = await call(t.app, 'GET', '/api/me', { headers: { authorization: header } });
      expect(res.statusCode).toBe(401);
    }
  });
});
