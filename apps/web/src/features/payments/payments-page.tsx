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
import { Badge, PageHeader, Spinner, type Tone } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { SearchBox, Tabs } from '../../components/tabs.tsx';
import { api } from '../../lib/api.ts';
import { MoneySummary } from './money-summary.tsx';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';

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
  const list = useListState({ tab: 'all' as PaymentTab }, { tab: PAYMENT_TABS });
  const record = useRecordRoute();
  const { tab } = list.filters;
  const { term, page } = list;
  const query = useQuery({
    queryKey: ['payments', tab, term, page],
    queryFn: () => {
      const q = new URLSearchParams({ tab, page: String(page) });
      if (term) q.set('search', term);
      return api<PaymentPage>(`/payments?${q}`);
    },
    placeholderData: keepPreviousData,
  });
  const { data } = query;

  const columns: Array<Column<PaymentListItem>> = [
    {
      id: 'paymentId',
      header: 'Payment ID',
      cell: (p) => <span className="font-medium text-slate-900">{p.paymentId}</span>,
    },
    { id: 'customer', header: 'Customer', cell: (p) => p.customer },
    { id: 'paymentDate', header: 'Payment Date', cell: (p) => formatDate(p.paymentDate) },
    { id: 'method', header: 'Method', cell: (p) => p.method },
    { id: 'amount', header: 'Amount', align: 'right', cell: (p) => formatInr(p.total) },
    { id: 'status', header: 'Status', cell: (p) => <Badge tone={tone(p.status)}>{p.status}</Badge> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (p) => (
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => record.open(p.id)}
        >
          View Details
        </button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Payment Management"
        description="Buyer payments are held by the platform and settled to your bank account weekly."
      />
      <MoneySummary />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs label="Payment status" tabs={TABS} value={tab} onChange={(v) => list.setFilter('tab', v)} />
        <SearchBox placeholder="Search payments" value={list.search} onChange={list.setSearch} />
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading payments..."
        empty={!data || data.payments.length === 0}
        emptyTitle="No payments found"
        emptyText={term ? `Nothing matches "${term}".` : 'Payments for your orders will appear here.'}
      >
        {data && <DataTable label="Payments" columns={columns} rows={data.payments} rowId={(p) => p.id} />}
      </ListPanel>
      {data && data.total > 0 && (
        <p className="pt-2 text-xs text-slate-500">
          {formatCount(data.total)}
          {data.totalCapped ? '+' : ''} payments
        </p>
      )}
      {data && <Pagination page={page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
      <PaymentDetailsModal paymentId={record.openId} onClose={record.close} />
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
