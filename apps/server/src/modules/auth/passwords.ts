import { hash, verify } from '@node-rs/argon2';

// OWASP minimum for argon2id: 19 MiB memory, 2 iterations, 1 degree of parallelism. argon2id is the library default.
const PRODUCTION = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;
let options: { memoryCost: number; timeCost: number; parallelism: number } = PRODUCTION;

/**
 * Test suites only (apps/server/test/setup.ts): argon2id at its smallest cost, so the hundreds of accounts the
 * tests make do not spend minutes of CPU. A hash records its own parameters, so verifying is as cheap.
 */
export function useTestPasswordCost() {
  options = { memoryCost: 1024, timeCost: 1, parallelism: 1 };
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(hashed: string, password: string): Promise<boolean> {
  try {
    return await verify(hashed, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Spends the same time as a real check when the account does not exist, so timing reveals nothing. */
export async function verifyDummy(password: string): Promise<false> {
  dummy ??= hashPassword('not-a-real-password');
  await verifyPassword(await dummy, password);
  return false;
}
