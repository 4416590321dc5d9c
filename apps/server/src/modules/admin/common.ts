import type { FastifyInstance } from 'fastify';

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}

/** Publishes notifications recorded inside a committed transaction; a failed publish only loses the live push. */
export async function publishAll(app: FastifyInstance, publishers: Array<() => Promise<void>>): Promise<void> {
  for (const publish of publishers) {
    await publish().catch((err) => app.log.warn({ err }, 'notification publish failed'));
  }
}
