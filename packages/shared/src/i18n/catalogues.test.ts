import { parse } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { BUSINESS_CATEGORIES, PRODUCT_CATEGORIES, UNITS } from '../constants.ts';
import { LANGUAGES, PARTIAL_NAMESPACES } from './index.ts';
import { compiledCatalogues, readLanguage } from './catalogues.ts';

/** Every argument a message uses, with its type ("label:string", "n:plural"). */
function argumentsOf(icu: string): string[] {
  const out = new Set<string>();
  // biome-ignore lint/suspicious/noExplicitAny: the parser's token union differs between its own nodes.
  const walk = (tokens: any[]) => {
    for (const t of tokens) {
      if (t.type === 'argument') out.add(`${t.arg}:string`);
      else if (t.type === 'function') out.add(`${t.arg}:${t.key}`);
      else if (t.type === 'plural' || t.type === 'select') {
        out.add(`${t.arg}:${t.type}`);
        for (const c of t.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(icu));
  return [...out].sort();
}

/** The `<0>…</0>` markup a message carries (a translation must keep each link). */
const tagsOf = (icu: string) => [...icu.matchAll(/<(\d+)>/g)].map((m) => m[1]).sort();

const english = readLanguage('en');

describe('catalogues', () => {
  it('names each unit and product category in one place (common), not once per screen', () => {
    const codes = new Set<string>([...UNITS, ...PRODUCT_CATEGORIES, ...BUSINESS_CATEGORIES]);
    const all = Object.values(english).flatMap((messages) => Object.keys(messages));
    const vocabulary = all.filter((id) => {
      const parts = id.split('.');
      return codes.has(parts.at(-1) ?? '') && /^(units?|unitOptions|categor(y|ies))$/.test(parts.at(-2) ?? '');
    });
    expect(vocabulary.length).toBeGreaterThan(10);
    expect(vocabulary.filter((id) => !/^common\.(units|unitOptions|categories)\./.test(id))).toEqual([]);
  });

  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    const own = readLanguage(lang);
    const partial = PARTIAL_NAMESPACES[lang];
    const namespaces = partial ?? Object.keys(english);
    for (const ns of namespaces) {
      it(`${lang}/${ns}.json has every English key, with the same ICU arguments and markup`, () => {
        const theirs = own[ns] ?? {};
        const mine = english[ns] ?? {};
        expect(Object.keys(theirs).sort()).toEqual(Object.keys(mine).sort());
        for (const [id, icu] of Object.entries(mine)) {
          const translated = theirs[id] ?? '';
          expect({ id, args: argumentsOf(translated) }).toEqual({ id, args: argumentsOf(icu) });
          expect({ id, tags: tagsOf(translated) }).toEqual({ id, tags: tagsOf(icu) });
        }
      });
    }
    it(`${lang} has no namespace English lacks`, () => {
      for (const ns of Object.keys(own)) expect(Object.keys(english)).toContain(ns);
    });
  }

  it('every message compiles, and the pseudo-language keeps placeholders and runs 40 % longer', () => {
    const all = compiledCatalogues();
    expect(all.xx['landing.step']).toEqual([expect.stringMatching(/^Šţéþ·· $/), ['n']]);
    const plain = all.xx['landing.becomeSeller'] as string;
    expect(plain.length).toBeGreaterThanOrEqual(Math.ceil('Become a Verified Seller'.length * 1.3));
  });
});
