import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base } from '@playwright/test';
import { freePort, startServer } from './server.ts';

export { expect } from '@playwright/test';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * `test` on a server of its own: a fresh database that no other spec writes to while it runs. A spec imports
 * `{ expect, test }` from here instead of '@playwright/test' only for checks that read or change the whole site:
 * a list capped to the newest few rows ("New Manufacturer Requests" shows five), a site-wide action (generating the
 * week's settlements), a count of everything. All other specs use the shared server with data of their own
 * (support/world.ts, support/api.ts).
 *
 * The server starts on a free port the first time a worker runs such a test and stops when the worker ends, so a
 * file of them runs its tests in one worker (`test.describe.configure({ mode: 'default' })`) to start one server.
 * Its log is e2e/test-results-solo-<worker>.log.
 */
export const test = base.extend<object, { soloServer: string }>({
  soloServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads which fixtures a function needs from its first argument
    async ({}, use, workerInfo) => {
      const logPath = join(dir, `test-results-solo-${workerInfo.parallelIndex}.log`);
      const server = await startServer(await freePort(), logPath);
      await use(server.url);
      await server.stop();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ soloServer }, use) => use(soloServer),
});
