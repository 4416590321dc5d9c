import type { FastifyInstance } from 'fastify';
import adminManufacturers from './api/admin/manufacturers.ts';
import auth from './api/auth/index.ts';
import health from './api/health.ts';
import products from './api/products/index.ts';
import settings from './api/settings/index.ts';
import site from './api/site/index.ts';

/** Every API route plugin, mounted under /api. Add a feature's plugin here. */
export async function apiRoutes(api: FastifyInstance): Promise<void> {
  await api.register(health);
  await api.register(auth);
  await api.register(settings);
  await api.register(adminManufacturers);
  await api.register(site);
  await api.register(products);
}
