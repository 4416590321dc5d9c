import type { Config } from '../../../config.ts';
import { createHash } from 'node:crypto';
import {
  assertId,
  assertPaise,
  createRazorpayHttp,
  GatewayError,
  idempotencyKey,
  invalidInput,
  type RazorpayHttpConfig,
} from './razorpay-http.ts';
import { WebhookFormatError } from './razorpay-webhook.ts';
import type { PayoutProvider } from './types.ts';

/**
 * Seller payouts through RazorpayX (https://razorpay.com/docs/api/x/): a contact per beneficiary, a bank-account
 * fund account under it, then a payout from our RazorpayX account number.
 *
 * Every call is safe to repeat, so every call is retried after a timeout, a network failure, 429 or 5xx:
 * - POST /v1/contacts and POST /v1/fund_accounts return the existing entity when all its details match an existing
 *   one (docs: "If all the above details match the details of an existing fund account, the API returns details of
 *   the existing fund account"), so creating is also looking up. We send the same details each time.
 * - POST /v1/payouts carries `X-Payout-Idempotency` (mandatory since 15 March 2025) derived from our payout
 *   reference: a repeat answers the saved first payout instead of paying twice.
 */
export interface RazorpayXConfig extends RazorpayHttpConfig {
  /** Our RazorpayX account number (RAZORPAYX_ACCOUNT_NUMBER), the account money is paid from. */
  accountNumber: string;
  /** Narration on the beneficiary's statement: at most 30 letters, digits and spaces. */
  narration?: string;
  /** Overrides the mode chosen by amount (payoutMode), e.g. 'NEFT' where IMPS is not wanted. */
  mode?: PayoutMode;
}

export type PayoutMode = 'IMPS' | 'NEFT' | 'RTGS';

/** IMPS moves at most ₹5,00,000 per transfer; RTGS starts at ₹2,00,000 and settles at once, so it takes the rest. */
export const IMPS_LIMIT_PAISE = 5_00_000_00;

export function payoutMode(amountPaise: number): PayoutMode {
  return amountPaise <= IMPS_LIMIT_PAISE ? 'IMPS' : 'RTGS';
}

type PayoutStatus = 'pending' | 'processing' | 'processed' | 'failed';

/**
 * RazorpayX payout states: queued (low balance), pending (awaiting approval), scheduled, processing, processed,
 * reversed (the bank returned it), cancelled, rejected, failed.
 */
export function mapPayoutStatus(status: string): PayoutStatus {
  switch (status) {
    case 'queued':
    case 'pending':
    case 'scheduled':
      return 'pending';
    case 'processing':
      return 'processing';
    case 'processed':
      return 'processed';
    case 'reversed':
    case 'cancelled':
    case 'rejected':
    case 'failed':
      return 'failed';
    default:
      throw new GatewayError({
        code: 'INVALID_RESPONSE',
        kind: 'invalid_response',
        retryable: false,
        operation: 'payout',
        description: `unknown payout status ${JSON.stringify(status)}`,
      });
  }
}

/** X-Payout-Idempotency: 4 to 36 letters, digits, hyphens, underscores and spaces. */
const PAYOUT_KEY = /^[A-Za-z0-9 _-]{4,36}$/;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER = /^[A-Za-z0-9]{5,35}$/;

interface PayoutEntity {
  id: string;
  entity: 'payout';
  amount: number;
  status: string;
  utr: string | null;
  mode: string;
  fund_account_id: string;
  status_details?: { description?: string; reason?: string } | null;
}

export interface RazorpayXPayouts extends PayoutProvider {
  readonly name: 'razorpayx';
  /** A payout's state now (GET /v1/payouts/:id), for polling one that answered pending or processing. */
  fetchPayout(
    providerPayoutId: string,
  ): Promise<{ status: PayoutStatus; utr?: string; failureReason?: string; providerStatus: string }>;
}

