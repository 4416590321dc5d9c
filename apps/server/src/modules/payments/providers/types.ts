/**
 * What the marketplace needs from a payment gateway. `razorpay` talks to Razorpay's API; `test` is the local
 * gateway of development (a checkout page on our own server whose webhooks are signed and parsed exactly like
 * Razorpay's); `bank_transfer` takes a buyer's UTR and waits for an admin to reconcile it. Amounts are integer
 * paise everywhere in this interface.
 */
export type PaymentProviderName = 'razorpay' | 'test' | 'bank_transfer';

/** One webhook event as the provider sent it, reduced to what we act on. `id` is the provider's event id. */
export type GatewayEvent =
  | {
      id: string;
      type: 'payment.captured' | 'payment.failed';
      providerOrderId: string;
      providerPaymentId: string;
      amountPaise: number;
      method?: string;
      errorDescription?: string;
    }
  | {
      id: string;
      type: 'refund.processed' | 'refund.failed';
      providerPaymentId: string;
      providerRefundId: string;
      amountPaise: number;
    }
  | { id: string; type: 'other'; name: string };

export interface GatewayPayment {
  providerPaymentId: string;
  providerOrderId: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  amountPaise: number;
  method?: string;
}

export interface PaymentGateway {
  readonly name: 'razorpay' | 'test';
  /** Public key id the browser's checkout needs (Razorpay's key_id); never the secret. */
  readonly keyId: string;
  /** Creates the gateway-side order for exactly the amount due. `receipt` is our payment number (<= 40 chars). */
  createOrder(input: {
    receipt: string;
    amountPaise: number;
    notes?: Record<string, string>;
  }): Promise<{ providerOrderId: string }>;
  /** The checkout's success callback: HMAC_SHA256(order_id + "|" + payment_id, key_secret), compared in constant time. */
  verifyPaymentSignature(input: { providerOrderId: string; providerPaymentId: string; signature: string }): boolean;
  /** X-Razorpay-Signature: HMAC_SHA256(raw body, webhook secret), compared in constant time. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): boolean;
  /** Parses a verified webhook body. `eventId` is the X-Razorpay-Event-Id header (the idempotency key). */
  parseWebhook(rawBody: Buffer, eventId: string | undefined): GatewayEvent;
  /**
   * Where the browser goes to pay: the `test` gateway's own checkout page (which sends the browser back to
   * `returnUrl` with `razorpay_order_id`, `razorpay_payment_id` and `razorpay_signature` as query parameters, as
   * Razorpay's redirect mode does), or null when the page opens Razorpay's Checkout.js with `keyId` instead.
   */
  checkoutUrl(input: { providerOrderId: string; returnUrl: string }): string | null;
  /** Reconciliation: the payments the gateway holds for one of our orders (GET /orders/:id/payments). */
  fetchOrderPayments(providerOrderId: string): Promise<GatewayPayment[]>;
  /** Refunds part or all of a captured payment; `receipt` is our refund number (the idempotency key). */
  refund(input: {
    providerPaymentId: string;
    amountPaise: number;
    receipt: string;
    notes?: Record<string, string>;
  }): Promise<{ providerRefundId: string; status: 'pending' | 'processed' | 'failed' }>;
}

/** Payouts to sellers' bank accounts. `manual` (the default) is the admin's bank file and UTRs; RazorpayX fits here. */
export interface PayoutProvider {
  readonly name: 'manual' | 'razorpayx';
  /**
   * Starts a payout; `manual` answers `pending` and the admin marks it paid with the bank's UTR. `reference` is our
   * settlement number (the provider's reference); `idempotencyKey` (default: the reference) is the same on every
   * retry of one payout and new only after the provider said that payout failed.
   */
  pay(input: {
    reference: string;
    idempotencyKey?: string;
    amountPaise: number;
    account: { name: string; accountNumber: string; ifsc: string };
  }): Promise<{
    providerPayoutId?: string;
    status: 'pending' | 'processing' | 'processed' | 'failed';
    utr?: string;
    failureReason?: string;
  }>;
  /** A payout's state now, for one whose webhook never came (providers that send payouts themselves). */
  fetchPayout?(
    providerPayoutId: string,
  ): Promise<{ status: 'pending' | 'processing' | 'processed' | 'failed'; utr?: string; failureReason?: string }>;
}
