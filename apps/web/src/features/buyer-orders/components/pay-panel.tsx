import { formatDate, formatInr, type PayStartResponse, UTR_HELP } from '@ub/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { Badge } from '../../../components/feedback.tsx';
import { FormError, TextField } from '../../../components/field.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { useQueryClient } from '@tanstack/react-query';
import { useOrderPayment, useStartPayment, useSubmitUtr, verifyPayment } from '../api/pay.ts';

const STATE_LABELS: Record<string, string> = {
  created: 'Started',
  awaiting_utr: 'Waiting for your UTR',
  awaiting_confirmation: 'Awaiting confirmation',
  captured: 'Paid',
  failed: 'Failed',
  rejected: 'Not confirmed',
  flagged: 'Under review',
};

declare global {
  interface Window {
    Razorpay?: new (options: Record<string, unknown>) => { open(): void };
  }
}

/** Razorpay's Checkout.js, loaded on demand (only when PAYMENT_PROVIDER=razorpay). */
function loadCheckoutJs(): Promise<void> {
  if (window.Razorpay) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = 'https://checkout.razorpay.com/v1/checkout.js';
    s.onload = () => resolve();
    s.onerror = () => reject(new Error('The payment window could not be loaded.'));
    document.body.append(s);
  });
}

/**
 * The buyer's Pay now: online (the test gateway's checkout page, or Razorpay Checkout) or bank transfer (the
 * platform's account, the reference, then the UTR). Shows each attempt's state: awaiting confirmation, failed with
 * retry, paid; and refunds.
 */
