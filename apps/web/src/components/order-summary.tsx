import { formatDateTime, formatInr, type OrderDetail } from '@ub/shared';
import { type TFunction, useT } from '../lib/i18n.tsx';
import { statusLabel } from './status-label.ts';

/** An order's money as its seller and its buyer read it: subtotal, shipping, GST and the total. */
export function OrderTotals({ payment, className = '' }: { payment: OrderDetail['payment']; className?: string }) {
  const t = useT();
  return (
    <dl className={`space-y-1 ${className}`}>
      {(
        [
          ['subtotal', payment.subtotal],
          ['shipping', payment.shipping],
          ['tax', payment.tax],
        ] as const
      ).map(([k, v]) => (
        <div key={k} className="flex justify-between">
          <dt>{t(`common.totals.${k}`)}</dt>
          <dd>{formatInr(v)}</dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold">
        <dt>{t('common.totals.total')}</dt>
        <dd>{formatInr(payment.total)}</dd>
      </div>
    </dl>
  );
}

/** The notes the server itself writes on an order's timeline (English), in the reader's language. */
export function timelineNote(t: TFunction, note: string): string {
  if (note === 'Order placed') return t('common.timeline.placed');
  if (note === 'Order created from an accepted RFQ') return t('common.timeline.fromRfq');
  const confirmed = /^Confirmed by the buyer; ships to (.+)$/s.exec(note);
  if (confirmed) return t('common.timeline.confirmed', { place: confirmed[1] });
  // modules/orders/commands.ts writes it when an order ships; the carrier and number are as the seller typed them.
  const shipped = /^Shipped with (.+), tracking number (.+)$/s.exec(note);
  if (shipped) return t('common.timeline.shipped', { carrier: shipped[1], tracking: shipped[2] });
  return note;
}

/** Every status an order went through, newest last, with who said why. */
export function OrderTimeline({ timeline }: { timeline: OrderDetail['timeline'] }) {
  const t = useT();
  return (
    <ol className="space-y-2">
      {timeline.map((e) => (
        <li key={`${e.to}-${e.at}`} className="border-l-2 border-brand-600 pl-3">
          <p className="font-medium">{statusLabel(t, 'order', e.to)}</p>
          <p className="text-xs text-slate-500">{formatDateTime(e.at)}</p>
          {e.note && <p className="text-xs text-slate-600">{timelineNote(t, e.note)}</p>}
        </li>
      ))}
    </ol>
  );
}
