import {
  LIMITS,
  markSettlementPaidSchema,
  notDueSentence,
  type AdminPaymentListItem,
  type AdminSettlementListItem,
  type SettlementsNotDue,
} from '@ub/shared';
import { formatDate, formatInr } from '@ub/shared/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader } from '../../components/feedback.tsx';
import { TextField } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { useConfirm } from '../admin-finance/confirm-action.tsx';
import { useListState } from '../../lib/use-list-state.ts';
import { SettlementStatementModal } from './settlement-statement-modal.tsx';

type Payment = AdminPaymentListItem;
type Settlement = AdminSettlementListItem;

const paidBadge = (s: 'pending' | 'paid') => (
  <Badge tone={s === 'paid' ? 'green' : 'yellow'}>{s === 'paid' ? 'Paid' : 'Pending'}</Badge>
);
const searchBox = 'h-10 w-full rounded-lg border border-slate-300 px-3 text-sm sm:max-w-sm';

const paymentColumns: Array<Column<Payment>> = [
  {
    id: 'payment',
    header: 'Payment',
    cell: (p) => <span className="font-medium whitespace-nowrap text-slate-900">{p.paymentNumber}</span>,
  },
  { id: 'order', header: 'Order', cell: (p) => <span className="whitespace-nowrap">{p.orderNumber}</span> },
  { id: 'customer', header: 'Customer', cell: (p) => p.customer },
  { id: 'manufacturer', header: 'Manufacturer', cell: (p) => p.manufacturer },
  { id: 'date', header: 'Date', cell: (p) => formatDate(p.paymentDate) },
  { id: 'method', header: 'Method', cell: (p) => <span className="uppercase">{p.method}</span> },
  { id: 'total', header: 'Total', cell: (p) => <span className="whitespace-nowrap">{formatInr(p.amount)}</span> },
  { id: 'status', header: 'Status', cell: (p) => paidBadge(p.status) },
  { id: 'settled', header: 'Settled', cell: (p) => (p.settled ? 'Yes' : 'No') },
];

