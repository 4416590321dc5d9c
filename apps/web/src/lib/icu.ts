import type { CompiledCatalogue, CompiledMessage } from '@ub/shared/i18n';

/**
 * Formats Lingui's compiled ICU messages (ADR 0028): text, `{name}`, `{n, number}`, `{n, plural, ...}` with
 * `#` and `=N`, `selectordinal` and `select`. The server compiles the catalogues with Lingui's own compiler and
 * formats with @lingui/core; the browser runs this small interpreter of the same format instead of @lingui/core,
 * whose 3.3 KB gzip the landing page's JavaScript budget cannot carry.
 */
type Values = Record<string, unknown>;
type Part = string | [string, string?, unknown?];

const cache = new Map<string, Intl.PluralRules | Intl.NumberFormat>();
function intl<T extends Intl.PluralRules | Intl.NumberFormat>(key: string, make: () => T): T {
  let v = cache.get(key);
  if (!v) {
    v = make();
    cache.set(key, v);
  }
  return v as T;
}

export function formatMessage(message: CompiledMessage | undefined, values: Values, locale: string): string {
  if (message === undefined) return '';
  if (typeof message === 'string') return message;
  return (message as Part[]).map((p) => part(p, values, locale, undefined)).join('');
}

function part(p: Part, values: Values, locale: string, count: number | undefined): string {
  if (typeof p === 'string') return p === '#' && count !== undefined ? number(count, locale) : p;
  const [name, type, options] = p;
  const value = values[name];
  if (!type) return value === undefined || value === null ? '' : String(value);
  if (type === 'number') return number(Number(value), locale);
  const branches = (options ?? {}) as Record<string, CompiledMessage>;
  let branch: CompiledMessage | undefined;
  if (type === 'select') branch = branches[String(value)] ?? branches.other;
  else {
    const n = Number(value);
    const rule = intl(
      `${locale}:${type}`,
      () => new Intl.PluralRules(locale, { type: type === 'selectordinal' ? 'ordinal' : 'cardinal' }),
    ) as Intl.PluralRules;
    // Lingui's compiler keeps an exact branch (`=0 {…}`) under the bare number ("0").
    branch = branches[String(n)] ?? branches[`=${n}`] ?? branches[rule.select(n)] ?? branches.other;
    if (branch === undefined) return '';
    return typeof branch === 'string' ? branch : (branch as Part[]).map((q) => part(q, values, locale, n)).join('');
  }
  return branch === undefined ? '' : formatMessage(branch, values, locale);
}

function number(n: number, locale: string): string {
  return (intl(`${locale}:n`, () => new Intl.NumberFormat(locale)) as Intl.NumberFormat).format(n);
}

/** A catalogue and its locale: `_` says a message (its id when the catalogue lacks it). */
export class Messages {
  constructor(
    readonly lang: string,
    readonly locale: string,
    readonly messages: CompiledCatalogue,
  ) {}
  _(id: string, values: Values = {}): string {
    return id in this.messages ? formatMessage(this.messages[id], values, this.locale) : id;
  }
}
