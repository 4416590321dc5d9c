import { errorBody, settingsResponse } from '@ub/shared';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { manufacturers, users } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/errors.ts';
import { currentUser } from '../../../types.ts';

/** Shows only the last four digits; the full number never leaves the server. */
export function maskAccountNumber(n: string | null): string | null {
  if (!n) return null;
  const last = n.slice(-4);
  return `${'X'.repeat(Math.max(0, n.length - 4))}${last}`;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      onRequest: app.requireRole('seller'),
      schema: {
        tags: ['settings'],
        summary: "The seller's profile and bank details (read-only online)",
        security: [{ bearerAuth: [] }],
        response: { 200: settingsResponse, 401: errorBody, 403: errorBody, 404: errorBody },
      },
    },
    async (req) => {
      const [row] = await app.db
        .select({ u: users, m: manufacturers })
        .from(users)
        .innerJoin(manufacturers, eq(manufacturers.userId, users.id))
        .where(eq(users.id, currentUser(req).id))
        .limit(1);
      if (!row) throw notFound('Profile not found');
      const { u, m } = row;
      return {
        profile: {
          fullName: u.fullName,
          email: u.email,
          phone: u.phone,
          userId: u.id,
          manufacturerId: m.id,
          companyName: m.companyName,
          companyAddress: m.companyAddress,
          gstNumber: m.gstNumber,
          category: m.category,
          status: m.status,
        },
        bank: {
          accountHolderName: m.accountHolderName,
          bankName: m.bankName,
          branchName: m.branchName,
          accountNumber: maskAccountNumber(m.accountNumber),
          ifscCode: m.ifscCode,
          accountType: m.accountType,
        },
      };
    },
  );
};

export default routes;
