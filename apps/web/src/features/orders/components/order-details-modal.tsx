import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatDate,
  formatDateTime,
  formatInr,
  type OrderDetail,
  type OrderStatusChangeInput,
  orderStatusChangeSchema,
  EWAY_BILL_THRESHOLD_PAISE,
  TRANSPORT_MODES,
  debitNoteSchema,
  type DebitNoteInput,
  EWB_CANCEL_REASONS,
  EWB_VEHICLE_REASONS,
  type EwayBillCancelInput,
  type EwayBillVehicleInput,
  ewayBillCancelSchema,
  ewayBillVehicleSchema,
  INDIAN_STATES,
  todayInIndia,
} from '@ub/shared';
import { Paperclip } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { Badge, Spinner } from '../../../components/feedback.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { T, type TFunction, useT } from '../../../lib/i18n.tsx';
import { statusLabel } from '../../../components/status-label.ts';
import { categoryText, orderContentsText, quantityText } from '../../../components/trade-words.ts';
import { openPrivateFile } from '../../../lib/open-file.ts';
import {
  downloadInvoice,
  type EwayBill,
  useCancelEwayBill,
  useChangeOrderStatus,
  useDebitNote,
  useEwayBill,
  useOrder,
  useOrderDisputes,
  useSetEwayBillNumber,
  useUpdateEwayBillVehicle,
} from '../api.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { OrderTimeline, OrderTotals } from '../../../components/order-summary.tsx';
import { TaxDocuments } from '../../../components/tax-documents.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4 print:break-inside-avoid">
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <div className="space-y-1 text-sm text-slate-800">{children}</div>
    </section>
  );
}

type Panel = 'none' | 'status' | 'cancel' | 'debit';

const productMeta = (t: TFunction, p: OrderDetail['products'][number]) =>
  [
    p.brand,
    p.category && categoryText(t, p.category),
    p.hsnCode && t('orders.detail.hsn', { code: p.hsnCode }),
    t('orders.detail.gst', { rate: Number(p.gstPercentage) }),
  ]
    .filter(Boolean)
    .join(' · ');

