import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { sqlRows } from './sql-rows.ts';

/**
 * The sellers' search boxes (orders, payments, products) match words, not substrings: "ganga traders 17" finds the
 * orders whose text has the words ganga, traders and 17, and the last word typed also matches as a prefix once it
 * has PREFIX_MIN characters ("hin" finds "hinge"). Each row keeps a tsvector of its words, every word keyed by its
 * seller ("<seller id>:<word>"), in a GIN index: a search reads only that seller's posting lists, and a rare word
 * keeps even a multi-word search cheap whatever the table size (ADR 0009). Words are computed here, in the
 * application, for writes and searches alike, so the two always split text the same way.
 */

/** A LIKE pattern's text with the user's own %, _ and \ taken literally. */
function likeEscaped(term: string): string {
  return term.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** `%term%` for (I)LIKE: substring search where words do not apply (the admin console, payment numbers). */
export function containsPattern(term: string): string {
  return `%${likeEscaped(term)}%`;
}

/** `term%` for LIKE, trimmed and lower-cased: the start of a SKU as typed. */
export function prefixPattern(term: string): string {
  return `${likeEscaped(term.trim().toLowerCase())}%`;
}

/** The last word of a search matches as a prefix from this many characters; shorter ones only as whole words. */
export const PREFIX_MIN = 3;

/**
 * A word is cut to this many characters (at most 400 bytes in UTF-8), on writes and searches alike: PostgreSQL
 * refuses a lexeme over 2,046 bytes, and NFKC can turn one character into six (㌖ is キロメートル).
 */
export const WORD_MAX = 100;

/** Lower-case runs of letters, combining marks and digits: "PKG-100 (Brass)" -> pkg, 100, brass. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w !== '')
    .map((w) => (w.length > WORD_MAX ? [...w].slice(0, WORD_MAX).join('') : w));
}

/** A lexeme in the quoted form tsvector and tsquery input both read. */
function quoted(key: string): string {
  return `'${key.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** The tsvector (in its text form) of a row owned by `ownerId` with these texts. */
export function searchDocument(ownerId: string, ...texts: Array<string | null | undefined>): string {
  const words = new Set(texts.flatMap((t) => (t ? searchWords(t) : [])));
  return [...words].map((w) => quoted(`${ownerId}:${w}`)).join(' ');
}

/** The tsquery (text form) for what a person typed in `ownerId`'s search box; null when it holds no word at all. */
export function searchQuery(ownerId: string, term: string): string | null {
  const words = searchWords(term);
  if (words.length === 0) return null;
  const last = words.length - 1;
  return words
    .map((w, i) => `${quoted(`${ownerId}:${w}`)}${i === last && w.length >= PREFIX_MIN ? ':*' : ''}`)
    .join(' & ');
}

/**
 * One page of a list and its total in one round trip: `pageSql(total)` selects the page's rows with `total` among
 * its columns, which puts `totalSql` (a scalar subquery, run once) on every row as `matched`. Only an empty page,
 * which has no row to carry the total, costs a second query.
 */
export async function pageWithTotal<T>(
  database: Database,
  totalSql: SQL,
  pageSql: (total: SQL) => SQL,
): Promise<{ rows: T[]; total: number }> {
  const rows = await sqlRows<T & { matched: number | string }>(database, pageSql(sql`(${totalSql})::int as matched`));
  if (rows.length > 0) return { rows, total: Number(rows[0]?.matched) };
  const [row] = await sqlRows<{ n: number | string }>(database, sql`select (${totalSql})::int as n`);
  return { rows: [], total: Number(row?.n ?? 0) };
}

/** A searched or filtered list's total is counted this many pages past the current one; beyond, a lower bound. */
export const COUNT_AHEAD_PAGES = 10;

/** How many of a seller's newest rows a search reads before it turns to the word index (see `searchPage`). */
export const SEARCH_WINDOW = 1000;

/**
 * One page of search matches, newest first, with their number, by routes whose cost does not depend on the query
 * planner guessing how common a word is. First the seller's newest SEARCH_WINDOW rows are read in index order and
 * filtered, stopping at `cap` + 1 matches: when that holds the page (a common word), the page is found at a small
 * fixed cost, and when it reaches the cap, so is the count (a lower bound); otherwise the same statement counts the
 * matches up to the cap through the word index. When the window does not hold the page (a rare word, or old
 * matches), every match is read through the word index and sorted, the cost of the matches (few near the top), and
 * counted exactly on the way.
 *
 * `windowSql(max, need, counted)` answers at most `need` of the window's first `max` matches in page order, each
 * row with `matched`, the number of those `max` matches (`count(*) over ()`), and with the `counted` column
 * selected one level above `matched`; `countSql` is a scalar query counting at most `cap` + 1 matches of the whole
 * table (PostgreSQL runs it only when the window stops short of the cap); `allSql` answers the page itself from
 * every match, each row with `matched`, the number of all matches.
 */
export async function searchPage<T>(
  database: Database,
  opts: {
    windowSql: ((max: number, need: number, counted: SQL) => SQL) | null;
    countSql: SQL;
    allSql: SQL;
    offset: number;
    limit: number;
    cap: number;
  },
): Promise<{ rows: T[]; total: number; exact: boolean }> {
  const need = opts.offset + opts.limit;
  const capped = (n: number) => ({ total: Math.min(n, opts.cap), exact: n <= opts.cap });
  if (opts.windowSql) {
    const counted = sql`case when matched > ${opts.cap} then null else (${opts.countSql}) end as counted`;
    const windowed = await sqlRows<T & { matched: number | string; counted: number | string | null }>(
      database,
      opts.windowSql(opts.cap + 1, need, counted),
    );
    const first = windowed[0];
    const matched = Number(first?.matched ?? 0);
    if (first && matched >= need) {
      const rows = windowed.slice(opts.offset, need);
      return { rows, ...capped(first.counted === null ? matched : Number(first.counted)) };
    }
  }
  const all = await sqlRows<T & { matched: number | string }>(database, opts.allSql);
  if (all.length > 0) return { rows: all, total: Number(all[0]?.matched), exact: true };
  // No row on this page: either nothing matches or the page is past the last match.
  if (opts.offset === 0) return { rows: [], total: 0, exact: true };
  const [row] = await sqlRows<{ n: number | string }>(database, sql`select (${opts.countSql}) as n`);
  return { rows: [], ...capped(Number(row?.n ?? 0)) };
}
