import { formatCount, formatDate, formatInr, ORDER_TAB_LABELS, ORDER_TABS, type OrderTab } from '@ub/shared';
import { useState } from 'react';
import { PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { SearchBox, Tabs } from '../../components/tabs.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { usePagedFilter } from '../../lib/use-paged-filter.ts';
import { useOrders } from './api.ts';
import { OrderDetailsModal } from './components/order-details-modal.tsx';
import { OrderStatusBadge } from './components/order-status-badge.tsx';

const TABS = ORDER_TABS.map((value) => ({ value, label: ORDER_TAB_LABELS[value] }));

export default function OrdersPage() {
  const [tab, setTab] = useState<OrderTab>('all');
  const [search, setSearch] = useState('');
  const { page, setPage, resetting } = usePagedFilter();
  const [openId, setOpenId] = useState<string | null>(null);
  const term = useDebounced(search.trim());
  const { data, isLoading, error, isFetching } = useOrders(tab, term, page);

  return (
    <div>
      <PageHeader title="Order Management" description="Orders from buyers, newest first." />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs label="Order status" tabs={TABS} value={tab} onChange={resetting(setTab)} />
        <SearchBox placeholder="Search orders" value={search} onChange={resetting(setSearch)} />
      </div>
      <ListPanel
        loading={isLoading}
        loadingLabel="Loading orders..."
        error={error}
        empty={!data || data.orders.length === 0}
        emptyTitle="No orders found"
        emptyText={term ? `Nothing matches "${term}".` : 'Orders from buyers will appear here.'}
        busy={isFetching}
      >
        {data && (
          <>
            <table className="hidden w-full text-left text-sm md:table">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase text-slate-500">
                <tr>
                  <th className="px-4 py-3">Order ID</th>
                  <th className="px-4 py-3">Customer</th>
                  <th className="px-4 py-3">Order Date</th>
                  <th className="px-4 py-3">Status</th>
                  <th className="px-4 py-3 text-right">Total</th>
                  <th className="px-4 py-3 text-right">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.orders.map((o) => (
                  <tr key={o.id}>
                    <td className="px-4 py-3 font-medium">{o.orderId}</td>
                    <td className="px-4 py-3">{o.customer}</td>
                    <td className="px-4 py-3">{formatDate(o.orderDate)}</td>
                    <td className="px-4 py-3">
                      <OrderStatusBadge status={o.status} />
                    </td>
                    <td className="px-4 py-3 text-right">{formatInr(o.total)}</td>
                    <td className="px-4 py-3 text-right">
                      <button
                        type="button"
                        className="font-semibold text-brand-700 hover:underline"
                        onClick={() => setOpenId(o.id)}
                      >
                        View Details
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="divide-y divide-slate-100 md:hidden">
              {data.orders.map((o) => (
                <li key={o.id} className="space-y-1 p-4 text-sm">
                  <div className="flex items-center justify-between gap-2">
                    <span className="font-medium">{o.orderId}</span>
                    <OrderStatusBadge status={o.status} />
                  </div>
                  <p>{o.customer}</p>
                  <div className="flex items-center justify-between text-slate-600">
                    <span>{formatDate(o.orderDate)}</span>
                    <span className="font-semibold text-slate-900">{formatInr(o.total)}</span>
                  </div>
                  <button
                    type="button"
                    className="font-semibold text-brand-700 hover:underline"
                    onClick={() => setOpenId(o.id)}
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
          {data.totalCapped ? '+' : ''} orders
        </p>
      )}
      {data && <Pagination page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />}
      <OrderDetailsModal orderId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
