import { dirname } from 'node:path';
import { type I18n, setupI18n } from '@lingui/core';
import {
  ALL_LANGUAGES,
  type CompiledCatalogue,
  intlLocale,
  isLanguage,
  type Language,
  languageFromCookie,
  PUBLIC_NAMESPACES,
  pickLanguage,
} from '@ub/shared/i18n';
import { compiledCatalogues } from '@ub/shared/i18n/catalogues';
import { ENGLISH_KEYED_NAMESPACES, type EnglishIndex, englishIndex, translateEnglish } from '@ub/shared/i18n/match';
import type { FastifyRequest } from 'fastify';
import { findUp } from './paths.ts';

/**
 * The server's side of the catalogues (ADR 0028): compiled once from packages/shared/src/i18n, one Lingui
 * instance per language, the caller's language, and the catalogue the browser loads.
 */
interface Loaded {
  compiled: Record<Language, CompiledCatalogue>;
  instances: Record<Language, I18n>;
  english: EnglishIndex;
  /** The English messages that can reach a person as plain text, sent to browsers of other languages. */
  englishKeyed: CompiledCatalogue;
  json: Map<string, string>;
}

let loaded: Loaded | undefined;

function load(): Loaded {
  if (loaded) return loaded;
  const en = findUp('packages/shared/src/i18n/en');
  const compiled = compiledCatalogues(en ? dirname(en) : undefined);
  const instances = {} as Record<Language, I18n>;
  for (const lang of ALL_LANGUAGES) {
    instances[lang] = setupI18n({ locale: lang, locales: intlLocale(lang), messages: { [lang]: compiled[lang] } });
  }
  const englishKeyed = Object.fromEntries(
    Object.entries(compiled.en).filter(([id]) => ENGLISH_KEYED_NAMESPACES.some((ns) => id.startsWith(`${ns}.`))),
  );
  loaded = { compiled, instances, english: englishIndex(englishKeyed), englishKeyed, json: new Map() };
  return loaded;
}

/** A catalogue message in `lang`. */
export function t(lang: Language, id: string, values?: Record<string, unknown>): string {
  return load().instances[lang]._(id, values);
}

export function hasMessage(id: string): boolean {
  return id in load().compiled.en;
}

/** English text that is a catalogued message (a zod message, a plain-string error), in `lang`; else unchanged. */
export function translateText(lang: Language, text: string): string {
  if (lang === 'en') return text;
  return translateEnglish(load().english, text, (id, values) => t(lang, id, values));
}

/**
 * What GET /api/i18n/:lang answers and the app's pages inline: `{ lang, messages, english? }`; the public pages
 * inline only PUBLIC_NAMESPACES (`partial: true`) and the app fetches the rest before an app screen renders.
 */
export function catalogueJson(lang: Language, scope: 'all' | 'public' = 'all'): string {
  const l = load();
  const key = `${lang}:${scope}`;
  let json = l.json.get(key);
  if (!json) {
    const all = l.compiled[lang];
    const messages =
      scope === 'all'
        ? all
        : Object.fromEntries(Object.entries(all).filter(([id]) => PUBLIC_NAMESPACES.includes(id.split('.')[0] ?? '')));
    json = JSON.stringify({
      lang,
      messages,
      ...(lang === 'en' ? {} : { english: l.englishKeyed }),
      ...(scope === 'all' ? {} : { partial: true }),
    });
    l.json.set(key, json);
  }
  return json;
}

export function compiledCatalogue(lang: Language): CompiledCatalogue {
  return load().compiled[lang];
}

/** An API caller's language: the account's, else Accept-Language (the web app sends its own language there). */
export function requestLanguage(req: FastifyRequest): Language {
  const own = req.user?.language ?? (req as { refusedLanguage?: string }).refusedLanguage;
  if (isLanguage(own)) return own;
  return pickLanguage(req.headers['accept-language']);
}

/** A page's language: the browser's remembered choice (cookie), else Accept-Language. */
export function pageLanguage(req: FastifyRequest): Language {
  return languageFromCookie(req.headers.cookie) ?? pickLanguage(req.headers['accept-language']);
}

/** The language stored on an account (users.language), English when it is not one the product speaks. */
export function accountLanguage(stored: string | null | undefined): Language {
  return isLanguage(stored) ? stored : 'en';
}
