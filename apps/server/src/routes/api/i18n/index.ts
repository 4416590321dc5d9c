import { ALL_LANGUAGES, type Language } from '@ub/shared/i18n';
import { errorBody, languageSchema } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueJson } from '../../../lib/i18n.ts';
import { setLanguage } from '../../../modules/auth/sessions.ts';
import { currentUser } from '../../../types.ts';

/** The catalogues the browser loads, and the account's language (ADR 0028). */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/i18n/:lang',
    {
      compress: { threshold: 1024 },
      schema: {
        tags: ['i18n'],
        summary: "One language's compiled catalogue (ICU messages compiled for Lingui)",
        params: z.object({ lang: z.enum(ALL_LANGUAGES as unknown as [Language, ...Language[]]) }),
      },
    },
    async (req, reply) =>
      reply
        .header('cache-control', 'public, max-age=300')
        .type('application/json; charset=utf-8')
        .send(catalogueJson(req.params.lang)),
  );

  app.put(
    '/auth/language',
    {
      onRequest: app.requireRole('seller', 'admin', 'buyer'),
      // The language is part of the account: a seller may choose it in every account status.
      config: { sellerAction: 'account' },
      schema: {
        tags: ['accounts'],
        summary: "Set the signed-in account's language",
        security: [{ bearerAuth: [] }],
        body: languageSchema,
        response: { 200: languageSchema, 400: errorBody, 401: errorBody },
      },
    },
    async (req) => {
      await setLanguage(app.db, currentUser(req).id, req.body.language);
      return { language: req.body.language };
    },
  );
};

export default routes;
