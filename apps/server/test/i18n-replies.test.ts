import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { t as say } from '../src/lib/i18n.ts';
import { notify } from '../src/modules/notifications/notify.ts';
import { createProduct } from '../src/seed/factories.ts';
import { call, loginSeller, sellerRegistration, textNotice, useTestApp } from './helpers.ts';

/** Success answers (`{ message }`) in the caller's language, as errors are (issue 15, ADR 0030). */
describe('server success messages in the reader language', () => {
  const t = useTestApp();
  const hi = { 'accept-language': 'hi' };

  async function notification(userId: string) {
    return notify(t.app.db, { userId, type: 'account_verified', ...textNotice('Hello', 'A notice') });
  }

  it('answers an English caller with the spec words', async () => {
    const registered = await call(t.app, 'POST', '/api/register', { body: sellerRegistration() });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().message).toBe('Registration received. Our team will verify your details within 24 hours.');

    const seller = await loginSeller(t.app);
    const product = await createProduct(t.app.db, seller.manufacturer.id);
    const deleted = await call(t.app, 'DELETE', `/api/product/${product.id}`, { token: seller.token });
    expect(deleted.json()).toEqual({ message: 'Product deleted.' });

    const n = await notification(seller.user.id);
    const read = await call(t.app, 'PATCH', `/api/notifications/${n.id}/read`, { token: seller.token });
    expect(read.json()).toEqual({ message: 'Notification marked as read' });
    const gone = await call(t.app, 'DELETE', `/api/notifications/${n.id}`, { token: seller.token });
    expect(gone.json()).toEqual({ message: 'Notification deleted' });

    await notification(seller.user.id);
    await notification(seller.user.id);
    const all = await call(t.app, 'PATCH', '/api/notifications/read-all', { token: seller.token });
    expect(all.json()).toEqual({ message: '2 notifications marked as read' });

    const out = await call(t.app, 'POST', '/api/logout', { token: seller.token });
    expect(out.json()).toEqual({ message: 'Logged out' });
  });

  it('answers a visitor who reads Hindi (Accept-Language) in Hindi', async () => {
    const registered = await call(t.app, 'POST', '/api/register', { body: sellerRegistration(), headers: hi });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().message).toBe(say('hi', 'replies.registered'));
    expect(registered.json().message).toMatch(/[\u0900-\u097F]/);
  });

  it('answers a Hindi account in Hindi whatever its browser sends', async () => {
    const seller = await loginSeller(t.app);
    await call(t.app, 'PUT', '/api/auth/language', { token: seller.token, body: { language: 'hi' } });
    const english = { 'accept-language': 'en' };

    const product = await createProduct(t.app.db, seller.manufacturer.id);
    const deleted = await call(t.app, 'DELETE', `/api/product/${product.id}`, {
      token: seller.token,
      headers: english,
    });
    expect(deleted.json()).toEqual({ message: say('hi', 'replies.productDeleted') });

    const n = await notification(seller.user.id);
    const read = await call(t.app, 'PATCH', `/api/notifications/${n.id}/read`, {
      token: seller.token,
      headers: english,
    });
    expect(read.json()).toEqual({ message: say('hi', 'replies.notificationRead') });

    const cleared = await call(t.app, 'DELETE', '/api/notifications', { token: seller.token, headers: english });
    expect(cleared.json()).toEqual({ message: say('hi', 'replies.notificationsDeleted', { count: 1 }) });

    const out = await call(t.app, 'POST', '/api/logout', { token: seller.token, headers: english });
    expect(out.json()).toEqual({ message: say('hi', 'replies.loggedOut') });
    for (const text of [deleted, read, cleared, out].map((r) => r.json().message as string)) {
      expect(text).toMatch(/[\u0900-\u097F]/);
    }
  });

  it('has no route or module answering a literal or constant English message', () => {
    // `message: 'Logged out'`, `message: \`${n} deleted\``, `message: LEAD_MESSAGES.success`: text that no
    // catalogue says in the reader's language. A success answer says a catalogue message (`replyMessage`).
    const literal = /\bmessage:\s*(?:['"`]|[A-Z][A-Z0-9_]+\b)/;
    const src = join(import.meta.dirname, '../src');
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? files(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
      );
    const scanned = [...files(join(src, 'routes')), ...files(join(src, 'modules'))];
    expect(scanned.length).toBeGreaterThan(50);
    const found = scanned.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => ({ line: line.trim(), at: `${file.slice(src.length)}:${i + 1}` }))
        .filter(({ line }) => literal.test(line) && !line.startsWith('//') && !line.startsWith('*'))
        .map(({ line, at }) => `${at} ${line}`),
    );
    expect(found).toEqual([]);
  });
});
