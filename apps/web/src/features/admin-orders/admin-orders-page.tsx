import {
  type AdminOrderDetail,
  type AdminOrderListItem,
  LIMITS,
  ORDER_STATUS_LABELS,
  ORDER_STATUSES,
  type OrderStatus,
} from '@ub/shared';
import { TaxDocuments } from '../../components/tax-documents.tsx';
import { formatDate, formatInr } from '@ub/shared/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader, Spinner, type Tone } from '../../components/feedback.tsx';
import { FormError, TextAreaField, TextField } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable, StatCard } from '../../components/table.tsx';
import { api } from '../../lib/api.ts';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';

export const ORDER_TONES: Record<OrderStatus, Tone> = {
  pending: 'yellow',
  processing: 'blue',
  shipped: 'orange',
  delivered: 'green',
  cancelled: 'red',
};

function OrderModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [note, setNote] = useState('');
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const query = useQuery({
    queryKey: ['admin', 'order', id],
    queryFn: () => api<AdminOrderDetail>(`/admin/orders/${id}`),
    enabled: Boolean(id),
  });
  const change = useMutation({
    mutationFn: (status: OrderStatus) =>
      api<AdminOrderDetail>(`/admin/orders/${id}/status`, {
        method: 'POST',
        body: {
          status,
          reason: note || undefined,
          carrier: carrier || undefined,
          trackingNumber: trackingNumber || undefined,
        },
      }),
    onSuccess: (o) => {
      toast.success(`Order ${o.orderId} is now ${ORDER_STATUS_LABELS[o.status]}.`);
      setNote('');
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const o = query.data;
  return (
    <Modal open={Boolean(id)} onClose={onClose} title="Order Details" size="lg">
      {query.isPending && <Spinner label="Loading..." />}
      {query.isError && <FormError message={query.error.message} />}
      {o && (
        <div className="space-y-4 text-sm">
          <div className="flex flex-wrap items-center gap-3">
            <span className="font-semibold">{o.orderId}</span>
            <Badge tone={ORDER_TONES[o.status]}>{ORDER_STATUS_LABELS[o.status]}</Badge>
            <span className="text-slate-500">{formatDate(o.orderDate)}</span>
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <p className="font-medium text-slate-500">Customer</p>
              <p>{o.customer.company}</p>
              <p className="text-slate-600">
                {o.customer.name}
                {o.customer.phone ? `, ${o.customer.phone}` : ''}
              </p>
            </div>
            <div>
              <p className="font-medium text-slate-500">Manufacturer</p>
              <p>{o.manufacturer}</p>
            </div>
            <div className="sm:col-span-2">
              <p className="font-medium text-slate-500">Shipping address</p>
              <p>
                {[
                  o.shippingAddress.street,
                  o.shippingAddress.apartment,
                  o.shippingAddress.city,
                  o.shippingAddress.state,
                  o.shippingAddress.zipCode,
                  o.shippingAddress.country,
                ]
                  .filter(Boolean)
                  .join(', ')}
              </p>
            </div>
          </div>
          {o.products.length > 0 && (
            <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
              {o.products.map((i) => (
                <li key={i.id} className="flex justify-between gap-2 px-3 py-2">
                  <span>
                    {i.name} x {i.quantity}
                  </span>
                  <span>{formatInr(i.totalPrice)}</span>
                </li>
              ))}
            </ul>
          )}
          <dl className="grid grid-cols-2 gap-1 sm:w-64 sm:justify-self-end">
            <dt className="text-slate-500">Subtotal</dt>
            <dd className="text-right">{formatInr(o.payment.subtotal)}</dd>
            <dt className="text-slate-500">Shipping</dt>
            <dd className="text-right">{formatInr(o.payment.shipping)}</dd>
            <dt className="text-slate-500">Tax</dt>
            <dd className="text-right">{formatInr(o.payment.tax)}</dd>
            <dt className="font-semibold">Total</dt>
            <dd className="text-right font-semibold">{formatInr(o.payment.total)}</dd>
          </dl>
          {o.invoiceNumber && (
            <div>
              <p className="mb-1 font-medium text-slate-500">Tax documents</p>
              <TaxDocuments
                listPath={`/admin/orders/${o.id}/tax-documents`}
                pdfPath={(docId) => `/admin/tax-documents/${docId}/pdf`}
                realm="admin"
              />
            </div>
          )}
          {o.timeline.length > 0 && (
            <div>
              <p className="mb-1 font-medium text-slate-500">Timeline</p>
              <ol className="space-y-1">
                {o.timeline.map((e) => (
                  <li key={e.at + e.to}>
                    {formatDate(e.at)}: {ORDER_STATUS_LABELS[e.to]}
                    {e.note ? ` (${e.note})` : ''}
                  </li>
                ))}
              </ol>
            </div>
          )}
          {o.nextStatuses.length > 0 && (
            <div className="space-y-2 border-t border-slate-200 pt-3">
              {o.nextStatuses.includes('shipped') && (
                <div className="grid gap-2 sm:grid-cols-2">
                  <TextField
                    label="Carrier"
                    value={carrier}
                    onChange={(e) => setCarrier(e.target.value)}
                    maxLength={100}
                  />
                  <TextField
                    label="Tracking number"
                    value={trackingNumber}
                    onChange={(e) => setTrackingNumber(e.target.value)}
                    maxLength={100}
                  />
                </div>
              )}
              <TextAreaField
                label="Reason (required to cancel)"
                value={note}
                onChange={(e) => setNote(e.target.value)}
                rows={2}
                maxLength={1000}
              />
              <FormError message={change.error?.message} />
              <div className="flex flex-wrap gap-2">
                {o.nextStatuses.map((s) => (
                  <Button
                    key={s}
                    variant={s === 'cancelled' ? 'danger' : 'primary'}
                    disabled={
                      change.isPending ||
                      (s === 'cancelled' && !note.trim()) ||
                      (s === 'shipped' && (!carrier.trim() || !trackingNumber.trim()))
                    }
                    onClick={() => change.mutate(s)}
                  >
                    {s === 'cancelled' ? 'Cancel order' : `Mark ${ORDER_STATUS_LABELS[s]}`}
                  </Button>
                ))}
              </div>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}

const STATUS_FILTERS = ['', ...ORDER_STATUSES] as const;

export default function AdminOrdersPage() {
  const list = useListState({ status: '' as OrderStatus | '' }, { status: STATUS_FILTERS });
  const record = useRecordRoute();
  const { status } = list.filters;
  const { term: q, page } = list;
  const pageSize = LIMITS.adminPageSize;
  const query = useQuery({
    queryKey: ['admin', 'orders', { q, status, page }],
    queryFn: () =>
      api<{ orders: AdminOrderListItem[]; total: number }>(
        `/admin/orders?${new URLSearchParams({ q, page: String(page), pageSize: String(pageSize), ...(status ? { status } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const columns: Array<Column<AdminOrderListItem>> = [
    {
      id: 'order',
      header: 'Order',
      cell: (o) => <span className="font-medium whitespace-nowrap text-slate-900">{o.orderNumber}</span>,
    },
    { id: 'customer', header: 'Customer', cell: (o) => o.customer },
    { id: 'manufacturer', header: 'Manufacturer', cell: (o) => o.manufacturer },
    { id: 'orderDate', header: 'Order Date', cell: (o) => formatDate(o.orderDate) },
    { id: 'status', header: 'Status', cell: (o) => <Badge tone={ORDER_TONES[o.status]}>{o.statusLabel}</Badge> },
    {
      id: 'payment',
      header: 'Payment',
      cell: (o) => (
        <Badge tone={o.paymentStatus === 'paid' ? 'green' : 'yellow'}>
          {o.paymentStatus === 'paid' ? 'Paid' : 'Pending'}
        </Badge>
      ),
    },
    { id: 'total', header: 'Total', cell: (o) => <span className="whitespace-nowrap">{formatInr(o.total)}</span> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (o) => (
        <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => record.open(o.id)}>
          View Details
        </Button>
      ),
    },
  ];
  return (
    <div>
      <PageHeader title="Order Management" description="Every order on the platform, across all sellers." />
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr_12rem] sm:items-end">
        <StatCard label="Total Orders" value={query.data?.total ?? '-'} />
        <input
          type="search"
          aria-label="Search orders"
          placeholder="Search order number, customer or manufacturer"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          className="h-10 rounded-lg border border-slate-300 px-3 text-sm"
        />
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => list.setFilter('status', e.target.value as OrderStatus | '')}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
        >
          <option value="">All statuses</option>
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {ORDER_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading orders..."
        empty={!query.data?.orders.length}
        emptyTitle="No orders found."
      >
        {query.data && <DataTable label="Orders" columns={columns} rows={query.data.orders} rowId={(o) => o.id} />}
      </ListPanel>
      {query.data && <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={list.setPage} />}
      <OrderModal id={record.openId} onClose={record.close} />
    </div>
  );
}
