import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { translateText } from '../src/lib/i18n.ts';
import { call, useTestApp } from './helpers.ts';
import { placeOrder, setStatus, tradeSetup } from './trade-fixtures.ts';

/** Three English words in a row: a sentence left in English (GST, RFQ, UTR, order numbers and names are allowed). */
const ENGLISH_SENTENCE = /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/;

const SRC = join(import.meta.dirname, '../src');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );

describe('server errors in Hindi (issue 15)', () => {
  const t = useTestApp();
  const hi = { 'accept-language': 'hi' };

  it('has a Hindi text for every plain-string error the modules and routes throw', () => {
    // badRequest('...'), conflict(`...${x}...`), new AppError('code', '...'): the literal, placeholders filled.
    const thrown =
      /(?<![\w'])(?:badRequest|conflict|notFound|forbidden|rateLimited|unauthorized|new AppError\('\w+',)\(?\s*(['`])((?:(?!\1)[^\\]|\\.)+)\1/g;
    const english: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(SRC)) {
      for (const m of readFileSync(file, 'utf8').matchAll(thrown)) {
        const text = (m[2] as string).replace(/\$\{[^}]*\}/g, '7').replace(/\\(["'`])/g, '$1');
        seen++;
        if (translateText('hi', text) === text) english.push(`${file.slice(SRC.length)}: ${text}`);
      }
    }
    expect(seen).toBeGreaterThan(100);
    expect(english).toEqual([]);
  });

  it('answers representative refusals a Hindi-reading seller and buyer meet without an English sentence', async () => {
    const { seller, buyer, product } = await tradeSetup(t.app);
    // A signed-in caller reads in their account's language (Accept-Language serves only before sign-in).
    for (const token of [seller.token, buyer.token]) {
      await call(t.app, 'PUT', '/api/auth/language', { token, body: { language: 'hi' } });
    }
    const order = (await placeOrder(t.app, buyer.token, seller.manufacturer.id, product.id)).json();
    const missing = randomUUID();
    const refusals = [
      // A status move the order lifecycle does not allow; the statuses inside are said in Hindi too.
      await call(t.app, 'POST', `/api/orders/${order.id}/status`, {
        token: seller.token,
        body: { status: 'delivered' },
        headers: hi,
      }),
      await call(t.app, 'GET', `/api/orders/${missing}`, { token: seller.token, headers: hi }),
      await call(t.app, 'GET', `/api/buyer/orders/${missing}`, { token: buyer.token, headers: hi }),
      await call(t.app, 'PATCH', `/api/notifications/${missing}/read`, { token: buyer.token, headers: hi }),
      await call(t.app, 'GET', `/api/notifications/stream?ticket=${'a'.repeat(43)}`, { headers: hi }),
      await call(t.app, 'POST', '/api/buyer/orders', {
        token: buyer.token,
        body: {
          manufacturerId: seller.manufacturer.id,
          items: [
            { productId: product.id, quantity: 10 },
            { productId: product.id, quantity: 10 },
          ],
          shippingAddress: { street: '44 Residency Road', city: 'Bengaluru', state: 'Karnataka', zipCode: '560025' },
        },
        headers: hi,
      }),
    ];
    for (const res of refusals) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      const { error } = res.json() as { error: string };
      expect(error, res.body).toMatch(/[\u0900-\u097F]/);
      expect(error, res.body).not.toMatch(ENGLISH_SENTENCE);
    }
    expect(refusals[0]?.json().error).toBe('जो ऑर्डर पेंडिंग है, उसे डिलीवर हुआ में नहीं बदला जा सकता।');
    // The same refusal in English keeps the spec's words.
    await call(t.app, 'PUT', '/api/auth/language', { token: seller.token, body: { language: 'en' } });
    const en = await setStatus(t.app, seller.token, order.id, { status: 'delivered' });
    expect(en.json().error).toBe('An order that is Pending cannot be changed to Delivered.');
  });
});
