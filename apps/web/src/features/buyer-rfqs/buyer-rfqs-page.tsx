import { BUYER_RFQ_TABS, type BuyerRfqTab, formatCount, formatDate, formatInr, type RfqItem } from '@ub/shared';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { SearchBox, Tabs } from '../../components/tabs.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { useBuyerRfqs } from './api/buyer-rfqs.ts';
import { RfqStatus } from './components/rfq-status.tsx';

/** The buyer's RFQs: tabs by status, search by number or product, state in the URL; each opens its own page. */
export default function BuyerRfqsPage() {
  const t = useT();
  const tabs = BUYER_RFQ_TABS.map((value) => ({ value, label: t(`buyer.rfqs.tabs.${value}`) }));
  const list = useListState({ tab: 'all' as BuyerRfqTab }, { tab: BUYER_RFQ_TABS });
  const { tab } = list.filters;
  const query = useBuyerRfqs(tab, list.term, list.page);
  const navigate = useNavigate();
  const { data } = query;

  const columns: Array<Column<RfqItem>> = [
    {
      id: 'rfq',
      header: t('buyer.rfqs.columns.rfq'),
      cell: (r) => (
        <Link to={`/buyer/rfqs/${r.id}`} className="font-medium text-slate-900 hover:underline">
          {r.rfqNumber}
        </Link>
      ),
    },
    { id: 'product', header: t('buyer.rfqs.columns.product'), cell: (r) => r.productName },
    { id: 'seller', header: t('buyer.rfqs.columns.seller'), cell: (r) => r.sellerCompany },
    {
      id: 'quantity',
      header: t('buyer.rfqs.columns.quantity'),
      align: 'right',
      cell: (r) => formatCount(r.agreedQuantity ?? r.requestedQuantity),
    },
    {
      id: 'value',
      header: t('buyer.rfqs.columns.value'),
      align: 'right',
      cell: (r) => (r.estimatedValue ? formatInr(r.estimatedValue) : '—'),
    },
    { id: 'status', header: t('buyer.rfqs.columns.status'), cell: (r) => <RfqStatus rfq={r} /> },
    { id: 'sent', header: t('buyer.rfqs.columns.sent'), cell: (r) => formatDate(r.createdAt) },
    {
      id: 'actions',
      header: t('buyer.rfqs.columns.actions'),
      actions: true,
      cell: (r) => (
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => navigate(`/buyer/rfqs/${r.id}`)}
        >
          {r.waitingFor === 'buyer' ? t('buyer.rfqs.reply') : t('buyer.rfqs.view')}
        </button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title={t('buyer.rfqs.title')}
        description={t('buyer.rfqs.description')}
        actions={
          <Link to="/products" className="text-sm font-semibold text-brand-700 hover:underline">
            {t('buyer.rfqs.findProducts')}
          </Link>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs label={t('buyer.rfqs.tabsLabel')} tabs={tabs} value={tab} onChange={(v) => list.setFilter('tab', v)} />
        <SearchBox placeholder={t('buyer.rfqs.search')} value={list.search} onChange={list.setSearch} />
      </div>
      <ListPanel
        query={query}
        loadingLabel={t('buyer.rfqs.loading')}
        empty={!data || data.orders.length === 0}
        emptyTitle={t('buyer.rfqs.empty')}
        emptyText={list.term ? t('buyer.nothingMatches', { term: list.term }) : t('buyer.rfqs.emptyText')}
      >
        {data && <DataTable label={t('buyer.rfqs.title')} columns={columns} rows={data.orders} rowId={(r) => r.id} />}
      </ListPanel>
      {data && <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
    </div>
  );
}
