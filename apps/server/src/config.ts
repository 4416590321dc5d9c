import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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
    if (Boolean(c.ADMIN_EMAIL) !== Boolean(c.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: 'custom', path: ['ADMIN_EMAIL'], message: 'set ADMIN_EMAIL and ADMIN_PASSWORD together' });
    }
  });

export type Config = z.infer<typeof configSchema> & { seedDemo: boolean };

export class ConfigError extends Error {}

/** Reads configuration from the environment; a bad value stops start-up with a message naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || 'config'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // Demo data never goes into production; elsewhere it defaults on for the embedded database only.
  return { ...c, seedDemo: c.NODE_ENV !== 'production' && (c.SEED_DEMO ?? !c.DATABASE_URL) };
}
