import { randomBytes } from 'node:crypto';

/** The test gateway's secret for this run: random, never the published default, which production refuses. */
const gatewaySecret = randomBytes(16).toString('hex');

/**
 * The environment of a staging site on the production build (docs/configuration.md), for the repo's own starts of
 * the production server (browser suite, fault scenarios, benchmarks): the address pages are built from, and test
 * payments and the local stand-ins, each opted into by name (production refuses them otherwise).
 * @param {number} port
 * @returns {Record<string, string>}
 */
export function stagingEnv(port) {
  return {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PAYMENT_PROVIDER: 'test',
    ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
    TEST_GATEWAY_SECRET: gatewaySecret,
    SMS_PROVIDER: 'log',
    ALLOW_LOGGED_SMS_IN_PRODUCTION: 'true',
    ALLOW_LOGGED_EMAIL_IN_PRODUCTION: 'true',
    EINVOICE_PROVIDER: 'local',
    ALLOW_EINVOICE_SIMULATOR_IN_PRODUCTION: 'true',
  };
}
