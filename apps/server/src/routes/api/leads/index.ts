import { errorBody, leadResponse, leadSchema } from '@ub/shared';
import { msg, replyMessage } from '../../../lib/errors.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeLead } from '../../../modules/leads/leads.ts';
import { enqueueLead } from '../../../modules/leads/webhook.ts';
import { transaction } from '../../../lib/transaction.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/leads',
    {
      preHandler: app.limit('leads', 10, 10),
      schema: {
        tags: ['leads'],
        summary: 'Landing page lead form: a manufacturer asks for an onboarding call',
        body: leadSchema,
        response: { 200: leadResponse, 201: leadResponse, 400: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      const { lead, merged } = await transaction(app.db, async (tx) => {
        const stored = await storeLead(tx, req.body);
        if (app.config.LEAD_WEBHOOK_URL) await enqueueLead(tx, stored.lead, stored.merged);
        return stored;
      });
      req.log.info({ event: merged ? 'lead.merged' : 'lead.created', leadId: lead.id }, 'lead stored');
      return reply
        .status(merged ? 200 : 201)
        .send({ id: lead.id, merged, ...replyMessage(req, msg('landing.lead.success')) });
    },
  );
};

export default routes;
