import type { FastifyInstance } from 'fastify';
import { guardFolder } from '../../../plugins/auth.ts';
import { guardAdminRoles } from './access.ts';
import approvals from './approvals.ts';
import buyers from './buyers.ts';
import consoleRoutes from './console.ts';
import contactMessages from './contact-messages.ts';
import finance from './finance.ts';
import jobs from './jobs.ts';
import manufacturers from './manufacturers.ts';
import operations from './operations.ts';
import products from './products.ts';
import requirements from './requirements.ts';
import rfqs from './rfqs.ts';

/**
 * The admin console's API, every route admin-only, and each open to the console roles it declares
 * (`config: may(...)`, checked by guardAdminRoles).
 */
export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  guardFolder(app, 'admin');
  guardAdminRoles(app);
  await app.register(manufacturers);
  await app.register(products);
  await app.register(operations);
  await app.register(consoleRoutes);
  await app.register(contactMessages);
  await app.register(jobs);
  await app.register(requirements);
  await app.register(buyers);
  await app.register(rfqs);
  await app.register(finance);
  await app.register(approvals);
}
