import type { CartLine } from '@ub/shared';
import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { ApiError } from '../../../lib/api.ts';
import { translateMessage, useT } from '../../../lib/i18n.tsx';
import { quantityText } from '../../../components/trade-words.ts';
import { useUpdateCartLine } from '../api/update-cart-line.ts';

/** The quantity of one line: typed freely, checked (whole number, at least the MOQ) and saved with Update. */
export function QuantityEditor({ line }: { line: CartLine }) {
  const t = useT();
  const update = useUpdateCartLine();
  const [value, setValue] = useState(String(line.quantity));
  const [error, setError] = useState<string | null>(null);
  const [seen, setSeen] = useState(line.quantity);
  if (line.quantity !== seen) {
    setSeen(line.quantity);
    setValue(String(line.quantity));
  }
  const changed = value.trim() !== String(line.quantity);
  const save = async () => {
    const n = Number(value.trim());
    if (!/^\d+$/.test(value.trim())) return setError(t('orderList.quantity.whole'));
    if (n < line.moq)
      return setError(t('orderList.quantity.atLeast', { quantity: quantityText(t, line.moq, line.unit) }));
    setError(null);
    try {
      await update.mutateAsync({ productId: line.productId, quantity: n });
    } catch (err) {
      setError(
        err instanceof ApiError ? translateMessage(err.fields.quantity ?? err.message) : t('orderList.quantity.failed'),
      );
    }
  };
  const id = `qty-${line.productId}`;
  return (
    <div>
      <label htmlFor={id} className="sr-only">
        {t('orderList.quantity.label', { name: line.name })}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          inputMode="numeric"
          value={value}
          disabled={!line.available}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => setValue(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void save();
          }}
          className={`w-24 rounded-lg border px-2 py-1.5 text-sm ${error ? 'border-red-400' : 'border-slate-300'} disabled:bg-slate-100`}
        />
        {changed && (
          <Button
            variant="secondary"
            className="px-3 py-1.5 whitespace-nowrap"
            disabled={update.isPending}
            onClick={save}
          >
            {update.isPending ? t('orderList.quantity.saving') : t('orderList.quantity.update')}
          </Button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
