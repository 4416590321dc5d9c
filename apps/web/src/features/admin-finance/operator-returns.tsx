import { useQuery } from '@tanstack/react-query';
import type { Gstr8, Gstr8Row } from '@ub/shared';
import { formatInr } from '@ub/shared/format';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/feedback.tsx';
import { FormError, TextField } from '../../components/field.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { downloadFile } from '../../components/tax-documents.tsx';
import { api } from '../../lib/api.ts';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const rs = (rupees: number) => formatInr(rupees);

/** The financial-year quarter holding a month, as the TDS statement names it: 2026-05 is 2026-27-Q1. */
export function quarterOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const fy = m >= 4 ? y : y - 1;
  return `${fy}-${String((fy + 1) % 100).padStart(2, '0')}-Q${Math.floor(((m + 8) % 12) / 3) + 1}`;
}

const columns: Array<Column<Gstr8Row>> = [
  { id: 'stin', header: 'Supplier GSTIN', cell: (r) => <span className="font-mono text-xs">{r.stin}</span> },
  { id: 'gross', header: 'Gross (reg. / unreg.)', cell: (r) => `${rs(r.supR)} / ${rs(r.supU)}` },
  { id: 'ret', header: 'Returned (reg. / unreg.)', cell: (r) => `${rs(r.retsupR)} / ${rs(r.retsupU)}` },
  { id: 'net', header: 'Net liable for TCS', cell: (r) => rs(r.amt) },
  { id: 'igst', header: 'IGST', cell: (r) => rs(r.iamt) },
  { id: 'cgst', header: 'CGST', cell: (r) => rs(r.camt) },
  { id: 'sgst', header: 'SGST', cell: (r) => rs(r.samt) },
];

/**
 * The platform's own returns as e-commerce operator: GSTR-8 (TCS under s.52) for the GST offline utility, and the
 * s.194-O TDS statement data per seller PAN for the month or its quarter. Figures come from the money ledger.
 */
export function OperatorReturns() {
  const [month, setMonth] = useState(() => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7));
  const valid = MONTH.test(month);
  const gstr8 = useQuery({
    queryKey: ['admin', 'finance', 'gstr8', month],
    queryFn: () => api<Gstr8>(`/admin/finance/gstr8?month=${month}`),
    enabled: valid,
  });
  const [busy, setBusy] = useState(false);
  const save = async (path: string, name: string) => {
    setBusy(true);
    try {
      await downloadFile(path, name, 'admin');
    } catch (e) {
      toast.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const total = (gstr8.data?.tcs ?? []).reduce((s, r) => s + Math.round((r.iamt + r.camt + r.samt) * 100), 0);
  const quarter = valid ? quarterOf(month) : '';

  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" aria-label="Operator returns">
      <h2 className="mb-1 text-base font-semibold text-slate-900">Operator returns (GSTR-8, GSTR-1 and TDS 194-O)</h2>
      <p className="mb-3 text-sm text-slate-600">
        The platform's own filings as e-commerce operator, from the TCS and TDS in the ledger. Upload the GSTR-8 JSON
        with the GST offline utility; the platform's GSTR-1 JSON holds its commission tax invoices to sellers (SAC
        998599); the TDS file lists each seller PAN for Form 26Q.
      </p>
      <div className="mb-3 flex flex-wrap items-end gap-2">
        <div className="max-w-xs">
          <TextField label="Return month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
        </div>
        <Button
          disabled={!valid || busy || !gstr8.data}
          onClick={() => void save(`/admin/finance/gstr8?month=${month}`, `GSTR8_${gstr8.data?.fp ?? month}.json`)}
        >
          GSTR-8 JSON
        </Button>
        <Button
          variant="secondary"
          disabled={!valid || busy || !gstr8.data}
          onClick={() =>
            void save(`/admin/finance/gstr8?month=${month}&format=csv`, `GSTR8_${gstr8.data?.fp ?? month}.csv`)
          }
        >
          GSTR-8 CSV
        </Button>
        <Button
          variant="secondary"
          disabled={!valid || busy}
          onClick={() =>
            void save(
              `/admin/finance/platform-gstr1?month=${month}`,
              `GSTR1_platform_${month.slice(5)}${month.slice(0, 4)}.json`,
            )
          }
        >
          Platform GSTR-1 JSON
        </Button>
        <Button
          variant="secondary"
          disabled={!valid || busy}
          onClick={() => void save(`/admin/finance/tds-194o.csv?period=${month}`, `TDS_194O_${month}.csv`)}
        >
          TDS 194-O, month
        </Button>
        <Button
          variant="secondary"
          disabled={!valid || busy}
          onClick={() => void save(`/admin/finance/tds-194o.csv?period=${quarter}`, `TDS_194O_${quarter}.csv`)}
        >
          TDS 194-O, quarter {quarter}
        </Button>
      </div>
      {gstr8.isPending && valid && <Spinner label="Loading GSTR-8..." />}
      <FormError message={gstr8.error?.message} />
      {gstr8.data &&
        (gstr8.data.tcs.length ? (
          <>
            <p className="mb-2 text-sm">
              GSTIN {gstr8.data.gstin}, TCS collected in the month: <strong>{formatInr(total / 100)}</strong>
            </p>
            <DataTable label="GSTR-8 Table 3" columns={columns} rows={gstr8.data.tcs} rowId={(r) => r.stin} />
          </>
        ) : (
          <p className="text-sm text-slate-500">No TCS was collected in this month.</p>
        ))}
    </section>
  );
}
