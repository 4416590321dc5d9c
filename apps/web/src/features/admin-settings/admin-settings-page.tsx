import { zodResolver } from '@hookform/resolvers/zod';
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_KINDS,
  type InviteAdminInput,
  inviteAdminSchema,
  type SiteSettings,
  siteSettingsSchema,
  type AdminUserItem,
  ADMIN_ROLES,
  type AdminRole,
  type FourEyesSettings,
} from '@ub/shared';
import { formatInr, rupeesToPaise } from '@ub/shared/format';
import { formatDate, formatDateTime } from '@ub/shared/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError, SelectField, TextField } from '../../components/field.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { useListState } from '../../lib/use-list-state.ts';
import { useSessionUser } from '../auth/session.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useAdminRole } from '../admin-roles/use-admin-role.ts';

type Admin = AdminUserItem;

function AdminUsers() {
  const me = useSessionUser();
  const queryClient = useQueryClient();
  const [temporary, setTemporary] = useState<{ email: string; password: string } | null>(null);
  const list = useQuery({ queryKey: ['admin', 'admins'], queryFn: () => api<{ admins: Admin[] }>('/admin/admins') });
  const form = useForm<InviteAdminInput>({
    resolver: zodResolver(inviteAdminSchema),
    defaultValues: { fullName: '', email: '', role: 'support' },
  });
  const invite = useMutation({
    mutationFn: (body: InviteAdminInput) =>
      api<{ admin: Admin; temporaryPassword: string }>('/admin/admins', { method: 'POST', body }),
    onSuccess: (r) => {
      setTemporary({ email: r.admin.email, password: r.temporaryPassword });
      form.reset();
      return queryClient.invalidateQueries({ queryKey: ['admin', 'admins'] });
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        for (const [k, v] of Object.entries(err.fields)) form.setError(k as keyof InviteAdminInput, { message: v });
      }
    },
  });
  const deactivate = useMutation({
    mutationFn: (id: string) => api<Admin>(`/admin/admins/${id}/deactivate`, { method: 'POST' }),
    onSuccess: (a) => {
      toast.success(`${a.fullName} deactivated and signed out.`);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'admins'] });
    },
    onError: (e) => toast.error(e.message),
  });
  const t = useT();
  const changeRole = useMutation({
    mutationFn: ({ id, role }: { id: string; role: AdminRole }) =>
      api<Admin>(`/admin/admins/${id}/role`, { method: 'PUT', body: { role } }),
    onSuccess: () => {
      toast.success(t('admin.roles.changed'));
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
    onError: (e) => toast.error(e.message),
  });
  const columns: Array<Column<Admin>> = [
    { id: 'name', header: 'Name', cell: (a) => <span className="font-medium text-slate-900">{a.fullName}</span> },
    { id: 'email', header: 'Email', cell: (a) => <span className="break-all">{a.email}</span> },
    {
      id: 'role',
      header: t('admin.roles.label'),
      cell: (a) =>
        a.isActive ? (
          <select
            aria-label={`${t('admin.roles.change')}: ${a.fullName}`}
            className="rounded border border-slate-300 px-2 py-1 text-sm"
            value={a.role}
            disabled={changeRole.isPending}
            onChange={(e) => changeRole.mutate({ id: a.id, role: e.target.value as AdminRole })}
          >
            {ADMIN_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`admin.roles.${r}`)}
              </option>
            ))}
          </select>
        ) : (
          t(`admin.roles.${a.role}`)
        ),
    },
    { id: 'since', header: 'Since', cell: (a) => formatDate(a.createdAt) },
    {
      id: 'status',
      header: 'Status',
      cell: (a) => <Badge tone={a.isActive ? 'green' : 'gray'}>{a.isActive ? 'Active' : 'Deactivated'}</Badge>,
    },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (a) => (
        <>
          {a.isActive && a.id !== me.id && (
            <Button
              variant="danger"
              className="px-3 py-1 text-xs"
              disabled={deactivate.isPending}
              onClick={() => deactivate.mutate(a.id)}
            >
              Deactivate
            </Button>
          )}
          {a.id === me.id && <span className="text-xs text-slate-500">You</span>}
        </>
      ),
    },
  ];
  return (
    <section className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">Admin users</h2>
      <ListPanel
        query={list}
        loadingLabel="Loading admins..."
        empty={!list.data?.admins.length}
        emptyTitle="No admins."
      >
        {list.data && <DataTable label="Admin users" columns={columns} rows={list.data.admins} rowId={(a) => a.id} />}
      </ListPanel>
      <form
        onSubmit={form.handleSubmit((v) => invite.mutate(v))}
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto_auto] sm:items-start"
        noValidate
      >
        <TextField label="Full name" {...form.register('fullName')} error={form.formState.errors.fullName?.message} />
        <TextField
          label="Email"
          type="email"
          {...form.register('email')}
          error={form.formState.errors.email?.message}
        />
        <SelectField
          label={t('admin.roles.label')}
          {...form.register('role')}
          error={form.formState.errors.role?.message}
        >
          {ADMIN_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`admin.roles.${r}`)}
            </option>
          ))}
        </SelectField>
        <Button type="submit" className="sm:mt-6" disabled={invite.isPending}>
          Invite admin
        </Button>
      </form>
      <FormError
        message={
          invite.error && !(invite.error instanceof ApiError && Object.keys(invite.error.fields).length)
            ? invite.error.message
            : null
        }
      />
      {temporary && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          Temporary password for {temporary.email}:{' '}
          <code className="font-mono font-semibold">{temporary.password}</code>
          <br />
          It is shown only once: pass it on securely.
        </div>
      )}
    </section>
  );
}