export function createRazorpayXPayouts(config: RazorpayXConfig): RazorpayXPayouts {
  if (!config.accountNumber)
    throw new Error('RazorpayX needs the account number to pay from (RAZORPAYX_ACCOUNT_NUMBER)');
  const http = createRazorpayHttp(config);
  const narration = (config.narration ?? 'Udyog Bazaar settlement').replace(/[^A-Za-z0-9 ]/g, '').slice(0, 30);

  function checkPayout(p: PayoutEntity, operation: string): PayoutEntity {
    if (p?.entity !== 'payout' || typeof p.id !== 'string' || typeof p.status !== 'string') {
      throw new GatewayError({
        code: 'INVALID_RESPONSE',
        kind: 'invalid_response',
        retryable: false,
        operation,
        description: 'not a RazorpayX payout entity',
      });
    }
    return p;
  }

  return {
    name: 'razorpayx',

    async pay({ reference, idempotencyKey: key, amountPaise, account }) {
      const operation = 'payout';
      assertPaise(amountPaise, operation);
      if (!reference || reference.length > 40) throw invalidInput(operation, 'reference must be 1 to 40 characters');
      if (key !== undefined && (!key || key.length > 40)) {
        throw invalidInput(operation, 'idempotency key must be 1 to 40 characters');
      }
      const ifsc = account.ifsc.trim().toUpperCase();
      const accountNumber = account.accountNumber.replace(/\s+/g, '');
      const name = account.name.trim();
      if (!IFSC.test(ifsc)) throw invalidInput(operation, `not an IFSC: ${JSON.stringify(account.ifsc)}`);
      if (!ACCOUNT_NUMBER.test(accountNumber)) {
        throw invalidInput(operation, 'account number must be 5 to 35 letters and digits');
      }
      if (name.length < 3 || name.length > 120)
        throw invalidInput(operation, 'account name must be 3 to 120 characters');

      // The same bank account always gets the same contact reference, so the contact is found, not duplicated.
      const beneficiary = createHash('sha256').update(`${ifsc}:${accountNumber}`).digest('hex').slice(0, 32);
      const contact = await http.request<{ id?: string; entity?: string }>({
        method: 'POST',
        path: '/v1/contacts',
        body: { name, type: 'vendor', reference_id: `ub-${beneficiary}` },
        retry: true,
        operation: 'create contact',
      });
      if (contact?.entity !== 'contact' || typeof contact.id !== 'string') {
        throw new GatewayError({
          code: 'INVALID_RESPONSE',
          kind: 'invalid_response',
          retryable: false,
          operation: 'create contact',
          description: 'not a RazorpayX contact entity',
        });
      }
      const fundAccount = await http.request<{ id?: string; entity?: string; active?: boolean }>({
        method: 'POST',
        path: '/v1/fund_accounts',
        body: {
          contact_id: contact.id,
          account_type: 'bank_account',
          bank_account: { name, ifsc, account_number: accountNumber },
        },
        retry: true,
        operation: 'create fund account',
      });
      if (fundAccount?.entity !== 'fund_account' || typeof fundAccount.id !== 'string') {
        throw new GatewayError({
          code: 'INVALID_RESPONSE',
          kind: 'invalid_response',
          retryable: false,
          operation: 'create fund account',
          description: 'not a RazorpayX fund account entity',
        });
      }
      const payout = checkPayout(
        await http.request<PayoutEntity>({
          method: 'POST',
          path: '/v1/payouts',
          headers: { 'X-Payout-Idempotency': idempotencyKey(key ?? reference, PAYOUT_KEY, 'ub-') },
          body: {
            account_number: config.accountNumber,
            fund_account_id: fundAccount.id,
            amount: amountPaise,
            currency: 'INR',
            mode: config.mode ?? payoutMode(amountPaise),
            purpose: 'payout',
            queue_if_low_balance: true,
            reference_id: reference,
            narration,
          },
          retry: true,
          operation,
        }),
        operation,
      );
      if (payout.amount !== amountPaise) {
        throw new GatewayError({
          code: 'AMOUNT_MISMATCH',
          kind: 'invalid_response',
          retryable: false,
          operation,
          description: `payout ${payout.id} is for ${payout.amount} paise, not ${amountPaise}`,
        });
      }
      const status = mapPayoutStatus(payout.status);
      const failureReason =
        status === 'failed' ? (payout.status_details?.description ?? `payout ${payout.status}`) : undefined;
      return {
        providerPayoutId: payout.id,
        status,
        ...(payout.utr ? { utr: payout.utr } : {}),
        ...(failureReason ? { failureReason } : {}),
      };
    },

    async fetchPayout(providerPayoutId) {
      const operation = 'fetch payout';
      assertId(providerPayoutId, 'pout', operation);
      const payout = checkPayout(
        await http.request<PayoutEntity>({
          method: 'GET',
          path: `/v1/payouts/${providerPayoutId}`,
          retry: true,
          operation,
        }),
        operation,
      );
      const status = mapPayoutStatus(payout.status);
      const failureReason = status === 'failed' ? payout.status_details?.description : undefined;
      return {
        status,
        providerStatus: payout.status,
        ...(payout.utr ? { utr: payout.utr } : {}),
        ...(failureReason ? { failureReason } : {}),
      };
    },
  };
}

