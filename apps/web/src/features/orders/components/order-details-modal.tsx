import { zodResolver } from '@hookform/resolvers/zod';
import {
  ORDER_AWAITING_BUYER_LABEL,
  CATEGORY_LABELS,
  formatDate,
  formatInr,
  formatOrderContents,
  formatQuantity,
  labelOf,
  ORDER_STATUS_LABELS,
  type OrderDetail,
  type OrderStatusChangeInput,
  orderStatusChangeSchema,
  todayInIndia,
} from '@ub/shared';
import { type ReactNode, useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { Badge, Spinner } from '../../../components/feedback.tsx';
import { FormError, SelectField, TextAreaField, TextField } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import type { ApiError } from '../../../lib/api.ts';
import { downloadInvoice, useChangeOrderStatus, useOrder } from '../api.ts';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { OrderTimeline, OrderTotals } from '../../../components/order-summary.tsx';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 p-4 print:break-inside-avoid">
      <h3 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
      <div className="space-y-1 text-sm text-slate-800">{children}</div>
    </section>
  );
}

type Panel = 'none' | 'status' | 'cancel';

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
      <div className="grid gap-3 md:grid-cols-2 print:grid-cols-2">
        <Section title="Order summary">
          <OrderTotals payment={payment} />
        </Section>
        <Section title="Timeline">
          <OrderTimeline timeline={order.timeline} />
        </Section>
      </div>
    </>
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
