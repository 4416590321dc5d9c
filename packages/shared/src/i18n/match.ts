import type { CompiledCatalogue } from './index.ts';

/**
 * Translating text that arrives in English: the shared zod schemas' messages and the server's plain-string
 * errors keep the spec's English words, which are also the English catalogue's messages. The English message is
 * the key (as gettext and Lingui do with source text): an exact message, or one with simple placeholders
 * ("{label} is required."), is found here and shown through the same catalogue id in any language.
 */
export interface EnglishIndex {
  exact: Map<string, string>;
  patterns: Array<{ re: RegExp; names: string[]; id: string }>;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `english`: the English compiled messages of the namespaces whose text can arrive in English. */
export function englishIndex(english: CompiledCatalogue): EnglishIndex {
  const exact = new Map<string, string>();
  const patterns: EnglishIndex['patterns'] = [];
  for (const [id, message] of Object.entries(english)) {
    if (typeof message === 'string') {
      if (!exact.has(message)) exact.set(message, id);
      continue;
    }
    // Only text and bare placeholders ({label}); plurals and formats are not matched back.
    if (!message.every((p) => typeof p === 'string' || p.length === 1)) continue;
    const names: string[] = [];
    const source = message
      .map((p) => {
        if (typeof p === 'string') return escapeRe(p);
        names.push(p[0]);
        return '(.+?)';
      })
      .join('');
    patterns.push({ re: new RegExp(`^${source}$`, 's'), names, id });
  }
  return { exact, patterns };
}

export function matchEnglish(
  index: EnglishIndex,
  text: string,
): { id: string; values: Record<string, string> } | undefined {
  const id = index.exact.get(text);
  if (id) return { id, values: {} };
  for (const p of index.patterns) {
    const m = p.re.exec(text);
    if (m) return { id: p.id, values: Object.fromEntries(p.names.map((n, i) => [n, m[i + 1] ?? ''])) };
  }
  return undefined;
}

/**
 * `text` in the language `translate` speaks when it is a catalogued English message, else as it came. Values
 * caught by a pattern are themselves translated when catalogued (the "Full name" of "Full name is required.").
 */
export function translateEnglish(
  index: EnglishIndex,
  text: string,
  translate: (id: string, values: Record<string, string>) => string,
): string {
  const m = matchEnglish(index, text);
  if (!m) return text;
  const values = Object.fromEntries(
    Object.entries(m.values).map(([k, v]) => {
      const inner = index.exact.get(v);
      return [k, inner ? translate(inner, {}) : v];
    }),
  );
  return translate(m.id, values);
}

/** Namespaces whose English text can reach a person as a plain string (zod messages, server errors, shell nav). */
export const ENGLISH_KEYED_NAMESPACES = ['validation', 'errors', 'shell'] as const;
