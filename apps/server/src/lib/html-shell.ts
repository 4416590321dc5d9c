import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicPage, PublicPageHead } from '../modules/catalog/public-pages.ts';
import { type CompiledCatalogue, htmlLang, type Language } from '@ub/shared/i18n';
import { catalogueJson, compiledCatalogue, t } from './i18n.ts';
import { findUp } from './paths.ts';
import { lruStrings } from './ttl-cache.ts';

/**
 * The public pages' HTML (ADR 0019): the built index.html with the page's head (title, description, canonical
 * address, Open Graph, JSON-LD), the page rendered by the web app's server entry (apps/server/dist/ssr, built by
 * `vite build --ssr`) inside #root, and the data it was rendered with for the browser to take over from.
 */
type Render = (page: string, url: string, data: unknown, lang: Language, messages: CompiledCatalogue) => string;

let ssr: Promise<Render | null> | undefined;
/** The server entry, once; null when it was not built (the page then renders in the browser only). */
function loadRenderer(): Promise<Render | null> {
  ssr ??= (async () => {
    const entry = findUp('apps/server/dist/ssr/entry-server.js');
    if (!entry) return null;
    const mod = (await import(pathToFileURL(entry).href)) as { render: Render };
    return mod.render;
  })();
  return ssr;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
/** JSON inside a <script> element: `<` never ends it. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** Site-relative `url` and `image` values of JSON-LD made absolute. */
function absolute(value: unknown, origin: string): unknown {
  if (Array.isArray(value)) return value.map((v) => absolute(v, origin));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        (k === 'url' || k === 'image') && typeof v === 'string' && v.startsWith('/')
          ? `${origin}${v}`
          : absolute(v, origin),
      ]),
    );
  }
  return value;
}

export function headTags(head: PublicPageHead, origin: string): string {
  const canonical = `${origin}${head.canonicalPath}`;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    head.noindex ? '<meta name="robots" content="noindex, follow" />' : '',
    `<meta property="og:type" content="${head.ogType}" />`,
    `<meta property="og:title" content="${escapeHtml(head.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(head.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(canonical)}" />`,
    head.image ? `<meta property="og:image" content="${escapeHtml(`${origin}${head.image}`)}" />` : '',
    head.jsonLd ? `<script type="application/ld+json">${scriptJson(absolute(head.jsonLd, origin))}</script>` : '',
  ];
  return tags.filter(Boolean).join('\n    ');
}

/** Rendered bodies kept per process, counted in characters of key and body (about 16 to 32 MB). */
const RENDER_CACHE_CHARS = 16 * 1024 * 1024;

export interface HtmlShell {
  render(page: PublicPage, url: string, origin: string, lang?: Language): Promise<string>;
  /** The app's page for every other address (history fallback): no content, the language's catalogue inline. */
  app(lang: Language): string;
}

/**
 * The catalogue of the page's language inline, so the first paint and the takeover speak it (no flash of English):
 * a public page carries only the public namespaces.
 */
const catalogueScript = (lang: Language, scope: 'all' | 'public') =>
  `<script type="application/json" id="ub-i18n">${catalogueJson(lang, scope).replace(/</g, '\\u003c')}</script>`;

/**
 * A staging site taking test payments says so at the top of every page, outside the app's root (so the page the
 * app takes over is the one it rendered), in the flow of the page (it covers nothing).
 */
const testPaymentsBanner = (lang: Language) =>
  `<div role="note" data-testid="test-payments-banner" style="background:#fef3c7;color:#92400e;border-bottom:1px solid #fcd34d;padding:6px 12px;font:600 14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;text-align:center">${escapeHtml(t(lang, 'common.testPayments.banner'))}</div>`;

/** The shell over the built web app in `webDir`; the template is read once. */
export function htmlShell(webDir: string, opts: { testPayments?: boolean } = {}): HtmlShell {
  const banner = (lang: Language) => (opts.testPayments ? testPaymentsBanner(lang) : '');
  const template = readFileSync(join(webDir, 'index.html'), 'utf8')
    // The page's own head replaces the landing page's.
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta (name="description"|property="og:(type|title|description)")[^>]*>/g, '');
  const [beforeHeadRaw, afterHead] = template.split('</head>') as [string, string];
  const withLang = (lang: Language) => beforeHeadRaw.replace(/<html lang="[^"]*"/, `<html lang="${htmlLang(lang)}"`);
  const [beforeRoot, afterRoot] = afterHead.split('<div id="root"></div>') as [string, string];
  // The body is a pure function of the page kind, the URL and the data it is rendered with (read fresh from the
  // database on every request), so a rendered body is kept under exactly those: a product that changed has other
  // data and renders anew, and nothing needs invalidating in this process or any other (ADR 0025). The landing
  // page has no data: rendered once per process, like a build-time prerender.
  const rendered = lruStrings(RENDER_CACHE_CHARS);
  return {
    app(lang) {
      return `${withLang(lang)}</head>${beforeRoot}${banner(lang)}<div id="root"></div>${catalogueScript(lang, 'all')}${afterRoot}`;
    },
    async render(page, url, origin, lang = 'en') {
      const renderer = await loadRenderer();
      const json = page.data === undefined ? '' : scriptJson({ page: url, data: page.data });
      let body = '';
      if (renderer && (page.data !== undefined || page.kind === 'landing')) {
        const key = `${page.kind}\u0000${lang}\u0000${url}\u0000${json}`;
        body = rendered.get(key) ?? renderer(page.kind, url, page.data, lang, compiledCatalogue(lang));
        rendered.set(key, body);
      }
      const data = json ? `<script type="application/json" id="ub-data">${json}</script>` : '';
      return `${withLang(lang)}  ${headTags(page.head, origin)}\n  </head>${beforeRoot}${banner(lang)}<div id="root">${body}</div>${data}${catalogueScript(lang, 'public')}${afterRoot}`;
    },
  };
}