function SiteConfiguration() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: ['admin', 'site-settings'],
    queryFn: () => api<SiteSettings>('/admin/site-settings'),
  });
  if (query.isPending) return <Spinner />;
  if (query.isError) return <FormError message={query.error.message} />;
  return <SiteForm initial={query.data} onSaved={(s) => queryClient.setQueryData(['admin', 'site-settings'], s)} />;
}

type SiteFormValues = Omit<SiteSettings, 'gstRates'> & { gstRates: string };

function SiteForm({ initial, onSaved }: { initial: SiteSettings; onSaved: (s: SiteSettings) => void }) {
  const [gstError, setGstError] = useState<string | null>(null);
  const form = useForm<SiteFormValues>({ defaultValues: { ...initial, gstRates: initial.gstRates.join(', ') } });
  const save = useMutation({
    mutationFn: (body: SiteSettings) => api<SiteSettings>('/admin/site-settings', { method: 'PUT', body }),
    onSuccess: (s) => {
      toast.success('Site settings saved.');
      onSaved(s);
    },
  });
  const submit = form.handleSubmit((v) => {
    const rates = v.gstRates
      .split(',')
      .map((r) => r.trim())
      .filter(Boolean)
      .map(Number);
    const parsed = siteSettingsSchema.safeParse({ ...v, gstRates: rates });
    setGstError(null);
    form.clearErrors();
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const path = issue.path.join('.');
        if (path.startsWith('gstRates')) setGstError('Enter GST rates as numbers from 0 to 100, separated by commas.');
        else if (path.startsWith('requiredDocuments')) form.setError('requiredDocuments', { message: issue.message });
        else form.setError(path as keyof SiteFormValues, { message: issue.message });
      }
      return;
    }
    save.mutate(parsed.data);
  });
  const err = form.formState.errors;
  const socials = ['facebook', 'instagram', 'linkedin', 'twitter', 'youtube'] as const;
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">Site configuration</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label="Contact e-mail" {...form.register('contactEmail')} error={err.contactEmail?.message} />
        <TextField label="Contact phone" {...form.register('contactPhone')} error={err.contactPhone?.message} />
        <TextField label="Support e-mail" {...form.register('supportEmail')} error={err.supportEmail?.message} />
        <TextField label="Support phone" {...form.register('supportPhone')} error={err.supportPhone?.message} />
        <TextField label="Support hours" {...form.register('supportHours')} error={err.supportHours?.message} />
        <TextField
          label="GST rates (%)"
          {...form.register('gstRates')}
          error={gstError ?? undefined}
          hint="Comma separated, e.g. 0, 5, 18, 40"
        />
        {socials.map((s) => (
          <TextField
            key={s}
            label={`${s[0]?.toUpperCase()}${s.slice(1)} link`}
            {...form.register(`social.${s}`)}
            error={err.social?.[s]?.message}
          />
        ))}
      </div>
      <label className="flex items-start gap-2 text-sm">
        <input
          type="checkbox"
          className="mt-1 h-4 w-4 accent-brand-700"
          {...form.register('autoApproveVerifiedSellers')}
        />
        <span>
          Auto-approve new products from verified sellers
          <span className="block text-xs text-slate-500">Large imports then skip the moderation queue.</span>
        </span>
      </label>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">Documents needed for verification</legend>
        <p className="text-xs text-slate-500">A manufacturer can be approved only once these are uploaded.</p>
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {DOCUMENT_KINDS.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                value={kind}
                className="h-4 w-4 accent-brand-700"
                {...form.register('requiredDocuments')}
              />
              {DOCUMENT_KIND_LABELS[kind]}
            </label>
          ))}
        </div>
        {err.requiredDocuments?.message && (
          <p role="alert" className="text-xs font-medium text-red-600">
            {err.requiredDocuments.message}
          </p>
        )}
      </fieldset>
      <FormError message={save.error?.message} />
      <Button type="submit" disabled={save.isPending}>
        Save settings
      </Button>
    </form>
  );
}

