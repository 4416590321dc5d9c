import { availableParallelism } from 'node:os';
import { isIP } from 'node:net';
import { gstinProblem, isSameAsLogin, normalizeGst, PASSWORD_MESSAGES, passwordProblem } from '@ub/shared';
import { z } from 'zod';
import { loadCommonPasswords } from './modules/auth/common-passwords.ts';
import { parseSecretKey } from './lib/secret-box.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * TRUST_PROXY: unset (or 0, false) believes no X-Forwarded-For, so the client address is the socket's peer; a
 * number N believes the last N hops (N proxies in front); otherwise a comma list of proxy addresses or CIDRs (and
 * proxy-addr's names loopback, linklocal, uniquelocal) whose X-Forwarded-For entries are believed. "true" (trust
 * every hop) is refused: any client could then choose its own address and escape every per-address limit.
 */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
export function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  if (rest.length || !address) return false;
  const family = isIP(address);
  if (!family) return false;
  if (bits === undefined) return true;
  if (!/^[0-9]{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}
const trustProxy = z
  .string()
  .optional()
  .transform((raw, ctx): number | string[] | false => {
    const v = (raw ?? '').trim();
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^[0-9]+$/.test(v)) {
      const hops = Number(v);
      if (hops > 10) {
        ctx.addIssue({ code: 'custom', message: 'a hop count must be at most 10' });
        return z.NEVER;
      }
      return hops;
    }
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.filter((e) => !isProxyAddress(e));
    if (bad.length) {
      ctx.addIssue({
        code: 'custom',
        message: `must be unset, a hop count, or a comma list of proxy addresses or CIDRs (not ${bad.map((b) => JSON.stringify(b)).join(', ')})`,
      });
      return z.NEVER;
    }
    return entries;
  });

const optionalSecret = z
  .string()
  .min(8, 'must be at least 8 characters')
  .optional()
  .or(z.literal('').transform(() => undefined));

/** What the local `test` gateway signs with unless TEST_GATEWAY_SECRET says otherwise (published: refused in production). */
export const DEFAULT_TEST_GATEWAY_SECRET = 'test-gateway-secret';

/** The demo bank account buyers are shown outside production (and on a test-payments staging site). */
export const DEMO_BANK = {
  BANK_ACCOUNT_NAME: 'Udyog Bazaar Escrow Account',
  BANK_ACCOUNT_NUMBER: '50200012345678',
  BANK_IFSC: 'HDFC0000123',
  BANK_NAME: 'HDFC Bank, Fort branch, Mumbai',
} as const;

/** The platform as supplier on its commission invoices outside production (and on a test-payments staging site). */
export const DEMO_PLATFORM = {
  PLATFORM_LEGAL_NAME: 'Udyog Bazaar Private Limited',
  PLATFORM_ADDRESS: 'Fort, Mumbai 400001, Maharashtra',
} as const;

/** The demo accounts' passwords, published in the README: never an administrator's password in production. */
const PUBLISHED_PASSWORDS = new Set(['DemoAdmin@123', 'DemoSeller@123', 'DemoBuyer@123']);

