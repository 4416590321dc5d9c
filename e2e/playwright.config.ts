import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4310);

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  timeout: 45_000,
  expect: { timeout: 10_000 },
  /*
   * Every test runs beside the others, on two workers by default (E2E_WORKERS overrides), against the one server
   * global-setup.ts starts. So each test must be independent of every other:
   * - It makes its own data through the API (support/world.ts `makeWorld` for a seller with a product, an order, an
   *   RFQ, a dispute and a lead; support/api.ts for accounts) and never relies on rows another spec made, on the
   *   demo accounts, or on the order tests run in.
   * - It finds its own rows by their unique names or ids (a list's search, `?q=`, a record URL), never by position
   *   (`.first()` on a list other specs also fill) and never by a count of the whole site.
   * - It does not change what the whole site shares (site settings, the settlement run) on this server.
   * - A check that needs the whole site to itself (the dashboard's five newest requests, a site-wide action) uses
   *   `test` from support/solo.ts: a server of its own (admin-solo.spec.ts).
   * - No fixed waits (`waitForTimeout`): wait for what the user would see. Screenshots are for people, not checks:
   *   support/screens.ts saves them only with E2E_SCREENSHOTS=1.
   * - Sign in through the UI only where the sign-in screen is what is tested (login.spec.ts, accounts.spec.ts);
   *   elsewhere `openAsSeller` / `openAsAdmin` put an API token in storage.
   */
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  outputDir: './test-results',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    // A failed test keeps its trace (every action's DOM) and a screenshot. The trace's screencast is left out: it
    // cost about a sixth of the suite's CPU on two cores.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
        '--disable-quic',
      ],
    },
  },
});
