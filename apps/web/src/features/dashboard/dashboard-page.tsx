import { useQuery } from '@tanstack/react-query';
import { type DashboardOverview, formatCount, formatDate, formatInr } from '@ub/shared';
import { useState } from 'react';
import { Badge, EmptyState, PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { api } from '../../lib/api.ts';
import { OrderDetailsModal } from '../orders/components/order-details-modal.tsx';

const CARDS: Array<{ key: keyof DashboardOverview['stats']; label: string }> = [
  { key: 'total_orders', label: 'Orders' },
  { key: 'total_products', label: 'Products' },
  { key: 'pending_payments', label: 'Pending Payments' },
  { key: 'alerts', label: 'Alerts' },
];

export default function DashboardPage() {
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, isLoading, error } = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api<DashboardOverview>('/dashboard/overview'),
  });
  return (
    <div>
      <PageHeader title="Dashboard" description="Trends compare the last 30 days with the 30 days before." />
      {isLoading && <Spinner label="Loading dashboard..." />}
      <FormError message={error?.message} />
      {data && (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {CARDS.map(({ key, label }) => {
              const stat = data.stats[key];
              return (
                <section key={key} className="rounded-xl border border-slate-200 bg-white p-5" aria-label={label}>
                  <h2 className="text-sm font-medium text-slate-600">{label}</h2>
                  <p className="mt-2 text-3xl font-bold text-slate-900">{formatCount(stat.count)}</p>
                  <p
                    className={`mt-1 text-sm font-semibold ${stat.trend.startsWith('+') ? 'text-green-700' : 'text-red-700'}`}
                  >
                    {stat.trend} <span className="font-normal text-slate-500">vs previous 30 days</span>
                  </p>
                </section>
              );
            })}
          </div>
          <section className="mt-8 rounded-xl border border-slate-200 bg-white">
            <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold">Recent Orders</h2>
            {data.recent_orders.length === 0 ? (
              <EmptyState title="No orders yet">Orders from buyers will appear here.</EmptyState>
            ) : (
              <>
                <ul className="divide-y divide-slate-100 md:hidden">
                  {data.recent_orders.map((o) => (
                    <li key={o.id} className="space-y-1 p-4 text-sm">
                      <div className="flex items-start justify-between gap-2">
                        <p className="font-medium">{o.name}</p>
                        <Badge tone={o.status === 'Completed' ? 'green' : 'yellow'}>{o.status}</Badge>
                      </div>
                      <div className="flex items-center justify-between text-slate-600">
                        <span>
                          {o.orderId} · {formatDate(o.date)}
                        </span>
                        <span className="font-semibold text-slate-900">{formatInr(o.price)}</span>
                      </div>
                      <button
                        type="button"
                        className="font-semibold text-brand-700 hover:underline"
                        onClick={() => setOpenId(o.id)}
                      >
                        View Order
                      </button>
                    </li>
                  ))}
                </ul>
                <div className="hidden md:block">
                  <table className="w-full text-left text-sm">
                    <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                      <tr>
                        <th className="px-4 py-3">Product Name</th>
                        <th className="px-4 py-3">Order Date</th>
                        <th className="px-4 py-3 text-right">Total Amount</th>
                        <th className="px-4 py-3">Payment Status</th>
                        <th className="px-4 py-3 text-right">Action</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {data.recent_orders.map((o) => (
                        <tr key={o.id}>
                          <td className="px-4 py-3">
                            <p className="font-medium">{o.name}</p>
                            <p className="text-xs text-slate-500">{o.orderId}</p>
                          </td>
                          <td className="px-4 py-3">{formatDate(o.date)}</td>
                          <td className="px-4 py-3 text-right">{formatInr(o.price)}</td>
                          <td className="px-4 py-3">
                            <Badge tone={o.status === 'Completed' ? 'green' : 'yellow'}>{o.status}</Badge>
                          </td>
                          <td className="px-4 py-3 text-right">
                            <button
                              type="button"
                              className="font-semibold text-brand-700 hover:underline"
                              onClick={() => setOpenId(o.id)}
                            >
                              View Order
                            </button>
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </>
            )}
          </section>
        </>
      )}
      <OrderDetailsModal orderId={openId} onClose={() => setOpenId(null)} />
    </div>
  );
}