const EINVOICE_GSP_VARIABLES = [
  'EINVOICE_GSP_URL',
  'EINVOICE_GSP_CLIENT_ID',
  'EINVOICE_GSP_CLIENT_SECRET',
  'EINVOICE_GSP_USERNAME',
  'EINVOICE_GSP_PASSWORD',
  'EINVOICE_GSP_GSTIN',
] as const;
const EWAYBILL_NIC_VARIABLES = [
  'EWAYBILL_API_URL',
  'EWAYBILL_CLIENT_ID',
  'EWAYBILL_CLIENT_SECRET',
  'EWAYBILL_USERNAME',
  'EWAYBILL_PASSWORD',
  'EWAYBILL_GSTIN',
] as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const configSchema = z
  .object({
    NODE_ENV: z
      .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
      .default('development'),
    PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** A streaming replica of DATABASE_URL: reads that may lag a moment go there (db/replica.ts). */
    DATABASE_REPLICA_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Connections each server process keeps to PostgreSQL (and to the replica). More than the database's cores
     * only queue inside PostgreSQL instead of in the pool; the default suits a few cores per process.
     */
    DATABASE_POOL_SIZE: z.coerce
      .number({ error: 'must be a whole number from 1 to 200' })
      .int({ error: 'must be a whole number from 1 to 200' })
      .min(1, { error: 'must be a whole number from 1 to 200' })
      .max(200, { error: 'must be a whole number from 1 to 200' })
      .default(20),
    /** A replica further behind than this takes no reads until it catches up. */
    REPLICA_MAX_LAG_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds from 100 to 600000' })
      .int({ error: 'must be a whole number of milliseconds from 100 to 600000' })
      .min(100, { error: 'must be a whole number of milliseconds from 100 to 600000' })
      .max(600_000, { error: 'must be a whole number of milliseconds from 100 to 600000' })
      .default(2000),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ADMIN_EMAIL: z
      .email('must be an e-mail address')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    ADMIN_PASSWORD: z
      .string()
      .min(8, 'must be at least 8 characters')
      .superRefine((value, ctx) => {
        const problem = passwordProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    SMS_PROVIDER: z.enum(['log', 'msg91'], { error: 'must be log or msg91' }).default('log'),
    MSG91_AUTH_KEY: z.string().optional(),
    MSG91_TEMPLATE_ID: z.string().optional(),
    /** DLT templates are registered per language: a language without its own id gets the English template. */
    MSG91_TEMPLATE_ID_HI: z.string().optional(),
    MSG91_TEMPLATE_ID_MR: z.string().optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    MAIL_FROM: z.string().min(3).default('Udyog Bazaar <no-reply@udyogbazaar.in>'),
    /**
     * The site's address as people reach it (an origin: https://udyog.example). Links, canonical addresses, Open
     * Graph, JSON-LD and e-mails are built from it, never from the Host header a client sends. Required in
     * production; elsewhere http://localhost:<PORT>.
     */
    PUBLIC_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
        .superRefine((v, ctx) => {
          const u = new URL(v);
          if (u.pathname !== '/' || u.search || u.hash || u.username || u.password) {
            ctx.addIssue({
              code: 'custom',
              message: `must be an origin only (scheme, host and port), like ${u.origin}`,
            });
          }
        })
        .transform((v) => new URL(v).origin)
        .optional(),
    ),
    SEED_DEMO: bool.optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** Each stored lead from the landing page is also sent here (a CRM, a spreadsheet script), in the background. */
    LEAD_WEBHOOK_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    LEAD_WEBHOOK_FORMAT: z.enum(['json', 'form'], { error: 'must be json or form' }).default('json'),
    /** With S3_BUCKET, uploaded files go to S3-compatible object storage instead of DATA_DIR/uploads. */
    S3_BUCKET: z
      .string()
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_REGION: z.string().min(1).default('ap-south-1'),
    /** For S3-compatible services (MinIO, Cloudflare R2, ...): their address; requests use path-style URLs. */
    S3_ENDPOINT: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Images decoded and re-encoded at once (lib/image-work.ts); default: one less than the cores, at least 1. */
    IMAGE_WORKERS: z.coerce
      .number({ error: 'must be a whole number from 1 to 64' })
      .int({ error: 'must be a whole number from 1 to 64' })
      .min(1, { error: 'must be a whole number from 1 to 64' })
      .max(64, { error: 'must be a whole number from 1 to 64' })
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /**
     * Seconds a catalogue search answer is kept per process (ADR 0025); unset: 10 in production, 0 (off) elsewhere,
     * so tests and development see every change at once.
     */
    CATALOG_CACHE_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds from 0 to 300' })
      .int({ error: 'must be a whole number of seconds from 0 to 300' })
      .min(0, { error: 'must be a whole number of seconds from 0 to 300' })
      .max(300, { error: 'must be a whole number of seconds from 0 to 300' })
      .optional(),
    /**
     * Server processes (cluster.ts): 1 runs the server in this process; more, or `auto` (one per core), starts a
     * supervisor that keeps that many worker processes on the one port and restarts any that dies.
     */
    WORKERS: z
      .union([
        z.literal('auto'),
        z.coerce
          .number({ error: 'must be auto or a whole number from 1 to 64' })
          .int({ error: 'must be auto or a whole number from 1 to 64' })
          .min(1, { error: 'must be auto or a whole number from 1 to 64' })
          .max(64, { error: 'must be auto or a whole number from 1 to 64' }),
      ])
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((v) => (v === 'auto' ? Math.max(2, availableParallelism()) : (v ?? 1))),
    /** Multiplies every rate limit; tests and benchmarks raise it, production keeps 1. */
    RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
    /** Starts every rate-limit key in Redis, so deployments sharing one Redis keep separate budgets. */
    RATE_LIMIT_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits or _ . : -')
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((v) => v ?? 'ub-rl:'),
    /** Runs the job runner and the schedules in this process (tests turn it off and drain the queue themselves). */
    JOBS_ENABLED: bool.default(true),
    /** How often an idle runner looks for due jobs; a job queued by this process starts at once anyway. */
    JOBS_POLL_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds from 50 to 60000' })
      .int({ error: 'must be a whole number of milliseconds from 50 to 60000' })
      .min(50, { error: 'must be a whole number of milliseconds from 50 to 60000' })
      .max(60_000, { error: 'must be a whole number of milliseconds from 50 to 60000' })
      .default(1000),
    /** How long a claimed job is its process's: a job whose process died is taken over after this. */
    JOBS_LEASE_MS: z.coerce
      .number({ error: 'must be a whole number of milliseconds from 1000 to 3600000' })
      .int({ error: 'must be a whole number of milliseconds from 1000 to 3600000' })
      .min(1000, { error: 'must be a whole number of milliseconds from 1000 to 3600000' })
      .max(3_600_000, { error: 'must be a whole number of milliseconds from 1000 to 3600000' })
      .default(300_000),
    /** Jobs one process runs at once. */
    JOBS_CONCURRENCY: z.coerce
      .number({ error: 'must be a whole number from 1 to 32' })
      .int({ error: 'must be a whole number from 1 to 32' })
      .min(1, { error: 'must be a whole number from 1 to 32' })
      .max(32, { error: 'must be a whole number from 1 to 32' })
      .default(2),
    /** Whose X-Forwarded-For to believe: nobody (unset), a hop count, or a list of proxy addresses/CIDRs. */
    TRUST_PROXY: trustProxy,
    /**
     * The payment gateway: `test` (a local checkout page on this server) or `razorpay`. Unset: the payments
     * module's default (`test`). Bank transfer is offered beside either.
     */
    PAYMENT_PROVIDER: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['test', 'razorpay'], { error: 'must be test or razorpay' }).optional(),
    ),
    /** Razorpay API keys (Dashboard, Account & Settings, API Keys): rzp_test_... or rzp_live_... and its secret. */
    RAZORPAY_KEY_ID: z
      .string()
      .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, 'must be a Razorpay key id (rzp_test_... or rzp_live_...)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    RAZORPAY_KEY_SECRET: optionalSecret,
    /** The secret entered when registering the webhook in the Razorpay Dashboard (not the key secret). */
    RAZORPAY_WEBHOOK_SECRET: optionalSecret,
    /** After changing the webhook secret: the old one, still accepted for a day of redeliveries signed with it. */
    RAZORPAY_WEBHOOK_SECRET_PREVIOUS: optionalSecret,
    /** Razorpay's API address, with or without the /v1; only a test or an egress proxy changes it. */
    RAZORPAY_API_BASE: z
      .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
      .optional()
      .or(z.literal('').transform(() => undefined))
      .transform((v) => v ?? 'https://api.razorpay.com/v1'),
    /** How sellers are paid: `manual` (bank file and UTRs entered by the admin, the default) or `razorpayx`. */
    PAYOUT_PROVIDER: z.enum(['manual', 'razorpayx'], { error: 'must be manual or razorpayx' }).default('manual'),
    /** The RazorpayX account number payouts are made from (RazorpayX Dashboard, My Account & Settings, Banking). */
    RAZORPAYX_ACCOUNT_NUMBER: z
      .string()
      .regex(/^[0-9]{5,20}$/, 'must be the RazorpayX account number, digits only')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** The secret of the RazorpayX webhook (payout events), which is registered apart from the payments one. */
    RAZORPAYX_WEBHOOK_SECRET: optionalSecret,
    /** Secret the local `test` gateway signs its checkout redirects and webhooks with (Razorpay's format). */
    TEST_GATEWAY_SECRET: z.string().min(8).default(DEFAULT_TEST_GATEWAY_SECRET),
    /**
     * The production build's staging switches (production refuses each stand-in without its own): a site that takes
     * test payments (the `test` gateway, or Razorpay test keys) says so on every page and in every e-mail.
     */
    ALLOW_TEST_PAYMENTS_IN_PRODUCTION: bool.default(false),
    /** SMS_PROVIDER=log in production: every SMS, reset codes included, is a log line and nothing is sent. */
    ALLOW_LOGGED_SMS_IN_PRODUCTION: bool.default(false),
    /** No SMTP_URL in production: every e-mail is a log line and nothing is sent. */
    ALLOW_LOGGED_EMAIL_IN_PRODUCTION: bool.default(false),
    /** EINVOICE_PROVIDER=local in production: IRNs and signed QR codes from the local IRP simulator, not NIC's. */
    ALLOW_EINVOICE_SIMULATOR_IN_PRODUCTION: bool.default(false),
    /** EWAYBILL_PROVIDER=simulator in production: e-way bill numbers from the local portal simulator. */
    ALLOW_EWAYBILL_SIMULATOR_IN_PRODUCTION: bool.default(false),
    /**
     * Who registers e-invoices (read by modules/tax-documents/providers/einvoice.ts; checked here so a bad setting
     * stops the start instead of the first invoice).
     */
    EINVOICE_PROVIDER: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['local', 'gsp'], { error: 'must be local or gsp' }).default('local'),
    ),
    /** Who makes e-way bills (modules/tax-documents/providers/ewaybill.ts). */
    EWAYBILL_PROVIDER: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(['local', 'simulator', 'nic'], { error: 'must be local, simulator or nic' }).default('local'),
    ),
    /** The platform's account buyers pay by bank transfer (NEFT, RTGS, IMPS, UPI) and quote the reference. */
    BANK_ACCOUNT_NAME: z.string().min(1).default(DEMO_BANK.BANK_ACCOUNT_NAME),
    BANK_ACCOUNT_NUMBER: z.string().min(1).default(DEMO_BANK.BANK_ACCOUNT_NUMBER),
    BANK_IFSC: z
      .string()
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an IFSC code (e.g. HDFC0000123)')
      .default(DEMO_BANK.BANK_IFSC),
    BANK_NAME: z.string().min(1).default(DEMO_BANK.BANK_NAME),
    /** Days after delivery before an order's money is released to the seller (never while a dispute is open). */
    SETTLEMENT_HOLD_DAYS: z.coerce
      .number({ error: 'must be a whole number of days from 0 to 60' })
      .int({ error: 'must be a whole number of days from 0 to 60' })
      .min(0, { error: 'must be a whole number of days from 0 to 60' })
      .max(60, { error: 'must be a whole number of days from 0 to 60' })
      .default(7),
    /**
     * The platform's own GSTIN as the e-commerce operator collecting TCS under s.52 CGST Act: the GSTIN of its
     * GSTR-8, the ECO GSTIN (etin) in the GSTR-1 of every seller selling through it, and the supplier's GSTIN on its
     * commission tax invoice issued with each settlement. Unset outside production: a demo GSTIN; unset in
     * production: no GSTR-8, no ECO details and no settlement run until it is set.
     */
    PLATFORM_GSTIN: z
      .string()
      .transform(normalizeGst)
      .superRefine((v, ctx) => {
        const problem = v ? gstinProblem(v) : undefined;
        if (problem) ctx.addIssue({ code: 'custom', message: `must be the platform's GSTIN: ${problem}` });
      })
      .optional()
      .transform((v) => v || undefined),
    /** The platform's legal name and address as the supplier on its commission tax invoice to each seller. */
    PLATFORM_LEGAL_NAME: z.string().min(1).default(DEMO_PLATFORM.PLATFORM_LEGAL_NAME),
    PLATFORM_ADDRESS: z.string().min(1).default(DEMO_PLATFORM.PLATFORM_ADDRESS),
    /**
     * The AES-256-GCM key (32 bytes as base64, or 64 hex digits) sealing each seller's e-invoice portal password.
     * Unset: sellers cannot store their own IRP credentials.
     */
    EINVOICE_CREDENTIALS_KEY: z
      .string()
      .refine((v) => parseSecretKey(v) !== null, 'must be 32 bytes as base64 or 64 hex digits')
      .optional(),
  })
  .superRefine((c, ctx) => {
    if (c.SMS_PROVIDER === 'msg91' && (!c.MSG91_AUTH_KEY || !c.MSG91_TEMPLATE_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['MSG91_AUTH_KEY'],
        message: 'SMS_PROVIDER=msg91 needs MSG91_AUTH_KEY and MSG91_TEMPLATE_ID',
      });
    }
    if (c.S3_BUCKET && (!c.S3_ACCESS_KEY_ID || !c.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET needs S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY',
      });
    }
    if (c.ADMIN_EMAIL && c.ADMIN_PASSWORD && isSameAsLogin(c.ADMIN_PASSWORD, { email: c.ADMIN_EMAIL })) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_PASSWORD'], message: PASSWORD_MESSAGES.sameAsLogin });
    }
    if (c.PAYMENT_PROVIDER === 'razorpay' || c.PAYOUT_PROVIDER === 'razorpayx') {
      const who = c.PAYMENT_PROVIDER === 'razorpay' ? 'PAYMENT_PROVIDER=razorpay' : 'PAYOUT_PROVIDER=razorpayx';
      const needed =
        c.PAYMENT_PROVIDER === 'razorpay'
          ? (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const)
          : (['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET'] as const);
      const missing = needed.filter((k) => !c[k]);
      if (missing.length) {
        ctx.addIssue({
          code: 'custom',
          path: [missing[0] ?? 'RAZORPAY_KEY_ID'],
          message: `${who} needs ${missing.join(', ')}`,
        });
      }
    }
    if (c.PAYOUT_PROVIDER === 'razorpayx' && !c.RAZORPAYX_ACCOUNT_NUMBER) {
      ctx.addIssue({
        code: 'custom',
        path: ['RAZORPAYX_ACCOUNT_NUMBER'],
        message: 'PAYOUT_PROVIDER=razorpayx needs RAZORPAYX_ACCOUNT_NUMBER',
      });
    }
    if (c.DATABASE_REPLICA_URL && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_REPLICA_URL'],
        message: 'a replica needs DATABASE_URL (the primary it follows)',
      });
    }
    if (c.WORKERS > 1 && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: 'several workers need DATABASE_URL (the embedded database belongs to one process)',
      });
    }
    if (c.WORKERS > 1 && !c.REDIS_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['WORKERS'],
        message: 'several workers need REDIS_URL (live notifications, rate limits and sign-outs are shared through it)',
      });
    }
    if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together' });
    }
  });

