import type { FastifyInstance } from 'fastify';
import { localStorage, type Storage } from '../../lib/storage.ts';

/** Upload storage for verification documents (local disk under DATA_DIR; an S3 adapter can replace it here). */
export function storageOf(app: FastifyInstance): Storage {
  return localStorage(app.config.DATA_DIR);
}