interface AuditEntry {
  id: string;
  actor: string | null;
  action: string;
  entityType: string;
  entityId: string;
  reason: string | null;
  before: string | null;
  after: string | null;
  createdAt: string;
}

const auditColumns: Array<Column<AuditEntry>> = [
  {
    id: 'when',
    header: 'When',
    cell: (e) => formatDateTime(e.createdAt),
  },
  { id: 'who', header: 'Who', cell: (e) => e.actor ?? '-' },
  { id: 'action', header: 'Action', cell: (e) => e.action },
  {
    id: 'record',
    header: 'Record',
    cell: (e) => (
      <span className="font-mono text-xs">
        {e.entityType}/{e.entityId.slice(0, 8)}
      </span>
    ),
  },
  { id: 'reason', header: 'Reason', cell: (e) => <span className="line-clamp-2">{e.reason ?? '-'}</span> },
  {
    id: 'change',
    header: 'Change',
    cell: (e) => (
      <span className="line-clamp-2 font-mono text-xs break-all" title={`${e.before ?? ''} -> ${e.after ?? ''}`}>
        {e.before ?? '-'} {'->'} {e.after ?? '-'}
      </span>
    ),
  },
];

function AuditLog() {
  const { page, setPage } = useListState({});
  const pageSize = 10;
  const list = useQuery({
    queryKey: ['admin', 'audit', { page }],
    queryFn: () => api<{ entries: AuditEntry[]; total: number }>(`/admin/audit-log?page=${page}&pageSize=${pageSize}`),
    placeholderData: keepPreviousData,
  });
  return (
    <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold">Audit log</h2>
      <ListPanel
        query={list}
        loadingLabel="Loading audit log..."
        empty={!list.data?.entries.length}
        emptyTitle="No entries yet."
      >
        {list.data && (
          <DataTable label="Audit log" columns={auditColumns} rows={list.data.entries} rowId={(e) => e.id} />
        )}
      </ListPanel>
      {list.data && <Pagination page={page} pageSize={pageSize} total={list.data.total} onChange={setPage} />}
    </section>
  );
}

/** Four eyes: the amount above which a refund or payout needs a second admin (owners only). */
function FourEyesSetting() {
  const t = useT();
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: ['admin', 'four-eyes'],
    queryFn: () => api<FourEyesSettings>('/admin/four-eyes'),
  });
  const [value, setValue] = useState<string | null>(null);
  const shown = value ?? (current.data ? String(current.data.fourEyesAbovePaise / 100) : '');
  const paise = rupeesToPaise(shown);
  const save = useMutation({
    mutationFn: () => api<FourEyesSettings>('/admin/four-eyes', { method: 'PUT', body: { fourEyesAbovePaise: paise } }),
    onSuccess: () => {
      toast.success(t('admin.roles.fourEyesSaved'));
      setValue(null);
      return queryClient.invalidateQueries({ queryKey: ['admin', 'four-eyes'] });
    },
    onError: (e) => toast.error(e.message),
  });
  return (
    <section className="flex flex-wrap items-end gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <TextField
        label={t('admin.roles.fourEyes')}
        inputMode="decimal"
        value={shown}
        onChange={(e) => setValue(e.target.value)}
      />
      {paise !== null && <span className="pb-2 text-sm text-slate-600">{formatInr(paise / 100)}</span>}
      <Button disabled={paise === null || save.isPending} onClick={() => save.mutate()}>
        Save
      </Button>
    </section>
  );
}

export default function AdminSettingsPage() {
  const role = useAdminRole();
  const t = useT();
  return (
    <div className="space-y-6">
      <PageHeader title="Settings" description="Admin users, site configuration and the audit trail." />
      {role === 'owner' && (
        <>
          <AdminUsers />
          <FourEyesSetting />
          <SiteConfiguration />
          <AuditLog />
        </>
      )}
      {role && role !== 'owner' && <p className="text-sm text-slate-600">{t('admin.roles.ownersOnly')}</p>}
    </div>
  );
}
