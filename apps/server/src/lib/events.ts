import { EventEmitter } from 'node:events';

/**
 * Publishes events to every server process. In-process by default; the notifications module swaps in Redis
 * pub/sub when REDIS_URL is set, so a listener on one process hears what another published.
 */
export interface EventBus {
  publish(channel: string, payload: unknown): Promise<void>;
  subscribe(channel: string, listener: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

export function inProcessBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, payload) {
      emitter.emit(channel, payload);
    },
    subscribe(channel, listener) {
      emitter.on(channel, listener);
      return () => emitter.off(channel, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
