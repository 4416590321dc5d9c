import { BUYER_ORDER_TABS, type BuyerOrderTab } from '@ub/shared';
import { PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { DataTable } from '../../components/table.tsx';
import { SearchBox, Tabs } from '../../components/tabs.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { useBuyerOrders } from './api/orders.ts';
import { buyerOrderColumns } from './components/order-columns.tsx';

/** The buyer's orders: tabs, search and page in the URL; each order opens on its own page. */
export default function BuyerOrdersPage() {
  const t = useT();
  const tabs = BUYER_ORDER_TABS.map((value) => ({ value, label: t(`buyer.orders.tabs.${value}`) }));
  const list = useListState({ tab: 'all' as BuyerOrderTab }, { tab: BUYER_ORDER_TABS });
  const { tab } = list.filters;
  const query = useBuyerOrders(tab, list.term, list.page);
  const { data } = query;
  return (
    <div>
      <PageHeader title={t('buyer.orders.title')} description={t('buyer.orders.description')} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs label={t('buyer.orders.tabsLabel')} tabs={tabs} value={tab} onChange={(v) => list.setFilter('tab', v)} />
        <SearchBox placeholder={t('buyer.orders.search')} value={list.search} onChange={list.setSearch} />
      </div>
      <ListPanel
        query={query}
        loadingLabel={t('buyer.orders.loading')}
        empty={!data || data.orders.length === 0}
        emptyTitle={t('buyer.orders.empty')}
        emptyText={list.term ? t('buyer.nothingMatches', { term: list.term }) : t('buyer.orders.emptyText')}
      >
        {data && (
          <DataTable
            label={t('buyer.orders.title')}
            columns={buyerOrderColumns(t)}
            rows={data.orders}
            rowId={(o) => o.id}
          />
        )}
      </ListPanel>
      {data && data.total > 0 && (
        <p className="pt-2 text-xs text-slate-500">{t('buyer.orders.count', { count: data.total })}</p>
      )}
      {data && <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
    </div>
  );
}
