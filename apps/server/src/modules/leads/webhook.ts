import type { FastifyBaseLogger } from 'fastify';
import type { StoredLead } from './leads.ts';

export interface LeadForwarderOptions {
  url: string;
  format: 'json' | 'form';
  log: FastifyBaseLogger;
  /** Tries in all, the first included. */
  attempts?: number;
  /** Wait before the first retry; each later retry waits four times longer (1 s, 4 s, 16 s by default). */
  baseDelayMs?: number;
  timeoutMs?: number;
}

export interface LeadForwarder {
  /** Starts forwarding in the background and returns at once; the returned promise is for tests and shutdown. */
  forward(lead: StoredLead, merged: boolean): Promise<boolean>;
  /** Abandons pending retries (server shutdown). */
  close(): Promise<void>;
}

/** The fields sent to the webhook: the stored lead, never anything the visitor did not type. */
export function leadPayload(lead: StoredLead, merged: boolean): Record<string, string> {
  return {
    id: lead.id,
    name: lead.name,
    company: lead.company,
    gst: lead.gst ?? '',
    contact: lead.contact,
    email: lead.email ?? '',
    referredBy: lead.referredBy ?? '',
    sourcePage: lead.sourcePage ?? '',
    status: lead.status,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
    merged: String(merged),
  };
}

/**
 * Forwards stored leads to LEAD_WEBHOOK_URL. The lead is already safe in the database, so a slow or failing
 * receiver only costs retries and a log line, never the visitor's request.
 */
export function createLeadForwarder(opts: LeadForwarderOptions): LeadForwarder {
  const attempts = opts.attempts ?? 4;
  const baseDelay = opts.baseDelayMs ?? 1000;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const shutdown = new AbortController();
  const pending = new Set<Promise<boolean>>();

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      shutdown.signal.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          resolve();
        },
        { once: true },
      );
    });

  async function send(payload: Record<string, string>): Promise<void> {
    const body = opts.format === 'form' ? new URLSearchParams(payload).toString() : JSON.stringify(payload);
    const res = await fetch(opts.url, {
      method: 'POST',
      headers: {
        'content-type': opts.format === 'form' ? 'application/x-www-form-urlencoded;charset=UTF-8' : 'application/json',
      },
      body,
      redirect: 'follow',
      signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), shutdown.signal]),
    });
    // Drain the body so the connection is released.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  }

  async function run(lead: StoredLead, merged: boolean): Promise<boolean> {
    const payload = leadPayload(lead, merged);
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (shutdown.signal.aborted) break;
      try {
        await send(payload);
        opts.log.info({ event: 'lead.forwarded', leadId: lead.id, attempt }, 'lead forwarded to webhook');
        return true;
      } catch (err) {
        const last = attempt === attempts || shutdown.signal.aborted;
        opts.log[last ? 'error' : 'warn'](
          { event: 'lead.forward_failed', leadId: lead.id, attempt, err: (err as Error).message },
          last ? 'lead webhook failed; giving up (the lead is stored)' : 'lead webhook failed; will retry',
        );
        if (!last) await wait(baseDelay * 4 ** (attempt - 1));
      }
    }
    return false;
  }

  return {
    forward(lead, merged) {
      const p = run(lead, merged).finally(() => pending.delete(p));
      pending.add(p);
      return p;
    },
    async close() {
      shutdown.abort();
      await Promise.allSettled([...pending]);
    },
  };
}
