import type { FastifyInstance } from 'fastify';
import { guardFolder } from '../../../plugins/auth.ts';
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

/** The admin console's API, every route admin-only. */
export default async function adminRoutes(app: FastifyInstance): Promise<void> {
  guardFolder(app, 'admin');
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
}
