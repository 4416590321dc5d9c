import { describe, expect, it } from 'vitest';
import { call, loginSeller, sellerRegistration, useTestApp } from './helpers.ts';

/** Errors in the caller's language (ADR 0028): the account's, else Accept-Language; `error` and `fields` kept. */
describe('server messages in the caller language', () => {
  const ctx = useTestApp();

  it('answers a keyed error (wrong password) in English by default and in Hindi for Accept-Language: hi', async () => {
    const en = await call(ctx.app, 'POST', '/api/login', { body: { username: 'nobody@example.in', password: 'x' } });
    expect(en.statusCode).toBe(401);
    expect(en.json().error).toBe('Invalid Credentials');
    const hi = await call(ctx.app, 'POST', '/api/login', {
      body: { username: 'nobody@example.in', password: 'x' },
      headers: { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' },
    });
    expect(hi.statusCode).toBe(401);
    expect(hi.json().error).toBe('ईमेल/फ़ोन या पासवर्ड गलत है');
  });

  it('translates zod messages from the shared schemas, field by field, label included', async () => {
    const res = await call(ctx.app, 'POST', '/api/register', {
      body: sellerRegistration({ full_name: '', email: 'not-an-email' }),
      headers: { 'accept-language': 'hi' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fields.full_name).toBe('पूरा नाम ज़रूरी है।');
    expect(body.fields.email).toBe('कृपया सही ईमेल पता डालें');
    expect(Object.values(body.fields)).toContain(body.error);
  });

  it('uses the account language over Accept-Language once it is set, and returns it with /me', async () => {
    const seller = await loginSeller(ctx.app);
    const set = await call(ctx.app, 'PUT', '/api/auth/language', { token: seller.token, body: { language: 'hi' } });
    expect(set.statusCode).toBe(200);
    const me = await call(ctx.app, 'GET', '/api/me', { token: seller.token });
    expect(me.json().user.language).toBe('hi');
    const bad = await call(ctx.app, 'PUT', '/api/auth/language', {
      token: seller.token,
      body: { language: 'fr' },
      headers: { 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    const denied = await call(ctx.app, 'GET', '/api/admin/buyers', {
      token: seller.token,
      headers: { 'accept-language': 'en' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toBe('आपको यह देखने की अनुमति नहीं है।');
  });

  it('leaves messages with no catalogue entry as they are', async () => {
    const res = await call(ctx.app, 'GET', '/api/no-such-route', { headers: { 'accept-language': 'hi' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('Route GET /api/no-such-route not found');
  });

  it('serves each language catalogue compiled, with the English keyed messages for non-English browsers', async () => {
    const hi = await call(ctx.app, 'GET', '/api/i18n/hi');
    expect(hi.statusCode).toBe(200);
    const body = hi.json();
    expect(body.lang).toBe('hi');
    expect(body.messages['landing.becomeSeller']).toBe('वेरिफ़ाइड सेलर बनें');
    expect(body.english['validation.passwordMismatch']).toBe("Passwords don't match");
    expect((await call(ctx.app, 'GET', '/api/i18n/de')).statusCode).toBe(400);
  });
});
