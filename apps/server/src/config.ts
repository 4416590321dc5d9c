import { isIP } from 'node:net';
import { isSameAsLogin, PASSWORD_MESSAGES, passwordProblem } from '@ub/shared';
import { z } from 'zod';
import { loadCommonPasswords } from './modules/auth/common-passwords.ts';

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
    if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together' });
    }
  });

export type Config = z.infer<typeof configSchema> & { seedDemo: boolean };

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
  return { ...c, seedDemo: c.NODE_ENV !== 'production' && (c.SEED_DEMO ?? !c.DATABASE_URL) };
}
