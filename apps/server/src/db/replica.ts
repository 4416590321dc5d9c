import type { Database } from './client.ts';

/**
 * Reads that may lag a moment (the public catalogue, product and seller pages) go to a PostgreSQL streaming replica
 * when one is configured (DATABASE_REPLICA_URL) and healthy; everything else, and every read of a client that wrote
 * recently, goes to the primary.
 *
 * Health: every `intervalMs` the router reads the primary's WAL position (pg_current_wal_lsn) and the replica's
 * replayed position (pg_last_wal_replay_lsn). It keeps the primary's recent positions with the time each was seen:
 * the replica's lag is the age of the oldest primary position it has not replayed yet (0 when it has replayed
 * them all). This is exact to one interval whether the primary is busy or idle, where
 * `now() - pg_last_xact_replay_timestamp()` grows without bound on an idle primary. A replica lagging more than
 * `maxLagMs`, or not answering, takes no reads until a check finds it caught up. A read that fails on the replica
 * (it went away between two checks, or a query was cancelled for a conflict with recovery) is run again on the
 * primary, and the replica is marked down at once.
 *
 * Read-after-write: a successful write answers a cookie `ub_rw` holding the time until which that client reads from
 * the primary (`stickyMs` = maxLagMs plus two check intervals: a replica still in use is at most that far behind,
 * so by then it holds the write). Browsers send it on the catalogue's fetches and page loads alike.
 */

export interface ReplicaState {
  configured: boolean;
  healthy: boolean;
  lagMs: number | null;
  lastError?: string;
}

export interface ReadRouter {
  /** Runs a read on the replica when it may (healthy, and `primaryUntil` past), else on the primary. */
  read<T>(fn: (database: Database) => Promise<T>, primaryUntil?: number): Promise<T>;
  /** How long after a write its client reads from the primary. */
  stickyMs: number;
  state(): ReplicaState;
  /** One health check now (tests). */
  check(): Promise<void>;
  close(): Promise<void>;
}

export interface ReadRouterOptions {
  primary: Database;
  replica?: Database;
  maxLagMs: number;
  intervalMs?: number;
  now?: () => number;
  onChange?: (state: ReplicaState) => void;
}

/** A WAL position (`16/B374D848`) as a number: 64 bits fit a double exactly up to 2^53 bytes of WAL (8 PiB). */
export function lsnValue(lsn: string): number {
  const [hi = '0', lo = '0'] = lsn.split('/');
  return Number.parseInt(hi, 16) * 2 ** 32 + Number.parseInt(lo, 16);
}

const CHECK_TIMEOUT_MS = 1000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
    p.then(
      (v) => {
        clearTimeout(t);
        resolve(v);
      },
      (e) => {
        clearTimeout(t);
        reject(e);
      },
    );
  });
}

export function createReadRouter(opts: ReadRouterOptions): ReadRouter {
  const { primary, replica, maxLagMs } = opts;
  const intervalMs = opts.intervalMs ?? 1000;
  const now = opts.now ?? Date.now;
  const stickyMs = maxLagMs + 2 * intervalMs;
  if (!replica) {
    return {
      read: (fn) => fn(primary),
      stickyMs,
      state: () => ({ configured: false, healthy: false, lagMs: null }),
      check: async () => undefined,
      close: async () => undefined,
    };
  }

  // Until the first check answers, reads stay on the primary.
  let state: ReplicaState = { configured: true, healthy: false, lagMs: null };
  const samples: Array<{ at: number; lsn: number }> = [];
  const set = (next: ReplicaState) => {
    const changed = next.healthy !== state.healthy;
    state = next;
    if (changed) opts.onChange?.(state);
  };

  const check = async () => {
    try {
      const [p] = await withTimeout(
        primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'),
        CHECK_TIMEOUT_MS,
      );
      const at = now();
      samples.push({ at, lsn: lsnValue(p?.lsn ?? '0/0') });
      // Positions older than the lag anyone cares about are not needed, except the newest such one.
      while (samples.length > 2 && (samples[1] as { at: number }).at < at - maxLagMs * 4) samples.shift();
      const [r] = await withTimeout(
        replica.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn'),
        CHECK_TIMEOUT_MS,
      );
      if (!r?.lsn) throw new Error('not a replica (pg_last_wal_replay_lsn is null)');
      const replayed = lsnValue(r.lsn);
      const behind = samples.find((s) => s.lsn > replayed);
      const lagMs = behind ? now() - behind.at : 0;
      set({ configured: true, healthy: lagMs <= maxLagMs, lagMs });
    } catch (err) {
      set({ configured: true, healthy: false, lagMs: null, lastError: (err as Error).message });
    }
  };
  let running: Promise<void> | undefined;
  const tick = () => {
    running ??= check().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();

  return {
    async read(fn, primaryUntil) {
      if (!state.healthy || (primaryUntil !== undefined && primaryUntil > now())) return fn(primary);
      try {
        return await fn(replica);
      } catch (err) {
        // The answer of a read is the same from the primary; the replica waits for the next good check.
        if ((err as { statusCode?: number }).statusCode !== undefined) throw err;
        set({ ...state, healthy: false, lastError: (err as Error).message });
        return fn(primary);
      }
    },
    stickyMs,
    state: () => state,
    check: tick,
    async close() {
      clearInterval(timer);
      await running;
      await replica.close();
    },
  };
}

/** The cookie that keeps a client's reads on the primary for a moment after it wrote. */
export const READ_PRIMARY_COOKIE = 'ub_rw';

/** The time (ms) until which the request's client reads from the primary, from its `ub_rw` cookie. */
export function primaryUntil(cookieHeader: string | undefined): number | undefined {
  if (!cookieHeader) return undefined;
  const m = /(?:^|;\s*)ub_rw=(\d{1,15})(?:;|$)/.exec(cookieHeader);
  return m ? Number(m[1]) : undefined;
}

/** The Set-Cookie value after a write: reads from the primary until `until` (ms). */
export function readPrimaryCookie(until: number, stickyMs: number, secure: boolean): string {
  return `${READ_PRIMARY_COOKIE}=${until}; Max-Age=${Math.ceil(stickyMs / 1000)}; Path=/; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
