import {
  BUYER_RFQ_TAB_LABELS,
  BUYER_RFQ_TABS,
  type BuyerRfqTab,
  formatCount,
  formatDate,
  formatInr,
  type RfqItem,
} from '@ub/shared';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { SearchBox, Tabs } from '../../components/tabs.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { useBuyerRfqs } from './api/buyer-rfqs.ts';
import { RfqStatus } from './components/rfq-status.tsx';

const TABS = BUYER_RFQ_TABS.map((value) => ({ value, label: BUYER_RFQ_TAB_LABELS[value] }));

/** The buyer's RFQs: tabs by status, search by number or product, state in the URL; each opens its own page. */
export default function BuyerRfqsPage() {
  const list = useListState({ tab: 'all' as BuyerRfqTab }, { tab: BUYER_RFQ_TABS });
  const { tab } = list.filters;
  const query = useBuyerRfqs(tab, list.term, list.page);
  const navigate = useNavigate();
  const { data } = query;

  const columns: Array<Column<RfqItem>> = [
    {
      id: 'rfq',
      header: 'RFQ',
      cell: (r) => (
        <Link to={`/buyer/rfqs/${r.id}`} className="font-medium text-slate-900 hover:underline">
          {r.rfqNumber}
        </Link>
      ),
    },
    { id: 'product', header: 'Product', cell: (r) => r.productName },
    { id: 'seller', header: 'Seller', cell: (r) => r.sellerCompany },
    {
      id: 'quantity',
      header: 'Quantity',
      align: 'right',
      cell: (r) => formatCount(r.agreedQuantity ?? r.requestedQuantity),
    },
    {
      id: 'value',
      header: 'Value',
      align: 'right',
      cell: (r) => (r.estimatedValue ? formatInr(r.estimatedValue) : '—'),
    },
    { id: 'status', header: 'Status', cell: (r) => <RfqStatus rfq={r} /> },
    { id: 'sent', header: 'Sent on', cell: (r) => formatDate(r.createdAt) },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <button
          type="button"
          className="font-semibold text-brand-700 hover:underline"
          onClick={() => navigate(`/buyer/rfqs/${r.id}`)}
        >
          {r.waitingFor === 'buyer' ? 'Reply' : 'View'}
        </button>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="RFQs"
        description="Your requests for quotation and every offer on them."
        actions={
          <Link to="/products" className="text-sm font-semibold text-brand-700 hover:underline">
            Find products to quote
          </Link>
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <Tabs label="RFQ status" tabs={TABS} value={tab} onChange={(v) => list.setFilter('tab', v)} />
        <SearchBox placeholder="Search RFQ number or product" value={list.search} onChange={list.setSearch} />
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading RFQs..."
        empty={!data || data.orders.length === 0}
        emptyTitle="No RFQs found"
        emptyText={
          list.term
            ? `Nothing matches "${list.term}".`
            : 'Open a product and choose "Request a quote" to ask its seller for a price.'
        }
      >
        {data && <DataTable label="RFQs" columns={columns} rows={data.orders} rowId={(r) => r.id} />}
      </ListPanel>
      {data && <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />}
    </div>
  );
}
