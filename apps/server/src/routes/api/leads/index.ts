import { errorBody, LEAD_MESSAGES, leadResponse, leadSchema } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { storeLead } from '../../../modules/leads/leads.ts';
import { createLeadForwarder } from '../../../modules/leads/webhook.ts';

const routes: FastifyPluginAsyncZod = async (app) => {
  const forwarder = app.config.LEAD_WEBHOOK_URL
    ? createLeadForwarder({ url: app.config.LEAD_WEBHOOK_URL, format: app.config.LEAD_WEBHOOK_FORMAT, log: app.log })
    : undefined;
  if (forwarder) app.addHook('onClose', () => forwarder.close());

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
      const { lead, merged } = await storeLead(app.db, req.body);
      req.log.info({ event: merged ? 'lead.merged' : 'lead.created', leadId: lead.id }, 'lead stored');
      // Not awaited: the visitor's answer never waits for (or fails with) the webhook.
      void forwarder?.forward(lead, merged);
      return reply.status(merged ? 200 : 201).send({ id: lead.id, merged, message: LEAD_MESSAGES.success });
    },
  );
};

export default routes;
