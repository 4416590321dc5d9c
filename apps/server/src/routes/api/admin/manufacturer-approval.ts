import { errorBody } from '@ub/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manufacturers } from '../../../db/schema/index.ts';
import { audit } from '../../../lib/audit.ts';
import { conflict, notFound } from '../../../lib/errors.ts';
import { notify } from '../../../modules/notifications/notify.ts';
import { currentUser } from '../../../types.ts';

/**
 * Approving a pending manufacturer, the one verification step trade needs (only approved sellers trade). The admin
 * console issue owns the full set of verification transitions; this route is the approve step of that set.
 */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/manufacturers/:id/approve',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Approve a manufacturer awaiting verification',
        security: [{ bearerAuth: [] }],
        params: z.object({ id: z.uuid('Not a valid id.') }),
        response: {
          200: z.object({ id: z.string(), status: z.string() }),
          400: errorBody,
          401: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
        },
      },
    },
    async (req) => {
      const [m] = await app.db
        .update(manufacturers)
        .set({ status: 'approved', reviewedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(manufacturers.id, req.params.id), inArray(manufacturers.status, ['received', 'under_review'])))
        .returning();
      if (!m) {
        const [exists] = await app.db
          .select({ status: manufacturers.status })
          .from(manufacturers)
          .where(eq(manufacturers.id, req.params.id));
        if (!exists) throw notFound('Manufacturer not found');
        throw conflict(`A manufacturer that is ${exists.status} cannot be approved.`);
      }
      const actor = currentUser(req).id;
      await audit(app.db, {
        actorUserId: actor,
        action: 'manufacturer.approve',
        entityType: 'manufacturer',
        entityId: m.id,
        after: { status: 'approved' },
      });
      await notify(app, {
        userId: m.userId,
        type: 'account_verified',
        title: 'Account verified',
        message: 'Your business has been verified. You can now trade on Udyog Bazaar.',
        link: '/dashboard',
      });
      return { id: m.id, status: m.status };
    },
  );
};

export default routes;
