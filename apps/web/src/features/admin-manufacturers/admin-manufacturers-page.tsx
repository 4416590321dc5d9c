import {
  type AdminStatusFilter,
  DOCUMENT_KIND_LABELS,
  LIMITS,
  labelOf,
  type ManufacturerAction,
  manufacturerActions,
  MANUFACTURER_ACTION_ROLES,
  REASON_DIALOG_TITLES,
  type ReasonInput,
  type AdminManufacturerListItem,
  type AdminManufacturerDetail,
} from '@ub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { type CarouselItem, ImageCarousel } from '../../components/image-carousel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { type Column, DataTable, StatCard } from '../../components/table.tsx';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { useConfirm } from '../admin-finance/confirm-action.tsx';
import { roleIn, useAdminRole } from '../admin-roles/use-admin-role.ts';
import { getToken } from '../../lib/auth-storage.ts';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';

type Manufacturer = AdminManufacturerListItem;
type Details = AdminManufacturerDetail;

const ACTION_LABELS: Record<ManufacturerAction, string> = {
  approve: 'Approve',
  reject: 'Reject',
  suspend: 'Suspend',
  activate: 'Activate',
};
const FILTERS: Array<[AdminStatusFilter, string]> = [
  ['all', 'All statuses'],
  ['pending', 'Pending Approval'],
  ['approved', 'Approved'],
  ['suspended', 'Suspended'],
  ['rejected', 'Rejected'],
];

/** Verification actions for one manufacturer, shared by the table row and the details modal. */
function useManufacturerAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: ManufacturerAction; reason?: ReasonInput }) =>
      api<Manufacturer>(`/admin/manufacturers/${id}/${action}`, { method: 'POST', body: reason }),
    onSuccess: (m, v) => {
      toast.success(`${m.name}: ${v.action === 'activate' ? 'activated' : m.statusLabel.toLowerCase()}.`);
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

function ActionButtons({
  m,
  onReason,
}: {
  m: Manufacturer;
  onReason: (m: Manufacturer, action: 'reject' | 'suspend') => void;
}) {
  const act = useManufacturerAction();
  const t = useT();
  const role = useAdminRole();
  const confirmation = useConfirm();
  return (
    <>
      {confirmation.dialog}
      {manufacturerActions(m.status)
        .filter((action) => roleIn(role, MANUFACTURER_ACTION_ROLES[action]))
        .map((action) => (
          <Button
            key={action}
            variant={action === 'reject' || action === 'suspend' ? 'danger' : 'primary'}
            className="px-3 py-1 text-xs"
            disabled={act.isPending}
            onClick={() => {
              if (action === 'reject' || action === 'suspend') onReason(m, action);
              else if (action === 'approve')
                confirmation.ask({
                  title: t('admin.confirm.approveSellerTitle'),
                  party: m.name,
                  confirmLabel: t('admin.confirm.approveSellerConfirm'),
                  onConfirm: () => act.mutateAsync({ id: m.id, action }),
                });
              else act.mutate({ id: m.id, action }, { onError: (e) => toast.error(e.message) });
            }}
          >
            {ACTION_LABELS[action]}
          </Button>
        ))}
    </>
  );
}

/** Documents need the admin's token, so they are fetched as blobs and shown through object URLs. */
function useDocumentUrls(details: Details | undefined): CarouselItem[] {
  const [items, setItems] = useState<CarouselItem[]>([]);
  useEffect(() => {
    if (!details) return;
    let cancelled = false;
    const made: string[] = [];
    (async () => {
      const out: CarouselItem[] = [];
      for (const c of details.certificates) {
        const res = await fetch(c.url, { headers: { authorization: `Bearer ${getToken('admin') ?? ''}` } });
        if (!res.ok) continue;
        const url = URL.createObjectURL(await res.blob());
        made.push(url);
        out.push({
          url,
          alt: `${labelOf(DOCUMENT_KIND_LABELS, c.kind)}: ${c.name}`,
          isPdf: c.mime === 'application/pdf',
          fileName: c.name,
        });
      }
      if (!cancelled) setItems(out);
    })();
    return () => {
      cancelled = true;
      for (const u of made) URL.revokeObjectURL(u);
    };
  }, [details]);
  return items;
}

function DetailsModal({
  id,
  onClose,
  onReason,
}: {
  id: string | null;
  onClose: () => void;
  onReason: (m: Manufacturer, action: 'reject' | 'suspend') => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['admin', 'manufacturer', id],
    queryFn: async () => {
      const d = await api<Details>(`/admin/manufacturers/${id}`);
      // Opening a Received request starts its review: the list must show the new status.
      queryClient.invalidateQueries({ queryKey: ['admin', 'manufacturers'] });
      return d;
    },
    enabled: Boolean(id),
  });
  const docs = useDocumentUrls(query.data);
  const m = query.data;
  const rows: Array<[string, string]> = m
    ? [
        ['Name', m.name],
        ['Contact person', m.contactPerson],
        ['Email', m.email],
        ['Contact', m.contact ?? '-'],
        ['GST Number', m.gst],
        ['Address', m.address],
        ['State', m.state ?? '-'],
        ['Registration Date', m.regDate],
      ]
    : [];
  return (
    <Modal
      open={Boolean(id)}
      onClose={onClose}
      title="Manufacturer Details"
      size="lg"
      footer={m && <ActionButtons m={m} onReason={onReason} />}
    >
      {query.isPending && <Spinner label="Loading..." />}
      {query.isError && <FormError message={query.error.message} />}
      {m && (
        <div className="grid gap-5 md:grid-cols-2">
          <div>
            <h3 className="mb-2 text-sm font-semibold text-slate-700">Certificates</h3>
            <ImageCarousel
              items={docs}
              emptyText={m.certificates.length ? 'Loading documents...' : 'No documents uploaded yet'}
            />
            {m.missingDocuments.length > 0 && (
              <p
                role="status"
                className="mt-3 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
              >
                Not yet uploaded, needed for verification: {m.missingDocuments.join(', ')}.
              </p>
            )}
          </div>
          <dl className="space-y-2 text-sm">
            {rows.map(([k, v]) => (
              <div key={k} className="grid grid-cols-3 gap-2">
                <dt className="font-medium text-slate-500">{k}</dt>
                <dd className="col-span-2 break-words text-slate-900">{v}</dd>
              </div>
            ))}
            <div className="grid grid-cols-3 gap-2">
              <dt className="font-medium text-slate-500">Status</dt>
              <dd className="col-span-2">
                <StatusBadge status={m.status} label={m.statusLabel} />
                {m.statusReason && <p className="mt-1 text-xs text-slate-500">Reason: {m.statusReason}</p>}
              </dd>
            </div>
          </dl>
        </div>
      )}
    </Modal>
  );
}

