import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { ALL_LANGUAGES, type CompiledCatalogue, type CompiledMessage, type Language, LANGUAGES } from './index.ts';

/**
 * Reads and compiles the catalogues (server and tests only: it reads files). A catalogue is
 * `<lang>/<namespace>.json`, nested objects of ICU messages; a message's id is `namespace.path.to.key`.
 */

/** One language's messages: id → ICU source. */
export type SourceCatalogue = Record<string, string>;

/** The folder holding the catalogues (this module's own folder, or `dir` when the caller knows better, e.g. a bundle). */
export function cataloguesDir(dir?: string): string {
  return dir ?? dirname(fileURLToPath(import.meta.url));
}

function flatten(prefix: string, value: unknown, out: SourceCatalogue): void {
  if (typeof value === 'string') out[prefix] = value;
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) flatten(prefix ? `${prefix}.${k}` : k, v, out);
}

/** Every namespace of one language as written (no fallback): namespace → (id → ICU). */
export function readLanguage(lang: Exclude<Language, 'xx'>, dir?: string): Record<string, SourceCatalogue> {
  const folder = join(cataloguesDir(dir), lang);
  const out: Record<string, SourceCatalogue> = {};
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.json'))) {
    const ns = file.replace(/\.json$/, '');
    const messages: SourceCatalogue = {};
    flatten(ns, JSON.parse(readFileSync(join(folder, file), 'utf8')), messages);
    out[ns] = messages;
  }
  return out;
}

const merge = (namespaces: Record<string, SourceCatalogue>): SourceCatalogue =>
  Object.assign({}, ...Object.values(namespaces));

/** One language's messages with English underneath (a partial language falls back to English per message). */
export function sourceCatalogue(lang: Language, dir?: string): SourceCatalogue {
  const english = merge(readLanguage('en', dir));
  if (lang === 'en') return english;
  if (lang === 'xx') return english;
  return { ...english, ...merge(readLanguage(lang, dir)) };
}

export function compileCatalogue(source: SourceCatalogue): CompiledCatalogue {
  return Object.fromEntries(
    Object.entries(source).map(([id, icu]) => {
      const compiled = compileMessage(icu) as CompiledMessage;
      // Plain text stays a string: smaller to send, and matched back exactly (match.ts).
      return [
        id,
        Array.isArray(compiled) && compiled.every((p) => typeof p === 'string') ? compiled.join('') : compiled,
      ];
    }),
  );
}

const ACCENTS: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [
    c,
    [...'àƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÀƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][i] as string,
  ]),
);
function pseudoText(text: string): string {
  // Each word 40 % longer (as Hindi or German run longer than English), so lines still break between words.
  return text.replace(/[A-Za-z]+/g, (word) => {
    const accented = [...word].map((c) => ACCENTS[c] ?? c).join('');
    return `${accented}${'·'.repeat(Math.ceil(word.length * 0.4))}`;
  });
}

/** The pseudo-language: every text part accented and 40 % longer; placeholders and plural keys kept. */
export function pseudoMessage(message: CompiledMessage): CompiledMessage {
  if (typeof message === 'string') return pseudoText(message);
  return message.map((part) => {
    if (typeof part === 'string') return part === '#' ? part : pseudoText(part);
    const [name, type, options] = part;
    if (
      options &&
      typeof options === 'object' &&
      (type === 'plural' || type === 'select' || type === 'selectordinal')
    ) {
      return [
        name,
        type,
        Object.fromEntries(
          Object.entries(options as Record<string, CompiledMessage | undefined>).map(([k, v]) => [
            k,
            // Lingui keeps keys such as `offset` beside the branches.
            typeof v === 'string' || Array.isArray(v) ? pseudoMessage(v) : v,
          ]),
        ),
      ] as [string, string, unknown];
    }
    return part;
  });
}

/** Every language compiled, ready for Lingui's `i18n.load`. */
export function compiledCatalogues(dir?: string): Record<Language, CompiledCatalogue> {
  const out = {} as Record<Language, CompiledCatalogue>;
  for (const lang of LANGUAGES) out[lang] = compileCatalogue(sourceCatalogue(lang, dir));
  out.xx = Object.fromEntries(Object.entries(out.en).map(([id, m]) => [id, pseudoMessage(m)]));
  void ALL_LANGUAGES;
  return out;
}