/** The Order Details modal: fetched detail, timeline, legal status changes, cancel, print and invoice. */
export function OrderDetailsModal({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const t = useT();
  const { data, isLoading, error } = useOrder(orderId);
  const [panel, setPanel] = useState<Panel>('none');
  useEffect(() => {
    if (orderId) setPanel('none');
  }, [orderId]);

  const footer = data && (
    <div className="no-print flex w-full flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={() => window.print()}>
        {t('orders.detail.print')}
      </Button>
      {data.invoiceNumber && (
        <Button
          variant="secondary"
          onClick={() =>
            downloadInvoice(data.id, data.invoiceNumber as string).catch((e: Error) => toast.error(e.message))
          }
        >
          {t('orders.detail.downloadInvoice')}
        </Button>
      )}
      {data.invoiceNumber && data.status !== 'cancelled' && (
        <Button variant="secondary" onClick={() => setPanel('debit')}>
          {t('orders.detail.priceCorrection')}
        </Button>
      )}
      {data.nextStatuses.includes('cancelled') && (
        <Button variant="danger" onClick={() => setPanel('cancel')}>
          {t('orders.detail.cancelOrder')}
        </Button>
      )}
      {data.nextStatuses.some((s) => s !== 'cancelled') && (
        <Button onClick={() => setPanel('status')}>{t('orders.detail.changeStatus')}</Button>
      )}
    </div>
  );

  return (
    <Modal
      open={Boolean(orderId)}
      onClose={onClose}
      size="xl"
      title={data ? t('orders.detail.title', { orderId: data.orderId }) : t('orders.detail.titleLoading')}
      footer={footer}
    >
      {isLoading && <Spinner label={t('orders.detail.loading')} />}
      {error && <FormError message={error.message} />}
      {data && (
        <div className="print-sheet space-y-4">
          <OrderSheet order={data} />
          {panel === 'status' && <StatusForm order={data} onDone={() => setPanel('none')} />}
          {panel === 'cancel' && <CancelForm order={data} onDone={() => setPanel('none')} />}
          {panel === 'debit' && <DebitNoteForm order={data} onDone={() => setPanel('none')} />}
        </div>
      )}
    </Modal>
  );
}

function OrderSheet({ order }: { order: OrderDetail }) {
  const t = useT();
  const { customer, shippingAddress: a, payment, tracking } = order;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="hidden text-lg font-bold print:block">{t('orders.detail.title', { orderId: order.orderId })}</p>
          <p className="text-sm text-slate-600">{t('orders.detail.placedOn', { date: formatDate(order.orderDate) })}</p>
          {order.rfqNumber && (
            <p className="text-xs text-slate-500">{t('orders.detail.fromRfq', { rfq: order.rfqNumber })}</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <OrderStatusBadge status={order.status} />
          <span className="text-lg font-bold">{formatInr(payment.total)}</span>
          <span className="text-sm text-slate-600">{orderContentsText(t, order.products)}</span>
        </div>
      </div>
      {order.cancelReason && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {t('orders.detail.cancelledReason', { reason: order.cancelReason })}
        </p>
      )}
      {order.awaitingBuyerConfirmation && order.status !== 'cancelled' && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <T id="orders.detail.awaitingBuyer" components={[<span key="b" className="font-semibold" />]} />
        </p>
      )}
      <div className="grid gap-3 md:grid-cols-2 print:grid-cols-2">
        <Section title={t('orders.detail.customer')}>
          <p className="font-medium">{customer.company}</p>
          <p>{customer.name}</p>
          <p>{customer.email}</p>
          {customer.phone && <p>+91 {customer.phone}</p>}
        </Section>
        <Section title={t('orders.detail.shippingAddress')}>
          <p>{a.street}</p>
          {a.apartment && <p>{a.apartment}</p>}
          <p>
            {a.city}, {a.state} {a.zipCode}
          </p>
          <p>{a.country}</p>
        </Section>
        <Section title={t('orders.detail.payment')}>
          <p>
            {t('orders.detail.paymentStatus')}{' '}
            <Badge tone={payment.status === 'paid' ? 'green' : 'yellow'}>
              {statusLabel(t, 'payment', payment.status === 'paid' ? 'paid' : 'pending')}
            </Badge>
          </p>
          {payment.method && <p>{t('orders.detail.method', { method: payment.method })}</p>}
          {payment.reference && <p>{t('orders.detail.reference', { reference: payment.reference })}</p>}
          {payment.paymentId && <p>{t('orders.detail.paymentId', { id: payment.paymentId })}</p>}
          {payment.paidAt && <p>{t('orders.detail.paidOn', { date: formatDate(payment.paidAt) })}</p>}
        </Section>
        <Section title={t('orders.detail.tracking')}>
          {tracking.carrier ? (
            <>
              <p>{t('orders.detail.carrierIs', { carrier: tracking.carrier })}</p>
              <p>{t('orders.detail.trackingNumberIs', { number: tracking.trackingNumber })}</p>
              {tracking.estimatedDelivery && (
                <p>{t('orders.detail.estimatedDeliveryIs', { date: formatDate(tracking.estimatedDelivery) })}</p>
              )}
            </>
          ) : (
            <p className="text-slate-500">{t('orders.detail.notShipped')}</p>
          )}
        </Section>
      </div>
      <Section title={t('orders.detail.products')}>
        <ul className="divide-y divide-slate-100 sm:hidden print:hidden">
          {order.products.map((p) => (
            <li key={p.id} className="py-2">
              <p className="font-medium">{p.name}</p>
              <p className="text-xs text-slate-500">{productMeta(t, p)}</p>
              <p className="flex justify-between">
                <span>
                  {quantityText(t, p.quantity, p.unit)} × {t('orders.detail.each', { price: formatInr(p.unitPrice) })}
                </span>
                <span className="font-semibold">{formatInr(p.totalPrice)}</span>
              </p>
            </li>
          ))}
        </ul>
        <div className="hidden sm:block print:block">
          <table className="w-full text-left text-sm">
            <thead className="text-xs uppercase text-slate-500">
              <tr>
                <th className="py-1 pr-2">{t('orders.detail.product')}</th>
                <th className="py-1 pr-2 text-right">{t('orders.detail.quantity')}</th>
                <th className="py-1 pr-2 text-right">{t('orders.detail.unitPrice')}</th>
                <th className="py-1 text-right">{t('common.totals.total')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {order.products.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-2">
                    <p className="font-medium">{p.name}</p>
                    <p className="text-xs text-slate-500">{productMeta(t, p)}</p>
                  </td>
                  <td className="py-2 pr-2 text-right">{quantityText(t, p.quantity, p.unit)}</td>
                  <td className="py-2 pr-2 text-right">{t('orders.detail.each', { price: formatInr(p.unitPrice) })}</td>
                  <td className="py-2 text-right">{formatInr(p.totalPrice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      {order.invoiceNumber && <EwayBillSection orderId={order.id} />}
      {order.invoiceNumber && (
        <Section title={t('common.taxDocuments.label')}>
          <TaxDocuments
            listPath={`/orders/${order.id}/tax-documents`}
            pdfPath={(id) => `/tax-documents/${id}/pdf`}
            retryPath={(id) => `/tax-documents/${id}/einvoice/retry`}
            realm="seller"
          />
        </Section>
      )}
      <div className="grid gap-3 md:grid-cols-2 print:grid-cols-2">
        <Section title={t('orders.detail.summary')}>
          <OrderTotals payment={payment} />
        </Section>
        <Section title={t('orders.detail.timeline')}>
          <OrderTimeline timeline={order.timeline} />
        </Section>
      </div>
      <OrderDisputes orderId={order.id} />
    </>
  );
}

/** The buyer's disputes on this order, with the admin's notes and the evidence files the seller can open. */
function OrderDisputes({ orderId }: { orderId: string }) {
  const t = useT();
  const { data } = useOrderDisputes(orderId);
  if (!data?.disputes.length) return null;
  return (
    <Section title={t('orders.detail.disputes')}>
      {data.disputes.map((d) => (
        <article key={d.id} className="rounded-lg border border-slate-200 p-3 print:hidden">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Badge tone={d.status.startsWith('resolved') ? 'green' : d.status === 'open' ? 'yellow' : 'blue'}>
              {statusLabel(t, 'dispute', d.status)}
            </Badge>
            <span className="text-xs text-slate-500">
              {t('orders.detail.raised', { date: formatDateTime(d.createdAt) })}
            </span>
          </div>
          <p className="mt-2 whitespace-pre-line break-words">{d.reason}</p>
          {d.evidence.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label={t('orders.detail.evidence')}>
              {d.evidence.map((e) => (
                <li key={e.id} className="max-w-full">
                  <button
                    type="button"
                    className="inline-flex max-w-full items-center gap-1 rounded border border-slate-200 px-2 py-1 text-xs font-medium text-brand-700 hover:bg-brand-50"
                    onClick={() => openPrivateFile(e.url, 'seller').catch((err: Error) => toast.error(err.message))}
                  >
                    <Paperclip aria-hidden="true" className="h-3.5 w-3.5 shrink-0" />
                    <span className="truncate">{e.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          {d.notes && (
            <p className="mt-2 whitespace-pre-line rounded bg-slate-50 p-2 text-xs text-slate-700">{d.notes}</p>
          )}
        </article>
      ))}
    </Section>
  );
}

function StatusForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const t = useT();
  const options = order.nextStatuses.filter((s) => s !== 'cancelled') as OrderStatusChangeInput['status'][];
  const mutation = useChangeOrderStatus(order.id);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<OrderStatusChangeInput>({
    resolver: zodResolver(orderStatusChangeSchema),
    defaultValues: { status: options[0] },
  });
  const form = useRef<HTMLFormElement>(null);
  // The form opens below the order sheet: it is brought into the dialog's view with its first field focused.
  useEffect(() => {
    form.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    setFocus('status');
  }, [setFocus]);
  const status = watch('status');
  const needsEwb = toPaise(order.payment.total) > EWAY_BILL_THRESHOLD_PAISE;
  const submit = handleSubmit(async (values) => {
    try {
      const next = await mutation.mutateAsync(values);
      toast.success(
        t('orders.status.changed', { orderId: next.orderId, status: statusLabel(t, 'order', next.status) }),
      );
      onDone();
    } catch (e) {
      const err = e as ApiError;
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        setError(field as keyof OrderStatusChangeInput, { message });
      }
      setError('root', { message: err.message });
    }
  });
  return (
    <form
      ref={form}
      onSubmit={submit}
      className="no-print scroll-mt-4 space-y-3 rounded-xl border border-brand-100 bg-brand-50 p-4"
      noValidate
    >
      <h3 className="font-semibold">{t('orders.status.title')}</h3>
      <SelectField label={t('orders.status.newStatus')} error={errors.status?.message} {...register('status')}>
        {options.map((s) => (
          <option key={s} value={s}>
            {statusLabel(t, 'order', s)}
          </option>
        ))}
      </SelectField>
      {status === 'shipped' && needsEwb && (
        // Registered only here, so an order at or below the threshold sends no transport at all.
        <fieldset className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3">
          <legend className="px-1 text-sm font-semibold text-amber-900">{t('orders.status.transport')}</legend>
          <p className="text-sm text-amber-900">{t('orders.status.ewbNeeded')}</p>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label={t('orders.status.transporterName')}
              error={errors.transport?.transporterName?.message}
              {...register('transport.transporterName')}
            />
            <TextField
              label={t('orders.status.transporterId')}
              error={errors.transport?.transporterId?.message}
              {...register('transport.transporterId')}
            />
            <SelectField
              label={t('orders.status.mode')}
              error={errors.transport?.mode?.message}
              {...register('transport.mode')}
            >
              {TRANSPORT_MODES.map((m) => (
                <option key={m} value={m}>
                  {t(`orders.transportModes.${m}`)}
                </option>
              ))}
            </SelectField>
            <TextField
              label={t('orders.status.vehicleNumber')}
              error={errors.transport?.vehicleNumber?.message}
              {...register('transport.vehicleNumber')}
            />
            <TextField
              label={t('orders.status.docNumber')}
              error={errors.transport?.docNumber?.message}
              {...register('transport.docNumber')}
            />
            <TextField
              label={t('orders.status.docDate')}
              type="date"
              error={errors.transport?.docDate?.message}
              {...register('transport.docDate')}
            />
            <TextField
              label={t('orders.status.distance')}
              type="number"
              inputMode="numeric"
              error={errors.transport?.distanceKm?.message}
              {...register('transport.distanceKm')}
            />
          </div>
        </fieldset>
      )}
      {status === 'shipped' && (
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField label={t('orders.status.carrier')} error={errors.carrier?.message} {...register('carrier')} />
          <TextField
            label={t('orders.status.trackingNumber')}
            error={errors.trackingNumber?.message}
            {...register('trackingNumber')}
          />
          <TextField
            label={t('orders.status.estimatedDelivery')}
            type="date"
            min={todayInIndia()}
            error={errors.estimatedDelivery?.message}
            {...register('estimatedDelivery')}
          />
        </div>
      )}
      <FormError message={errors.root?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('common.back')}
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('common.saving') : t('orders.status.update')}
        </Button>
      </div>
    </form>
  );
}

function CancelForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const t = useT();
  const mutation = useChangeOrderStatus(order.id);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<OrderStatusChangeInput>({
    resolver: zodResolver(orderStatusChangeSchema),
    defaultValues: { status: 'cancelled' },
  });
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    setFocus('reason');
  }, [setFocus]);
  const submit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast.success(t('orders.cancel.done', { orderId: order.orderId }));
      onDone();
    } catch (e) {
      const err = e as ApiError;
      if (err.fields?.reason) setError('reason', { message: err.fields.reason });
      setError('root', { message: err.message });
    }
  });
  return (
    <form
      ref={form}
      onSubmit={submit}
      className="no-print scroll-mt-4 space-y-3 rounded-xl border border-red-200 bg-red-50 p-4"
      noValidate
    >
      <h3 className="font-semibold text-red-800">{t('orders.cancel.title', { orderId: order.orderId })}</h3>
      <p className="text-sm text-red-800">{t('orders.cancel.text')}</p>
      <TextAreaField label={t('common.reason')} rows={2} error={errors.reason?.message} {...register('reason')} />
      <FormError message={errors.root?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('orders.cancel.keep')}
        </Button>
        <Button type="submit" variant="danger" disabled={mutation.isPending}>
          {mutation.isPending ? t('orders.cancel.cancelling') : t('orders.cancel.confirm')}
        </Button>
      </div>
    </form>
  );
}

