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
    // Test files of a worker share its module cache: importing the server afresh per file was half the run.
    // Each file still builds its own app on its own fresh database (test/helpers.ts useTestApp).
    isolate: false,
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
