import { type BuyerOrderDetail, DISPUTE_EVIDENCE_LIMITS, formatDate, formatDateTime, formatInr } from '@ub/shared';
import { ArrowLeft, Paperclip } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, Spinner } from '../../components/feedback.tsx';
import { FormError, TextAreaField } from '../../components/field.tsx';
import type { ApiError } from '../../lib/api.ts';
import { translateMessage, useT } from '../../lib/i18n.tsx';
import { openPrivateFile } from '../../lib/open-file.ts';
import { OrderStatusBadge } from '../orders/components/order-status-badge.tsx';
import { useAddEvidence } from './api/add-evidence.ts';
import { useCancelBuyerOrder } from './api/cancel-order.ts';
import { downloadBuyerInvoice } from './api/invoice.ts';
import { TaxDocuments } from '../../components/tax-documents.tsx';
import { useReorder } from './api/reorder.ts';
import { useBuyerOrder } from './api/order.ts';
import { useRaiseDispute } from './api/raise-dispute.ts';
import { PaymentBadge } from './components/payment-badge.tsx';
import { ConfirmOrderForm } from './components/confirm-order-form.tsx';
import { PayPanel } from './components/pay-panel.tsx';
import { OrderTimeline, OrderTotals } from '../../components/order-summary.tsx';
import { quantityText } from '../../components/trade-words.ts';

/** The look of a file input's button (the input itself is hidden inside its label, which opens it). */
const FILE_BUTTON =
  'cursor-pointer rounded-lg bg-brand-50 px-3 py-2 font-semibold text-brand-700 hover:bg-brand-100 [label:focus-within_&]:ring-2 [label:focus-within_&]:ring-brand-600';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-label={title}>
      <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
      <div className="space-y-1 text-sm text-slate-800">{children}</div>
    </section>
  );
}

/** An order of the buyer on its own page: status, timeline, tracking, lines with GST, seller, invoice, disputes. */
export default function BuyerOrderPage() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useBuyerOrder(id);
  return (
    <div>
      <Link
        to="/buyer/orders"
        className="mb-3 inline-flex items-center gap-1 text-sm font-medium text-slate-600 hover:text-brand-700"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" /> {t('buyer.order.back')}
      </Link>
      {query.isPending && <Spinner label={t('buyer.order.loading')} />}
      {query.error && (
        <div role="alert" className="rounded-xl border border-slate-200 bg-white p-6 text-center">
          <p className="text-sm font-medium text-red-700">{translateMessage(query.error.message)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => query.refetch()}>
            {t('buyer.retry')}
          </Button>
        </div>
      )}
      {query.data && <OrderView order={query.data} />}
    </div>
  );
}

