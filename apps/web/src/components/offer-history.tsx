import { formatCount, formatDateTime, formatInr, type RfqItem } from '@ub/shared';
import { useT } from '../lib/i18n.tsx';
import { statusLabel } from './status-label.ts';

/**
 * An RFQ's offers in order, as seller, buyer and admin see them: `names` says who each side is for the reader
 * ("You" for their own side), and the side in `own` is highlighted.
 */
export function OfferHistory({
  offers,
  names,
  own,
  labels,
}: {
  offers: RfqItem['offers'];
  names: { seller: string; buyer: string };
  own?: 'seller' | 'buyer';
  labels?: Partial<Record<string, string>>;
}) {
  const t = useT();
  return (
    <ol className="space-y-2">
      {offers.map((o) => (
        <li
          key={o.id}
          className={`rounded-lg border p-3 ${o.by === (own ?? 'seller') ? 'border-brand-100 bg-brand-50' : 'border-slate-200'}`}
        >
          <p className="font-medium">
            {names[o.by]} · {labels?.[o.kind] ?? statusLabel(t, 'offer', o.kind)}
          </p>
          {o.pricePerUnit && (
            <p>
              {t('common.perUnit', { price: formatInr(o.pricePerUnit) })}
              {o.quantity ? ` × ${formatCount(o.quantity)}` : ''}
            </p>
          )}
          {o.notes && <p className="text-slate-600">{o.notes}</p>}
          <p className="text-xs text-slate-500">{formatDateTime(o.at)}</p>
        </li>
      ))}
    </ol>
  );
}
