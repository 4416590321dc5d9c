import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatMessage } from './icu.ts';

/** The browser's interpreter says a compiled message exactly as Lingui (the server) does. */
describe('icu interpreter', () => {
  const cases: Array<[string, Record<string, unknown>]> = [
    ['{n, plural, =0 {No orders} one {# order} other {# orders}}', { n: 0 }],
    ['{n, plural, =0 {No orders} one {# order} other {# orders}}', { n: 1 }],
    ['{n, plural, =0 {No orders} one {# order} other {# orders}}', { n: 12345 }],
    ['{n, plural, =2 {a pair} other {# items}}', { n: 2 }],
    ['{kind, select, seller {Seller {name}} other {Buyer}}', { kind: 'seller', name: 'Ravi' }],
    ['{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}', { n: 23 }],
    ['Total {amount, number}', { amount: 1234567 }],
  ];
  for (const [source, values] of cases) {
    it(`${source} with ${JSON.stringify(values)}`, () => {
      const compiled = compileMessage(source);
      const lingui = setupI18n({ locale: 'en', locales: 'en-IN', messages: { en: { m: compiled } } });
      expect(formatMessage(compiled as never, values, 'en-IN')).toBe(lingui._('m', values));
    });
  }
});
