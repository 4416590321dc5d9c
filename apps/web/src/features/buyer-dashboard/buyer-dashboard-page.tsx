import { formatCount, formatInr } from '@ub/shared';
import { Link } from 'react-router';
import { PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { DataTable } from '../../components/table.tsx';
import { T, useT } from '../../lib/i18n.tsx';
import { useSessionUser } from '../auth/session.tsx';
import { buyerOrderColumns } from '../buyer-orders/components/order-columns.tsx';
import { useBuyerDashboard } from './api/dashboard.ts';

function Figure({ label, value, detail, to }: { label: string; value: string; detail?: string; to: string }) {
  const t = useT();
  return (
    <Link
      to={to}
      className="block min-w-0 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300 hover:shadow-sm sm:p-5"
      aria-label={t('buyer.dashboard.figure', { label, value })}
    >
      <h2 className="text-sm font-medium text-slate-600">{label}</h2>
      <p className="mt-2 text-base font-bold break-words text-slate-900 sm:text-2xl 2xl:text-3xl">{value}</p>
      {detail && <p className="mt-1 text-sm text-slate-500">{detail}</p>}
    </Link>
  );
}

/** The buyer's dashboard: what is open, on its way and due, and the newest orders. */
export default function BuyerDashboardPage() {
  const t = useT();
  const user = useSessionUser();
  const query = useBuyerDashboard();
  const { data } = query;
  return (
    <div>
      <PageHeader
        title={t('buyer.dashboard.welcome', { name: user.name })}
        description={t('buyer.dashboard.description')}
      />
      {data && (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <Figure
            label={t('buyer.dashboard.openRfqs')}
            value={formatCount(data.openRfqs)}
            detail={t('buyer.dashboard.openRfqsDetail')}
            to="/buyer/rfqs"
          />
          <Figure
            label={t('buyer.dashboard.openRequirements')}
            value={formatCount(data.openRequirements)}
            detail={t('buyer.dashboard.openRequirementsDetail')}
            to="/buyer/requirements"
          />
          <Figure
            label={t('buyer.dashboard.inProgress')}
            value={formatCount(data.ordersInProgress)}
            detail={t('buyer.dashboard.inProgressDetail')}
            to="/buyer/orders?tab=in_progress"
          />
          <Figure
            label={t('buyer.dashboard.paymentsDue')}
            value={formatInr(data.paymentsDue.amount)}
            detail={t('buyer.dashboard.paymentsDueDetail', { count: data.paymentsDue.count })}
            to="/buyer/orders"
          />
        </div>
      )}
      <h2 className="mt-8 text-lg font-semibold text-slate-900">{t('buyer.dashboard.recentOrders')}</h2>
      <ListPanel
        query={query}
        loadingLabel={t('buyer.dashboard.loading')}
        empty={!data || data.recentOrders.length === 0}
        emptyTitle={t('buyer.dashboard.noOrders')}
        emptyText={
          <T
            id="buyer.dashboard.noOrdersText"
            components={[<Link key="find" to="/products" className="font-semibold text-brand-700 hover:underline" />]}
          />
        }
      >
        {data && (
          <DataTable
            label={t('buyer.dashboard.recentOrders')}
            columns={buyerOrderColumns(t)}
            rows={data.recentOrders}
            rowId={(o) => o.id}
          />
        )}
      </ListPanel>
    </div>
  );
}
