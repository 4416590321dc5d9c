import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CATEGORY_LABELS, type CommissionSettings, commissionSettingsSchema, PRODUCT_CATEGORIES } from '@ub/shared';
import { formatDate } from '@ub/shared/format';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { FormError, TextField } from '../../components/field.tsx';
import { api } from '../../lib/api.ts';

interface Rates {
  commission: CommissionSettings;
  rates: Array<{ id: string; code: string; ratePpm: number; effectiveFrom: string; source: string }>;
}

const RATE_LABELS: Record<string, string> = {
  gst_on_commission: 'GST on commission',
  tcs_cgst: 'TCS (CGST part)',
  tcs_sgst: 'TCS (SGST part)',
  tcs_igst: 'TCS (IGST)',
  tds_194o: 'TDS s.194-O',
};

/**
 * The form's text as the contract's numbers: the default, and each category given a percent (a blank category
 * takes the default). Numbers are percent, not money, so they are read as numbers and checked by the schema.
 */
export function commissionFromForm(defaultText: string, categoryText: Record<string, string>) {
  const num = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.trim()));
  return commissionSettingsSchema.safeParse({
    defaultPercent: num(defaultText),
    categories: Object.fromEntries(
      Object.entries(categoryText)
        .filter(([, v]) => v.trim() !== '')
        .map(([k, v]) => [k, num(v)]),
    ),
  });
}

function CommissionForm({ initial }: { initial: CommissionSettings }) {
  const qc = useQueryClient();
  const [defaultText, setDefault] = useState(String(initial.defaultPercent));
  const [categories, setCategories] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      PRODUCT_CATEGORIES.map((c) => [c, initial.categories[c] === undefined ? '' : String(initial.categories[c])]),
    ),
  );
  const parsed = commissionFromForm(defaultText, categories);
  const issue = (path: string) =>
    parsed.success ? undefined : parsed.error.issues.find((i) => i.path.join('.') === path)?.message;
  const save = useMutation({
    mutationFn: (body: CommissionSettings) =>
      api<CommissionSettings>('/admin/finance/commission', { method: 'PUT', body }),
    onSuccess: () => {
      toast.success('Commission saved; it applies to orders released from now on.');
      return qc.invalidateQueries({ queryKey: ['admin', 'finance', 'rates'] });
    },
  });
  return (
    <form
      className="space-y-3"
      onSubmit={(e) => {
        e.preventDefault();
        if (parsed.success) save.mutate(parsed.data);
      }}
    >
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Default commission (%)"
          inputMode="decimal"
          value={defaultText}
          onChange={(e) => setDefault(e.target.value)}
          error={issue('defaultPercent')}
        />
        {PRODUCT_CATEGORIES.map((c) => (
          <TextField
            key={c}
            label={`${CATEGORY_LABELS[c] ?? c} (%)`}
            inputMode="decimal"
            placeholder={`Default (${defaultText || '-'})`}
            value={categories[c] ?? ''}
            onChange={(e) => setCategories((prev) => ({ ...prev, [c]: e.target.value }))}
            error={issue(`categories.${c}`)}
          />
        ))}
      </div>
      <p className="text-xs text-slate-500">
        Percent of the taxable value, taken when an order's money is released to the seller. A blank category uses the
        default. Every change is recorded in the audit log.
      </p>
      <FormError message={save.error?.message} />
      <Button type="submit" disabled={!parsed.success || save.isPending}>
        Save commission
      </Button>
    </form>
  );
}

/** Commission per category (site settings key `commission`, audited) and the tax rates with their dates. */
export function CommissionPanel() {
  const query = useQuery({
    queryKey: ['admin', 'finance', 'rates'],
    queryFn: () => api<Rates>('/admin/finance/rates'),
  });
  if (query.error) return <FormError message={query.error.message} />;
  if (!query.data) return null;
  return (
    <div className="space-y-4">
      <CommissionForm key={JSON.stringify(query.data.commission)} initial={query.data.commission} />
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left font-medium text-slate-700">Tax rates in force from</caption>
          <thead className="text-slate-500">
            <tr>
              <th className="py-1 pr-3">Rate</th>
              <th className="py-1 pr-3">Percent</th>
              <th className="py-1 pr-3">From</th>
              <th className="py-1">Source</th>
            </tr>
          </thead>
          <tbody>
            {query.data.rates.map((r) => (
              <tr key={r.id} className="border-t border-slate-100">
                <td className="py-1 pr-3">{RATE_LABELS[r.code] ?? r.code}</td>
                <td className="py-1 pr-3">{r.ratePpm / 10_000} %</td>
                <td className="py-1 pr-3">{formatDate(r.effectiveFrom)}</td>
                <td className="py-1 text-slate-600">{r.source}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
