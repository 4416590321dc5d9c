/**
 * A small in-process cache with a time to live, a bound on its entries (the least recently used go first) and
 * single flight: callers asking for a key that is being loaded wait for that one load instead of starting their
 * own, so a burst of identical requests costs the database one query. A failed load is not kept.
 *
 * Each server process holds its own: nothing is shared, so nothing needs invalidating across processes; an entry
 * is at most `ttlMs` old in every process. Use it only for reads that may lag that long (ADR 0025).
 */
export interface TtlCache<V> {
  get(key: string, load: () => Promise<V>): Promise<V>;
  clear(): void;
  readonly size: number;
}

export function ttlCache<V>(opts: { ttlMs: number; maxEntries: number; now?: () => number }): TtlCache<V> {
  const now = opts.now ?? (() => performance.now());
  const entries = new Map<string, { at: number; value: Promise<V> }>();
  return {
    get(key, load) {
      if (opts.ttlMs <= 0) return load();
      const hit = entries.get(key);
      const t = now();
      if (hit && t - hit.at < opts.ttlMs) {
        // Most recently used last: re-inserting moves it to the end of the Map's order.
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const value = load();
      const entry = { at: t, value };
      entries.delete(key);
      entries.set(key, entry);
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      while (entries.size > opts.maxEntries) {
        const oldest = entries.keys().next().value as string;
        entries.delete(oldest);
      }
      return value;
    },
    clear() {
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * A plain bounded map from a key to a computed string (least recently used go first, bounded by total characters):
 * for results that are a pure function of their key, so they never go stale.
 */
export function lruStrings(maxChars: number) {
  const entries = new Map<string, string>();
  let chars = 0;
  return {
    get(key: string): string | undefined {
      const v = entries.get(key);
      if (v === undefined) return undefined;
      entries.delete(key);
      entries.set(key, v);
      return v;
    },
    set(key: string, value: string) {
      const old = entries.get(key);
      if (old !== undefined) {
        chars -= old.length + key.length;
        entries.delete(key);
      }
      if (value.length + key.length > maxChars) return;
      entries.set(key, value);
      chars += value.length + key.length;
      while (chars > maxChars) {
        const [k, v] = entries.entries().next().value as [string, string];
        entries.delete(k);
        chars -= v.length + k.length;
      }
    },
    get size() {
      return entries.size;
    },
  };
}
