import { serverLogPath } from './support/env.ts';
import { startServer } from './support/server.ts';

/**
 * Starts the production build on E2E_PORT with a fresh database (a new PostgreSQL database when DATABASE_URL is
 * set, an embedded one otherwise); its JSON log goes to a file the specs read (SMS codes). Every spec shares this
 * server; a test tagged @solo gets a private one instead (support/solo.ts).
 */
export default async function globalSetup() {
  const server = await startServer(Number(process.env.E2E_PORT ?? 4310), serverLogPath);
  return () => server.stop();
}
