import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gstCheckCharacter } from '@ub/shared';

/**
 * Environments for tests that start the server as production does (issue 28): a real production configuration, and
 * a staging site on the production build with each development stand-in opted into by name.
 */

const PLATFORM_GSTIN = `29AAFCU5055K1Z${gstCheckCharacter('29AAFCU5055K1Z')}`;

/** A production environment that starts: every variable production requires, none of them a default. */
export const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://udyog.example',
  DATA_DIR: '/var/lib/udyog-bazaar',
  PAYMENT_PROVIDER: 'razorpay',
  RAZORPAY_KEY_ID: 'rzp_live_Abc123',
  RAZORPAY_KEY_SECRET: 'key-secret-0123456789',
  RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-0123456789',
  SMS_PROVIDER: 'msg91',
  MSG91_AUTH_KEY: 'msg91-key',
  MSG91_TEMPLATE_ID: 'tmpl-en',
  SMTP_URL: 'smtps://mailer:pw@smtp.udyog.example:465',
  EINVOICE_PROVIDER: 'gsp',
  EINVOICE_GSP_URL: 'https://gsp.example',
  EINVOICE_GSP_CLIENT_ID: 'client',
  EINVOICE_GSP_CLIENT_SECRET: 'client-secret',
  EINVOICE_GSP_USERNAME: 'user',
  EINVOICE_GSP_PASSWORD: 'password',
  EINVOICE_GSP_GSTIN: PLATFORM_GSTIN,
  BANK_ACCOUNT_NAME: 'Udyog Bazaar Nodal Account',
  BANK_ACCOUNT_NUMBER: '912020034567890',
  BANK_IFSC: 'UTIB0000004',
  BANK_NAME: 'Axis Bank, Bengaluru',
  PLATFORM_GSTIN,
  PLATFORM_LEGAL_NAME: 'Udyog Bazaar Private Limited',
  PLATFORM_ADDRESS: '12 MG Road, Bengaluru 560001, Karnataka',
};

/** A staging site on the production build: test payments and the local stand-ins, each opted into by name. */
export const STAGING_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://staging.udyog.example',
  DATA_DIR: join(tmpdir(), 'ub-staging-data'),
  PAYMENT_PROVIDER: 'test',
  ALLOW_TEST_PAYMENTS_IN_PRODUCTION: 'true',
  TEST_GATEWAY_SECRET: 'staging-gateway-secret-42',
  SMS_PROVIDER: 'log',
  ALLOW_LOGGED_SMS_IN_PRODUCTION: 'true',
  ALLOW_LOGGED_EMAIL_IN_PRODUCTION: 'true',
  EINVOICE_PROVIDER: 'local',
  ALLOW_EINVOICE_SIMULATOR_IN_PRODUCTION: 'true',
};
