import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublicPage, PublicPageHead } from '../modules/catalog/public-pages.ts';
import { findUp } from './paths.ts';

/**
 * The public pages' HTML (ADR 0019): the built index.html with the page's head (title, description, canonical
 * address, Open Graph, JSON-LD), the page rendered by the web app's server entry (apps/server/dist/ssr, built by
 * `vite build --ssr`) inside #root, and the data it was rendered with for the browser to take over from.
 */
type Render = (page: string, url: string, data: unknown) => string;

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

export interface HtmlShell {
  render(page: PublicPage, url: string, origin: string): Promise<string>;
}

/** The shell over the built web app in `webDir`; the template is read once. */
export function htmlShell(webDir: string): HtmlShell {
  const template = readFileSync(join(webDir, 'index.html'), 'utf8')
    // The page's own head replaces the landing page's.
    .replace(/\s*<title>[\s\S]*?<\/title>/, '')
    .replace(/\s*<meta (name="description"|property="og:(type|title|description)")[^>]*>/g, '');
  const [beforeHead, afterHead] = template.split('</head>') as [string, string];
  const [beforeRoot, afterRoot] = afterHead.split('<div id="root"></div>') as [string, string];
  // The landing page has no data: rendered once per process, like a build-time prerender.
  const fixed = new Map<string, string>();
  return {
    async render(page, url, origin) {
      const renderer = await loadRenderer();
      let body = '';
      if (renderer && (page.data !== undefined || page.kind === 'landing')) {
        const key = page.kind === 'landing' ? 'landing' : '';
        body = (key && fixed.get(key)) || renderer(page.kind, url, page.data);
        if (key) fixed.set(key, body);
      }
      const data =
        page.data === undefined
          ? ''
          : `<script type="application/json" id="ub-data">${scriptJson({ page: url, data: page.data })}</script>`;
      return `${beforeHead}  ${headTags(page.head, origin)}\n  </head>${beforeRoot}<div id="root">${body}</div>${data}${afterRoot}`;
    },
  };
}
