import {
  type CompiledCatalogue,
  DEFAULT_LANGUAGE,
  htmlLang,
  intlLocale,
  isLanguage,
  LANGUAGE_COOKIE,
  type Language,
} from '@ub/shared/i18n';
import type { EnglishIndex } from '@ub/shared/i18n/match';
import {
  createContext,
  Fragment,
  type ReactElement,
  type ReactNode,
  cloneElement,
  useContext,
  useEffect,
  useState,
} from 'react';
import { Messages } from './icu.ts';

/**
 * The browser's side of the catalogues (ADR 0028). The server hands the page its language's compiled
 * catalogue inline (`#ub-i18n`); switching language fetches another from /api/i18n/:lang. Components read
 * messages with `useT()`; code outside components uses `i18n._`.
 */
export interface CataloguePayload {
  lang: Language;
  messages: CompiledCatalogue;
  /** English validation and error messages, to say zod's and the server's English text in this language. */
  english?: CompiledCatalogue;
  /** Only the public namespaces (a public page's inline catalogue): app screens fetch the whole first. */
  partial?: boolean;
}

/** The active catalogue; replaced (never mutated) when the language changes. */
export let i18n = new Messages(DEFAULT_LANGUAGE, intlLocale(DEFAULT_LANGUAGE), {});
let english: EnglishIndex | undefined;
let partial = false;
let completing: Promise<void> | undefined;
/** The English-text matcher, loaded only with a catalogue that is not English (the English landing page's budget). */
let matcher: typeof import('@ub/shared/i18n/match') | undefined;
const STORAGE_KEY = 'ub.language';
/** A language a visitor picked in this browser that no account has been told yet (saved to the account at sign-in). */
const CHOICE_KEY = 'ub.language.choice';
const changed = new Set<(m: Messages) => void>();

export function currentLanguage(): Language {
  return isLanguage(i18n.lang) ? i18n.lang : DEFAULT_LANGUAGE;
}

/** Makes `payload` the active catalogue (every `useT()` re-renders). */
export function applyCatalogue(payload: CataloguePayload): void {
  english = payload.english && matcher ? matcher.englishIndex(payload.english) : undefined;
  i18n = new Messages(payload.lang, intlLocale(payload.lang), payload.messages);
  partial = Boolean(payload.partial);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = htmlLang(payload.lang);
    // A staging site's "test payments" banner, which the server puts above the app (lib/html-shell.ts), speaks the
    // page's language too.
    const banner = document.querySelector('[data-testid="test-payments-banner"]');
    if (banner) banner.textContent = i18n._('common.testPayments.banner');
  }
  for (const l of changed) l(i18n);
}

/** English text that is a catalogued message (a zod message, a server's plain error) in the current language. */
export function translateMessage(text: string): string {
  if (!english || !matcher || i18n.lang === 'en') return text;
  return matcher.translateEnglish(english, text, (id, values) => i18n._(id, values));
}

