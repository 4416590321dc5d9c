import { zodResolver } from '@hookform/resolvers/zod';
import {
  ORDER_AWAITING_BUYER_LABEL,
  CATEGORY_LABELS,
  DISPUTE_STATUS_LABELS,
  formatDate,
  formatDateTime,
  formatInr,
  formatOrderContents,
  formatQuantity,
  labelOf,
  ORDER_STATUS_LABELS,
  type OrderDetail,
  type OrderStatusChangeInput,
  orderStatusChangeSchema,
  EWAY_BILL_MESSAGES,
  EWAY_BILL_THRESHOLD_PAISE,
  TRANSPORT_MODE_LABELS,
  TRANSPORT_MODES,
  debitNoteSchema,
  type DebitNoteInput,
  todayInIndia,
} from '@ub/shared';
import { Paperclip } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { Badge, Spinner } from '../../../components/feedback.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { openPrivateFile } from '../../../lib/open-file.ts';
import {
  downloadInvoice,
  useChangeOrderStatus,
  useDebitNote,
  useEwayBill,
  useOrder,
  useOrderDisputes,
  useSetEwayBillNumber,
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

const productMeta = (p: OrderDetail['products'][number]) =>
  [
    p.brand,
    p.category && labelOf(CATEGORY_LABELS, p.category),
    p.hsnCode && `HSN ${p.hsnCode}`,
    `GST ${Number(p.gstPercentage)}%`,
  ]
    .filter(Boolean)
    .join(' · ');

/** The Order Details modal: fetched detail, timeline, legal status changes, cancel, print and invoice. */
export function OrderDetailsModal({ orderId, onClose }: { orderId: string | null; onClose: () => void }) {
  const { data, isLoading, error } = useOrder(orderId);
  const [panel, setPanel] = useState<Panel>('none');
  useEffect(() => {
    if (orderId) setPanel('none');
  }, [orderId]);

  const footer = data && (
    <div className="no-print flex w-full flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={() => window.print()}>
        Print Order
      </Button>
      {data.invoiceNumber && (
        <Button
          variant="secondary"
          onClick={() =>
            downloadInvoice(data.id, data.invoiceNumber as string).catch((e: Error) => toast.error(e.message))
          }
        >
          Download invoice
        </Button>
      )}
      {data.invoiceNumber && data.status !== 'cancelled' && (
        <Button variant="secondary" onClick={() => setPanel('debit')}>
          Price correction
        </Button>
      )}
      {data.nextStatuses.includes('cancelled') && (
        <Button variant="danger" onClick={() => setPanel('cancel')}>
          Cancel Order
        </Button>
      )}
      {data.nextStatuses.some((s) => s !== 'cancelled') && (
        <Button onClick={() => setPanel('status')}>Change Status</Button>
      )}
    </div>
  );

  return (
    <Modal
      open={Boolean(orderId)}
      onClose={onClose}
      size="xl"
      title={data ? `Order ${data.orderId}` : 'Order details'}
      footer={footer}
    >
      {isLoading && <Spinner label="Loading order..." />}
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
  const { customer, shippingAddress: a, payment, tracking } = order;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="hidden text-lg font-bold print:block">Order {order.orderId}</p>
          <p className="text-sm text-slate-600">Placed on {formatDate(order.orderDate)}</p>
          {order.rfqNumber && <p className="text-xs text-slate-500">From {order.rfqNumber}</p>}
        </div>
        <div className="flex items-center gap-3">
          <OrderStatusBadge status={order.status} />
          <span className="text-lg font-bold">{formatInr(payment.total)}</span>
          <span className="text-sm text-slate-600">{formatOrderContents(order.products)}</span>
        </div>
      </div>
      {order.cancelReason && (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">Cancelled: {order.cancelReason}</p>
      )}
      {order.awaitingBuyerConfirmation && order.status !== 'cancelled' && (
        <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <span className="font-semibold">{ORDER_AWAITING_BUYER_LABEL}.</span> The buyer chooses the shipping address
          and confirms this order; it can be prepared and shipped after that.
        </p>
      )}
      <div className="grid gap-3 md:grid-cols-2 print:grid-cols-2">
        <Section title="Customer information">
          <p className="font-medium">{customer.company}</p>
          <p>{customer.name}</p>
          <p>{customer.email}</p>
          {customer.phone && <p>+91 {customer.phone}</p>}
        </Section>
        <Section title="Shipping address">
          <p>{a.street}</p>
          {a.apartment && <p>{a.apartment}</p>}
          <p>
            {a.city}, {a.state} {a.zipCode}
          </p>
          <p>{a.country}</p>
        </Section>
        <Section title="Payment information">
          <p>
            Status:{' '}
            <Badge tone={payment.status === 'paid' ? 'green' : 'yellow'}>
              {payment.status === 'paid' ? 'Paid' : 'Pending'}
            </Badge>
          </p>
          {payment.method && <p>Method: {payment.method}</p>}
          {payment.reference && <p>Reference: {payment.reference}</p>}
          {payment.paymentId && <p>Payment ID: {payment.paymentId}</p>}
          {payment.paidAt && <p>Paid on {formatDate(payment.paidAt)}</p>}
        </Section>
        <Section title="Tracking">
          {tracking.carrier ? (
            <>
              <p>Carrier: {tracking.carrier}</p>
              <p>Tracking number: {tracking.trackingNumber}</p>
              {tracking.estimatedDelivery && <p>Estimated delivery: {formatDate(tracking.estimatedDelivery)}</p>}
            </>
          ) : (
            <p className="text-slate-500">Not shipped yet.</p>
          )}
        </Section>
      </div>
      <Section title="Products">
        <ul className="divide-y divide-slate-100 sm:hidden print:hidden">
          {order.products.map((p) => (
            <li key={p.id} className="py-2">
              <p className="font-medium">{p.name}</p>
              <p className="text-xs text-slate-500">{productMeta(p)}</p>
              <p className="flex justify-between">
                <span>
                  {formatQuantity(p.quantity, p.unit)} × {formatInr(p.unitPrice)} each
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
                <th className="py-1 pr-2">Product</th>
                <th className="py-1 pr-2 text-right">Quantity</th>
                <th className="py-1 pr-2 text-right">Unit price</th>
                <th className="py-1 text-right">Total</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {order.products.map((p) => (
                <tr key={p.id}>
                  <td className="py-2 pr-2">
                    <p className="font-medium">{p.name}</p>
                    <p className="text-xs text-slate-500">{productMeta(p)}</p>
                  </td>
                  <td className="py-2 pr-2 text-right">{formatQuantity(p.quantity, p.unit)}</td>
                  <td className="py-2 pr-2 text-right">{formatInr(p.unitPrice)} each</td>
                  <td className="py-2 text-right">{formatInr(p.totalPrice)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Section>
      {order.invoiceNumber && <EwayBillSection orderId={order.id} />}
      {order.invoiceNumber && (
        <Section title="Tax documents">
          <TaxDocuments
            listPath={`/orders/${order.id}/tax-documents`}
            pdfPath={(id) => `/tax-documents/${id}/pdf`}
            retryPath={(id) => `/tax-documents/${id}/einvoice/retry`}
            realm="seller"
          />
        </Section>
      )}
      <div className="grid gap-3 md:grid-cols-2 print:grid-cols-2">
        <Section title="Order summary">
          <OrderTotals payment={payment} />
        </Section>
        <Section title="Timeline">
          <OrderTimeline timeline={order.timeline} />
        </Section>
      </div>
      <OrderDisputes orderId={order.id} />
    </>
  );
}

/** The buyer's disputes on this order, with the admin's notes and the evidence files the seller can open. */
function OrderDisputes({ orderId }: { orderId: string }) {
  const { data } = useOrderDisputes(orderId);
  if (!data?.disputes.length) return null;
  return (
    <Section title="Disputes">
      {data.disputes.map((d) => (
        <article key={d.id} className="rounded-lg border border-slate-200 p-3 print:hidden">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <Badge tone={d.status.startsWith('resolved') ? 'green' : d.status === 'open' ? 'yellow' : 'blue'}>
              {DISPUTE_STATUS_LABELS[d.status]}
            </Badge>
            <span className="text-xs text-slate-500">Raised {formatDateTime(d.createdAt)}</span>
          </div>
          <p className="mt-2 whitespace-pre-line break-words">{d.reason}</p>
          {d.evidence.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Evidence">
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
  const options = order.nextStatuses.filter((s) => s !== 'cancelled') as OrderStatusChangeInput['status'][];
  const mutation = useChangeOrderStatus(order.id);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<OrderStatusChangeInput>({
    resolver: zodResolver(orderStatusChangeSchema),
    defaultValues: { status: options[0] },
  });
  const status = watch('status');
  const needsEwb = toPaise(order.payment.total) > EWAY_BILL_THRESHOLD_PAISE;
  const submit = handleSubmit(async (values) => {
    try {
      const next = await mutation.mutateAsync(values);
      toast.success(`Order ${next.orderId} is now ${ORDER_STATUS_LABELS[next.status]}.`);
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
      onSubmit={submit}
      className="no-print space-y-3 rounded-xl border border-brand-100 bg-brand-50 p-4"
      noValidate
    >
      <h3 className="font-semibold">Change status</h3>
      <SelectField label="New status" error={errors.status?.message} {...register('status')}>
        {options.map((s) => (
          <option key={s} value={s}>
            {ORDER_STATUS_LABELS[s]}
          </option>
        ))}
      </SelectField>
      {status === 'shipped' && needsEwb && (
        // Registered only here, so an order at or below the threshold sends no transport at all.
        <fieldset className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-3">
          <legend className="px-1 text-sm font-semibold text-amber-900">Transport details for the e-way bill</legend>
          <p className="text-sm text-amber-900">{EWAY_BILL_MESSAGES.needed}</p>
          <div className="grid gap-3 sm:grid-cols-3">
            <TextField
              label="Transporter name"
              error={errors.transport?.transporterName?.message}
              {...register('transport.transporterName')}
            />
            <TextField
              label="Transporter GSTIN or ID"
              error={errors.transport?.transporterId?.message}
              {...register('transport.transporterId')}
            />
            <SelectField label="Mode" error={errors.transport?.mode?.message} {...register('transport.mode')}>
              {TRANSPORT_MODES.map((m) => (
                <option key={m} value={m}>
                  {TRANSPORT_MODE_LABELS[m]}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Vehicle number"
              error={errors.transport?.vehicleNumber?.message}
              {...register('transport.vehicleNumber')}
            />
            <TextField
              label="Transport document no."
              error={errors.transport?.docNumber?.message}
              {...register('transport.docNumber')}
            />
            <TextField
              label="Transport document date"
              type="date"
              error={errors.transport?.docDate?.message}
              {...register('transport.docDate')}
            />
            <TextField
              label="Distance (km)"
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
          <TextField label="Carrier" error={errors.carrier?.message} {...register('carrier')} />
          <TextField label="Tracking number" error={errors.trackingNumber?.message} {...register('trackingNumber')} />
          <TextField
            label="Estimated delivery"
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
          Back
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Saving...' : 'Update status'}
        </Button>
      </div>
    </form>
  );
}

function CancelForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const mutation = useChangeOrderStatus(order.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<OrderStatusChangeInput>({
    resolver: zodResolver(orderStatusChangeSchema),
    defaultValues: { status: 'cancelled' },
  });
  const submit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync(values);
      toast.success(`Order ${order.orderId} was cancelled.`);
      onDone();
    } catch (e) {
      const err = e as ApiError;
      if (err.fields?.reason) setError('reason', { message: err.fields.reason });
      setError('root', { message: err.message });
    }
  });
  return (
    <form onSubmit={submit} className="no-print space-y-3 rounded-xl border border-red-200 bg-red-50 p-4" noValidate>
      <h3 className="font-semibold text-red-800">Cancel order {order.orderId}?</h3>
      <p className="text-sm text-red-800">
        The buyer is told, the units go back to stock and any unpaid payment is dropped. This cannot be undone.
      </p>
      <TextAreaField label="Reason" rows={2} error={errors.reason?.message} {...register('reason')} />
      <FormError message={errors.root?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Keep order
        </Button>
        <Button type="submit" variant="danger" disabled={mutation.isPending}>
          {mutation.isPending ? 'Cancelling...' : 'Confirm cancellation'}
        </Button>
      </div>
    </form>
  );
}

/** An upward price correction on an invoiced order: a debit note for more taxable value, taxed at each line's rate. */
function DebitNoteForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
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
      toast.success(`Debit note ${doc.number} issued.`);
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
      <h3 className="font-semibold">Price correction (debit note)</h3>
      <p className="text-sm text-slate-700">
        Invoice {order.invoiceNumber} stays as issued; a debit note adds the increase in taxable value, with GST at each
        line's rate.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Increase in taxable value (Rs)"
          inputMode="decimal"
          error={errors.amount?.message}
          {...register('amount')}
        />
        <TextField label="Reason" error={errors.reason?.message} {...register('reason')} />
      </div>
      <FormError message={errors.root?.message} />
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Back
        </Button>
        <Button type="submit" disabled={mutation.isPending}>
          {mutation.isPending ? 'Issuing...' : 'Issue debit note'}
        </Button>
      </div>
    </form>
  );
}

const toPaise = (v: string | number) => Math.round(Number(v) * 100);

/** The e-way bill of a consignment above Rs 50,000: the portal JSON to upload, and the number the portal gave. */
function EwayBillSection({ orderId }: { orderId: string }) {
  const { data } = useEwayBill(orderId);
  const save = useSetEwayBillNumber(orderId);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
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
      toast.success('E-way bill number saved.');
    } catch (err) {
      const apiErr = err as ApiError;
      setError(apiErr.fields?.ewbNumber ?? apiErr.message);
    }
  };
  return (
    <Section title="E-way bill">
      <p>
        {data.transporterName} ·{' '}
        {TRANSPORT_MODE_LABELS[data.transportMode as keyof typeof TRANSPORT_MODE_LABELS] ?? data.transportMode}
        {data.vehicleNumber ? ` · ${data.vehicleNumber}` : ''} · {data.distanceKm} km
      </p>
      {data.ewbNumber ? (
        <p className="font-medium">E-way bill no. {data.ewbNumber}</p>
      ) : (
        <form onSubmit={submit} className="no-print flex flex-wrap items-end gap-2" noValidate>
          <TextField
            label="E-way bill number from the portal"
            inputMode="numeric"
            maxLength={12}
            value={value}
            error={error}
            onChange={(e) => setValue(e.target.value)}
          />
          <Button type="submit" disabled={save.isPending}>
            Save number
          </Button>
        </form>
      )}
      <Button variant="secondary" className="no-print" onClick={downloadJson}>
        Download e-way bill JSON
      </Button>
    </Section>
  );
}
