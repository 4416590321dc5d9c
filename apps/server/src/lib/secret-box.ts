import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets kept in the database (a seller's e-invoice portal password) sealed with AES-256-GCM: a fresh 96-bit IV per
 * seal, the 128-bit tag checked on opening, and `context` (e.g. the seller's id) as additional authenticated data,
 * so a sealed value copied to another seller's row does not open. Written as `v1.<iv>.<tag>.<ciphertext>` (base64url).
 */
const VERSION = 'v1';

/** The 32-byte key from its base64 (or 64 hex digits) text; null when the text is not one. */
export function parseSecretKey(text: string | undefined): Buffer | null {
  if (!text) return null;
  const raw = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return raw.length === 32 ? raw : null;
}

export function seal(plain: string, key: Buffer, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, iv.toString('base64url'), tag.toString('base64url'), body.toString('base64url')].join('.');
}

/** The plain text of a sealed value; throws when the key, the context or the value is not the one it was sealed with. */
export function open(sealed: string, key: Buffer, context: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Not a sealed value');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
