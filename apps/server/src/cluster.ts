import cluster, { type Worker } from 'node:cluster';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { serverRetiring } from './lib/streams.ts';

/**
 * Several server processes on one port (Node's cluster module: the primary holds the listening socket and hands
 * each new connection to a worker in turn). The primary serves nothing itself; it only keeps `count` workers
 * alive:
 * - a worker that dies (crash, SIGKILL, out of memory) is replaced at once, while the others go on serving;
 * - SIGHUP replaces the workers one by one: a new one is started and listening before an old one retires, so the
 *   capacity never drops below `count` and no request is refused;
 * - SIGTERM/SIGINT pass on to every worker, each finishes what it took (retireOnRequest), and the primary exits
 *   after the last one.
 *
 * A retiring worker (see retireOnRequest; SIGHUP's reload, SIGTERM) stops taking connections, answers the requests
 * still coming on its kept-alive connections with `Connection: close` (so their clients reconnect to another
 * worker rather than meet a closed socket), and exits once it holds no connection.
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
    // Each worker drains for at most DRAIN_MS and closes in CLOSE_MS (retireOnRequest); the primary waits a little longer.
    setTimeout(() => process.exit(1), DRAIN_MS + CLOSE_MS + 2_000).unref();
  };

  process.on('SIGHUP', () => void reload());
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  log('supervisor.started', { workers: count, pid: process.pid });
  for (let i = 0; i < count; i++) fork();
}

/** How long a stopping process waits for its connections to finish before it cuts the rest off. */
export const DRAIN_MS = 10_000;
/** After the drain time, how long closing the app (jobs, pools) may take before the process exits anyway. */
const CLOSE_MS = 3_000;
/** While draining, a kept-alive connection unused for this long is closed. */
const IDLE_MS = 1_000;

/**
 * Graceful stop, in a worker and in a single server process alike. A worker retires when the primary asks (SIGHUP's
 * reload) or on SIGTERM/SIGINT (the whole service stopping, or one worker stopped by hand or by a watchdog); a
 * single process stops on SIGTERM/SIGINT. Either way it:
 * - stops taking connections (a worker first tells the primary, so it can start a replacement for a worker it did
 *   not retire itself);
 * - ends its open live notification streams (they never finish by themselves; their clients reconnect elsewhere);
 * - answers every request it has, and every request still coming on a kept-alive connection, normally and with
 *   `Connection: close`, so its client reconnects (to another worker, or, once this one is gone, to a restarted
 *   server) rather than meet a closed socket: nothing it took, and nothing already on the wire to it, fails;
 * - closes a kept-alive connection nobody used for a second, and exits once it holds no connection, at most
 *   `drainMs` after the signal (connections still open then are cut off), after closing the app (jobs, pools).
 */
export function retireOnRequest(app: FastifyInstance, drainMs = DRAIN_MS): void {
  let retiring = false;
  app.addHook('onSend', async (_req, reply) => {
    if (retiring) reply.header('connection', 'close');
  });
  const server = app.server as Server;
  // Each connection, with the requests it has in progress and when it was last used, so that the drain closes only
  // connections idle for a while (http.Server's closeIdleConnections also closes one whose next request is already
  // waiting, unread, in the socket: its client sees a reset).
  const connections = new Map<Socket, { busy: number; usedAt: number }>();
  server.on('connection', (socket: Socket) => {
    connections.set(socket, { busy: 0, usedAt: Date.now() });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const c = connections.get(req.socket as Socket);
    if (!c) return;
    c.busy++;
    res.once('close', () => {
      c.busy--;
      c.usedAt = Date.now();
    });
  });
  const closeIdle = () => {
    const now = Date.now();
    for (const [socket, c] of connections) if (c.busy === 0 && now - c.usedAt >= IDLE_MS) socket.destroy();
  };

  const retire = (why: string) => {
    if (retiring) return;
    retiring = true;
    if (cluster.isWorker) process.send?.({ cmd: 'ub:retiring' });
    app.log.info(
      {
        event: cluster.isWorker ? 'worker.retiring' : 'server.stopping',
        why,
        ...(why === 'reload' ? {} : { signal: why }),
      },
      'stopping: no new connections, finishing in-flight requests, closing each connection after its answer',
    );
    serverRetiring(server);
    const started = Date.now();
    // net.Server's close, not http.Server's: that one also drops idle kept-alive connections at once, and a client
    // sending its next request on one of them at that moment would see the connection reset. After this turn's I/O:
    // connections the kernel has already accepted for us are taken and served first (closing the listening socket
    // resets those still waiting in its queue, and a busy event loop leaves some there).
    setImmediate(() => NetServer.prototype.close.call(server));
    const finish = (cutOff: boolean) => {
      if (cutOff) {
        app.log.warn(
          { event: 'server.drain_timeout', drainMs, connections: connections.size },
          'connections still open after the drain time: cut off',
        );
        server.closeAllConnections();
      }
      setTimeout(() => process.exit(1), CLOSE_MS).unref();
      void app.close().then(
        () => process.exit(0),
        (err: unknown) => {
          app.log.error({ err }, 'closing the app failed');
          process.exit(1);
        },
      );
    };
    const check = () => {
      // After this turn's I/O: a request that arrived while the event loop was busy (a bulk import, say) is read
      // and counted before anything is judged idle.
      setImmediate(() => {
        if (connections.size === 0) return finish(false);
        if (Date.now() > started + drainMs) return finish(true);
        // A connection nobody has used for a second will not be used: close it rather than wait for its timeout.
        closeIdle();
        setTimeout(check, 50);
      });
    };
    check();
  };
  if (cluster.isWorker) {
    process.on('message', (msg: unknown) => {
      if ((msg as { cmd?: string })?.cmd === 'ub:retire') retire('reload');
    });
  }
  process.on('SIGTERM', () => retire('SIGTERM'));
  process.on('SIGINT', () => retire('SIGINT'));
}
