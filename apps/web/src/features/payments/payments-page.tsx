import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  formatCount,
  formatDate,
  formatInr,
  PAYMENT_TAB_LABELS,
  PAYMENT_TABS,
  type PaymentDetail,
  type PaymentListItem,
  type PaymentTab,
} from '@ub/shared';
import { useState } from 'react';
import { Badge, PageHeader, Spinner, type Tone } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { SearchBox, Tabs } from '../../components/tabs.tsx';
import { api } from '../../lib/api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedFilter } from '../../lib/use-paged-filter.ts';

const TABS = PAYMENT_TABS.map((value) => ({ value, label: PAYMENT_TAB_LABELS[value] }));
const tone = (status: string): Tone => (status === 'Paid' ? 'green' : status === 'Pending' ? 'yellow' : 'gray');

interface PaymentPage {
  payments: PaymentListItem[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

export default function PaymentsPage() {
  const [tab, setTab] = useState<PaymentTab>('all');
  const [search, setSearch] = useState('');
  const { page, setPage, resetting } = usePagedFilter();
  const [openId, setOpenId] = useState<string | null>(null);
  const term = useDebounced(search.trim());
  const { data, isLoading, error } = useQuery({
    queryKey: ['payments', tab, term, page],
    queryFn: () => {
      const q = new URLSearchParams({ tab, page: String(page) });
      if (term) q.set('search', term);
      return api<PaymentPage>(`/payments?${q}`);
    },
    placeholderData: keepPreviousData,
  });

  return (
    <div>
      <PageHeader
        title="Payment Management"
        description="Buyer payments are held by the platform and settled to your bank account weekly."
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs label="Payment status" tabs={TABS} value={tab} onChange={resetting(setTab)} />
        <SearchBox placeholder="Search payments" value={search} onChange={resetting(setSearch)} />
      </div>
      <ListPanel
        loading={isLoading}
        loadingLabel="Loading payments..."
        error={error}
        empty={!data || data.payments.length === 0}
        emptyTitle="No payments found"
        emptyText={term ? `Nothing matches "${term}".` : 'Payments for your orders will appear here.'}
      >
        {data && (
          <>
            <table className="hidden w-full text-left text-sm md:table">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th className="px-4 py-3">Payment ID</th>
                  <th className="px-4 py-3">Customer</th>
                  <th className="px-4 py-3">Payment Date</th>
                  <th className="px-4 py-3">Method</th>
                  <th className="px-4 py-3 text-right">Amount</th>
                  <th className="px-4 py-3">Status</th>
                  <th className="px-4 py-3 text-right">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.payments.map((p) => (
                  <tr key={p.id}>
                    <td className="px-4 py-3 font-medium">{p.paymentId}</td>
                    <td className="px-4 py-3">{p.customer}</td>
                    <td className="px-4 py-3">{formatDate(p.paymentDate)}</td>
                    <td className="px-4 py-3">{p.method}</td>
                    <td className="px-4 py-3 text-right">{formatInr(p.total)}</td>
                    <td className="px-4 py-3">
                      <Badge tone={tone(p.status)}>{p.status}</Badge>
                    </td>
                    <td className="px-4 py-3 text-right">
                      <button
                        type="button"
                        className="font-semibold text-brand-700 hover:underline"
                        onClick={() => setOpenId(p.id)}
                      >
                        View Details
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="divide-y divide-slate-100 md:hidden">
              {data.payments.map((p) => (
                <li key={p.id} className="space-y-1 p-4 text-sm">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{p.paymentId}</span>
                    <Badge tone={tone(p.status)}>{p.status}</Badge>
                  </div>
                  <p>{p.customer}</p>
                  <div className="flex items-center justify-between text-slate-600">
                    <span>
                      {formatDate(p.paymentDate)} · {p.method}
                    </span>
                    <span className="font-semibold text-slate-900">{formatInr(p.total)}</span>
                  </div>
                  <button
                    type="button"
                    className="font-semibold text-brand-700 hover:underline"
                    onClick={() => setOpenId(p.id)}
                  >
                    View Details
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </ListPanel>
      {data && data.total > 0 && (
        <p className="pt-2 text-xs text-slate-500">
          {formatCount(data.total)}
          {data.totalCapped ? '+' : ''} payments
        </p>
      )}
      {data && <Pagination page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />}
      <PaymentDetailsModal paymentId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}

function PaymentDetailsModal({ paymentId, onClose }: { paymentId: string | null; onClose: () => void }) {
  const { data, isLoading, error } = useQuery({
    queryKey: ['payment', paymentId],
    queryFn: () => api<PaymentDetail>(`/payments/${paymentId}`),
    enabled: Boolean(paymentId),
  });
  const rows: Array<[string, string]> = data
    ? [
        ['Customer', data.customer],
        ['Amount', formatInr(data.total)],
        ['Method', data.method],
        ['Reference', data.reference ?? '—'],
        ['Created', formatDate(data.createdAt)],
        ['Paid on', data.paidAt ? formatDate(data.paidAt) : 'Not paid yet'],
        ['Order', `${data.order.orderId} (placed ${formatDate(data.order.orderDate)})`],
      ]
    : [];
  return (
    <Modal open={Boolean(paymentId)} onClose={onClose} title={data ? `Payment ${data.paymentId}` : 'Payment details'}>
      {isLoading && <Spinner label="Loading payment..." />}
      <FormError message={error?.message} />
      {data && (
        <div className="space-y-4 text-sm">
          <Badge tone={tone(data.status)}>{data.status}</Badge>
          <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-500">{k}</dt>
                <dd className="font-medium break-words">{v}</dd>
              </div>
            ))}
          </dl>
          <section className="rounded-xl border border-slate-200 p-3">
            <h3 className="mb-1 font-semibold">Settlement</h3>
            {data.settlement ? (
              <p>
                {data.settlement.settlementNumber}: {formatInr(data.settlement.amount)} for{' '}
                {formatDate(data.settlement.periodStart)} – {formatDate(data.settlement.periodEnd)},{' '}
                <Badge tone={tone(data.settlement.status)}>{data.settlement.status}</Badge>
                {data.settlement.paidAt && ` on ${formatDate(data.settlement.paidAt)}`}
              </p>
            ) : (
              <p className="text-slate-600">
                {data.status === 'Paid'
                  ? 'Held by the platform; included in the weekly settlement once the order is delivered.'
                  : 'Awaiting payment from the buyer.'}
              </p>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
