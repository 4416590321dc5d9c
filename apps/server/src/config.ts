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
    PUBLIC_URL: z
      .url('must be an http(s) URL')
      .optional()
      .or(z.literal('').transform(() => undefined)),
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
    TEST_GATEWAY_SECRET: z.string().min(8).default('test-gateway-secret'),
    /** The platform's account buyers pay by bank transfer (NEFT, RTGS, IMPS, UPI) and quote the reference. */
    BANK_ACCOUNT_NAME: z.string().min(1).default('Udyog Bazaar Escrow Account'),
    BANK_ACCOUNT_NUMBER: z.string().min(1).default('50200012345678'),
    BANK_IFSC: z
      .string()
      .regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an IFSC code (e.g. HDFC0000123)')
      .default('HDFC0000123'),
    BANK_NAME: z.string().min(1).default('HDFC Bank, Fort branch, Mumbai'),
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
    PLATFORM_LEGAL_NAME: z.string().min(1).default('Udyog Bazaar Private Limited'),
    PLATFORM_ADDRESS: z.string().min(1).default('Fort, Mumbai 400001, Maharashtra'),
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

export type Config = z.infer<typeof configSchema> & {
  seedDemo: boolean;
  catalogCacheSeconds: number;
  /** PLATFORM_GSTIN, or the demo one outside production; null when production has none set. */
  platformGstin: string | null;
};

/** The platform's GSTIN outside production when PLATFORM_GSTIN is unset (valid form and check character). */
export const DEMO_PLATFORM_GSTIN = '27AAFCU5055K1ZZ';

export class ConfigError extends Error {}

/** Reads configuration from the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // ADMIN_PASSWORD meets the same password rules as any other, list included.
  loadCommonPasswords();
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'config'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Demo data never goes into production; elsewhere it defaults on for the embedded database only.
  return {
    ...c,
    seedDemo: c.NODE_ENV !== 'production' && (c.SEED_DEMO ?? !c.DATABASE_URL),
    catalogCacheSeconds: c.CATALOG_CACHE_SECONDS ?? (c.NODE_ENV === 'production' ? 10 : 0),
    platformGstin: c.PLATFORM_GSTIN ?? (c.NODE_ENV === 'production' ? null : DEMO_PLATFORM_GSTIN),
  };
}