function OrderView({ order }: { order: BuyerOrderDetail }) {
  const t = useT();
  const { payment, tracking, shippingAddress: a, seller } = order;
  const [busy, setBusy] = useState(false);
  const reorder = useReorder(order.id);
  const navigate = useNavigate();
  const orderAgain = () =>
    reorder.mutate(undefined, {
      onSuccess: ({ added, skipped }) => {
        const left = skipped.map((s) => `${s.name}: ${translateMessage(s.reason)}`).join(' ');
        if (!added.length) return toast.error(left || t('buyer.order.nothingToReorder'));
        toast.success(`${t('buyer.order.reordered', { count: added.length })}${left ? ` ${left}` : ''}`);
        navigate('/buyer/order-list');
      },
      onError: (e) => toast.error(translateMessage(e.message)),
    });
  const canCancel = order.nextStatuses.includes('cancelled');
  // An order the seller made from an RFQ waits for the buyer to choose the address and confirm it (ADR 0021).
  const awaiting = order.awaitingBuyerConfirmation && order.status !== 'cancelled';
  // Once confirmed, "Confirm and pay" goes on to the payment: focus and the eye move to it.
  const [toPay, setToPay] = useState(false);
  const payRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!toPay || awaiting || !payRef.current) return;
    payRef.current.focus();
    payRef.current.scrollIntoView?.({ block: 'start' });
    setToPay(false);
  }, [toPay, awaiting]);
  const openDispute = order.disputes.find((d) => d.status === 'open' || d.status === 'under_review');
  // A dispute needs something at stake: money paid or goods shipped (the server says the same).
  const canDispute =
    !openDispute && (payment.status === 'paid' || order.status === 'shipped' || order.status === 'delivered');
  const download = async () => {
    setBusy(true);
    try {
      await downloadBuyerInvoice(order.id, order.invoiceNumber as string);
    } catch (e) {
      toast.error(translateMessage((e as Error).message));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">{t('buyer.order.title', { orderId: order.orderId })}</h1>
          <p className="text-sm text-slate-600">
            {t('buyer.order.placed', { date: formatDate(order.orderDate), seller: seller.name })}
            {order.rfqNumber ? t('buyer.order.fromRfq', { rfq: order.rfqNumber }) : ''}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          <PaymentBadge status={payment.status} orderStatus={order.status} />
          <span className="text-lg font-bold">{formatInr(payment.total)}</span>
        </div>
      </div>
      {awaiting && (
        <section
          aria-labelledby="confirm-order-title"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800"
        >
          <h2 id="confirm-order-title" className="font-semibold text-slate-900">
            {t('buyer.order.confirm.title')}
          </h2>
          <p className="mt-1">{t('buyer.order.confirm.text', { rfq: order.rfqNumber ?? '' })}</p>
          <ConfirmOrderForm
            orderId={order.id}
            submitLabel={t('buyer.order.confirm.submit')}
            onConfirmed={(done) => {
              toast.success(t('buyer.order.confirm.done', { orderId: done.orderId }));
              setToPay(true);
            }}
          />
        </section>
      )}
      {order.cancelReason && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('buyer.order.cancelled', { reason: order.cancelReason })}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {order.invoiceNumber && (
          <Button variant="secondary" onClick={download} disabled={busy}>
            {busy ? t('buyer.order.downloading') : t('buyer.order.downloadInvoice', { number: order.invoiceNumber })}
          </Button>
        )}
        <Button variant="secondary" onClick={orderAgain} disabled={reorder.isPending}>
          {reorder.isPending ? t('buyer.order.adding') : t('buyer.order.orderAgain')}
        </Button>
      </div>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="space-y-4 lg:col-span-2">
          <Section title={t('buyer.order.products')}>
            <ul className="divide-y divide-slate-100">
              {order.products.map((p) => (
                <li key={p.id} className="flex flex-wrap justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="font-medium">{p.name}</p>
                    <p className="text-xs text-slate-500">
                      {t('buyer.order.lineDetail', {
                        quantity: quantityText(t, p.quantity, p.unit),
                        price: formatInr(p.unitPrice),
                        rate: Number(p.gstPercentage),
                        tax: formatInr(p.taxAmount),
                      })}
                      {p.hsnCode ? t('buyer.order.hsn', { code: p.hsnCode }) : ''}
                    </p>
                  </div>
                  <p className="font-semibold">{formatInr(p.totalPrice)}</p>
                </li>
              ))}
            </ul>
            <OrderTotals payment={payment} className="mt-2 border-t border-slate-200 pt-2" />
          </Section>
          {order.invoiceNumber && (
            <Section title={t('buyer.order.taxDocuments')}>
              <TaxDocuments
                listPath={`/buyer/orders/${order.id}/tax-documents`}
                pdfPath={(id) => `/buyer/tax-documents/${id}/pdf`}
                realm="seller"
              />
            </Section>
          )}
          <Section title={t('buyer.order.timeline')}>
            <OrderTimeline timeline={order.timeline} />
          </Section>
          <DisputesSection order={order} canDispute={canDispute} />
        </div>
        <div className="space-y-4">
          <Section title={t('buyer.order.tracking')}>
            {tracking.carrier ? (
              <>
                <p>{t('buyer.order.carrier', { carrier: tracking.carrier })}</p>
                <p>{t('buyer.order.trackingNumber', { number: tracking.trackingNumber })}</p>
                {tracking.estimatedDelivery && (
                  <p>{t('buyer.order.estimatedDelivery', { date: formatDate(tracking.estimatedDelivery) })}</p>
                )}
              </>
            ) : (
              <p className="text-slate-500">{t('buyer.order.notShipped')}</p>
            )}
          </Section>
          <Section title={t('buyer.order.seller')}>
            <p className="font-medium">{seller.name}</p>
            {seller.state && <p>{seller.state}</p>}
            <p className="font-mono text-xs">{t('buyer.order.gstin', { gstin: seller.gstNumber })}</p>
          </Section>
          <Section title={t('buyer.order.shippingAddress')}>
            <p>{a.street}</p>
            {a.apartment && <p>{a.apartment}</p>}
            <p>
              {a.city}, {a.state} {a.zipCode}
            </p>
          </Section>
          <Section title={t('buyer.order.payment')}>
            <p>
              {t('buyer.order.status')} <PaymentBadge status={payment.status} orderStatus={order.status} />
            </p>
            {payment.method && <p>{t('buyer.order.method', { method: payment.method })}</p>}
            {payment.reference && <p>{t('buyer.order.reference', { reference: payment.reference })}</p>}
            {payment.paidAt && <p>{t('buyer.order.paidOn', { date: formatDate(payment.paidAt) })}</p>}
          </Section>
          {/* An order waiting for the buyer's confirmation cannot be paid yet: the confirmation above comes first. */}
          {!awaiting && (order.status !== 'cancelled' || payment.status === 'paid') ? (
            <div ref={payRef} tabIndex={-1} className="outline-none">
              <PayPanel orderId={order.id} orderNumber={order.orderId} />
            </div>
          ) : null}
          {canCancel && <CancelSection orderId={order.id} />}
        </div>
      </div>
    </div>
  );
}

