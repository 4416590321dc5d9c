import { formatCount, formatDate, formatInr, ORDER_TABS, type OrderListItem, type OrderTab } from '@ub/shared';
import { Badge, PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { SearchBox, Tabs } from '../../components/tabs.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';
import { useOrders } from './api.ts';
import { OrderDetailsModal } from './components/order-details-modal.tsx';
import { OrderStatusBadge } from './components/order-status-badge.tsx';

export default function OrdersPage() {
  const t = useT();
  const tabs = ORDER_TABS.map((value) => ({ value, label: t(`status.orderTab.${value}`) }));
  const list = useListState({ tab: 'all' as OrderTab }, { tab: ORDER_TABS });
  const record = useRecordRoute();
  const { tab } = list.filters;
  const query = useOrders(tab, list.term, list.page);
  const { data } = query;

  const columns: Array<Column<OrderListItem>> = [
    {
      id: 'orderId',
      header: t('orders.columns.orderId'),
      cell: (o) => <span className="font-medium text-slate-900">{o.orderId}</span>,
    },
    { id: 'customer', header: t('orders.columns.customer'), cell: (o) => o.customer },
    { id: 'orderDate', header: t('orders.columns.orderDate'), cell: (o) => formatDate(o.orderDate) },
    {
      id: 'status',
      header: t('common.status'),
      cell: (o) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          <OrderStatusBadge status={o.status} />
          {o.awaitingBuyerConfirmation && o.status !== 'cancelled' && (
            <Badge tone="orange">{t('status.awaitingBuyer')}</Badge>
          )}
        </span>
      ),
    },
    {
      id: 'payment',
      header: t('orders.columns.payment'),
      // An unpaid order that was cancelled owes nothing: "Not due", not "Unpaid".
      cell: (o) => (
        <span className="whitespace-nowrap">
          {o.paymentStatus === 'paid' ? (
            <Badge tone="green">{t('orders.payment.paid')}</Badge>
          ) : o.status === 'cancelled' ? (
            <Badge tone="gray">{t('orders.payment.notDue')}</Badge>
          ) : (
            <Badge tone="yellow">{t('orders.payment.unpaid')}</Badge>
          )}
        </span>
      ),
    },
    { id: 'total', header: t('common.totals.total'), align: 'right', cell: (o) => formatInr(o.total) },
    {
      id: 'actions',
      header: t('common.actions'),
      actions: true,
      cell: (o) => (
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => record.open(o.id)}
        >
          {t('common.viewDetails')}
        </button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title={t('orders.title')} description={t('orders.description')} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs label={t('orders.tabsLabel')} tabs={tabs} value={tab} onChange={(v) => list.setFilter('tab', v)} />
        <SearchBox placeholder={t('orders.search')} value={list.search} onChange={list.setSearch} />
      </div>
      <ListPanel
        query={query}
        loadingLabel={t('orders.loading')}
        empty={!data || data.orders.length === 0}
        emptyTitle={t('orders.emptyTitle')}
        emptyText={list.term ? t('common.nothingMatches', { term: list.term }) : t('orders.emptyText')}
      >
        {data && <DataTable label={t('orders.tableLabel')} columns={columns} rows={data.orders} rowId={(o) => o.id} />}
      </ListPanel>
      {data && data.total > 0 && (
        <p className="pt-2 text-xs text-slate-500">
          {t('orders.count', {
            count: data.total,
            total: `${formatCount(data.total)}${data.totalCapped ? '+' : ''}`,
          })}
        </p>
      )}
      {data && <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
      <OrderDetailsModal orderId={record.openId} onClose={record.close} />
    </div>
  );
}
