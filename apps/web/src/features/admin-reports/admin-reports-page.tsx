import { REPORT_KINDS, type ReportKind, reportQuery } from '@ub/shared';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { PageHeader } from '../../components/feedback.tsx';
import { FormError, TextField } from '../../components/field.tsx';
import { getToken } from '../../lib/auth-storage.ts';

const LABELS: Record<ReportKind, { title: string; description: string }> = {
  manufacturers: { title: 'Manufacturers', description: 'Registrations with contact, GST and verification status.' },
  products: { title: 'Products', description: 'Every listing with price, stock and moderation status.' },
  orders: { title: 'Orders', description: 'Orders across sellers with amounts and status.' },
  payments: { title: 'Payments', description: 'Buyer payments and the settlement each went into.' },
  leads: { title: 'Leads', description: 'Landing page enquiries with their follow-up status.' },
};

export default function AdminReportsPage() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState<ReportKind | null>(null);
  const range = reportQuery.safeParse({ from: from || undefined, to: to || undefined });
  const rangeError = range.success ? null : (range.error.issues[0]?.message ?? 'Invalid date range.');

  async function download(kind: ReportKind) {
    setBusy(kind);
    try {
      const params = new URLSearchParams({ ...(from ? { from } : {}), ...(to ? { to } : {}) });
      const res = await fetch(`/api/admin/reports/${kind}.csv?${params}`, {
        headers: { authorization: `Bearer ${getToken('admin') ?? ''}` },
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => ({}))) as { error?: string };
        throw new Error(body.error ?? 'Export failed.');
      }
      // A report that fails after its first rows breaks the connection off: never save it as if it were whole.
      const blob = await res.blob().catch(() => {
        throw new Error('The export broke off before the end. Please try again.');
      });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      toast.error(err instanceof Error ? err.message : 'Export failed.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <div>
      <PageHeader
        title="Reports"
        description="Export platform data as CSV for a date range (leave empty for all time)."
      />
      <div className="mb-4 grid max-w-xl gap-3 sm:grid-cols-2">
        <TextField label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <TextField label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
      </div>
      <div className="mb-4 max-w-xl">
        <FormError message={rangeError} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {REPORT_KINDS.map((kind) => (
          <section
            key={kind}
            className="flex flex-col justify-between gap-3 rounded-xl border border-slate-200 bg-white p-4"
          >
            <div>
              <h2 className="font-semibold text-slate-900">{LABELS[kind].title}</h2>
              <p className="text-sm text-slate-600">{LABELS[kind].description}</p>
            </div>
            <Button variant="secondary" disabled={Boolean(rangeError) || busy !== null} onClick={() => download(kind)}>
              {busy === kind ? 'Preparing...' : `Download ${kind}.csv`}
            </Button>
          </section>
        ))}
      </div>
    </div>
  );
}
