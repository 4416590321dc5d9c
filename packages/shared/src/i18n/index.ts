/**
 * Languages of the product (ADR 0028). Browser-safe: no catalogue is imported here. The catalogues are JSON
 * files beside this one, `<lang>/<namespace>.json`, holding ICU messages; the server compiles them
 * (`catalogues.ts`) and hands the browser the compiled catalogue of its language.
 */

/** The languages a person can choose, in the order the switch lists them. Adding one: a folder of catalogues and its code here. */
export const LANGUAGES = ['en', 'hi', 'mr'] as const;
/** `xx` is the pseudo-language (accented, 40 % longer) the browser tests use to find text outside the catalogues. */
export type Language = (typeof LANGUAGES)[number] | 'xx';
export const ALL_LANGUAGES: readonly Language[] = [...LANGUAGES, 'xx'];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the switch shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  hi: 'हिन्दी',
  mr: 'मराठी',
  xx: 'Ƥšéûðö',
};

/**
 * A language that covers only some namespaces (the rest falls back to English). Marathi shows that a third
 * language is only a catalogue: the landing page and the sign-in pages.
 */
export const PARTIAL_NAMESPACES: Partial<Record<Language, readonly string[]>> = {
  mr: ['common', 'landing', 'auth'],
};

/**
 * What the public pages (landing, sign-in, catalogue) use: they carry only these namespaces inline, so a visitor's
 * first page does not download the seller app's words; an app screen fetches the whole catalogue before it renders
 * (apps/web/src/lib/i18n.tsx `completeCatalogue`).
 */
export const PUBLIC_NAMESPACES: readonly string[] = [
  'common',
  'landing',
  'auth',
  'shell',
  'status',
  'validation',
  'errors',
  'catalog',
  'buyerRegister',
  'titles',
];

/** The browser remembers the choice before sign-in in this cookie (the server renders public pages with it). */
export const LANGUAGE_COOKIE = 'ub_lang';

/** Scripts that need the Devanagari font. */
export const DEVANAGARI: readonly Language[] = ['hi', 'mr'];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (ALL_LANGUAGES as readonly string[]).includes(value);
}

/** The locale Intl formats with: Indian English, Hindi, Marathi (all with Indian digit grouping, Latin digits). */
export function intlLocale(lang: Language): string {
  return lang === 'xx' ? 'en-IN' : `${lang}-IN`;
}

/** `<html lang>`: the pseudo-language is English underneath. */
export function htmlLang(lang: Language): string {
  return lang === 'xx' ? 'en-x-pseudo' : `${lang}-IN`;
}

/** The first offered language an Accept-Language header asks for, by its q-values; English when none. */
export function pickLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const wanted = acceptLanguage
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const w of wanted) {
    const base = w.tag.split('-')[0];
    if (isLanguage(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** The language cookie's value in a Cookie header, when it names a language. */
export function languageFromCookie(cookieHeader: string | null | undefined): Language | undefined {
  if (!cookieHeader) return undefined;
  const m = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})`).exec(cookieHeader);
  return m && isLanguage(m[1]) ? m[1] : undefined;
}

/** A compiled ICU message (Lingui's compiled form): text, or parts with placeholders. */
export type CompiledMessage = string | Array<string | [string, string?, unknown?]>;
export type CompiledCatalogue = Record<string, CompiledMessage>;
