import { finished, pipeline, type Readable, type Transform } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { EventBus } from './events.ts';

/** The client went away (closed the tab, lost the network): the stream stops, but nothing on the server failed. */
const CLIENT_GONE = new Set(['ERR_STREAM_PREMATURE_CLOSE', 'ECONNRESET', 'EPIPE', 'ERR_STREAM_DESTROYED']);

/** Logs a failure of a streamed response once it has started: at error level, or info when the client left. */
export function logStreamFailure(log: FastifyBaseLogger, what: string, err: unknown) {
  if (CLIENT_GONE.has(String((err as { code?: unknown })?.code))) {
    log.info({ stream: what, code: (err as { code?: unknown }).code }, 'streamed response closed before the end');
  } else {
    log.error({ err, stream: what }, 'streamed response failed');
  }
}

/**
 * Sends a stream (optionally piped through transforms) as the reply, so that nothing in it can end the process.
 *
 * Every stage gets an error listener the moment it is handed over: a stream that fails before `reply.send` (or a
 * stage of a `.pipe` chain, which does not forward errors) would otherwise emit `error` with no listener, and
 * Node ends the process. A failure destroys every stage and is logged once (`logStreamFailure`) with `what`. Fastify
 * then answers as usual: before the headers are out, through the error handler (a JSON `{ error }`); after, by
 * destroying the connection, so the client sees a transfer that broke off rather than a file that looks whole.
 */
export function sendStream(reply: FastifyReply, what: string, source: Readable, ...through: Transform[]) {
  let logged = false;
  const done = (err?: Error | null) => {
    if (!err || logged) return;
    logged = true;
    logStreamFailure(reply.log, what, err);
  };
  let out: Readable;
  if (through.length) {
    out = pipeline([source, ...through], done) as unknown as Readable;
  } else {
    out = source;
    finished(source, done);
  }
  return reply.send(out);
}

/**
 * Reads the first item of `items` before anything is sent, so a failure at the start (the query refused, the
 * database gone) is an ordinary error answer, not a 200 that breaks off after the headers. The rest is read on
 * demand as before.
 */
export async function startedIterable<T>(items: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const it = items[Symbol.asyncIterator]();
  const first = await it.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* { [Symbol.asyncIterator]: () => it };
  })();
}

/** Whose live streams to end: every stream of an account, or the streams opened with one of its sessions. */
export type StreamOwner = { userId: string } | { sessionId: string };

/** The event-bus channel on which server processes tell each other to end live streams. */
export const END_STREAMS_CHANNEL = 'streams:end';

/**
 * Ends the open live streams (notification Server-Sent Events) of an account that was blocked, suspended or
 * deactivated, or of a session that was signed out, in every server process: over the event bus, so Redis pub/sub
 * with REDIS_URL (every process, this one included, hears it; when Redis cannot be reached the bus delivers it in
 * this process only) and this process alone without it. Call it once the change has committed: a stream opened
 * after that reads the committed account and session (a suspended seller may open one again; a blocked buyer or a
 * revoked session may not).
 */
export async function endLiveStreams(events: EventBus, owner: StreamOwner): Promise<void> {
  await events.publish(
    END_STREAMS_CHANNEL,
    'userId' in owner ? { userId: owner.userId } : { sessionId: owner.sessionId },
  );
}

/** An open live stream: whose it is, and how to end it. */
export interface LiveStream {
  userId: string;
  sessionId: string;
  end(): void;
}

export interface LiveStreams {
  /**
   * Registers a stream whose ticket was checked from `checkedSince` (a `Date.now()` taken before the check) on.
   * Answers false, registering nothing, when its account or session was ended at or after that moment (the
   * check may have read the session before the change committed, and the stream must not outlive it), or when the
   * registry is closed (the process is retiring: the client reconnects to another one).
   */
  add(stream: LiveStream, checkedSince: number): boolean;
  delete(stream: LiveStream): void;
  /** Ends every stream of this process (shutdown) and stops listening. */
  close(): void;
}

/** How long an ending is remembered for streams whose check started before it: far above any ticket check. */
const ENDED_MEMORY_MS = 60_000;

/** The open live streams of one server process, ended when any process announces their owner's end. */
export function liveStreams(events: EventBus, now: () => number = Date.now): LiveStreams {
  const open = new Set<LiveStream>();
  // `user:<id>` or `session:<id>` -> when its streams were last ended here.
  const ended = new Map<string, number>();
  const unsubscribe = events.subscribe(END_STREAMS_CHANNEL, (payload) => {
    const owner = payload as Partial<{ userId: unknown; sessionId: unknown }> | null;
    const userId = typeof owner?.userId === 'string' ? owner.userId : undefined;
    const sessionId = typeof owner?.sessionId === 'string' ? owner.sessionId : undefined;
    if (!userId && !sessionId) return;
    const at = now();
    for (const [key, when] of ended) if (when < at - ENDED_MEMORY_MS) ended.delete(key);
    ended.set(userId ? `user:${userId}` : `session:${sessionId}`, at);
    for (const stream of open) {
      if (stream.userId === userId || stream.sessionId === sessionId) stream.end();
    }
  });
  const endedSince = (stream: LiveStream, since: number) =>
    (ended.get(`user:${stream.userId}`) ?? -1) >= since || (ended.get(`session:${stream.sessionId}`) ?? -1) >= since;
  let closed = false;
  return {
    add(stream, checkedSince) {
      if (closed || endedSince(stream, checkedSince)) return false;
      open.add(stream);
      return true;
    },
    delete(stream) {
      open.delete(stream);
    },
    close() {
      if (!closed) unsubscribe();
      closed = true;
      for (const stream of [...open]) stream.end();
    },
  };
}

const retiringListeners = new WeakMap<object, Set<() => void>>();

/**
 * Hears that the server process holding `server` (the HTTP server, shared by every plugin of an app) retires: it
 * takes no new connections and finishes what it has (cluster.ts). Open live streams never finish by themselves, so
 * they end then, and their clients reconnect to another process. Answers the unsubscribe.
 */
export function onServerRetiring(server: object, listener: () => void): () => void {
  let listeners = retiringListeners.get(server);
  if (!listeners) {
    listeners = new Set();
    retiringListeners.set(server, listeners);
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tells what listens on `server` that it retires (cluster.ts). */
export function serverRetiring(server: object): void {
  for (const listener of [...(retiringListeners.get(server) ?? [])]) listener();
}
