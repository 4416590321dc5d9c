import { formatDate, formatInr, type PayStartResponse } from '@ub/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { Badge } from '../../../components/feedback.tsx';
import { FormError, TextField } from '../../../components/field.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { i18n, T, translateMessage, useT } from '../../../lib/i18n.tsx';
import { useQueryClient } from '@tanstack/react-query';
import { useOrderPayment, useStartPayment, useSubmitUtr, verifyPayment } from '../api/pay.ts';

/** Attempt states the catalogue names (`buyer.pay.states.*`); another shows as it came. */
const STATES = new Set([
  'created',
  'awaiting_utr',
  'awaiting_confirmation',
  'captured',
  'failed',
  'rejected',
  'flagged',
]);

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
    s.onerror = () => reject(new Error(i18n._('buyer.pay.windowFailed')));
    document.body.append(s);
  });
}

/**
 * The buyer's Pay now: online (the test gateway's checkout page, or Razorpay Checkout) or bank transfer (the
 * platform's account, the reference, then the UTR). Shows each attempt's state: awaiting confirmation, failed with
 * retry, paid; and refunds.
 */
export function PayPanel({ orderId, orderNumber }: { orderId: string; orderNumber: string }) {
  const t = useT();
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
      toast.error(i18n._('buyer.pay.didNotGoThrough'));
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
          ? toast.success(i18n._('buyer.pay.received'))
          : toast.info(i18n._('buyer.pay.confirming')),
      )
      .catch((e: ApiError) => toast.error(translateMessage(e.message)))
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
      if (!window.Razorpay || !r.keyId) throw new Error(t('buyer.pay.windowFailed'));
      new window.Razorpay({
        key: r.keyId,
        order_id: r.attempt.providerOrderId,
        amount: r.attempt.amountPaise,
        currency: 'INR',
        name: 'Udyog Bazaar',
        description: t('buyer.pay.orderDescription', { orderId: orderNumber }),
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
      toast.success(t('buyer.pay.utrThanks'));
      setBank(null);
      setUtr('');
    } catch (e) {
      setError((e as ApiError).message);
    }
  };

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-label={t('buyer.pay.title')}>
      <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{t('buyer.pay.title')}</h2>
      <div className="space-y-2 text-sm text-slate-800">
        {p.attempts.map((a) => (
          <p key={a.id} className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-xs">{a.reference}</span>
            <Badge
              tone={
                a.status === 'captured' ? 'green' : a.status === 'failed' || a.status === 'rejected' ? 'red' : 'yellow'
              }
            >
              {STATES.has(a.status) ? t(`buyer.pay.states.${a.status}`) : a.status}
            </Badge>
            {a.utr && <span className="text-xs text-slate-500">{t('buyer.pay.utr', { utr: a.utr })}</span>}
            {a.failureReason && (a.status === 'failed' || a.status === 'rejected') && (
              <span className="w-full text-xs text-red-700">{translateMessage(a.failureReason)}</span>
            )}
          </p>
        ))}
        {open && (
          <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-amber-800">
            {t('buyer.pay.awaiting', { utr: open.utr })}
          </p>
        )}
        {p.amountDuePaise > 0 && !open && (
          <>
            <p>
              <T
                id="buyer.pay.amountDue"
                values={{ amount: formatInr(p.amountDuePaise / 100) }}
                components={[<strong key="amount" />]}
              />
            </p>
            {lastFailed && <p className="text-red-700">{t('buyer.pay.lastFailed')}</p>}
            <div className="flex flex-wrap gap-2">
              <Button onClick={payOnline} disabled={start.isPending}>
                {lastFailed ? t('buyer.pay.retry') : t('buyer.pay.payNow')}
              </Button>
              <Button variant="secondary" onClick={payByBank} disabled={start.isPending}>
                {t('buyer.pay.payByBank')}
              </Button>
            </div>
            {p.gateway === 'test' && <p className="text-xs text-slate-500">{t('buyer.pay.testGateway')}</p>}
          </>
        )}
        {bank?.bankAccount && (
          <dl
            className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-slate-50 p-3"
            aria-label={t('buyer.pay.bankAccount')}
          >
            <dt className="text-slate-500">{t('buyer.pay.accountName')}</dt>
            <dd>{bank.bankAccount.name}</dd>
            <dt className="text-slate-500">{t('buyer.pay.accountNumber')}</dt>
            <dd className="font-mono">{bank.bankAccount.accountNumber}</dd>
            <dt className="text-slate-500">{t('buyer.pay.ifsc')}</dt>
            <dd className="font-mono">{bank.bankAccount.ifsc}</dd>
            <dt className="text-slate-500">{t('buyer.pay.bank')}</dt>
            <dd>{bank.bankAccount.bank}</dd>
            <dt className="text-slate-500">{t('buyer.pay.amount')}</dt>
            <dd>{formatInr(bank.attempt.amountPaise / 100)}</dd>
            <dt className="text-slate-500">{t('buyer.pay.reference')}</dt>
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
              label={t('buyer.pay.utrLabel')}
              value={utr}
              onChange={(e) => setUtr(e.target.value)}
              hint={t('buyer.pay.utrHelp')}
              autoComplete="off"
            />
            <Button type="submit" variant="secondary" disabled={submitUtr.isPending}>
              {t('buyer.pay.submitUtr')}
            </Button>
          </form>
        )}
        <FormError message={error} />
        {p.refunds.map((r) => (
          <p key={r.id}>
            {t('buyer.pay.refund', {
              number: r.refundNumber,
              amount: formatInr(r.amountPaise / 100),
              state: r.status === 'processed' ? t('buyer.pay.refundPaid') : t('buyer.pay.refundOnItsWay'),
              date: formatDate(r.createdAt),
              reason: r.reason,
            })}
          </p>
        ))}
      </div>
    </section>
  );
}
