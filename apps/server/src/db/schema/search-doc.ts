import { customType } from 'drizzle-orm/pg-core';

/**
 * A row's search words, seller-keyed (see lib/search.ts), as a tsvector. Written in its text form (what
 * `searchDocument` returns); never read back by the application, which only matches it with `@@`.
 */
export const searchDoc = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});
