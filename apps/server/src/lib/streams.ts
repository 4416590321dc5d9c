import { finished, pipeline, type Readable, type Transform } from 'node:stream';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';

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
