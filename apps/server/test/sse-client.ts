import type { FastifyInstance } from 'fastify';

export interface SseClient {
  /** Resolves with the first event named `event` (data parsed as JSON), or rejects after `timeoutMs`. */
  next(event: string, timeoutMs?: number): Promise<unknown>;
  /** Everything received so far, raw. */
  text(): string;
  /** Resolves when the server ends the stream, or rejects after `timeoutMs` while it is still open. */
  endedByServer(timeoutMs?: number): Promise<void>;
  close(): void;
}

/** Opens /api/notifications/stream on a listening app with a fresh ticket and reads it like EventSource would. */
export async function openStream(baseUrl: string, app: FastifyInstance, token: string): Promise<SseClient> {
  const ticketRes = await app.inject({
    method: 'POST',
    url: '/api/notifications/stream-ticket',
    headers: { authorization: `Bearer ${token}` },
  });
  if (ticketRes.statusCode !== 200) throw new Error(`ticket: ${ticketRes.statusCode} ${ticketRes.body}`);
  const controller = new AbortController();
  const res = await fetch(`${baseUrl}/api/notifications/stream?ticket=${encodeURIComponent(ticketRes.json().ticket)}`, {
    signal: controller.signal,
  });
  if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let consumed = 0;
  const waiters: Array<() => void> = [];
  let closedHere = false;
  const finished = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += value;
        for (const w of waiters.splice(0)) w();
      }
    } catch {
      // aborted by close(), or the connection broke off
    }
  })();
  const findEvent = (name: string) => {
    const blocks = buffer.slice(consumed).split('\n\n');
    let offset = consumed;
    for (const block of blocks.slice(0, -1)) {
      offset += block.length + 2;
      const lines = block.split('\n');
      if (lines.includes(`event: ${name}`)) {
        consumed = offset;
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6) ?? 'null';
        return { found: true, data: JSON.parse(data) as unknown };
      }
    }
    return { found: false, data: undefined };
  };
  return {
    async next(event, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const r = findEvent(event);
        if (r.found) return r.data;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no "${event}" event within ${timeoutMs} ms; got: ${buffer}`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(t);
            resolve();
          });
        });
      }
    },
    text: () => buffer,
    async endedByServer(timeoutMs = 10_000) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`the stream was still open after ${timeoutMs} ms; got: ${buffer}`)),
          timeoutMs,
        );
      });
      try {
        await Promise.race([finished, timeout]);
      } finally {
        clearTimeout(timer);
      }
      if (closedHere) throw new Error('the stream was closed by the test, not by the server');
    },
    close: () => {
      closedHere = true;
      controller.abort();
    },
  };
}
