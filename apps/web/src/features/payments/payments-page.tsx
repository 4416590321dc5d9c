import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  formatCount,
  formatDate,
  formatInr,
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
import { type TFunction, useT } from '../../lib/i18n.tsx';
import { statusLabel } from '../../components/status-label.ts';
import { MoneySummary } from './money-summary.tsx';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';

const tone = (status: string): Tone => (status === 'Paid' ? 'green' : status === 'Pending' ? 'yellow' : 'gray');
/** The API says a payment's status as "Paid" or "Pending"; the reader reads it in their language. */
const paymentStatus = (t: TFunction, status: string) => statusLabel(t, 'payment', status.toLowerCase());

interface PaymentPage {
  payments: PaymentListItem[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

export default function PaymentsPage() {
  const t = useT();
  const tabs = PAYMENT_TABS.map((value) => ({ value, label: t(`status.paymentTab.${value}`) }));
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
      header: t('payments.columns.paymentId'),
      cell: (p) => <span className="font-medium text-slate-900">{p.paymentId}</span>,
    },
    { id: 'customer', header: t('payments.columns.customer'), cell: (p) => p.customer },
    { id: 'paymentDate', header: t('payments.columns.paymentDate'), cell: (p) => formatDate(p.paymentDate) },
    { id: 'method', header: t('payments.columns.method'), cell: (p) => p.method },
    { id: 'amount', header: t('payments.columns.amount'), align: 'right', cell: (p) => formatInr(p.total) },
    {
      id: 'status',
      header: t('common.status'),
      cell: (p) => <Badge tone={tone(p.status)}>{paymentStatus(t, p.status)}</Badge>,
    },
    {
      id: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (p) => (
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => record.open(p.id)}
        >
          {t('common.viewDetails')}
        </button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title={t('payments.title')} description={t('payments.description')} />
      <MoneySummary />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs label={t('payments.tabsLabel')} tabs={tabs} value={tab} onChange={(v) => list.setFilter('tab', v)} />
        <SearchBox placeholder={t('payments.search')} value={list.search} onChange={list.setSearch} />
      </div>
      <ListPanel
        query={query}
        loadingLabel={t('payments.loading')}
        empty={!data || data.payments.length === 0}
        emptyTitle={t('payments.emptyTitle')}
        emptyText={term ? t('common.nothingMatches', { term }) : t('payments.emptyText')}
      >
        {data && (
          <DataTable label={t('payments.tableLabel')} columns={columns} rows={data.payments} rowId={(p) => p.id} />
        )}
      </ListPanel>
      {data && data.total > 0 && (
        <p className="pt-2 text-xs text-slate-500">
          {t('payments.count', {
            count: data.total,
            total: `${formatCount(data.total)}${data.totalCapped ? '+' : ''}`,
          })}
        </p>
      )}
      {data && <Pagination page={page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
      <PaymentDetailsModal paymentId={record.openId} onClose={record.close} />
    </div>
  );
}

function PaymentDetailsModal({ paymentId, onClose }: { paymentId: string | null; onClose: () => void }) {
  const t = useT();
  const { data, isLoading, error } = useQuery({
    queryKey: ['payment', paymentId],
    queryFn: () => api<PaymentDetail>(`/payments/${paymentId}`),
    enabled: Boolean(paymentId),
  });
  const rows: Array<[string, string]> = data
    ? [
        [t('payments.columns.customer'), data.customer],
        [t('payments.columns.amount'), formatInr(data.total)],
        [t('payments.columns.method'), data.method],
        [t('payments.detail.reference'), data.reference ?? '—'],
        [t('payments.detail.created'), formatDate(data.createdAt)],
        [t('payments.detail.paidOn'), data.paidAt ? formatDate(data.paidAt) : t('payments.detail.notPaid')],
        [
          t('payments.detail.order'),
          t('payments.detail.orderPlaced', { orderId: data.order.orderId, date: formatDate(data.order.orderDate) }),
        ],
      ]
    : [];
  return (
    <Modal
      open={Boolean(paymentId)}
      onClose={onClose}
      title={data ? t('payments.detail.title', { id: data.paymentId }) : t('payments.detail.titleLoading')}
    >
      {isLoading && <Spinner label={t('payments.detail.loading')} />}
      <FormError message={error?.message} />
      {data && (
        <div className="space-y-4 text-sm">
          <Badge tone={tone(data.status)}>{paymentStatus(t, data.status)}</Badge>
          <dl className="grid grid-cols-[8rem_1fr] gap-x-3 gap-y-2">
            {rows.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-500">{k}</dt>
                <dd className="font-medium break-words">{v}</dd>
              </div>
            ))}
          </dl>
          <section className="rounded-xl border border-slate-200 p-3">
            <h3 className="mb-1 font-semibold">{t('payments.detail.settlement')}</h3>
            {data.settlement ? (
              <p>
                {t('payments.detail.settlementLine', {
                  number: data.settlement.settlementNumber,
                  amount: formatInr(data.settlement.amount),
                  from: formatDate(data.settlement.periodStart),
                  to: formatDate(data.settlement.periodEnd),
                })}{' '}
                <Badge tone={tone(data.settlement.status)}>{paymentStatus(t, data.settlement.status)}</Badge>
                {data.settlement.paidAt &&
                  ` ${t('payments.detail.settledOn', { date: formatDate(data.settlement.paidAt) })}`}
              </p>
            ) : (
              <p className="text-slate-600">
                {data.status === 'Paid' ? t('payments.detail.held') : t('payments.detail.awaiting')}
              </p>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
