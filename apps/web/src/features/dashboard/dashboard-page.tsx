import { useQuery } from '@tanstack/react-query';
import { type DashboardOverview, formatCount, formatDate, formatInr } from '@ub/shared';
import { useState } from 'react';
import { Badge, EmptyState, PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { OrderDetailsModal } from '../orders/components/order-details-modal.tsx';

const CARDS: Array<keyof DashboardOverview['stats']> = ['total_orders', 'total_products', 'pending_payments', 'alerts'];

/** The payment status the overview answers ("Completed", "Pending") as a catalogue id; an unknown one as it came. */
function paymentLabel(t: ReturnType<typeof useT>, status: string): string {
  return status === 'Completed' || status === 'Pending' ? t(`dashboard.paymentStatus.${status}`) : status;
}

/**
 * An order's name as the overview answers it: its largest line's product, and "+N more" (the server's English)
 * when it has other lines; the count is said in the active language.
 */
function orderName(t: ReturnType<typeof useT>, name: string): string {
  const m = /^(.*) \+(\d+) more$/s.exec(name);
  return m ? t('dashboard.orderName', { name: m[1], count: Number(m[2]) }) : name;
}

export default function DashboardPage() {
  const t = useT();
  const [openId, setOpenId] = useState<string | null>(null);
  const { data, isLoading, error } = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => api<DashboardOverview>('/dashboard/overview'),
  });
  return (
    <div>
      <PageHeader title={t('dashboard.title')} description={t('dashboard.description')} />
      {isLoading && <Spinner label={t('dashboard.loading')} />}
      <FormError message={error?.message} />
      {data && (
        <>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {CARDS.map((key) => {
              const stat = data.stats[key];
              const label = t(`dashboard.cards.${key}`);
              return (
                <section key={key} className="rounded-xl border border-slate-200 bg-white p-5" aria-label={label}>
                  <h2 className="text-sm font-medium text-slate-600">{label}</h2>
                  <p className="mt-2 text-3xl font-bold text-slate-900">{formatCount(stat.count)}</p>
                  <p
                    className={`mt-1 text-sm font-semibold ${stat.trend.startsWith('+') ? 'text-green-700' : 'text-red-700'}`}
                  >
                    {stat.trend} <span className="font-normal text-slate-500">{t('dashboard.vsPrevious')}</span>
                  </p>
                </section>
              );
            })}
          </div>
          <section className="mt-8 rounded-xl border border-slate-200 bg-white">
            <h2 className="border-b border-slate-200 px-4 py-3 text-lg font-semibold">{t('dashboard.recentOrders')}</h2>
            {data.recent_orders.length === 0 ? (
              <EmptyState title={t('dashboard.noOrders')}>{t('dashboard.noOrdersText')}</EmptyState>
            ) : (
              <>
                <ul className="divide-y divide-slate-100 md:hidden">
                  {data.recent_orders.map((o) => (
                    <li key={o.id} className="space-y-1 p-4 text-sm">
                      <div className="flex items-start justify-between gap-2">
                        <p className="font-medium">{orderName(t, o.name)}</p>
                        <Badge tone={o.status === 'Completed' ? 'green' : 'yellow'}>{paymentLabel(t, o.status)}</Badge>
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
                        {t('dashboard.viewOrder')}
                      </button>
                    </li>
                  ))}
                </ul>
                <div className="hidden md:block">
                  <table className="w-full text-left text-sm">
                    <thead className="bg-slate-50 text-xs uppercase text-slate-500">
                      <tr>
                        <th className="px-4 py-3">{t('dashboard.columns.product')}</th>
                        <th className="px-4 py-3">{t('dashboard.columns.date')}</th>
                        <th className="px-4 py-3 text-right">{t('dashboard.columns.total')}</th>
                        <th className="px-4 py-3">{t('dashboard.columns.payment')}</th>
                        <th className="px-4 py-3 text-right">{t('dashboard.columns.action')}</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-slate-100">
                      {data.recent_orders.map((o) => (
                        <tr key={o.id}>
                          <td className="px-4 py-3">
                            <p className="font-medium">{orderName(t, o.name)}</p>
                            <p className="text-xs text-slate-500">{o.orderId}</p>
                          </td>
                          <td className="px-4 py-3">{formatDate(o.date)}</td>
                          <td className="px-4 py-3 text-right">{formatInr(o.price)}</td>
                          <td className="px-4 py-3">
                            <Badge tone={o.status === 'Completed' ? 'green' : 'yellow'}>
                              {paymentLabel(t, o.status)}
                            </Badge>
                          </td>
                          <td className="px-4 py-3 text-right">
                            <button
                              type="button"
                              className="font-semibold text-brand-700 hover:underline"
                              onClick={() => setOpenId(o.id)}
                            >
                              {t('dashboard.viewOrder')}
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