/** The language remembered in this browser (before sign-in): localStorage, then the cookie the server reads. */
export function storedLanguage(): Language | undefined {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (isLanguage(saved)) return saved;
  } catch {
    // Storage can be unavailable (privacy modes); the cookie still tells.
  }
  const m = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([a-z]{2})`).exec(document.cookie);
  return m && isLanguage(m[1]) ? m[1] : undefined;
}

function remember(lang: Language): void {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // See storedLanguage.
  }
  // A year; the server renders the public pages in it.
  // biome-ignore lint/suspicious/noDocumentCookie: one cookie, written once per choice; Cookie Store API is not in Safari 17.
  document.cookie = `${LANGUAGE_COOKIE}=${lang}; path=/; max-age=31536000; samesite=lax`;
}

async function fetchCatalogue(lang: Language): Promise<CataloguePayload> {
  const res = await fetch(`/api/i18n/${lang}`);
  if (!res.ok) throw new Error(`catalogue ${lang}: ${res.status}`);
  return withMatcher((await res.json()) as CataloguePayload);
}

/** Loads the English-text matcher first when the catalogue needs it. */
async function withMatcher(payload: CataloguePayload): Promise<CataloguePayload> {
  if (payload.english && !matcher) matcher = await import('@ub/shared/i18n/match');
  return payload;
}

const listeners = new Set<(lang: Language) => void>();
/** Called after a person picks a language (the session saves it to the account). */
export function onLanguageChosen(listener: (lang: Language) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Before an app screen renders: the whole catalogue of the language, when the page brought only the public part. */
export function completeCatalogue(): Promise<void> | undefined {
  if (!partial) return;
  completing ??= fetchCatalogue(currentLanguage())
    .then((payload) => {
      if (payload.lang === i18n.lang) applyCatalogue(payload);
    })
    .finally(() => {
      completing = undefined;
    });
  return completing;
}

/**
 * Switches the whole UI to `lang` and remembers it in this browser. A `chosen` language (a person picked it) is
 * told to the signed-in account, or, with no account listening, kept as this browser's choice until a sign-in
 * saves it to the account (`takeChosenLanguage`).
 */
export async function setLanguage(lang: Language, { chosen = true }: { chosen?: boolean } = {}): Promise<void> {
  if (lang !== i18n.lang || !Object.keys(i18n.messages).length) applyCatalogue(await fetchCatalogue(lang));
  remember(lang);
  if (!chosen) return;
  try {
    if (listeners.size) localStorage.removeItem(CHOICE_KEY);
    else localStorage.setItem(CHOICE_KEY, lang);
  } catch {
    // See storedLanguage: without storage the choice lasts only for this page.
  }
  for (const l of listeners) l(lang);
}

/**
 * The language a visitor explicitly picked in this browser before signing in, if any, and forgets it (ADR 0028):
 * the sign-in saves it to the account as the most recent choice. A language only followed (Accept-Language, an
 * earlier account's) is no choice: the account's language wins then.
 */
export function takeChosenLanguage(): Language | undefined {
  try {
    const chosen = localStorage.getItem(CHOICE_KEY);
    localStorage.removeItem(CHOICE_KEY);
    return isLanguage(chosen) ? chosen : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Before the first render: the page's inline catalogue when the server sent one, else the remembered language
 * (or the browser's) fetched.
 */
export async function loadInitialCatalogue(): Promise<void> {
  const inline = document.getElementById('ub-i18n');
  if (inline?.textContent) {
    applyCatalogue(await withMatcher(JSON.parse(inline.textContent) as CataloguePayload));
    return;
  }
  applyCatalogue(await fetchCatalogue(storedLanguage() ?? browserLanguage()));
}

function browserLanguage(): Language {
  for (const tag of navigator.languages ?? []) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base) && base !== 'xx') return base;
  }
  return DEFAULT_LANGUAGE;
}

const MessagesContext = createContext<Messages | null>(null);

/** Provides the active catalogue and re-renders the tree when it changes. `messages` fixes one (server render). */
export function LanguageProvider({ children, messages }: { children: ReactNode; messages?: Messages }) {
  const [active, setActive] = useState(i18n);
  useEffect(() => {
    if (messages) return;
    changed.add(setActive);
    setActive(i18n);
    return () => {
      changed.delete(setActive);
    };
  }, [messages]);
  return <MessagesContext.Provider value={messages ?? active}>{children}</MessagesContext.Provider>;
}

export type TFunction = (id: string, values?: Record<string, unknown>) => string;

/** The translate function of the active language; the component re-renders when the language changes. */
export function useT(): TFunction {
  // Outside a provider (unit tests of one component) the module's catalogue answers.
  const active = useContext(MessagesContext) ?? i18n;
  return (id, values) => active._(id, values);
}

/** The active language, re-rendering on change. */
export function useLanguage(): Language {
  const active = useContext(MessagesContext) ?? i18n;
  return isLanguage(active.lang) ? active.lang : DEFAULT_LANGUAGE;
}

/**
 * A message with markup: `<0>text</0>` in the catalogue is `components[0]` around the text, so a translation can
 * move a link within its sentence ("Read the <0>privacy policy</0>").
 */
export function T({
  id,
  values,
  components = [],
}: {
  id: string;
  values?: Record<string, unknown>;
  components?: ReactElement<{ children?: ReactNode }>[];
}) {
  const t = useT();
  const text = t(id, values);
  const parts: ReactNode[] = [];
  const re = /<(\d+)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const el = components[Number(m[1])];
    parts.push(el ? cloneElement(el, { key: parts.length }, m[2]) : m[2]);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <Fragment>{parts}</Fragment>;
}