function PaymentsTab() {
  const list = useListState({});
  const { term: q, page } = list;
  const pageSize = LIMITS.adminPageSize;
  const query = useQuery({
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
        value={list.search}
        onChange={(e) => list.setSearch(e.target.value)}
        className={searchBox}
      />
      <ListPanel
        query={query}
        loadingLabel="Loading payments..."
        empty={!query.data?.payments.length}
        emptyTitle="No payments found."
      >
        {query.data && (
          <DataTable label="Buyer payments" columns={paymentColumns} rows={query.data.payments} rowId={(p) => p.id} />
        )}
      </ListPanel>
      {query.data && <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={list.setPage} />}
    </section>
  );
}

function MarkPaidModal({ settlement, onClose }: { settlement: Settlement | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reference, setReference] = useState('');
  const t = useT();
  const confirmation = useConfirm();
  const parsed = markSettlementPaidSchema.safeParse({ reference });
  const mark = useMutation({
    mutationFn: () =>
      api<Settlement | { pendingApproval: unknown }>(`/admin/settlements/${settlement?.id}/mark-paid`, {
        method: 'POST',
        body: { reference },
      }),
    onSuccess: (s) => {
      toast.success('settlementNumber' in s ? `${s.settlementNumber} marked paid.` : t('admin.approvals.sent'));
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
          <Button
            disabled={!parsed.success || mark.isPending}
            onClick={() =>
              settlement &&
              confirmation.ask({
                title: t('admin.confirm.paidTitle', { what: settlement.settlementNumber }),
                amountPaise: Math.round(Number(settlement.amount) * 100),
                party: settlement.manufacturer,
                subject: `UTR ${reference.trim()}`,
                confirmLabel: t('admin.confirm.paidConfirm'),
                onConfirm: () => mark.mutateAsync(),
              })
            }
          >
            Mark paid
          </Button>
        </>
      }
    >
      {confirmation.dialog}
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
  const list = useListState({});
  const { page } = list;
  const [paying, setPaying] = useState<Settlement | null>(null);
  const [viewing, setViewing] = useState<string | null>(null);
  const t = useT();
  const confirmation = useConfirm();
  const pageSize = LIMITS.adminPageSize;
  const query = useQuery({
    queryKey: ['admin', 'settlements', { page }],
    queryFn: () =>
      api<{ settlements: Settlement[]; total: number }>(
        `/admin/settlements?${new URLSearchParams({ page: String(page), pageSize: String(pageSize) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const generate = useMutation({
    mutationFn: () =>
      api<{ created: number; week: { start: string; end: string }; notDue: SettlementsNotDue }>(
        '/admin/settlements/generate',
        {
          method: 'POST',
          body: {},
        },
      ),
    onSuccess: (r) => {
      // What was found, and why the rest was not due (held until a date, disputed, netting to zero or less).
      const why = notDueSentence(r.notDue);
      toast.success(
        r.created
          ? `${r.created} settlement${r.created === 1 ? '' : 's'} created for ${formatDate(r.week.start)} to ${formatDate(r.week.end)}. ${why}`.trim()
          : `Nothing was due. ${why || 'No paid order waits for settlement.'}`,
      );
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
  const columns: Array<Column<Settlement>> = [
    {
      id: 'settlement',
      header: 'Settlement',
      cell: (s) => <span className="font-medium whitespace-nowrap text-slate-900">{s.settlementNumber}</span>,
    },
    { id: 'manufacturer', header: 'Manufacturer', cell: (s) => s.manufacturer },
    { id: 'period', header: 'Period', cell: (s) => `${formatDate(s.periodStart)} to ${formatDate(s.periodEnd)}` },
    { id: 'amount', header: 'Amount', cell: (s) => <span className="whitespace-nowrap">{formatInr(s.amount)}</span> },
    {
      id: 'status',
      header: 'Status',
      cell: (s) =>
        s.status === 'pending' && (s.payoutStatus === 'requested' || s.payoutStatus === 'processing') ? (
          <Badge tone="yellow">Processing{s.providerPayoutId ? `: ${s.providerPayoutId}` : ''}</Badge>
        ) : (
          paidBadge(s.status)
        ),
    },
    {
      id: 'reference',
      header: 'Reference',
      cell: (s) =>
        s.status === 'pending' && s.payoutStatus === 'failed' && s.payoutFailureReason ? (
          <span className="text-red-700">Payout failed: {s.payoutFailureReason}</span>
        ) : (
          (s.reference ?? '-')
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (s) => (
        <div className="flex gap-2">
          <Button
            variant="secondary"
            className="px-3 py-1 text-xs"
            onClick={() => setViewing(s.id)}
            aria-label={`Statement of ${s.settlementNumber}`}
          >
            Statement
          </Button>
          {s.status === 'pending' && s.payoutStatus !== 'requested' && s.payoutStatus !== 'processing' && (
            <Button className="px-3 py-1 text-xs" onClick={() => setPaying(s)}>
              Mark paid
            </Button>
          )}
        </div>
      ),
    },
  ];
  return (
    <section>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-600">
          Weekly settlements group each seller's delivered and paid orders not yet settled.
        </p>
        <Button
          onClick={() =>
            confirmation.ask({
              title: t('admin.confirm.runTitle'),
              party: t('admin.confirm.runParty'),
              confirmLabel: t('admin.confirm.runConfirm'),
              onConfirm: () => generate.mutateAsync(),
            })
          }
          disabled={generate.isPending}
        >
          Generate this week's settlements
        </Button>
      </div>
      {confirmation.dialog}
      <ListPanel
        query={query}
        loadingLabel="Loading settlements..."
        empty={!query.data?.settlements.length}
        emptyTitle="No settlements yet."
      >
        {query.data && (
          <DataTable label="Settlements" columns={columns} rows={query.data.settlements} rowId={(s) => s.id} />
        )}
      </ListPanel>
      {query.data && <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={list.setPage} />}
      <MarkPaidModal settlement={paying} onClose={() => setPaying(null)} />
      {viewing && <SettlementStatementModal id={viewing} onClose={() => setViewing(null)} />}
    </section>
  );
}

const TABS = [
  { value: 'payments', label: 'Buyer payments' },
  { value: 'settlements', label: 'Settlements' },
] as const;

export default function AdminPaymentsPage() {
  const list = useListState({ tab: 'payments' as 'payments' | 'settlements' }, { tab: ['payments', 'settlements'] });
  const { tab } = list.filters;
  return (
    <div>
      <PageHeader title="Payments" description="Buyer payments and weekly seller settlements." />
      <Tabs
        label="Payments"
        tabs={TABS}
        value={tab}
        onChange={(v) => list.setFilter('tab', v)}
        className="flex flex-col gap-4"
      >
        {tab === 'payments' ? <PaymentsTab /> : <SettlementsTab />}
      </Tabs>
    </div>
  );
}
