import { type AdminDashboard, REASON_DIALOG_TITLES, type ReasonInput, TIMINGS } from '@ub/shared';
import { formatCount, formatInr } from '@ub/shared/format';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { toast } from 'react-toastify';
import { Bar, BarChart, CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Button } from '../../components/button.tsx';
import { EmptyState, PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { api } from '../../lib/api.ts';

type Dashboard = AdminDashboard;

const compactInr = (v: number) =>
  new Intl.NumberFormat('en-IN', {
    style: 'currency',
    currency: 'INR',
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(v);

const TREND_TONES = { good: 'text-green-700', bad: 'text-red-600', flat: 'text-slate-600' } as const;

/**
 * A rising figure is green and a falling one red, except where a rise is bad news (disputes: the spec shows their
 * rise red). The server may send the percentage as a number or as numeric text.
 */
export function Trend({ value, risingIsBad = false }: { value: number | string; risingIsBad?: boolean }) {
  const n = Number(value);
  const tone = n === 0 || Number.isNaN(n) ? 'flat' : n > 0 !== risingIsBad ? 'good' : 'bad';
  return (
    <span data-tone={tone} className={`text-xs font-semibold ${TREND_TONES[tone]}`}>
      {n > 0 ? `▲ +${n}` : n < 0 ? `▼ ${n}` : String(Number.isNaN(n) ? value : n)}%{' '}
      <span className="font-normal text-slate-500">vs last month</span>
    </span>
  );
}

function StatCard({
  label,
  value,
  trend,
  risingIsBad,
}: {
  label: string;
  value: ReactNode;
  trend: number | string;
  risingIsBad?: boolean;
}) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <p className="text-sm font-medium text-slate-500">{label}</p>
      <p className="mt-1 text-2xl font-bold text-slate-900">{value}</p>
      <div className="mt-1">
        <Trend value={trend} risingIsBad={risingIsBad} />
      </div>
    </div>
  );
}

function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="mb-3 text-sm font-semibold text-slate-700">{title}</h3>
      <div className="h-64">{children}</div>
    </section>
  );
}

export default function AdminDashboardPage() {
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState<{ id: string; name: string } | null>(null);
  const query = useQuery({ queryKey: ['admin', 'dashboard'], queryFn: () => api<Dashboard>('/admin/dashboard') });
  const act = useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: 'approve' | 'reject'; reason?: ReasonInput }) =>
      api<{ name: string }>(`/admin/manufacturers/${id}/${action}`, { method: 'POST', body: reason }),
    onSuccess: (m, v) => {
      toast.success(`${m.name} ${v.action === 'approve' ? 'verified' : 'rejected'}.`);
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });

  const requestColumns: Array<Column<Dashboard['requests'][number]>> = [
    {
      id: 'name',
      header: 'Manufacturer Name',
      cell: (r) => <span className="font-medium text-slate-900">{r.name}</span>,
    },
    { id: 'contactPerson', header: 'Contact Person', cell: (r) => r.contactPerson },
    { id: 'email', header: 'Email', cell: (r) => <span className="break-all">{r.email}</span> },
    { id: 'status', header: 'Status', cell: (r) => <StatusBadge status={r.status} label={r.statusLabel} /> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (r) => (
        <>
          <Button
            className="px-3 py-1 text-xs"
            disabled={act.isPending}
            onClick={() => act.mutate({ id: r.id, action: 'approve' }, { onError: (e) => toast.error(e.message) })}
          >
            Verify
          </Button>
          <Button
            variant="danger"
            className="px-3 py-1 text-xs"
            disabled={act.isPending}
            onClick={() => setRejecting({ id: r.id, name: r.name })}
          >
            Reject
          </Button>
        </>
      ),
    },
  ];

  if (query.isPending) return <Spinner label="Loading dashboard..." />;
  if (query.isError) return <FormError message={query.error.message} />;
  const d = query.data;
  const anim = { isAnimationActive: true, animationDuration: TIMINGS.chartAnimationMs };

  return (
    <div className="space-y-6">
      <PageHeader title="Admin Dashboard" description="Platform activity at a glance." />
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Total Buyers" value={formatCount(d.cards.buyers.count)} trend={d.cards.buyers.trend} />
        <StatCard
          label="Total Manufacturers"
          value={formatCount(d.cards.manufacturers.count)}
          trend={d.cards.manufacturers.trend}
        />
        <StatCard label="Total Sales" value={formatInr(d.cards.sales.amount)} trend={d.cards.sales.trend} />
        <StatCard
          label="Dispute Alerts"
          value={formatCount(d.cards.disputes.count)}
          trend={d.cards.disputes.trend}
          risingIsBad
        />
      </div>

      <section>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">New Manufacturer Requests</h2>
        {d.requests.length === 0 ? (
          <div className="rounded-xl border border-slate-200 bg-white">
            <EmptyState title="No pending requests." />
          </div>
        ) : (
          <div className="rounded-xl border border-slate-200 bg-white">
            <DataTable
              label="New Manufacturer Requests"
              columns={requestColumns}
              rows={d.requests}
              rowId={(r) => r.id}
            />
          </div>
        )}
      </section>

      <section>
        <h2 className="mb-3 text-lg font-semibold text-slate-900">Platform Performance Overview</h2>
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="lg:col-span-2">
            <ChartCard title="Sales Trends (last 12 months)">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={d.salesTrend} margin={{ left: 8, right: 16, top: 8 }}>
                  <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                  <XAxis dataKey="label" tick={{ fontSize: 11 }} />
                  <YAxis tickFormatter={compactInr} tick={{ fontSize: 11 }} width={70} />
                  <Tooltip formatter={(v) => formatInr(Number(v))} />
                  <Line type="monotone" dataKey="sales" name="Sales" stroke="#1d4ed8" strokeWidth={2} {...anim} />
                </LineChart>
              </ResponsiveContainer>
            </ChartCard>
          </div>
          <ChartCard title="Manufacturer Growth (new registrations, last 6 months)">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={d.manufacturerGrowth} margin={{ right: 8, top: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis dataKey="label" tick={{ fontSize: 11 }} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} width={40} />
                <Tooltip />
                <Bar dataKey="count" name="Manufacturers" fill="#f97316" radius={[4, 4, 0, 0]} {...anim} />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
          <ChartCard title="Buyer Activity (buyers who ordered, last 3 months)">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={d.buyerActivity} layout="vertical" margin={{ right: 16, top: 8 }}>
                <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
                <XAxis type="number" allowDecimals={false} tick={{ fontSize: 11 }} />
                <YAxis type="category" dataKey="label" tick={{ fontSize: 11 }} width={80} />
                <Tooltip />
                <Bar dataKey="buyers" name="Active buyers" fill="#16a34a" radius={[0, 4, 4, 0]} {...anim} />
              </BarChart>
            </ResponsiveContainer>
          </ChartCard>
        </div>
      </section>

      <ReasonDialog
        open={Boolean(rejecting)}
        subject="manufacturer"
        title={REASON_DIALOG_TITLES.rejectManufacturer}
        onClose={() => setRejecting(null)}
        onSubmit={(reason) =>
          rejecting ? act.mutateAsync({ id: rejecting.id, action: 'reject', reason }) : Promise.resolve()
        }
      />
    </div>
  );
}