/** An upward price correction on an invoiced order: a debit note for more taxable value, taxed at each line's rate. */
function DebitNoteForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const t = useT();
  const mutation = useDebitNote(order.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DebitNoteInput>({ resolver: zodResolver(debitNoteSchema), defaultValues: { amount: '', reason: '' } });
  const submit = handleSubmit(async (values) => {
    try {
      const doc = await mutation.mutateAsync(values);
      toast.success(t('orders.debit.done', { number: doc.number }));
      onDone();
    } catch (e) {
      const err = e as ApiError;
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        setError(field as keyof DebitNoteInput, { message });
      }
      setError('root', { message: err.message });
    }
  });
  return (
    <form
      onSubmit={submit}
      className="no-print space-y-3 rounded-xl border border-brand-100 bg-brand-50 p-4"
      noValidate
    >
      <h3 className="font-semibold">{t('orders.debit.title')}</h3>
      <p className="text-sm text-slate-700">{t('orders.debit.text', { invoice: order.invoiceNumber })}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t('orders.debit.amount')}
          inputMode="decimal"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextField label={t('common.reason')} error={errors.reason?.message} {...register('reason')} />
      </div>
      <FormError message={errors.root?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('common.back')}
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('orders.debit.issuing') : t('orders.debit.issue')}
        </Button>
      </div>
    </form>
  );
}