type ParsedConfig = z.infer<typeof configSchema>;

export type Config = Omit<ParsedConfig, 'PUBLIC_URL'> & {
  /** The site's origin: PUBLIC_URL, or http://localhost:<PORT> outside production (never the Host header). */
  PUBLIC_URL: string;
  seedDemo: boolean;
  catalogCacheSeconds: number;
  /** PLATFORM_GSTIN, or the demo one outside production; null when production has none set. */
  platformGstin: string | null;
  /** Payments here are make-believe: the `test` gateway, or Razorpay with test-mode keys. */
  testPayments: boolean;
  /** A production (staging) site taking test payments: every page and every e-mail says so. */
  announceTestPayments: boolean;
};

/** The platform's GSTIN outside production when PLATFORM_GSTIN is unset (valid form and check character). */
export const DEMO_PLATFORM_GSTIN = '27AAFCU5055K1ZZ';

const STAGING_ONLY = (optIn: string) => `unless ${optIn}=true (a staging site)`;

/**
 * What production refuses (issue 28): make-believe payments, published secrets and every development stand-in,
 * each unless its own opt-in names it. One [variable, message] per refusal; all are reported at once.
 */
function productionProblems(c: ParsedConfig, env: Record<string, string | undefined>): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  const named = (k: string) => (env[k] ?? '').trim() !== '';
  const testPayments = c.ALLOW_TEST_PAYMENTS_IN_PRODUCTION;

  if (!c.PUBLIC_URL) {
    problems.push([
      'PUBLIC_URL',
      "production needs the site's public address (https://...): links, canonical addresses, Open Graph, JSON-LD and e-mails are built from it, never from the Host header",
    ]);
  } else {
    const u = new URL(c.PUBLIC_URL);
    if (u.protocol !== 'https:' && !LOOPBACK_HOSTS.has(u.hostname)) {
      problems.push(['PUBLIC_URL', 'must be an https:// address in production (http:// only for a loopback address)']);
    }
  }

  if (!c.PAYMENT_PROVIDER) {
    problems.push([
      'PAYMENT_PROVIDER',
      'must be named in production: razorpay (or test on a staging site, with ALLOW_TEST_PAYMENTS_IN_PRODUCTION=true)',
    ]);
  } else if (c.PAYMENT_PROVIDER === 'test' && !testPayments) {
    problems.push([
      'PAYMENT_PROVIDER',
      `test takes no real money: production refuses it ${STAGING_ONLY('ALLOW_TEST_PAYMENTS_IN_PRODUCTION')}, and every page and e-mail then says "test payments"`,
    ]);
  }
  if (c.PAYMENT_PROVIDER === 'test' && c.TEST_GATEWAY_SECRET === DEFAULT_TEST_GATEWAY_SECRET) {
    problems.push([
      'TEST_GATEWAY_SECRET',
      `production refuses the published default (${DEFAULT_TEST_GATEWAY_SECRET}): anyone who knows it can sign a payment webhook; set a long random secret`,
    ]);
  }
  if (c.PAYMENT_PROVIDER === 'razorpay' && c.RAZORPAY_KEY_ID?.startsWith('rzp_test_') && !testPayments) {
    problems.push([
      'RAZORPAY_KEY_ID',
      `is a Razorpay test-mode key (rzp_test_...), which takes no real money: production needs a live key (rzp_live_...), ${STAGING_ONLY('ALLOW_TEST_PAYMENTS_IN_PRODUCTION')}`,
    ]);
  }

  if (c.SMS_PROVIDER === 'log' && !c.ALLOW_LOGGED_SMS_IN_PRODUCTION) {
    problems.push([
      'SMS_PROVIDER',
      `log sends nothing and writes every SMS, password reset codes included, to the log: production needs msg91, ${STAGING_ONLY('ALLOW_LOGGED_SMS_IN_PRODUCTION')}`,
    ]);
  }
  if (!c.SMTP_URL && !c.ALLOW_LOGGED_EMAIL_IN_PRODUCTION) {
    problems.push([
      'SMTP_URL',
      `production needs a mail server (smtp:// or smtps://): without one every e-mail is written to the log and none is sent, ${STAGING_ONLY('ALLOW_LOGGED_EMAIL_IN_PRODUCTION')}`,
    ]);
  }
  if (c.EINVOICE_PROVIDER === 'local' && !c.ALLOW_EINVOICE_SIMULATOR_IN_PRODUCTION) {
    problems.push([
      'EINVOICE_PROVIDER',
      `local (the default) is an IRP simulator whose IRNs and QR signatures are not the government's: production needs gsp, ${STAGING_ONLY('ALLOW_EINVOICE_SIMULATOR_IN_PRODUCTION')}`,
    ]);
  }
  if (c.EWAYBILL_PROVIDER === 'simulator' && !c.ALLOW_EWAYBILL_SIMULATOR_IN_PRODUCTION) {
    problems.push([
      'EWAYBILL_PROVIDER',
      `simulator makes up e-way bill numbers: production needs local (the portal's JSON for the seller to upload) or nic, ${STAGING_ONLY('ALLOW_EWAYBILL_SIMULATOR_IN_PRODUCTION')}`,
    ]);
  }

  // The money and tax identity: the platform's own, unless the site takes no real money.
  if (!testPayments) {
    const own = (k: string, what: string, demo?: string) => {
      if (!named(k)) {
        const staging = k === 'PLATFORM_GSTIN' ? 'may be left unset' : 'shows the demo value';
        problems.push([
          k,
          `production needs ${what}; only a test-payments site (ALLOW_TEST_PAYMENTS_IN_PRODUCTION=true) ${staging}`,
        ]);
      } else if (
        demo !== undefined &&
        String(c[k as keyof ParsedConfig] ?? '')
          .trim()
          .toUpperCase() === demo.toUpperCase()
      ) {
        problems.push([k, `is the demo value (${demo}): production needs ${what}`]);
      }
    };
    own('BANK_ACCOUNT_NAME', "the name of the platform's bank account buyers pay by bank transfer into");
    own('BANK_ACCOUNT_NUMBER', "the platform's own bank account number", DEMO_BANK.BANK_ACCOUNT_NUMBER);
    own('BANK_IFSC', "the IFSC of the platform's own bank account", DEMO_BANK.BANK_IFSC);
    own('BANK_NAME', "the bank and branch of the platform's own account", DEMO_BANK.BANK_NAME);
    own(
      'PLATFORM_GSTIN',
      "the platform's own GSTIN (GSTR-8, sellers' GSTR-1, commission invoices, the settlement run)",
      DEMO_PLATFORM_GSTIN,
    );
    own('PLATFORM_LEGAL_NAME', "the platform's legal name as on its GST registration");
    own('PLATFORM_ADDRESS', "the platform's registered address", DEMO_PLATFORM.PLATFORM_ADDRESS);
  }

  if (!named('DATA_DIR') && (!c.S3_BUCKET || !c.DATABASE_URL)) {
    problems.push([
      'DATA_DIR',
      'production keeps uploaded files (without S3_BUCKET) and the embedded database (without DATABASE_URL) here: name a directory on a disk that outlives a deploy (the default ./data is wherever the process starts)',
    ]);
  }
  if (c.ADMIN_PASSWORD && PUBLISHED_PASSWORDS.has(c.ADMIN_PASSWORD)) {
    problems.push(['ADMIN_PASSWORD', "is a demo account's password, published in the README: production refuses it"]);
  }
  return problems;
}

