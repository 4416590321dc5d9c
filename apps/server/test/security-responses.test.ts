import { DEFAULT_SITE_SETTINGS } from '@ub/shared';
import { describe, expect, it } from 'vitest';
import { createSeller } from '../src/seed/factories.ts';
import { call, createBuyerSession, loginAdmin, loginSeller, useTestApp } from './helpers.ts';

const HTTPS_ONLY = 'Use an https:// link, or leave it empty.';

describe('social links in the site settings', () => {
  const t = useTestApp();

  for (const [what, link] of [
    ['a javascript: URL', 'javascript:alert(document.cookie)'],
    ['a javascript: URL in capitals with spaces', '  JavaScript:alert(1)'],
    ['a data: URL', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['a plain http:// URL', 'http://www.facebook.com/udyogbazaar'],
    ['a vbscript: URL', 'vbscript:msgbox(1)'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['an https URL with credentials', 'https://user:pass@www.facebook.com/x'],
  ] as const) {
    it(`refuses ${what} with 400 and a field message, and keeps the stored settings`, async () => {
      const { token } = await loginAdmin(t.app);
      const before = (await call(t.app, 'GET', '/api/admin/site-settings', { token })).json();
      const res = await call(t.app, 'PUT', '/api/admin/site-settings', {
        token,
        body: { ...before, social: { ...before.social, facebook: link } },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields?.['social.facebook']).toBe(HTTPS_ONLY);
      expect((await call(t.app, 'GET', '/api/site')).json().social).toEqual(before.social);
    });
  }

  it('accepts https links and empty ones', async () => {
    const { token } = await loginAdmin(t.app);
    const before = (await call(t.app, 'GET', '/api/admin/site-settings', { token })).json();
    const social = { ...before.social, facebook: 'https://www.facebook.com/udyog.bazaar', youtube: '' };
    const res = await call(t.app, 'PUT', '/api/admin/site-settings', { token, body: { ...before, social } });
    expect(res.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/site')).json().social).toEqual(social);
  });

  it('drops an unsafe link stored before this rule instead of serving it, keeping the other settings', async () => {
    const stored = {
      ...DEFAULT_SITE_SETTINGS,
      contactPhone: '+91 80 5555 0000',
      social: { ...DEFAULT_SITE_SETTINGS.social, twitter: 'javascript:alert(1)' },
    };
    await t.database.query(
      `insert into site_settings (key, value) values ('site', $1)
       on conflict (key) do update set value = excluded.value`,
      [JSON.stringify(stored)],
    );
    const site = (await call(t.app, 'GET', '/api/site')).json();
    expect(site.contactPhone).toBe('+91 80 5555 0000');
    expect(site.social.twitter).toBe('');
    expect(site.social.facebook).toBe(DEFAULT_SITE_SETTINGS.social.facebook);
  });
});

describe('Cache-Control on API answers', () => {
  const t = useTestApp();

  it('marks every authenticated JSON answer no-store, for sellers, admins and buyers, errors included', async () => {
    const seller = await loginSeller(t.app);
    const admin = await loginAdmin(t.app);
    const buyer = await createBuyerSession(t.app);
    const answers = [
      await call(t.app, 'GET', '/api/me', { token: seller.token }),
      await call(t.app, 'GET', '/api/products', { token: seller.token }),
      await call(t.app, 'GET', '/api/orders', { token: seller.token }),
      await call(t.app, 'GET', '/api/settings', { token: seller.token }),
      await call(t.app, 'GET', '/api/notifications', { token: seller.token }),
      await call(t.app, 'GET', '/api/dashboard/overview', { token: seller.token }),
      await call(t.app, 'GET', '/api/admin/site-settings', { token: admin.token }),
      await call(t.app, 'GET', '/api/admin/manufacturers', { token: admin.token }),
      await call(t.app, 'GET', '/api/buyer/orders', { token: buyer.token }),
      await call(t.app, 'GET', '/api/admin/dashboard', { token: seller.token }),
      await call(t.app, 'GET', '/api/products/00000000-0000-4000-8000-000000000000', { token: seller.token }),
      await call(t.app, 'GET', '/api/me', { token: 'not-a-token' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 403, 404, 401]);
    for (const a of answers) expect(a.headers['cache-control'], a.body.slice(0, 80)).toBe('no-store');
  });

  it('marks the answers that carry a new session token no-store', async () => {
    const s = await createSeller(t.app.db);
    const res = await call(t.app, 'POST', '/api/login', { body: { username: s.user.email, password: s.password } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves the public site settings cacheable as the route chose', async () => {
    const res = await call(t.app, 'GET', '/api/site');
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });
});
