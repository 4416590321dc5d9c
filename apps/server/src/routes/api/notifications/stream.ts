import { errorBody } from '@ub/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { unauthorized } from '../../../lib/errors.ts';
import { type LiveStream, liveStreams, logStreamFailure, onServerRetiring } from '../../../lib/streams.ts';
import { notificationChannel } from '../../../modules/notifications/notify.ts';
import { redeemStreamTicket } from '../../../modules/notifications/stream-ticket.ts';

export const HEARTBEAT_MS = 25_000;
/**
 * Open streams per user, across processes when Redis is shared (a few tabs and devices); the next one gets 429
 * until one closes. A process that dies without closing gives its slots back after STREAM_SLOT_TTL_MS.
 */
export const MAX_STREAMS_PER_USER = 5;
const STREAM_SLOT_TTL_MS = HEARTBEAT_MS * 2 + 10_000;

/**
 * GET /api/notifications/stream?ticket=...: Server-Sent Events, one `notification` event per new notification
 * of the ticket's user, a comment every 25 s so proxies keep the connection open. The browser's EventSource
 * reconnects by itself; the client refetches the list on every (re)open to catch up what it missed.
 *
 * A stream ends at once, in whichever process holds it, when its account is blocked, suspended or deactivated or
 * its session signed out (`endLiveStreams`, lib/streams.ts). The browser then reconnects with a new ticket, which
 * a blocked account or a revoked session no longer gets.
 */
export const streamRoute: FastifyPluginAsyncZod = async (app) => {
  const open = liveStreams(app.events);
  // Open streams never go idle, so a stopping server would wait for them until its drain time ran out: they end as
  // soon as it retires (and a stream asked for after that ends at once; the client reconnects elsewhere).
  const stopHearing = onServerRetiring(app.server, () => open.close());
  app.addHook('preClose', async () => {
    stopHearing();
    open.close();
  });

  app.get(
    '/notifications/stream',
    {
      schema: {
        tags: ['notifications'],
        summary: 'Live notifications as Server-Sent Events (authenticate with a single-use stream ticket)',
        querystring: z.object({ ticket: z.string().max(200).default('') }),
        response: { 401: errorBody, 429: errorBody },
      },
    },
    async (req, reply) => {
      const checkedSince = Date.now();
      const owner = await redeemStreamTicket(app.db, req.query.ticket);
      if (!owner) throw unauthorized('The stream ticket is invalid or has expired.');
      const { userId } = owner;
      const slot = await app.limits.acquire('streams', MAX_STREAMS_PER_USER, userId, STREAM_SLOT_TTL_MS);

      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 3000\n\n');
      res.write(': connected\n\n');

      let ended = false;
      // A write that fails (a payload that cannot be serialised, a socket already gone) ends this stream only: it
      // must not throw into the publisher, which may be another user's request.
      const send = (text: () => string) => {
        if (ended) return;
        try {
          res.write(text());
        } catch (err) {
          end(err);
        }
      };
      const unsubscribe = app.events.subscribe(notificationChannel(userId), (payload) => {
        const id = (payload as { id?: string }).id ?? '';
        send(() => `event: notification\nid: ${id}\ndata: ${JSON.stringify(payload)}\n\n`);
      });
      const heartbeat = setInterval(() => {
        send(() => ': ping\n\n');
        slot.renew();
      }, HEARTBEAT_MS);
      const end = (err?: unknown) => {
        if (ended) return;
        ended = true;
        if (err) logStreamFailure(req.log, 'notifications', err);
        clearInterval(heartbeat);
        slot.release();
        unsubscribe();
        open.delete(stream);
        res.end();
      };
      const stream: LiveStream = { ...owner, end: () => end() };
      // Its account or session ended while the ticket was being checked, or the process is retiring: end it now.
      if (!open.add(stream, checkedSince)) end();
      req.raw.on('close', () => end());
      res.on('error', (err) => end(err));
    },
  );
};
