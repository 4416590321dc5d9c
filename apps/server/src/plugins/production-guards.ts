import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Config, ConfigError } from '../config.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { verifyPassword } from '../modules/auth/passwords.ts';
import { DEMO } from '../seed/demo.ts';

/**
 * A production database must not hold a demo account that still has the password the README publishes (a database
 * seeded in development and then served in production): start-up stops, naming the accounts. A test-payments
 * staging site (ALLOW_TEST_PAYMENTS_IN_PRODUCTION) may keep them. One indexed read and at most three hash checks.
 */
export async function refuseDemoAccounts(db: Db, config: Config): Promise<void> {
  if (config.NODE_ENV !== 'production' || config.testPayments) return;
  const demo = [DEMO.admin, DEMO.seller, DEMO.buyer];
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(
      and(
        eq(users.isActive, true),
        inArray(
          sql`lower(${users.email})`,
          demo.map((d) => d.email),
        ),
      ),
    );
  const open: string[] = [];
  for (const row of rows) {
    const account = demo.find((d) => d.email === row.email.toLowerCase());
    if (account && (await verifyPassword(row.passwordHash, account.password))) open.push(account.email);
  }
  if (open.length) {
    throw new ConfigError(
      `Invalid configuration:\n  database: holds the demo account${open.length > 1 ? 's' : ''} ${open.join(', ')} with the password the README publishes: production refuses to start until ${open.length > 1 ? 'they are' : 'it is'} deactivated or given another password (or the database is not a demo one)`,
    );
  }
}
