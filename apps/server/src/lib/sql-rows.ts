import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.ts';

const dialect = new PgDialect();

/**
 * The rows of a typed statement (Drizzle's `sql` template: every `${}` a bound parameter), run on the database's
 * own driver rather than `db.execute`: Drizzle's drivers hand timestamps back as strings, each in its own format,
 * where the lists and reports built on these rows expect the driver's Date.
 */
export function sqlRows<T = Record<string, unknown>>(database: Database, query: SQL): Promise<T[]> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return database.query<T>(text, params);
}

/**
 * A list of ids as one `uuid[]` parameter (a comma-joined text, split in SQL): one bound value whatever the list's
 * length, which the planner, planning with the value (custom plans), sees element by element.
 */
export function uuidArray(ids: readonly string[]): SQL {
  return sql`string_to_array(${ids.join(',')}, ',')::uuid[]`;
}
