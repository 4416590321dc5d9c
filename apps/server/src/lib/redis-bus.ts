import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { EventBus } from './events.ts';

/**
 * Redis pub/sub bus: `publisher` is an ordinary connection (shared with the rate limiter), the subscriber is a
 * duplicate of it, since a subscribed Redis connection can issue no other commands. Each channel is subscribed in
 * Redis while at least one local listener wants it. When Redis is down a publish is logged and delivered to this
 * process's listeners only, so the API and same-process streams keep working.
 */
export function redisBus(publisher: Redis, log: FastifyBaseLogger): EventBus {
  const subscriber = publisher.duplicate();
  const local = new EventEmitter();
  local.setMaxListeners(0);
  subscriber.on('error', (err) => log.warn({ err: err.message }, 'redis subscriber unavailable'));
  subscriber.on('message', (channel: string, message: string) => {
    let payload: unknown;
    try {
      payload = JSON.parse(message);
    } catch {
      log.warn({ channel }, 'ignored a malformed event');
      return;
    }
    local.emit(channel, payload);
  });
  // A subscribe sent while Redis was down is lost; after every (re)connect subscribe to what is wanted now.
  subscriber.on('ready', () => {
    const channels = local.eventNames().map(String);
    if (channels.length) subscriber.subscribe(...channels).catch(() => undefined);
  });

  const subscribeRemote = (channel: string) =>
    subscriber.subscribe(channel).catch((err: Error) => log.warn({ err: err.message, channel }, 'subscribe failed'));

  return {
    async publish(channel, payload) {
      try {
        await publisher.publish(channel, JSON.stringify(payload));
      } catch (err) {
        log.warn({ err: (err as Error).message, channel }, 'redis publish failed; delivered in this process only');
        local.emit(channel, payload);
      }
    },
    subscribe(channel, listener) {
      const first = local.listenerCount(channel) === 0;
      local.on(channel, listener);
      // Before the connection is ready the 'ready' handler subscribes it.
      if (first && subscriber.status === 'ready') void subscribeRemote(channel);
      return () => {
        local.off(channel, listener);
        if (local.listenerCount(channel) === 0) {
          subscriber.unsubscribe(channel).catch(() => undefined);
        }
      };
    },
    async close() {
      local.removeAllListeners();
      subscriber.disconnect();
    },
  };
}