function CancelSection({ orderId }: { orderId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelBuyerOrder(orderId);
  if (!open) {
    return (
      <Button variant="danger" className="w-full" onClick={() => setOpen(true)}>
        {t('buyer.order.cancel.button')}
      </Button>
    );
  }
  const submit = async () => {
    setError(null);
    if (!reason.trim()) {
      setError(t('buyer.order.cancel.reasonRequired'));
      return;
    }
    try {
      await cancel.mutateAsync(reason.trim());
      toast.success(t('buyer.order.cancel.done'));
      setOpen(false);
    } catch (e) {
      setError((e as ApiError).message);
    }
  };
  return (
    <Section title={t('buyer.order.cancel.title')}>
      <TextAreaField
        label={t('buyer.order.cancel.why')}
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={error ?? undefined}
      />
      <div className="flex gap-2 pt-2">
        <Button variant="secondary" onClick={() => setOpen(false)}>
          {t('buyer.order.cancel.keep')}
        </Button>
        <Button variant="danger" onClick={submit} disabled={cancel.isPending}>
          {cancel.isPending ? t('buyer.order.cancel.cancelling') : t('buyer.order.cancel.button')}
        </Button>
      </div>
    </Section>
  );
}

function DisputesSection({ order, canDispute }: { order: BuyerOrderDetail; canDispute: boolean }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const raise = useRaiseDispute(order.id);
  const addEvidence = useAddEvidence();
  const [files, setFiles] = useState<File[]>([]);
  if (order.disputes.length === 0 && !canDispute) return null;
  const submit = async () => {
    setError(null);
    if (!reason.trim()) {
      setError(t('buyer.order.cancel.reasonRequired'));
      return;
    }
    const tooBig = files.find((f) => f.size > DISPUTE_EVIDENCE_LIMITS.bytes);
    if (tooBig) {
      setError(t('buyer.order.dispute.tooLarge', { name: tooBig.name }));
      return;
    }
    if (files.length > DISPUTE_EVIDENCE_LIMITS.files) {
      setError(t('buyer.order.dispute.tooMany', { files: DISPUTE_EVIDENCE_LIMITS.files }));
      return;
    }
    let disputeId: string;
    try {
      disputeId = (await raise.mutateAsync(reason.trim())).id;
    } catch (e) {
      setError((e as ApiError).message);
      return;
    }
    setOpen(false);
    setReason('');
    if (!files.length) {
      toast.success(t('buyer.order.dispute.done'));
      return;
    }
    try {
      await addEvidence.mutateAsync({ disputeId, files });
      toast.success(t('buyer.order.dispute.doneWithEvidence'));
      setFiles([]);
    } catch (e) {
      // The dispute stands; the files can be added again from it.
      toast.error(t('buyer.order.dispute.evidenceFailed', { error: translateMessage((e as ApiError).message) }));
    }
  };
  return (
    <Section title={t('buyer.order.dispute.title')}>
      {order.disputes.map((d) => (
        <article key={d.id} className="rounded-lg border border-slate-200 p-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Badge tone={d.status.startsWith('resolved') ? 'green' : d.status === 'open' ? 'yellow' : 'blue'}>
              {t(`buyer.order.dispute.status.${d.status}`)}
            </Badge>
            <span className="text-xs text-slate-500">
              {t('buyer.order.dispute.raised', { date: formatDateTime(d.createdAt) })}
            </span>
          </div>
          <p className="mt-2 whitespace-pre-line">{d.reason}</p>
          {d.evidence.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('buyer.order.dispute.evidence')}>
              {d.evidence.map((e) => (
                <li key={e.id}>
                  <button
                    type="button"
                    className="inline-flex items-center gap-1 rounded border border-slate-200 px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
                    onClick={() =>
                      openPrivateFile(e.url, 'seller').catch((err: Error) => toast.error(translateMessage(err.message)))
                    }
                  >
                    <Paperclip aria-hidden="true" className="h-3.5 w-3.5" />
                    {e.name}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {(d.status === 'open' || d.status === 'under_review') &&
            d.evidence.length < DISPUTE_EVIDENCE_LIMITS.files && <MoreEvidence disputeId={d.id} />}
          {d.notes && (
            <div className="mt-2 rounded bg-slate-50 p-2 text-xs text-slate-700">
              <p className="font-semibold">{t('buyer.order.dispute.fromTeam')}</p>
              <p className="whitespace-pre-line">{d.notes}</p>
            </div>
          )}
        </article>
      ))}
      {canDispute && !open && (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('buyer.order.dispute.raise')}
        </Button>
      )}
      {open && (
        <div className="space-y-2">
          <FormError message={error} />
          <TextAreaField
            label={t('buyer.order.dispute.whatWrong')}
            rows={4}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            hint={t('buyer.order.dispute.whatWrongHint')}
          />
          <label className="block text-sm font-medium text-slate-700">
            {t('buyer.order.dispute.evidenceOptional')}
            {/* The browser's own file button speaks the browser's language: ours says it in the page's. */}
            <span className="mt-1 flex flex-wrap items-center gap-3 font-normal">
              <span className={FILE_BUTTON}>{t('buyer.order.dispute.chooseFiles')}</span>
              <span className="text-slate-600">
                {files.length
                  ? t('buyer.order.dispute.chosen', { count: files.length })
                  : t('buyer.order.dispute.noFiles')}
              </span>
            </span>
            <input
              type="file"
              multiple
              accept="image/jpeg,image/png,image/webp,application/pdf"
              className="sr-only"
              onChange={(e) => setFiles(Array.from(e.target.files ?? []))}
            />
            <span className="mt-1 block text-xs font-normal text-slate-500">
              {t('buyer.order.dispute.evidenceLimits', { files: DISPUTE_EVIDENCE_LIMITS.files })}
            </span>
          </label>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('buyer.order.dispute.notNow')}
            </Button>
            <Button onClick={submit} disabled={raise.isPending || addEvidence.isPending}>
              {raise.isPending || addEvidence.isPending ? t('buyer.sending') : t('buyer.order.dispute.submit')}
            </Button>
          </div>
        </div>
      )}
      {addEvidence.isPending && <Spinner label={t('buyer.order.dispute.uploading')} />}
    </Section>
  );
}

/** Adds photos or PDFs to a dispute that is still open. */
function MoreEvidence({ disputeId }: { disputeId: string }) {
  const t = useT();
  const add = useAddEvidence();
  return (
    <label className="mt-2 block text-xs font-medium text-slate-600">
      {t('buyer.order.dispute.addEvidence')}
      <span className={`mt-1 flex w-fit text-xs ${FILE_BUTTON} ${add.isPending ? 'opacity-50' : ''}`}>
        {add.isPending ? t('buyer.order.dispute.uploading') : t('buyer.order.dispute.chooseFiles')}
      </span>
      <input
        type="file"
        multiple
        accept="image/jpeg,image/png,image/webp,application/pdf"
        disabled={add.isPending}
        className="sr-only"
        onChange={async (e) => {
          const input = e.currentTarget;
          const files = Array.from(input.files ?? []);
          if (!files.length) return;
          try {
            await add.mutateAsync({ disputeId, files });
            toast.success(t('buyer.order.dispute.evidenceAdded'));
          } catch (err) {
            toast.error(translateMessage((err as ApiError).message));
          } finally {
            input.value = '';
          }
        }}
      />
    </label>
  );
}
