import { siteSettingsSchema } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getSiteSettings } from '../../../modules/site/site-settings.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/site',
    {
      schema: {
        tags: ['site'],
        summary: 'Public site configuration: contact details, social links, GST rates',
        response: { 200: siteSettingsSchema },
      },
    },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return getSiteSettings(app.db);
    },
  );
};

export default routes;