const toPaise = (v: string | number) => Math.round(Number(v) * 100);

/**
 * The e-way bill of a consignment above Rs 50,000: the portal JSON to upload, the number the portal gave, its
 * validity, and (when the platform works with the portal for the seller) Part-B updates and cancellation.
 */
export function EwayBillSection({ orderId }: { orderId: string }) {
  const t = useT();
  const { data } = useEwayBill(orderId);
  const save = useSetEwayBillNumber(orderId);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [panel, setPanel] = useState<'none' | 'vehicle' | 'cancel'>('none');
  if (!data) return null;
  const downloadJson = () => {
    const url = URL.createObjectURL(new Blob([JSON.stringify(data.payload, null, 2)], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = `eway-bill-${orderId.slice(0, 8)}.json`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    try {
      await save.mutateAsync({ ewbNumber: value });
      setError(undefined);
      toast.success(t('orders.eway.saved'));
    } catch (err) {
      const apiErr = err as ApiError;
      setError(apiErr.fields?.ewbNumber ?? apiErr.message);
    }
  };
  const live = Boolean(data.ewbNumber && !data.cancelledAt);
  const canCancel = live && data.cancellableUntil !== null && new Date(data.cancellableUntil).getTime() > Date.now();
  const days = Math.max(1, Math.ceil(data.distanceKm / 200));
  return (
    <Section title={t('orders.eway.title')}>
      <p>
        {data.transporterName} ·{' '}
        {(TRANSPORT_MODES as readonly string[]).includes(data.transportMode)
          ? t(`orders.transportModes.${data.transportMode}`)
          : data.transportMode}
        {data.vehicleNumber ? ` · ${data.vehicleNumber}` : ''}
        {data.transportDocNumber ? ` · ${data.transportDocNumber}` : ''} ·{' '}
        {t('orders.eway.km', { km: data.distanceKm })}
      </p>
      {data.fromPlace && <p>{t('orders.eway.fromPlace', { place: data.fromPlace })}</p>}
      {data.ewbNumber ? (
        <p className="font-medium">{t('orders.eway.number', { number: data.ewbNumber })}</p>
      ) : (
        <form onSubmit={submit} className="no-print flex flex-wrap items-end gap-2" noValidate>
          <TextField
            label={t('orders.eway.numberLabel')}
            inputMode="numeric"
            maxLength={12}
            value={value}
            error={error}
            onChange={(e) => setValue(e.target.value)}
          />
          <Button type="submit" disabled={save.isPending}>
            {t('orders.eway.saveNumber')}
          </Button>
        </form>
      )}
      {data.cancelledAt ? (
        <p className="font-medium text-red-700">
          {t('orders.eway.cancelledOn', { when: formatDateTime(data.cancelledAt) })}
          {data.cancelReasonCode &&
            ` · ${t('orders.eway.cancelledReason', { reason: t(`orders.eway.cancelReasons.${data.cancelReasonCode}`) })}`}
        </p>
      ) : (
        data.validUntil && (
          <p className="font-medium">{t('orders.eway.validUntil', { when: formatDateTime(data.validUntil) })}</p>
        )
      )}
      <p className="text-xs text-slate-500">{t('orders.eway.validityRule', { km: data.distanceKm, days })}</p>
      {data.vehicleUpdatedAt && (
        <p className="text-xs text-slate-500">
          {t('orders.eway.vehicleUpdatedOn', { when: formatDateTime(data.vehicleUpdatedAt) })}
        </p>
      )}
      {data.managed && live && data.cancellableUntil && (
        <p className="text-xs text-slate-500">
          {canCancel
            ? t('orders.eway.cancelUntil', { when: formatDateTime(data.cancellableUntil) })
            : t('orders.eway.cancelClosed')}
        </p>
      )}
      <div className="no-print flex flex-wrap gap-2 pt-1">
        <Button variant="secondary" onClick={downloadJson}>
          {t('orders.eway.downloadJson')}
        </Button>
        {data.managed && live && (
          <Button variant="secondary" onClick={() => setPanel(panel === 'vehicle' ? 'none' : 'vehicle')}>
            {t('orders.eway.updateVehicle')}
          </Button>
        )}
        {data.managed && canCancel && (
          <Button variant="secondary" onClick={() => setPanel(panel === 'cancel' ? 'none' : 'cancel')}>
            {t('orders.eway.cancel')}
          </Button>
        )}
      </div>
      {panel === 'vehicle' && live && (
        <EwayBillVehicleForm orderId={orderId} bill={data} onDone={() => setPanel('none')} />
      )}
      {panel === 'cancel' && live && <EwayBillCancelForm orderId={orderId} onDone={() => setPanel('none')} />}
    </Section>
  );
}

const STATE_OPTIONS = INDIAN_STATES.filter((s) => s.code !== '97').sort((a, b) => a.name.localeCompare(b.name));

/** Part-B: a new vehicle (or transport document), where the goods move from now, and why. */
function EwayBillVehicleForm({ orderId, bill, onDone }: { orderId: string; bill: EwayBill; onDone: () => void }) {
  const t = useT();
  const mutation = useUpdateEwayBillVehicle(orderId);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<EwayBillVehicleInput>({
    resolver: zodResolver(ewayBillVehicleSchema),
    defaultValues: {
      mode: (TRANSPORT_MODES as readonly string[]).includes(bill.transportMode)
        ? (bill.transportMode as EwayBillVehicleInput['mode'])
        : 'road',
      vehicleNumber: '',
      docNumber: '',
      docDate: '',
      fromPlace: bill.fromPlace ?? '',
      fromStateCode: bill.fromStateCode ?? '',
      reasonCode: '1',
      reasonRemark: '',
    },
  });
  const mode = watch('mode');
  const submit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast.success(t('orders.eway.vehicleSaved'));
      onDone();
    } catch (e) {
      const err = e as ApiError;
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        setError(field as keyof EwayBillVehicleInput, { message });
      }
      setError('root', { message: err.message });
    }
  });
  return (
    <form
      onSubmit={submit}
      className="no-print mt-2 space-y-3 rounded-xl border border-brand-100 bg-brand-50 p-4"
      noValidate
    >
      <h4 className="font-semibold">{t('orders.eway.vehicleTitle')}</h4>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t('orders.status.mode')} error={errors.mode?.message} {...register('mode')}>
          {TRANSPORT_MODES.map((m) => (
            <option key={m} value={m}>
              {t(`orders.transportModes.${m}`)}
            </option>
          ))}
        </SelectField>
        {mode === 'road' ? (
          <TextField
            label={t('orders.eway.newVehicle')}
            error={errors.vehicleNumber?.message}
            {...register('vehicleNumber')}
          />
        ) : (
          <>
            <TextField
              label={t('orders.status.docNumber')}
              error={errors.docNumber?.message}
              {...register('docNumber')}
            />
            <TextField
              label={t('orders.status.docDate')}
              type="date"
              error={errors.docDate?.message}
              {...register('docDate')}
            />
          </>
        )}
        <TextField label={t('orders.eway.place')} error={errors.fromPlace?.message} {...register('fromPlace')} />
        <SelectField
          label={t('orders.eway.state')}
          error={errors.fromStateCode?.message}
          {...register('fromStateCode')}
        >
          <option value="">—</option>
          {STATE_OPTIONS.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name} ({s.code})
            </option>
          ))}
        </SelectField>
        <SelectField label={t('orders.eway.reason')} error={errors.reasonCode?.message} {...register('reasonCode')}>
          {EWB_VEHICLE_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`orders.eway.vehicleReasons.${r}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('orders.eway.remark')}
          maxLength={50}
          error={errors.reasonRemark?.message}
          {...register('reasonRemark')}
        />
      </div>
      <FormError message={errors.root?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('orders.eway.close')}
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {t('orders.eway.submitVehicle')}
        </Button>
      </div>
    </form>
  );
}

/** Cancellation on the portal: a reason code and a remark, within 24 hours of generation. */
function EwayBillCancelForm({ orderId, onDone }: { orderId: string; onDone: () => void }) {
  const t = useT();
  const mutation = useCancelEwayBill(orderId);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EwayBillCancelInput>({
    resolver: zodResolver(ewayBillCancelSchema),
    defaultValues: { reasonCode: '2', remark: '' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast.success(t('orders.eway.cancelDone'));
      onDone();
    } catch (e) {
      const err = e as ApiError;
      for (const [field, message] of Object.entries(err.fields ?? {})) {
        setError(field as keyof EwayBillCancelInput, { message });
      }
      setError('root', { message: err.message });
    }
  });
  return (
    <form
      onSubmit={submit}
      className="no-print mt-2 space-y-3 rounded-xl border border-red-100 bg-red-50 p-4"
      noValidate
    >
      <h4 className="font-semibold">{t('orders.eway.cancelTitle')}</h4>
      <p className="text-sm text-slate-700">{t('orders.eway.cancelHint')}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField label={t('orders.eway.reason')} error={errors.reasonCode?.message} {...register('reasonCode')}>
          {EWB_CANCEL_REASONS.map((r) => (
            <option key={r} value={r}>
              {t(`orders.eway.cancelReasons.${r}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t('orders.eway.remark')}
          maxLength={50}
          error={errors.remark?.message}
          {...register('remark')}
        />
      </div>
      <FormError message={errors.root?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          {t('orders.eway.close')}
        </Button>
        <Button type="submit" variant="danger" disabled={mutation.isPending}>
          {t('orders.eway.submitCancel')}
        </Button>
      </div>
    </form>
  );
}
