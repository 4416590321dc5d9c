import { useQuery } from '@tanstack/react-query';
import type { SettlementStatementView } from '@ub/shared';
import { formatDate, formatInr } from '@ub/shared/format';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { type Column, DataTable } from '../../components/table.tsx';
import { downloadFile } from '../../components/tax-documents.tsx';
import { api } from '../../lib/api.ts';

type Line = SettlementStatementView['lines'][number];
const rs = (p: number) => formatInr(p / 100);
const money = (k: keyof SettlementStatementView['totals'], header: string): Column<Line> => ({
  id: k,
  header,
  align: 'right',
  cell: (l) => <span className="whitespace-nowrap">{rs(l[k])}</span>,
});
const columns: Array<Column<Line>> = [
  { id: 'order', header: 'Order', cell: (l) => <span className="font-medium whitespace-nowrap">{l.orderNumber}</span> },
  { id: 'kind', header: 'Kind', cell: (l) => (l.kind === 'release' ? 'Order' : 'Refund recovered') },
  { id: 'date', header: 'Date', cell: (l) => formatDate(l.postedAt) },
  money('grossPaise', 'Gross'),
  money('commissionPaise', 'Commission'),
  money('gstOnCommissionPaise', 'GST on commission'),
  money('tcsPaise', 'TCS'),
  money('tdsPaise', 'TDS'),
  money('refundsPaise', 'Refunds'),
  money('netPaise', 'Net'),
];

/** A settlement's statement, drilled down to its orders, with its CSV, PDF and commission invoice downloads. */
export function SettlementStatementModal({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useQuery({
    queryKey: ['admin', 'settlement-statement', id],
    queryFn: () => api<SettlementStatementView>(`/admin/settlements/${id}/statement`),
  });
  const st = query.data;
  const get = (path: string, name: string) =>
    downloadFile(`/admin/settlements/${id}/${path}`, name, 'admin').catch((e: Error) => toast.error(e.message));
  return (
    <Modal open onClose={onClose} size="xl" title={st ? `Settlement ${st.settlementNumber}` : 'Settlement statement'}>
      {query.isPending && <Spinner label="Loading the statement..." />}
      <FormError message={query.error?.message} />
      {st && (
        <div className="space-y-4 text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr_auto_1fr]">
            <dt className="text-slate-500">Seller</dt>
            <dd>
              {st.seller.companyName} <span className="font-mono text-xs">{st.seller.gstNumber}</span>
            </dd>
            <dt className="text-slate-500">Period</dt>
            <dd>
              {formatDate(st.periodStart)} to {formatDate(st.periodEnd)}
            </dd>
            <dt className="text-slate-500">Opening balance</dt>
            <dd>{rs(st.openingPaise)}</dd>
            <dt className="text-slate-500">Closing balance</dt>
            <dd>{rs(st.closingPaise)}</dd>
            <dt className="text-slate-500">Net payout</dt>
            <dd className="font-semibold">{rs(st.totals.netPaise)}</dd>
            <dt className="text-slate-500">Status</dt>
            <dd>{st.status === 'paid' ? `Paid${st.utr ? `, UTR ${st.utr}` : ''}` : 'To be paid'}</dd>
          </dl>
          <DataTable
            label="Statement lines"
            columns={columns}
            rows={st.lines}
            rowId={(l) => `${l.kind}:${l.orderId}:${l.postedAt}`}
          />
          <p className="text-slate-600">
            Totals: gross {rs(st.totals.grossPaise)}, commission {rs(st.totals.commissionPaise)}, GST on commission{' '}
            {rs(st.totals.gstOnCommissionPaise)}, TCS {rs(st.totals.tcsPaise)}, TDS {rs(st.totals.tdsPaise)}, refunds{' '}
            {rs(st.totals.refundsPaise)}.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => void get('statement.csv', `${st.settlementNumber}.csv`)}>
              Statement CSV
            </Button>
            <Button variant="secondary" onClick={() => void get('statement.pdf', `${st.settlementNumber}.pdf`)}>
              Statement PDF
            </Button>
            {st.commissionInvoiceNumber && (
              <Button
                variant="secondary"
                onClick={() =>
                  void get('commission-invoice.pdf', `${st.commissionInvoiceNumber?.replaceAll('/', '-')}.pdf`)
                }
              >
                Commission invoice {st.commissionInvoiceNumber}
              </Button>
            )}
            {st.creditNotes.map((n) => (
              <Button
                key={n.id}
                variant="secondary"
                onClick={() => void get(`commission-credit-notes/${n.id}`, `${n.number.replaceAll('/', '-')}.pdf`)}
              >
                Credit note {n.number}
              </Button>
            ))}
          </div>
        </div>
      )}
    </Modal>
  );
}
