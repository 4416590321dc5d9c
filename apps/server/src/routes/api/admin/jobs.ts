import { adminJobsQuery, adminJobsResponse, errorBody, JOB_MESSAGES } from '@ub/shared';
import { msg, replyMessage } from '../../../lib/errors.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listJobs, retryJob } from '../../../jobs/admin.ts';
import { currentUser } from '../../../types.ts';
import { may } from './access.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** Background jobs: the dead letter and the failed jobs waiting to retry, and a retry for a dead one. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const admin = app.requireRole('admin');
  const base = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  app.get(
    '/admin/jobs',
    {
      config: may('jobs'),
      onRequest: admin,
      schema: {
        ...base,
        summary: 'Background jobs that failed: the dead letter, or those waiting to retry, with counts per state',
        querystring: adminJobsQuery,
        response: { 200: adminJobsResponse, ...errors },
      },
    },
    async (req) => listJobs(app.db, req.query),
  );

  app.post(
    '/admin/jobs/:id/retry',
    {
      config: may('jobs'),
      onRequest: admin,
      schema: {
        ...base,
        summary: 'Runs a dead job again, with a fresh set of attempts',
        params: z.object({ id: z.uuid({ error: JOB_MESSAGES.notFound }) }),
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (req) => {
      await retryJob(app.db, currentUser(req).id, req.params.id);
      return replyMessage(req, msg('replies.jobRetried'));
    },
  );
};

export default routes;
