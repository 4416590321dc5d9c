import { adminStatusLabel, errorBody, MANUFACTURER_STATUSES } from '@ub/shared';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { manufacturers, users } from '../../../db/schema/index.ts';

const manufacturerItem = z.object({
  id: z.string(),
  name: z.string(),
  contactPerson: z.string(),
  email: z.string(),
  contact: z.string().nullable(),
  regDate: z.string(),
  status: z.enum(MANUFACTURER_STATUSES),
  statusLabel: z.string(),
  gst: z.string(),
  address: z.string(),
  category: z.string(),
});

/** Registered manufacturers with their verification status, newest first. */
const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/manufacturers',
    {
      onRequest: app.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'Registered manufacturers and their verification status',
        security: [{ bearerAuth: [] }],
        response: {
          200: z.object({ manufacturers: z.array(manufacturerItem), total: z.number() }),
          401: errorBody,
          403: errorBody,
        },
      },
    },
    async () => {
      const [totals] = await app.db.select({ n: count() }).from(manufacturers);
      const rows = await app.db
        .select({ m: manufacturers, u: users })
        .from(manufacturers)
        .innerJoin(users, eq(users.id, manufacturers.userId))
        .orderBy(desc(manufacturers.createdAt))
        .limit(500);
      const list = rows.map(({ m, u }) => ({
        id: m.id,
        name: m.companyName,
        contactPerson: u.fullName,
        email: u.email,
        contact: u.phone,
        regDate: m.createdAt.toISOString().slice(0, 10),
        status: m.status,
        statusLabel: adminStatusLabel(m.status),
        gst: m.gstNumber,
        address: m.companyAddress,
        category: m.category,
      }));
      return { manufacturers: list, total: totals?.n ?? 0 };
    },
  );
};

export default routes;
