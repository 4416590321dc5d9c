import { formatCount, formatInr } from '@ub/shared';
import { Link } from 'react-router';
import { PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { DataTable } from '../../components/table.tsx';
import { useSessionUser } from '../auth/session.tsx';
import { buyerOrderColumns } from '../buyer-orders/components/order-columns.tsx';
import { useBuyerDashboard } from './api/dashboard.ts';

function Figure({ label, value, detail, to }: { label: string; value: string; detail?: string; to: string }) {
  return (
    <Link
      to={to}
      className="block min-w-0 rounded-xl border border-slate-200 bg-white p-4 hover:border-brand-300 hover:shadow-sm sm:p-5"
      aria-label={`${label}: ${value}`}
    >
      <h2 className="text-sm font-medium text-slate-600">{label}</h2>
      <p className="mt-2 text-xl font-bold break-words text-slate-900 sm:text-3xl">{value}</p>
      {detail && <p className="mt-1 text-sm text-slate-500">{detail}</p>}
    </Link>
  );
}

/** The buyer's dashboard: what is open, on its way and due, and the newest orders. */
export default function BuyerDashboardPage() {
  const user = useSessionUser();
  const query = useBuyerDashboard();
  const { data } = query;
  return (
    <div>
      <PageHeader title={`Welcome, ${user.name}`} description="What needs your attention today." />
      {data && (
        <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
          <Figure label="Open RFQs" value={formatCount(data.openRfqs)} detail="Waiting for a deal" to="/buyer/rfqs" />
          <Figure
            label="Open requirements"
            value={formatCount(data.openRequirements)}
            detail="Collecting quotes"
            to="/buyer/requirements"
          />
          <Figure
            label="Orders in progress"
            value={formatCount(data.ordersInProgress)}
            detail="Placed, being prepared or shipped"
            to="/buyer/orders?tab=in_progress"
          />
          <Figure
            label="Payments due"
            value={formatInr(data.paymentsDue.amount)}
            detail={`${formatCount(data.paymentsDue.count)} unpaid orders`}
            to="/buyer/orders"
          />
        </div>
      )}
      <h2 className="mt-8 text-lg font-semibold text-slate-900">Recent orders</h2>
      <ListPanel
        query={query}
        loadingLabel="Loading dashboard..."
        empty={!data || data.recentOrders.length === 0}
        emptyTitle="No orders yet"
        emptyText={
          <>
            <Link to="/products" className="font-semibold text-brand-700 hover:underline">
              Find products
            </Link>{' '}
            from verified manufacturers to place your first order.
          </>
        }
      >
        {data && (
          <DataTable label="Recent orders" columns={buyerOrderColumns} rows={data.recentOrders} rowId={(o) => o.id} />
        )}
      </ListPanel>
    </div>
  );
}
