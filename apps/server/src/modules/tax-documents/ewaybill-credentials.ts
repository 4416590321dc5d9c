import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sellerEwaybillCredentials } from '../../db/schema/index.ts';
import { conflict, msg } from '../../lib/errors.ts';
import { open, parseSecretKey, seal } from '../../lib/secret-box.ts';
import type { EinvoiceCredentialsView } from './einvoice-credentials.ts';
import { type EwayBillProvider, ewayBillProvider, NicEwayBillProvider } from './providers/ewaybill.ts';

/**
 * A seller's own API user on the NIC e-way bill portal, used with EWAYBILL_PROVIDER=nic: the portal takes a GSTIN's
 * e-way bills only from that GSTIN's API user, as the IRP does its e-invoices (einvoice-credentials.ts). The
 * password is sealed with the same helper and key (lib/secret-box.ts, EINVOICE_CREDENTIALS_KEY), bound to
 * "ewaybill:" and the seller's id, so neither another seller's row nor the seller's e-invoice password opens it.
 */
export type EwayBillCredentialsView = EinvoiceCredentialsView;

const keyOf = (env: NodeJS.ProcessEnv) => parseSecretKey(env.EINVOICE_CREDENTIALS_KEY);
const contextOf = (manufacturerId: string) => `ewaybill:${manufacturerId}`;

export async function ewayBillCredentialsOf(db: Db, manufacturerId: string): Promise<EwayBillCredentialsView> {
  const [row] = await db
    .select({ username: sellerEwaybillCredentials.username, updatedAt: sellerEwaybillCredentials.updatedAt })
    .from(sellerEwaybillCredentials)
    .where(eq(sellerEwaybillCredentials.manufacturerId, manufacturerId));
  return row
    ? { username: row.username, saved: true, updatedAt: row.updatedAt.toISOString() }
    : { username: null, saved: false, updatedAt: null };
}

export async function saveEwayBillCredentials(
  db: Db,
  manufacturerId: string,
  input: { username: string; password: string },
  env: NodeJS.ProcessEnv = process.env,
): Promise<EwayBillCredentialsView> {
  const key = keyOf(env);
  if (!key) throw conflict(msg('errors.ewayBillCredentials.noKey'));
  const values = { username: input.username, passwordSealed: seal(input.password, key, contextOf(manufacturerId)) };
  await db
    .insert(sellerEwaybillCredentials)
    .values({ manufacturerId, ...values })
    .onConflictDoUpdate({
      target: sellerEwaybillCredentials.manufacturerId,
      set: { ...values, updatedAt: new Date() },
    });
  return ewayBillCredentialsOf(db, manufacturerId);
}

export async function removeEwayBillCredentials(db: Db, manufacturerId: string): Promise<EwayBillCredentialsView> {
  await db.delete(sellerEwaybillCredentials).where(eq(sellerEwaybillCredentials.manufacturerId, manufacturerId));
  return ewayBillCredentialsOf(db, manufacturerId);
}

/** One NIC provider per seller and credentials, so its auth token is reused across shipments. */
const providers = new Map<string, { fingerprint: string; provider: NicEwayBillProvider }>();

/**
 * The provider that generates, updates and cancels this seller's e-way bills. With `nic`: the seller's own API user
 * when stored; the deployment's EWAYBILL_USERNAME only for the GSTIN it belongs to (EWAYBILL_GSTIN); otherwise a
 * refusal the seller can act on. Other providers (local, simulator) serve every seller.
 */
export async function sellerEwayBillProvider(
  db: Db,
  manufacturerId: string,
  gstin: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<EwayBillProvider> {
  if ((env.EWAYBILL_PROVIDER ?? 'local') !== 'nic') return ewayBillProvider(env);
  const [row] = await db
    .select()
    .from(sellerEwaybillCredentials)
    .where(eq(sellerEwaybillCredentials.manufacturerId, manufacturerId));
  if (!row) {
    if (env.EWAYBILL_GSTIN === gstin) return ewayBillProvider(env);
    throw conflict(msg('errors.ewayBillCredentials.missing'));
  }
  const key = keyOf(env);
  if (!key) throw conflict(msg('errors.ewayBillCredentials.noKey'));
  const need = ['EWAYBILL_API_URL', 'EWAYBILL_CLIENT_ID', 'EWAYBILL_CLIENT_SECRET'];
  const missing = need.filter((k) => !env[k]);
  if (missing.length) throw new Error(`EWAYBILL_PROVIDER=nic needs ${missing.join(', ')}`);
  const fingerprint = createHash('sha256')
    .update(`${env.EWAYBILL_API_URL}\n${env.EWAYBILL_CLIENT_ID}\n${gstin}\n${row.username}\n${row.passwordSealed}`)
    .digest('hex');
  const cached = providers.get(manufacturerId);
  if (cached?.fingerprint === fingerprint) return cached.provider;
  const provider = new NicEwayBillProvider({
    baseUrl: env.EWAYBILL_API_URL as string,
    clientId: env.EWAYBILL_CLIENT_ID as string,
    clientSecret: env.EWAYBILL_CLIENT_SECRET as string,
    username: row.username,
    password: open(row.passwordSealed, key, contextOf(manufacturerId)),
    gstin,
  });
  providers.set(manufacturerId, { fingerprint, provider });
  return provider;
}
