import cluster, { type Worker } from 'node:cluster';
import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';

/**
 * Several server processes on one port (Node's cluster module: the primary holds the listening socket and hands
 * each new connection to a worker in turn). The primary serves nothing itself; it only keeps `count` workers
 * alive:
 * - a worker that dies (crash, SIGKILL, out of memory) is replaced at once, while the others go on serving;
 * - SIGHUP replaces the workers one by one: a new one is started and listening before an old one retires, so the
 *   capacity never drops below `count` and no request is refused;
 * - SIGTERM/SIGINT pass on to every worker, each finishes what it took (server.ts), and the primary exits after
 *   the last one.
 *
 * A retiring worker (see retireOnRequest; SIGHUP's reload, SIGTERM) stops taking connections, answers the requests still coming on its
 * kept-alive connections with `Connection: close` (so their clients reconnect to another worker rather than
 * meet a closed socket), and exits once it holds no connection.
 */

export interface SupervisorOptions {
  count: number;
  log: (event: string, data?: Record<string, unknown>) => void;
}

/** Restarts of crashed workers more often than this look like a crash loop: the next one waits a second. */
const CRASH_WINDOW_MS = 10_000;
const CRASHES_BEFORE_BACKOFF = 5;
/** A worker that does not listen in this time is taken for dead (a bad configuration fails the same way). */
const START_TIMEOUT_MS = 60_000;

export function runSupervisor({ count, log }: SupervisorOptions): void {
  const retiring = new Set<Worker>();
  let stopping = false;
  let reloading = false;
  const crashes: number[] = [];

  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.on('message', (msg: unknown) => {
      // A worker stopping on its own SIGTERM: start its replacement now, while it finishes what it took.
      if ((msg as { cmd?: string })?.cmd !== 'ub:retiring' || retiring.has(worker) || stopping) return;
      retiring.add(worker);
      log('worker.replaced', { pid: worker.process.pid });
      fork();
    });
    worker.on('exit', (code, signal) => {
      const planned = retiring.delete(worker) || stopping;
      log(planned ? 'worker.exited' : 'worker.died', { pid: worker.process.pid, code, signal });
      if (planned) {
        if (stopping && Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
        return;
      }
      const now = Date.now();
      crashes.push(now);
      while (crashes.length && (crashes[0] as number) < now - CRASH_WINDOW_MS) crashes.shift();
      const delay = crashes.length > CRASHES_BEFORE_BACKOFF ? 1000 : 0;
      setTimeout(() => {
        if (!stopping) fork();
      }, delay);
    });
    return worker;
  };

  const listening = (worker: Worker) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the new worker did not start listening')), START_TIMEOUT_MS);
      const onExit = () => {
        clearTimeout(timer);
        reject(new Error('the new worker exited before listening'));
      };
      worker.once('listening', () => {
        clearTimeout(timer);
        worker.off('exit', onExit);
        resolve();
      });
      worker.once('exit', onExit);
    });

  const retire = (worker: Worker) =>
    new Promise<void>((resolve) => {
      retiring.add(worker);
      worker.once('exit', () => resolve());
      worker.send({ cmd: 'ub:retire' });
    });

  /** Graceful reload: one new worker up, then one old worker out, in turn. */
  const reload = async () => {
    if (reloading || stopping) return;
    reloading = true;
    log('reload.started', { workers: count });
    try {
      const old = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !retiring.has(w));
      for (const worker of old) {
        if (stopping) break;
        await listening(fork());
        await retire(worker);
      }
      log('reload.finished');
    } catch (err) {
      log('reload.failed', { error: (err as Error).message });
    } finally {
      reloading = false;
    }
  };

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log('stopping', { signal });
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    if (workers.length === 0) process.exit(0);
    for (const w of workers) w.process.kill('SIGTERM');
    // server.ts gives each worker 10 s; the primary waits a little longer.
    setTimeout(() => process.exit(1), 12_000).unref();
  };

  process.on('SIGHUP', () => void reload());
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  log('supervisor.started', { workers: count, pid: process.pid });
  for (let i = 0; i < count; i++) fork();
}

/**
 * In a worker: retire when the primary asks (SIGHUP reload) or on SIGTERM (the whole service stopping, or one
 * worker stopped by hand or by a watchdog): stop taking connections, close each kept-alive connection after its next
 * answer, and exit when none is left (at most `graceMs` later). The primary is told first, so it can start a
 * replacement for a worker it did not retire itself.
 */
export function retireOnRequest(app: FastifyInstance, graceMs = 10_000): void {
  if (!cluster.isWorker) return;
  let retiring = false;
  app.addHook('onSend', async (_req, reply) => {
    if (retiring) reply.header('connection', 'close');
  });
  const retire = (why: string) => {
    if (retiring) return;
    retiring = true;
    process.send?.({ cmd: 'ub:retiring' });
    app.log.info({ event: 'worker.retiring', why }, 'retiring: no new connections, closing each one after its answer');
    const server = app.server as Server;
    // net.Server's close, not http.Server's: that one also drops idle kept-alive connections at once, and a client
    // sending its next request on one of them at that moment would see the connection reset.
    NetServer.prototype.close.call(server);
    const started = Date.now();
    const check = () => {
      server.getConnections((_err, open) => {
        if (open === 0 || Date.now() > started + graceMs) {
          void app.close().finally(() => process.exit(0));
          return;
        }
        // A connection nobody has used for a second will not be used: close it rather than wait for its timeout.
        if (Date.now() > started + 1000) server.closeIdleConnections();
        setTimeout(check, 50);
      });
    };
    check();
  };
  process.on('message', (msg: unknown) => {
    if ((msg as { cmd?: string })?.cmd === 'ub:retire') retire('reload');
  });
  process.on('SIGTERM', () => retire('SIGTERM'));
  process.on('SIGINT', () => retire('SIGINT'));
}