export default function AdminManufacturersPage() {
  const list = useListState({ status: 'all' as AdminStatusFilter }, { status: FILTERS.map(([v]) => v) });
  const record = useRecordRoute();
  const { status } = list.filters;
  const { term: q, page } = list;
  const [reasonFor, setReasonFor] = useState<{ m: Manufacturer; action: 'reject' | 'suspend' } | null>(null);
  const act = useManufacturerAction();
  const pageSize = LIMITS.adminPageSize;
  const query = useQuery({
    queryKey: ['admin', 'manufacturers', { q, status, page }],
    queryFn: () =>
      api<{ manufacturers: Manufacturer[]; total: number }>(
        `/admin/manufacturers?${new URLSearchParams({ q, status, page: String(page), pageSize: String(pageSize) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const onReason = (m: Manufacturer, action: 'reject' | 'suspend') => setReasonFor({ m, action });
  const columns: Array<Column<Manufacturer>> = [
    { id: 'name', header: 'Manufacturer', cell: (m) => <span className="font-medium text-slate-900">{m.name}</span> },
    { id: 'email', header: 'Email', cell: (m) => <span className="break-all">{m.email}</span> },
    { id: 'contact', header: 'Contact', cell: (m) => m.contact ?? '-' },
    { id: 'regDate', header: 'Reg. Date', cell: (m) => <span className="whitespace-nowrap">{m.regDate}</span> },
    { id: 'status', header: 'Status', cell: (m) => <StatusBadge status={m.status} label={m.statusLabel} /> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (m) => (
        <>
          <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => record.open(m.id)}>
            View Details
          </Button>
          <ActionButtons m={m} onReason={onReason} />
        </>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title="Manufacturer Management"
        description="Verify new manufacturers, review their documents and manage their accounts."
      />
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr_12rem] sm:items-end">
        <StatCard label="Total Manufacturers" value={query.data?.total ?? '-'} />
        <input
          type="search"
          aria-label="Search manufacturers"
          placeholder="Search manufacturers"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          className="h-10 rounded-lg border border-slate-300 px-3 text-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <select
          aria-label="Status"
          value={status}
          onChange={(e) => list.setFilter('status', e.target.value as AdminStatusFilter)}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
        >
          {FILTERS.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading manufacturers..."
        empty={!query.data?.manufacturers.length}
        emptyTitle="No manufacturers found."
      >
        {query.data && (
          <DataTable label="Manufacturers" columns={columns} rows={query.data.manufacturers} rowId={(m) => m.id} />
        )}
      </ListPanel>
      {query.data && <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={list.setPage} />}
      <DetailsModal id={record.openId} onClose={record.close} onReason={onReason} />
      <ReasonDialog
        open={Boolean(reasonFor)}
        subject="manufacturer"
        title={
          reasonFor?.action === 'suspend'
            ? REASON_DIALOG_TITLES.suspendManufacturer
            : REASON_DIALOG_TITLES.rejectManufacturer
        }
        onClose={() => setReasonFor(null)}
        onSubmit={(reason) =>
          reasonFor ? act.mutateAsync({ id: reasonFor.m.id, action: reasonFor.action, reason }) : Promise.resolve()
        }
      />
    </div>
  );
}