export function PayPanel({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const query = useOrderPayment(orderId);
  const start = useStartPayment(orderId);
  const submitUtr = useSubmitUtr(orderId);
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const [bank, setBank] = useState<PayStartResponse | null>(null);
  const [utr, setUtr] = useState('');
  const [error, setError] = useState<string | null>(null);
  const verified = useRef(false);

  // Back from the checkout: the signature is checked by the server, which then asks the gateway.
  useEffect(() => {
    const attemptId = params.get('attempt');
    const paymentId = params.get('razorpay_payment_id');
    if (verified.current || !attemptId) return;
    verified.current = true;
    const done = () => {
      const next = new URLSearchParams(params);
      for (const k of ['attempt', 'razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature', 'payment_failed']) {
        next.delete(k);
      }
      setParams(next, { replace: true });
      void qc.invalidateQueries({ queryKey: ['buyer'] });
    };
    if (!paymentId) {
      toast.error('The payment did not go through. You can try again.');
      done();
      return;
    }
    verifyPayment(orderId, {
      attemptId,
      razorpay_order_id: params.get('razorpay_order_id') ?? '',
      razorpay_payment_id: paymentId,
      razorpay_signature: params.get('razorpay_signature') ?? '',
    })
      .then((a) =>
        a.status === 'captured'
          ? toast.success('Payment received. The platform holds it until delivery.')
          : toast.info('Payment is being confirmed by the gateway.'),
      )
      .catch((e: ApiError) => toast.error(e.message))
      .finally(done);
  }, [params, orderId, qc, setParams]);

  if (!query.data) return null;
  const p = query.data;
  const open = p.attempts.find((a) => a.status === 'awaiting_confirmation');
  const waitingUtr = bank?.attempt ?? p.attempts.find((a) => a.status === 'awaiting_utr' || a.status === 'rejected');
  const lastFailed = p.attempts[0]?.status === 'failed' || p.attempts[0]?.status === 'rejected' ? p.attempts[0] : null;

  const payOnline = async () => {
    setError(null);
    try {
      const r = await start.mutateAsync('gateway');
      if (r.checkoutUrl) {
        window.location.assign(r.checkoutUrl);
        return;
      }
      await loadCheckoutJs();
      if (!window.Razorpay || !r.keyId) throw new Error('The payment window could not be loaded.');
      new window.Razorpay({
        key: r.keyId,
        order_id: r.attempt.providerOrderId,
        amount: r.attempt.amountPaise,
        currency: 'INR',
        name: 'Udyog Bazaar',
        description: `Order ${orderNumber}`,
        handler: (resp: Record<string, string>) => {
          const next = new URLSearchParams(params);
          next.set('attempt', r.attempt.id);
          for (const [k, v] of Object.entries(resp)) next.set(k, v);
          verified.current = false;
          setParams(next, { replace: true });
        },
      }).open();
    } catch (e) {
      setError((e as ApiError).message);
    }
  };
  const payByBank = async () => {
    setError(null);
    try {
      setBank(await start.mutateAsync('bank_transfer'));
    } catch (e) {
      setError((e as ApiError).message);
    }
  };
  const sendUtr = async () => {
    setError(null);
    if (!waitingUtr) return;
    try {
      await submitUtr.mutateAsync({ attemptId: waitingUtr.id, utr });
      toast.success('Thank you. Your payment is awaiting confirmation by our finance team.');
      setBank(null);
      setUtr('');
    } catch (e) {
      setError((e as ApiError).message);
    }
  };

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-label="Pay">
      <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Pay</h2>
      <div className="space-y-2 text-sm text-slate-800">
        {p.attempts.map((a) => (
          <p key={a.id} className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs">{a.reference}</span>
            <Badge
              tone={
                a.status === 'captured' ? 'green' : a.status === 'failed' || a.status === 'rejected' ? 'red' : 'yellow'
              }
            >
              {STATE_LABELS[a.status] ?? a.status}
            </Badge>
            {a.utr && <span className="text-xs text-slate-500">UTR {a.utr}</span>}
            {a.failureReason && (a.status === 'failed' || a.status === 'rejected') && (
              <span className="w-full text-xs text-red-700">{a.failureReason}</span>
            )}
          </p>
        ))}
        {open && (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-800">
            Awaiting confirmation: our finance team matches your UTR {open.utr} with the bank statement.
          </p>
        )}
        {p.amountDuePaise > 0 && !open && (
          <>
            <p>
              Amount due: <strong>{formatInr(p.amountDuePaise / 100)}</strong>
            </p>
            {lastFailed && <p className="text-red-700">The last payment did not go through. Try again.</p>}
            <div className="flex flex-wrap gap-2">
              <Button onClick={payOnline} disabled={start.isPending}>
                {lastFailed ? 'Retry payment' : 'Pay now'}
              </Button>
              <Button variant="secondary" onClick={payByBank} disabled={start.isPending}>
                Pay by bank transfer
              </Button>
            </div>
            {p.gateway === 'test' && (
              <p className="text-xs text-slate-500">Online payment uses the test gateway: no real money moves.</p>
            )}
          </>
        )}
        {bank?.bankAccount && (
          <dl
            className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3"
            aria-label="Bank account"
          >
            <dt className="text-slate-500">Account name</dt>
            <dd>{bank.bankAccount.name}</dd>
            <dt className="text-slate-500">Account number</dt>
            <dd className="font-mono">{bank.bankAccount.accountNumber}</dd>
            <dt className="text-slate-500">IFSC</dt>
            <dd className="font-mono">{bank.bankAccount.ifsc}</dd>
            <dt className="text-slate-500">Bank</dt>
            <dd>{bank.bankAccount.bank}</dd>
            <dt className="text-slate-500">Amount</dt>
            <dd>{formatInr(bank.attempt.amountPaise / 100)}</dd>
            <dt className="text-slate-500">Reference</dt>
            <dd className="font-mono">{bank.attempt.reference}</dd>
          </dl>
        )}
        {waitingUtr && p.amountDuePaise > 0 && !open && (
          <form
            className="space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              void sendUtr();
            }}
          >
            <TextField
              label="UTR of your transfer"
              value={utr}
              onChange={(e) => setUtr(e.target.value)}
              hint={UTR_HELP}
              autoComplete="off"
            />
            <Button type="submit" variant="secondary" disabled={submitUtr.isPending}>
              Submit UTR
            </Button>
          </form>
        )}
        <FormError message={error} />
        {p.refunds.map((r) => (
          <p key={r.id}>
            Refund {r.refundNumber}: {formatInr(r.amountPaise / 100)} (
            {r.status === 'processed' ? 'paid' : 'on its way'}), {formatDate(r.createdAt)}. {r.reason}
          </p>
        ))}
      </div>
    </section>
  );
}
