import {
  formatCount,
  formatDate,
  formatInr,
  ORDER_AWAITING_BUYER_LABEL,
  ORDER_TAB_LABELS,
  ORDER_TABS,
  type OrderListItem,
  type OrderTab,
} from '@ub/shared';
import { Badge, PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { SearchBox, Tabs } from '../../components/tabs.tsx';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';
import { useOrders } from './api.ts';
import { OrderDetailsModal } from './components/order-details-modal.tsx';
import { OrderStatusBadge } from './components/order-status-badge.tsx';

const TABS = ORDER_TABS.map((value) => ({ value, label: ORDER_TAB_LABELS[value] }));

export default function OrdersPage() {
  const list = useListState({ tab: 'all' as OrderTab }, { tab: ORDER_TABS });
  const record = useRecordRoute();
  const { tab } = list.filters;
  const query = useOrders(tab, list.term, list.page);
  const { data } = query;

  const columns: Array<Column<OrderListItem>> = [
    { id: 'orderId', header: 'Order ID', cell: (o) => <span className="font-medium text-slate-900">{o.orderId}</span> },
    { id: 'customer', header: 'Customer', cell: (o) => o.customer },
    { id: 'orderDate', header: 'Order Date', cell: (o) => formatDate(o.orderDate) },
    {
      id: 'status',
      header: 'Status',
      cell: (o) => (
        <span className="inline-flex flex-wrap items-center gap-1">
          <OrderStatusBadge status={o.status} />
          {o.awaitingBuyerConfirmation && o.status !== 'cancelled' && (
            <Badge tone="orange">{ORDER_AWAITING_BUYER_LABEL}</Badge>
          )}
        </span>
      ),
    },
    { id: 'total', header: 'Total', align: 'right', cell: (o) => formatInr(o.total) },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (o) => (
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => record.open(o.id)}
        >
          View Details
        </button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Order Management" description="Orders from buyers, newest first." />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs label="Order status" tabs={TABS} value={tab} onChange={(v) => list.setFilter('tab', v)} />
        <SearchBox placeholder="Search orders" value={list.search} onChange={list.setSearch} />
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading orders..."
        empty={!data || data.orders.length === 0}
        emptyTitle="No orders found"
        emptyText={list.term ? `Nothing matches "${list.term}".` : 'Orders from buyers will appear here.'}
      >
        {data && <DataTable label="Orders" columns={columns} rows={data.orders} rowId={(o) => o.id} />}
      </ListPanel>
      {data && data.total > 0 && (
        <p className="pt-2 text-xs text-slate-500">
          {formatCount(data.total)}
          {data.totalCapped ? '+' : ''} orders
        </p>
      )}
      {data && <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
      <OrderDetailsModal orderId={record.openId} onClose={record.close} />
    </div>
  );
}
