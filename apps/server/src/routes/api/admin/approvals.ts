import {
  approvalDecisionSchema,
  approvalItem,
  approvalsQuery,
  errorBody,
  fourEyesSettingsSchema,
  rejectApprovalSchema,
} from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { depsOf } from '../../../lib/deps.ts';
import {
  approveRequest,
  getFourEyes,
  listApprovals,
  rejectRequest,
  saveFourEyes,
} from '../../../modules/approvals/index.ts';
import { currentUser } from '../../../types.ts';
import { may } from './access.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const idParams = z.object({ id: z.uuid({ error: 'Approval not found' }) });

/** Four eyes (issue 28): refunds and payouts above the site's amount wait here for a second money admin. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const base = { tags: ['admin'], security: [{ bearerAuth: [] }] };

  app.get(
    '/admin/approvals',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary: 'Refunds and payouts waiting for (or decided by) a second admin',
        querystring: approvalsQuery,
        response: { 200: z.object({ approvals: z.array(approvalItem) }), ...errors },
      },
    },
    async (req) => ({ approvals: await listApprovals(app.db, req.query.status) }),
  );
  app.post(
    '/admin/approvals/:id/approve',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary: "Approve another admin's refund or payout: the money command runs now, once (never your own request)",
        params: idParams,
        body: approvalDecisionSchema.nullish(),
        response: { 200: approvalItem, ...errors },
      },
    },
    async (req) =>
      approveRequest(depsOf(app), { payouts: app.payouts }, currentUser(req).id, req.params.id, req.body?.note),
  );
  app.post(
    '/admin/approvals/:id/reject',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary: "Reject another admin's refund or payout with a reason: nothing moves",
        params: idParams,
        body: rejectApprovalSchema,
        response: { 200: approvalItem, ...errors },
      },
    },
    async (req) => rejectRequest(depsOf(app), currentUser(req).id, req.params.id, req.body.note),
  );
  app.get(
    '/admin/four-eyes',
    {
      config: may('finance'),
      schema: {
        ...base,
        summary: "The amount above which a refund or payout needs a second admin's approval",
        response: { 200: fourEyesSettingsSchema, ...errors },
      },
    },
    async () => getFourEyes(app.db),
  );
  app.put(
    '/admin/four-eyes',
    {
      config: may('settings'),
      schema: {
        ...base,
        summary: 'Change the four-eyes amount (owners only, audited)',
        body: fourEyesSettingsSchema,
        response: { 200: fourEyesSettingsSchema, ...errors },
      },
    },
    async (req) => saveFourEyes(app.db, currentUser(req).id, req.body),
  );
};

export default routes;