/** A RazorpayX payout event, reduced to what settles our payout row. `id` is X-Razorpay-Event-Id. */
export type PayoutEvent =
  | {
      id: string;
      type: 'payout.processed' | 'payout.reversed' | 'payout.failed' | 'payout.rejected' | 'payout.updated';
      providerPayoutId: string;
      /** Our payout reference, as sent in reference_id. */
      reference: string | null;
      amountPaise: number;
      status: PayoutStatus;
      utr?: string;
      failureReason?: string;
    }
  | { id: string; type: 'other'; name: string };

const PAYOUT_EVENTS = new Set([
  'payout.processed',
  'payout.reversed',
  'payout.failed',
  'payout.rejected',
  'payout.updated',
]);

/**
 * Parses a verified RazorpayX webhook body (https://razorpay.com/docs/x/payouts/webhooks): the same envelope and
 * X-Razorpay-Signature scheme as payments (verify with verifyWebhookSignature and the RazorpayX webhook secret),
 * with `payload.payout.entity`. Throws WebhookFormatError on a body that is not that shape.
 */
export function parsePayoutWebhookBody(rawBody: Buffer, eventId: string | undefined): PayoutEvent {
  let body: {
    entity?: unknown;
    event?: unknown;
    payload?: { payout?: { entity?: Partial<PayoutEntity> & { reference_id?: string | null } } };
  };
  try {
    body = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookFormatError('webhook body is not JSON');
  }
  if (body?.entity !== 'event' || typeof body.event !== 'string') throw new WebhookFormatError('not an event');
  if (!eventId) throw new WebhookFormatError('missing X-Razorpay-Event-Id');
  if (!PAYOUT_EVENTS.has(body.event)) return { id: eventId, type: 'other', name: body.event };
  const p = body.payload?.payout?.entity;
  if (!p || typeof p.id !== 'string' || typeof p.status !== 'string') throw new WebhookFormatError('missing payout');
  if (typeof p.amount !== 'number' || !Number.isSafeInteger(p.amount) || p.amount < 0) {
    throw new WebhookFormatError('bad amount');
  }
  let status: PayoutStatus;
  try {
    status = mapPayoutStatus(p.status);
  } catch {
    throw new WebhookFormatError(`unknown payout status ${p.status}`);
  }
  const failureReason = status === 'failed' ? p.status_details?.description : undefined;
  return {
    id: eventId,
    type: body.event as Exclude<PayoutEvent['type'], 'other'>,
    providerPayoutId: p.id,
    reference: typeof p.reference_id === 'string' ? p.reference_id : null,
    amountPaise: p.amount,
    status,
    ...(p.utr ? { utr: p.utr } : {}),
    ...(failureReason ? { failureReason } : {}),
  };
}

/** RazorpayX payouts from the loaded configuration (config.ts refuses PAYOUT_PROVIDER=razorpayx without them). */
export function razorpayXFromConfig(
  config: Pick<Config, 'RAZORPAY_KEY_ID' | 'RAZORPAY_KEY_SECRET' | 'RAZORPAY_API_BASE' | 'RAZORPAYX_ACCOUNT_NUMBER'>,
): RazorpayXPayouts {
  const { RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAYX_ACCOUNT_NUMBER } = config;
  if (!RAZORPAY_KEY_ID || !RAZORPAY_KEY_SECRET || !RAZORPAYX_ACCOUNT_NUMBER) {
    throw new Error('PAYOUT_PROVIDER=razorpayx needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAYX_ACCOUNT_NUMBER');
  }
  return createRazorpayXPayouts({
    keyId: RAZORPAY_KEY_ID,
    keySecret: RAZORPAY_KEY_SECRET,
    accountNumber: RAZORPAYX_ACCOUNT_NUMBER,
    apiBase: config.RAZORPAY_API_BASE,
  });
}
