import { BUYER_ORDER_TAB_LABELS, BUYER_ORDER_TABS, type BuyerOrderTab, formatCount } from '@ub/shared';
import { PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { DataTable } from '../../components/table.tsx';
import { SearchBox, Tabs } from '../../components/tabs.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { useBuyerOrders } from './api/orders.ts';
import { buyerOrderColumns } from './components/order-columns.tsx';

const TABS = BUYER_ORDER_TABS.map((value) => ({ value, label: BUYER_ORDER_TAB_LABELS[value] }));

/** The buyer's orders: tabs, search and page in the URL; each order opens on its own page. */
export default function BuyerOrdersPage() {
  const list = useListState({ tab: 'all' as BuyerOrderTab }, { tab: BUYER_ORDER_TABS });
  const { tab } = list.filters;
  const query = useBuyerOrders(tab, list.term, list.page);
  const { data } = query;
  return (
    <div>
      <PageHeader title="Orders" description="Your orders from every seller, newest first." />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs label="Order status" tabs={TABS} value={tab} onChange={(v) => list.setFilter('tab', v)} />
        <SearchBox placeholder="Search by order, seller or product" value={list.search} onChange={list.setSearch} />
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading orders..."
        empty={!data || data.orders.length === 0}
        emptyTitle="No orders found"
        emptyText={
          list.term ? `Nothing matches "${list.term}".` : 'Orders you place or confirm from an RFQ appear here.'
        }
      >
        {data && <DataTable label="Orders" columns={buyerOrderColumns} rows={data.orders} rowId={(o) => o.id} />}
      </ListPanel>
      {data && data.total > 0 && <p className="pt-2 text-xs text-slate-500">{formatCount(data.total)} orders</p>}
      {data && <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
    </div>
  );
}