/** The rules every environment shares that need the raw environment (variables the schema does not hold). */
function providerProblems(c: ParsedConfig, env: Record<string, string | undefined>): Array<[string, string]> {
  const problems: Array<[string, string]> = [];
  const missing = (names: readonly string[]) => names.filter((k) => (env[k] ?? '').trim() === '');
  const gsp = c.EINVOICE_PROVIDER === 'gsp' ? missing(EINVOICE_GSP_VARIABLES) : [];
  if (gsp[0]) problems.push([gsp[0], `EINVOICE_PROVIDER=gsp needs ${gsp.join(', ')}`]);
  const nic = c.EWAYBILL_PROVIDER === 'nic' ? missing(EWAYBILL_NIC_VARIABLES) : [];
  if (nic[0]) problems.push([nic[0], `EWAYBILL_PROVIDER=nic needs ${nic.join(', ')}`]);
  return problems;
}

export class ConfigError extends Error {}

/** Reads configuration from the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // ADMIN_PASSWORD meets the same password rules as any other, list included.
  loadCommonPasswords();
  const schema = configSchema.superRefine((c, ctx) => {
    const problems = [...providerProblems(c, env), ...(c.NODE_ENV === 'production' ? productionProblems(c, env) : [])];
    for (const [path, message] of problems) ctx.addIssue({ code: 'custom', path: [path], message });
  });
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'config'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Demo data never goes into production; elsewhere it defaults on for the embedded database only.
  const testPayments =
    (c.PAYMENT_PROVIDER ?? 'test') === 'test' ||
    (c.PAYMENT_PROVIDER === 'razorpay' && Boolean(c.RAZORPAY_KEY_ID?.startsWith('rzp_test_')));
  return {
    ...c,
    PUBLIC_URL: c.PUBLIC_URL ?? `http://localhost:${c.PORT}`,
    testPayments,
    announceTestPayments: testPayments && c.NODE_ENV === 'production',
    seedDemo: c.NODE_ENV !== 'production' && (c.SEED_DEMO ?? !c.DATABASE_URL),
    catalogCacheSeconds: c.CATALOG_CACHE_SECONDS ?? (c.NODE_ENV === 'production' ? 10 : 0),
    platformGstin: c.PLATFORM_GSTIN ?? (c.NODE_ENV === 'production' ? null : DEMO_PLATFORM_GSTIN),
  };
}
