import { LIMITS, markSettlementPaidSchema, type AdminPaymentListItem, type AdminSettlementListItem } from '@ub/shared';
import { formatDate, formatInr } from '@ub/shared/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, EmptyState, PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError, TextField } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { DataTable, td } from '../../components/table.tsx';
import { api } from '../../lib/api.ts';
import { useDebounced } from '../../lib/use-debounced.ts';

type Payment = AdminPaymentListItem;
type Settlement = AdminSettlementListItem;

const paidBadge = (s: 'pending' | 'paid') => (
  <Badge tone={s === 'paid' ? 'green' : 'yellow'}>{s === 'paid' ? 'Paid' : 'Pending'}</Badge>
);
const searchBox = 'h-10 w-full rounded-lg border border-slate-300 px-3 text-sm sm:max-w-sm';

function PaymentsTab() {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const q = useDebounced(search.trim());
  const pageSize = LIMITS.adminPageSize;
  const list = useQuery({
    queryKey: ['admin', 'payments', { q, page }],
    queryFn: () =>
      api<{ payments: Payment[]; total: number }>(
        `/admin/payments?${new URLSearchParams({ q, page: String(page), pageSize: String(pageSize) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <input
        type="search"
        aria-label="Search payments"
        placeholder="Search payment, order, customer or manufacturer"
        value={search}
        onChange={(e) => {
          setSearch(e.target.value);
          setPage(1);
        }}
        className={`${searchBox} mb-3`}
      />
      {list.isPending ? (
        <Spinner label="Loading payments..." />
      ) : list.isError ? (
        <FormError message={list.error.message} />
      ) : list.data.payments.length === 0 ? (
        <EmptyState title="No payments found." />
      ) : (
        <>
          <DataTable
            label="Buyer payments"
            head={['Payment', 'Order', 'Customer', 'Manufacturer', 'Date', 'Method', 'Total', 'Status', 'Settled']}
          >
            {list.data.payments.map((p) => (
              <tr key={p.id}>
                <td className={`${td} font-medium text-slate-900`}>{p.paymentNumber}</td>
                <td className={td}>{p.orderNumber}</td>
                <td className={td}>{p.customer}</td>
                <td className={td}>{p.manufacturer}</td>
                <td className={td}>{formatDate(p.paymentDate)}</td>
                <td className={`${td} uppercase`}>{p.method}</td>
                <td className={td}>{formatInr(p.amount)}</td>
                <td className={td}>{paidBadge(p.status)}</td>
                <td className={td}>{p.settled ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </DataTable>
          <Pagination page={page} pageSize={pageSize} total={list.data.total} onChange={setPage} />
        </>
      )}
    </section>
  );
}

function MarkPaidModal({ settlement, onClose }: { settlement: Settlement | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reference, setReference] = useState('');
  const parsed = markSettlementPaidSchema.safeParse({ reference });
  const mark = useMutation({
    mutationFn: () =>
      api<Settlement>(`/admin/settlements/${settlement?.id}/mark-paid`, { method: 'POST', body: { reference } }),
    onSuccess: (s) => {
      toast.success(`${s.settlementNumber} marked paid.`);
      setReference('');
      onClose();
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  return (
    <Modal
      open={Boolean(settlement)}
      onClose={onClose}
      title="Mark settlement paid"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!parsed.success || mark.isPending} onClick={() => mark.mutate()}>
            Mark paid
          </Button>
        </>
      }
    >
      {settlement && (
        <div className="space-y-3 text-sm">
          <p>
            {settlement.manufacturer}: {formatInr(settlement.amount)} for {formatDate(settlement.periodStart)} to{' '}
            {formatDate(settlement.periodEnd)}
          </p>
          <TextField
            label="Payment reference (UTR)"
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            maxLength={100}
            error={mark.error instanceof Error ? mark.error.message : undefined}
          />
        </div>
      )}
    </Modal>
  );
}

function SettlementsTab() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [paying, setPaying] = useState<Settlement | null>(null);
  const pageSize = LIMITS.adminPageSize;
  const list = useQuery({
    queryKey: ['admin', 'settlements', { page }],
    queryFn: () =>
      api<{ settlements: Settlement[]; total: number }>(
        `/admin/settlements?${new URLSearchParams({ page: String(page), pageSize: String(pageSize) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const generate = useMutation({
    mutationFn: () =>
      api<{ created: number; week: { start: string; end: string } }>('/admin/settlements/generate', { method: 'POST' }),
    onSuccess: (r) => {
      toast.success(
        r.created
          ? `${r.created} settlement${r.created === 1 ? '' : 's'} created for ${r.week.start} to ${r.week.end}.`
          : 'Nothing to settle: no delivered, paid orders are waiting.',
      );
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <section>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          Weekly settlements group each seller's delivered and paid orders not yet settled.
        </p>
        <Button onClick={() => generate.mutate()} disabled={generate.isPending}>
          Generate this week's settlements
        </Button>
      </div>
      {list.isPending ? (
        <Spinner label="Loading settlements..." />
      ) : list.isError ? (
        <FormError message={list.error.message} />
      ) : list.data.settlements.length === 0 ? (
        <EmptyState title="No settlements yet." />
      ) : (
        <>
          <DataTable
            label="Settlements"
            head={['Settlement', 'Manufacturer', 'Period', 'Amount', 'Status', 'Reference', 'Actions']}
          >
            {list.data.settlements.map((s) => (
              <tr key={s.id}>
                <td className={`${td} font-medium text-slate-900`}>{s.settlementNumber}</td>
                <td className={td}>{s.manufacturer}</td>
                <td className={td}>
                  {formatDate(s.periodStart)} to {formatDate(s.periodEnd)}
                </td>
                <td className={td}>{formatInr(s.amount)}</td>
                <td className={td}>{paidBadge(s.status)}</td>
                <td className={td}>{s.reference ?? '-'}</td>
                <td className={td}>
                  {s.status === 'pending' && (
                    <Button className="px-3 py-1 text-xs" onClick={() => setPaying(s)}>
                      Mark paid
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
          <Pagination page={page} pageSize={pageSize} total={list.data.total} onChange={setPage} />
        </>
      )}
      <MarkPaidModal settlement={paying} onClose={() => setPaying(null)} />
    </section>
  );
}

export default function AdminPaymentsPage() {
  const [tab, setTab] = useState<'payments' | 'settlements'>('payments');
  const tabClass = (t: string) =>
    `rounded-md px-4 py-2 text-sm font-semibold ${tab === t ? 'bg-brand-700 text-white' : 'bg-white text-slate-700 border border-slate-300'}`;
  return (
    <div>
      <PageHeader title="Payments" description="Buyer payments and weekly seller settlements." />
      <div role="tablist" className="mb-4 flex gap-2">
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'payments'}
          className={tabClass('payments')}
          onClick={() => setTab('payments')}
        >
          Buyer payments
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={tab === 'settlements'}
          className={tabClass('settlements')}
          onClick={() => setTab('settlements')}
        >
          Settlements
        </button>
      </div>
      {tab === 'payments' ? <PaymentsTab /> : <SettlementsTab />}
    </div>
  );
}
