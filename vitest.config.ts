import { defineConfig } from 'vitest/config';

/** Server tests run on the embedded PGlite always, and again on PostgreSQL when DATABASE_URL is set. */
const serverProject = (name: string, databaseUrl: string) => ({
  test: {
    name,
    root: './apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/global-setup.ts'],
    env: { TEST_DATABASE_URL: databaseUrl },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks' as const,
  },
});

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      serverProject('server', ''),
      ...(process.env.DATABASE_URL ? [serverProject('server-pg', process.env.DATABASE_URL)] : []),
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
