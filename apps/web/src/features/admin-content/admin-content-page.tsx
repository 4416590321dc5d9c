import { type AdminLeadListItem, LEAD_STATUSES, LIMITS, type LeadStatus } from '@ub/shared';
import { formatDate, formatDateTime } from '@ub/shared/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader, type Tone } from '../../components/feedback.tsx';
import { FormError, SelectField, TextAreaField } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { api } from '../../lib/api.ts';
import { useListState } from '../../lib/use-list-state.ts';

type Lead = AdminLeadListItem;
/** The contact-message inbox served by the notifications feature (GET /api/admin/contact-messages). */
interface ContactMessage {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  status: string;
  reply: string | null;
  createdAt: string;
}

const LEAD_LABELS: Record<LeadStatus, string> = {
  new: 'New',
  contacted: 'Contacted',
  converted: 'Converted',
  closed: 'Closed',
};
const LEAD_TONES: Record<LeadStatus, Tone> = { new: 'blue', contacted: 'yellow', converted: 'green', closed: 'gray' };

/** What was sent again with the same number: shown beside the lead, never merged into it. */
function LeadRepeats({ lead }: { lead: Lead }) {
  if (lead.repeatCount === 0) return null;
  const hidden = lead.repeatCount - lead.repeats.length;
  return (
    <section
      aria-label="Sent again with the same number"
      className="rounded-lg border border-amber-200 bg-amber-50 p-3"
    >
      <h3 className="font-semibold text-amber-900">Sent again with the same number ({lead.repeatCount})</h3>
      <p className="mb-2 text-xs text-amber-800">
        The lead keeps the first submission. These came later from the same contact number; check before acting on them.
      </p>
      {hidden > 0 && <p className="mb-1 text-xs text-amber-800">{hidden} earlier not shown.</p>}
      <ol className="space-y-2">
        {lead.repeats.map((r) => (
          <li key={r.createdAt} className="rounded border border-amber-200 bg-white px-2 py-1">
            <p className="text-xs text-slate-500">{formatDateTime(r.createdAt)}</p>
            <p>
              <span className="font-medium">{r.name}</span>, {r.company}
            </p>
            <p className="text-slate-600">
              {[r.email, r.gst ? `GST ${r.gst}` : null, r.referredBy ? `heard via ${r.referredBy}` : null]
                .filter(Boolean)
                .join(' · ') || 'No other details'}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}

function LeadModal({ lead, onClose }: { lead: Lead | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<LeadStatus>(lead?.status ?? 'new');
  const [notes, setNotes] = useState(lead?.notes ?? '');
  const save = useMutation({
    mutationFn: () => api<Lead>(`/admin/leads/${lead?.id}`, { method: 'PATCH', body: { status, notes } }),
    onSuccess: () => {
      toast.success('Lead updated.');
      onClose();
      return queryClient.invalidateQueries({ queryKey: ['admin', 'leads'] });
    },
  });
  return (
    <Modal
      open={Boolean(lead)}
      onClose={onClose}
      title="Lead"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => save.mutate()} disabled={save.isPending}>
            Save
          </Button>
        </>
      }
    >
      {lead && (
        <div className="space-y-3 text-sm">
          <p>
            <span className="font-semibold">{lead.name}</span>, {lead.company}
          </p>
          <p className="text-slate-600">
            {lead.contact}
            {lead.email ? ` · ${lead.email}` : ''}
            {lead.gst ? ` · GST ${lead.gst}` : ''}
            {lead.referredBy ? ` · heard via ${lead.referredBy}` : ''}
          </p>
          <p className="text-xs text-slate-500">Received {formatDateTime(lead.createdAt)}</p>
          <LeadRepeats lead={lead} />
          <SelectField label="Status" value={status} onChange={(e) => setStatus(e.target.value as LeadStatus)}>
            {LEAD_STATUSES.map((s) => (
              <option key={s} value={s}>
                {LEAD_LABELS[s]}
              </option>
            ))}
          </SelectField>
          <TextAreaField
            label="Notes"
            value={notes}
            onChange={(e) => setNotes(e.target.value)}
            rows={4}
            maxLength={2000}
          />
          <FormError message={save.error?.message} />
        </div>
      )}
    </Modal>
  );
}

const LEAD_FILTERS = ['', ...LEAD_STATUSES] as const;

function LeadsTab() {
  const list = useListState({ status: '' as LeadStatus | '' }, { status: LEAD_FILTERS });
  const { status } = list.filters;
  const { term: q, page } = list;
  const [open, setOpen] = useState<Lead | null>(null);
  const pageSize = LIMITS.adminPageSize;
  const query = useQuery({
    queryKey: ['admin', 'leads', { q, status, page }],
    queryFn: () =>
      api<{ leads: Lead[]; total: number }>(
        `/admin/leads?${new URLSearchParams({ q, page: String(page), pageSize: String(pageSize), ...(status ? { status } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const columns: Array<Column<Lead>> = [
    { id: 'name', header: 'Name', cell: (l) => <span className="font-medium text-slate-900">{l.name}</span> },
    { id: 'company', header: 'Company', cell: (l) => l.company },
    {
      id: 'contact',
      header: 'Contact',
      cell: (l) => (
        <>
          <span className="break-all">{l.contact}</span>
          {l.repeatCount > 0 && (
            <span className="ml-2">
              <Badge tone="yellow">{l.repeatCount === 1 ? 'sent again' : `sent again ×${l.repeatCount}`}</Badge>
            </span>
          )}
        </>
      ),
    },
    { id: 'received', header: 'Received', cell: (l) => formatDate(l.createdAt) },
    { id: 'status', header: 'Status', cell: (l) => <Badge tone={LEAD_TONES[l.status]}>{LEAD_LABELS[l.status]}</Badge> },
    { id: 'notes', header: 'Notes', cell: (l) => <span className="line-clamp-2">{l.notes ?? '-'}</span> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (l) => (
        <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setOpen(l)}>
          Update
        </Button>
      ),
    },
  ];
  return (
    <section>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          type="search"
          aria-label="Search leads"
          placeholder="Search name, company, phone or email"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          className="h-10 flex-1 rounded-lg border border-slate-300 px-3 text-sm"
        />
        <select
          aria-label="Lead status"
          value={status}
          onChange={(e) => list.setFilter('status', e.target.value as LeadStatus | '')}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm sm:w-48"
        >
          <option value="">All statuses</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {LEAD_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading leads..."
        empty={!query.data?.leads.length}
        emptyTitle="No leads found."
      >
        {query.data && <DataTable label="Leads" columns={columns} rows={query.data.leads} rowId={(l) => l.id} />}
      </ListPanel>
      {query.data && <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={list.setPage} />}
      {open && <LeadModal key={open.id} lead={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function MessageModal({ message, onClose }: { message: ContactMessage | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [reply, setReply] = useState('');
  const done = (text: string) => {
    toast.success(text);
    onClose();
    return queryClient.invalidateQueries({ queryKey: ['admin', 'contact-messages'] });
  };
  const send = useMutation({
    mutationFn: () =>
      api(`/admin/contact-messages/${message?.id}/reply`, { method: 'POST', body: { reply: reply.trim() } }),
    onSuccess: () => done('Reply sent.'),
  });
  const close = useMutation({
    mutationFn: () => api(`/admin/contact-messages/${message?.id}`, { method: 'PATCH', body: { status: 'closed' } }),
    onSuccess: () => done('Message closed.'),
  });
  return (
    <Modal open={Boolean(message)} onClose={onClose} title={message?.subject ?? ''} size="lg">
      {message && (
        <div className="space-y-3 text-sm">
          <p className="text-slate-600">
            From {message.name} ({message.email}) on {formatDate(message.createdAt)}
          </p>
          <p className="whitespace-pre-line rounded-lg bg-slate-50 p-3">{message.message}</p>
          {message.reply && (
            <div>
              <p className="font-medium text-slate-500">Our reply</p>
              <p className="whitespace-pre-line">{message.reply}</p>
            </div>
          )}
          {message.status !== 'closed' && (
            <>
              <TextAreaField
                label="Reply"
                value={reply}
                onChange={(e) => setReply(e.target.value)}
                rows={4}
                maxLength={5000}
              />
              <FormError message={send.error?.message ?? close.error?.message} />
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="secondary" onClick={() => close.mutate()} disabled={close.isPending}>
                  Close message
                </Button>
                <Button onClick={() => send.mutate()} disabled={!reply.trim() || send.isPending}>
                  Send reply
                </Button>
              </div>
            </>
          )}
        </div>
      )}
    </Modal>
  );
}

function MessagesTab() {
  const list = useListState({});
  const { page } = list;
  const [open, setOpen] = useState<ContactMessage | null>(null);
  const pageSize = LIMITS.adminPageSize;
  const query = useQuery({
    queryKey: ['admin', 'contact-messages', { page }],
    queryFn: () =>
      api<{ messages: ContactMessage[]; total: number }>(
        `/admin/contact-messages?${new URLSearchParams({ page: String(page), pageSize: String(pageSize) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const columns: Array<Column<ContactMessage>> = [
    {
      id: 'from',
      header: 'From',
      cell: (m) => (
        <>
          <p className="font-medium text-slate-900">{m.name}</p>
          <p className="text-xs break-all text-slate-500">{m.email}</p>
        </>
      ),
    },
    { id: 'subject', header: 'Subject', cell: (m) => <span className="line-clamp-2">{m.subject}</span> },
    { id: 'received', header: 'Received', cell: (m) => formatDate(m.createdAt) },
    {
      id: 'status',
      header: 'Status',
      cell: (m) => (
        <Badge tone={m.status === 'closed' ? 'gray' : m.reply ? 'green' : 'yellow'}>
          {m.status === 'closed' ? 'Closed' : m.reply ? 'Replied' : 'Open'}
        </Badge>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (m) => (
        <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => setOpen(m)}>
          Open
        </Button>
      ),
    },
  ];
  return (
    <section>
      <ListPanel
        query={query}
        loadingLabel="Loading messages..."
        empty={!query.data?.messages.length}
        emptyTitle="No messages."
      >
        {query.data && (
          <DataTable label="Contact messages" columns={columns} rows={query.data.messages} rowId={(m) => m.id} />
        )}
      </ListPanel>
      {query.data && <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={list.setPage} />}
      {open && <MessageModal key={open.id} message={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

const TABS = [
  { value: 'leads', label: 'Leads' },
  { value: 'messages', label: 'Contact messages' },
] as const;

export default function AdminContentPage() {
  const list = useListState({ tab: 'leads' as 'leads' | 'messages' }, { tab: ['leads', 'messages'] });
  const { tab } = list.filters;
  return (
    <div>
      <PageHeader
        title="Content & Communication"
        description="Leads from the landing page and messages sellers send to the admin team."
      />
      <Tabs
        label="Content"
        tabs={TABS}
        value={tab}
        onChange={(v) => list.setFilter('tab', v)}
        className="flex flex-col gap-4"
      >
        {tab === 'leads' ? <LeadsTab /> : <MessagesTab />}
      </Tabs>
    </div>
  );
}
