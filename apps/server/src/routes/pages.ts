import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { depsOf } from '../lib/deps.ts';
import type { HtmlShell } from '../lib/html-shell.ts';
import { pageLanguage } from '../lib/i18n.ts';
import {
  LANDING_HEAD,
  type PublicPage,
  productPage,
  productsPage,
  sellerPage,
} from '../modules/catalog/public-pages.ts';

/** Compress HTML answers over 1 KB (brotli or gzip, as the browser accepts). */
const compress = { compress: { threshold: 1024 } };

/**
 * The public pages served as HTML that already holds their content (ADR 0019): `/`, `/products`,
 * `/products/:id` (a slug may follow the id) and `/sellers/:id`. Everything else is the web app's history fallback.
 */
export function publicPageRoutes(app: FastifyInstance, shell: HtmlShell): void {
  // Canonical, Open Graph and JSON-LD addresses: the configured origin, never the Host a client sent.
  const origin = app.config.PUBLIC_URL;
  const send = async (req: FastifyRequest, reply: FastifyReply, page: PublicPage) =>
    reply
      .status(page.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .header('vary', 'Cookie, Accept-Language')
      .send(await shell.render(page, req.url, origin, pageLanguage(req)));
  const hidden = { schema: { hide: true }, ...compress };

  app.get('/', hidden, (req, reply) => send(req, reply, { kind: 'landing', status: 200, head: LANDING_HEAD }));
  app.get('/products', hidden, async (req, reply) =>
    send(
      req,
      reply,
      await app.readLagging(req, (d, wrote) =>
        productsPage((q) => app.catalogSearch(d, q, wrote), req.query as Record<string, unknown>),
      ),
    ),
  );
  app.get('/products/:id', hidden, async (req, reply) =>
    send(req, reply, await app.readLagging(req, (d) => productPage(d, (req.params as { id: string }).id))),
  );
  app.get('/sellers/:id', hidden, async (req, reply) =>
    send(
      req,
      reply,
      await app.readLagging(req, (d) =>
        sellerPage(d, (req.params as { id: string }).id, req.query as Record<string, unknown>, depsOf(app).clock()),
      ),
    ),
  );
}
