import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sellerEinvoiceCredentials } from '../../db/schema/index.ts';
import { conflict, msg } from '../../lib/errors.ts';
import { open, parseSecretKey, seal } from '../../lib/secret-box.ts';
import { type EinvoiceProvider, einvoiceProvider, GspEinvoiceProvider, IrpError } from './providers/einvoice.ts';

/**
 * A seller's own API user on the e-invoice portal, used with EINVOICE_PROVIDER=gsp: the IRP takes documents of a
 * GSTIN only from that GSTIN's API user, so a marketplace of many sellers needs each one's credentials. The
 * password is sealed (AES-256-GCM under EINVOICE_CREDENTIALS_KEY, bound to the seller's id) and never read back
 * out of this module except to sign in to the GSP.
 */
export interface EinvoiceCredentialsView {
  username: string | null;
  /** Whether a password is stored; the password itself is never returned. */
  saved: boolean;
  updatedAt: string | null;
}

const keyOf = (env: NodeJS.ProcessEnv) => parseSecretKey(env.EINVOICE_CREDENTIALS_KEY);

export async function einvoiceCredentialsOf(db: Db, manufacturerId: string): Promise<EinvoiceCredentialsView> {
  const [row] = await db
    .select({ username: sellerEinvoiceCredentials.username, updatedAt: sellerEinvoiceCredentials.updatedAt })
    .from(sellerEinvoiceCredentials)
    .where(eq(sellerEinvoiceCredentials.manufacturerId, manufacturerId));
  return row
    ? { username: row.username, saved: true, updatedAt: row.updatedAt.toISOString() }
    : { username: null, saved: false, updatedAt: null };
}

export async function saveEinvoiceCredentials(
  db: Db,
  manufacturerId: string,
  input: { username: string; password: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<EinvoiceCredentialsView> {
  const key = keyOf(env);
  if (!key) throw conflict(msg('errors.einvoiceCredentials.noKey'));
  const values = { username: input.username, passwordSealed: seal(input.password, key, manufacturerId) };
  await db
    .insert(sellerEinvoiceCredentials)
    .values({ manufacturerId, ...values })
    .onConflictDoUpdate({
      target: sellerEinvoiceCredentials.manufacturerId,
      set: { ...values, updatedAt: new Date() },
    });
  return einvoiceCredentialsOf(db, manufacturerId);
}

export async function removeEinvoiceCredentials(db: Db, manufacturerId: string): Promise<EinvoiceCredentialsView> {
  await db.delete(sellerEinvoiceCredentials).where(eq(sellerEinvoiceCredentials.manufacturerId, manufacturerId));
  return einvoiceCredentialsOf(db, manufacturerId);
}

/** One GSP provider per seller and credentials, so its auth token is reused across documents. */
const providers = new Map<string, { fingerprint: string; provider: GspEinvoiceProvider }>();

/**
 * The provider that registers this seller's documents. With `gsp`: the seller's own API user when stored; the
 * deployment's EINVOICE_GSP_USERNAME only for the GSTIN it belongs to (EINVOICE_GSP_GSTIN); otherwise a refusal
 * the seller can act on (not retried). Other providers (the local simulator) serve every seller.
 */
export async function sellerEinvoiceProvider(
  db: Db,
  manufacturerId: string,
  gstin: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EinvoiceProvider> {
  if ((env.EINVOICE_PROVIDER ?? 'local') !== 'gsp') return einvoiceProvider(env);
  const [row] = await db
    .select()
    .from(sellerEinvoiceCredentials)
    .where(eq(sellerEinvoiceCredentials.manufacturerId, manufacturerId));
  if (!row) {
    if (env.EINVOICE_GSP_GSTIN === gstin) return einvoiceProvider(env);
    throw new IrpError(
      'CREDENTIALS',
      'Enter your e-invoice portal API user name and password in Settings, GST, to register e-invoices.',
    );
  }
  const key = keyOf(env);
  if (!key) throw new IrpError('CREDENTIALS', 'The server cannot read stored e-invoice credentials (no key).', true);
  const fingerprint = createHash('sha256')
    .update(`${env.EINVOICE_GSP_URL}\n${env.EINVOICE_GSP_CLIENT_ID}\n${row.username}\n${row.passwordSealed}`)
    .digest('hex');
  const cached = providers.get(manufacturerId);
  if (cached?.fingerprint === fingerprint) return cached.provider;
  const need = ['EINVOICE_GSP_URL', 'EINVOICE_GSP_CLIENT_ID', 'EINVOICE_GSP_CLIENT_SECRET'];
  const missing = need.filter((k) => !env[k]);
  if (missing.length) throw new Error(`EINVOICE_PROVIDER=gsp needs ${missing.join(', ')}`);
  const provider = new GspEinvoiceProvider({
    baseUrl: env.EINVOICE_GSP_URL as string,
    clientId: env.EINVOICE_GSP_CLIENT_ID as string,
    clientSecret: env.EINVOICE_GSP_CLIENT_SECRET as string,
    username: row.username,
    password: open(row.passwordSealed, key, manufacturerId),
    gstin,
  });
  providers.set(manufacturerId, { fingerprint, provider });
  return provider;
}
