import type { TaxSettings } from '@ub/shared';
import type { Db } from '../../db/client.ts';
import { sellerTaxSettings } from '../../db/schema/index.ts';
import { taxSettingsOf } from './commands.ts';

export { taxSettingsOf };

/**
 * Saves the seller's series prefixes and e-invoicing choice. A new prefix applies from the next document; the
 * running number of the financial year goes on (the series is the kind, not the prefix), so nothing restarts.
 */
export async function saveTaxSettings(db: Db, manufacturerId: string, input: TaxSettings) {
  await db
    .insert(sellerTaxSettings)
    .values({ manufacturerId, ...input })
    .onConflictDoUpdate({ target: sellerTaxSettings.manufacturerId, set: { ...input, updatedAt: new Date() } });
  return taxSettingsOf(db, manufacturerId);
}
