import type { Database } from '../db/client.ts';

/**
 * The sellers' search boxes (orders, payments, products) match words, not substrings: "ganga traders 17" finds the
 * orders whose text has the words ganga, traders and 17, and the last word typed also matches as a prefix once it
 * has PREFIX_MIN characters ("hin" finds "hinge"). Each row keeps a tsvector of its words, every word keyed by its
 * seller ("<seller id>:<word>"), in a GIN index: a search reads only that seller's posting lists, and a rare word
 * keeps even a multi-word search cheap whatever the table size (ADR 0009). Words are computed here, in the
 * application, for writes and searches alike, so the two always split text the same way.
 */

/** The last word of a search matches as a prefix from this many characters; shorter ones only as whole words. */
export const PREFIX_MIN = 3;

/** Lower-case runs of letters, combining marks and digits: "PKG-100 (Brass)" -> pkg, 100, brass. */
export function searchWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter((w) => w !== '');
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

/** A searched or filtered list's total is counted this many pages past the current one; beyond, a lower bound. */
export const COUNT_AHEAD_PAGES = 10;

/** How many of a seller's newest rows a search reads before it turns to the word index (see `searchPage`). */
export const SEARCH_WINDOW = 1000;

/**
 * One page of search matches, newest first, and their number counted up to `cap`, by routes whose cost does not
 * depend on the query planner guessing how common a word is. First the seller's newest SEARCH_WINDOW rows are read
 * in index order and filtered, stopping at `cap` + 1 matches: when that holds the page (a common word), the page is
 * found at a small fixed cost, and when it reaches the cap, so is the count. Otherwise the matches are counted
 * through the word index, and when the window did not hold the page (a rare word, or old matches) every match is
 * read through it and sorted: the cost of the matches, few near the top.
 *
 * `windowSql(max, need)` answers at most `need` of the window's first `max` matches in page order, each row with
 * `matched`, the number of those `max` (window function over them); `countSql` one row `{ n }` counting at most
 * `cap` + 1 matches of the whole table; `allSql` the page itself from every match.
 */
export async function searchPage<T>(
  database: Database,
  opts: {
    windowSql: ((max: number, need: number) => string) | null;
    countSql: string;
    allSql: string;
    params: unknown[];
    offset: number;
    limit: number;
    cap: number;
  },
): Promise<{ rows: T[]; count: number }> {
  const need = opts.offset + opts.limit;
  const count = async () => {
    const [counted] = await database.query<{ n: number }>(opts.countSql, opts.params);
    return Number(counted?.n ?? 0);
  };
  if (opts.windowSql) {
    const windowed = await database.query<T & { matched: number | string }>(
      opts.windowSql(opts.cap + 1, need),
      opts.params,
    );
    const matched = Number(windowed[0]?.matched ?? 0);
    if (matched >= need) {
      const rows = windowed.slice(opts.offset, need);
      return { rows, count: matched > opts.cap ? matched : await count() };
    }
  }
  const n = await count();
  if (n === 0 || opts.offset >= n) return { rows: [], count: n };
  return { rows: await database.query<T>(opts.allSql, opts.params), count: n };
}
