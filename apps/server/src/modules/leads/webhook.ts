import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../jobs/queue.ts';
import type { StoredLead } from './leads.ts';

/** The job that sends one stored lead to LEAD_WEBHOOK_URL (jobs/definitions.ts). */
export const LEAD_WEBHOOK_JOB = 'lead.webhook';
/** Tries in all, the first included: retries after 1 s, 4 s and 16 s (the runner's backoff). */
export const LEAD_WEBHOOK_ATTEMPTS = 4;
const TIMEOUT_MS = 10_000;

export interface LeadPostOptions {
  url: string;
  format: 'json' | 'form';
  log: FastifyBaseLogger;
  /** The runner's stop: an interrupted send is handed back to the queue. */
  signal?: AbortSignal;
  timeoutMs?: number;
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
 * Queues the lead for the webhook in `tx`, the transaction that stored it: the lead is safe in the database and
 * its delivery with it, so a slow, failing or restarted receiver (or server) only costs retries, never the lead or
 * the visitor's request. The fields are fixed now, as the visitor sent them.
 */
export async function enqueueLead(tx: Db, lead: StoredLead, merged: boolean): Promise<void> {
  await enqueue(tx, LEAD_WEBHOOK_JOB, leadPayload(lead, merged), { maxAttempts: LEAD_WEBHOOK_ATTEMPTS });
}

/** One try at the webhook: throws on a network error, a time-out or a non-2xx answer, so the runner retries. */
export async function postLead(
  opts: LeadPostOptions,
  payload: Record<string, string>,
  attempt: number,
  attempts: number,
): Promise<void> {
  const body = opts.format === 'form' ? new URLSearchParams(payload).toString() : JSON.stringify(payload);
  try {
    const res = await fetch(opts.url, {
      method: 'POST',
      headers: {
        'content-type': opts.format === 'form' ? 'application/x-www-form-urlencoded;charset=UTF-8' : 'application/json',
      },
      body,
      redirect: 'follow',
      signal: opts.signal
        ? AbortSignal.any([AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS), opts.signal])
        : AbortSignal.timeout(opts.timeoutMs ?? TIMEOUT_MS),
    });
    // Drain the body so the connection is released.
    await res.arrayBuffer().catch(() => undefined);
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  } catch (err) {
    const last = attempt >= attempts;
    opts.log[last ? 'error' : 'warn'](
      { event: 'lead.forward_failed', leadId: payload.id, attempt, err: (err as Error).message },
      last ? 'lead webhook failed; giving up (the lead is stored)' : 'lead webhook failed; will retry',
    );
    throw err;
  }
  opts.log.info({ event: 'lead.forwarded', leadId: payload.id, attempt }, 'lead forwarded to webhook');
}
