import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * The rest of a refused request body is read and thrown away after the answer, however much of it the route
 * had read.
 *
 * A route may answer before it has read the whole body: a bulk CSV refused at its first line, images refused at
 * the first bad file, a 401 or 404 before the upload is looked at. Node reads and discards an unread body itself
 * only when nobody has started reading it; once the multipart parser has begun, the remaining bytes stay on the
 * kept-alive connection and the client's next request waits behind them until a timeout (73 s seen). Closing the
 * connection instead would reset it under a client still sending, which can lose the answer it was given, so the
 * body is drained, up to a bound past which the connection is closed.
 */
export const DRAIN_MAX_BYTES = 256 * 1024 * 1024;
export const DRAIN_MAX_MS = 30_000;

export function drainUnreadBody(req: FastifyRequest) {
  const raw = req.raw;
  // `complete` is false only on a real connection whose body has not all arrived yet (inject leaves it unset).
  if (raw.complete !== false || raw.destroyed || raw.readableEnded) return;
  const socket = raw.socket;
  let drained = 0;
  const close = () => {
    cleanup();
    socket?.destroy();
  };
  const timer = setTimeout(close, DRAIN_MAX_MS);
  timer.unref();
  const onData = (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_MAX_BYTES) close();
  };
  const cleanup = () => {
    clearTimeout(timer);
    raw.off('data', onData);
  };
  raw.unpipe();
  raw.on('data', onData);
  raw.once('end', cleanup);
  raw.once('close', cleanup);
  raw.resume();
}

export default fp(
  async (app: FastifyInstance) => {
    app.addHook('onResponse', async (req) => drainUnreadBody(req));
  },
  { name: 'unread-body' },
);
