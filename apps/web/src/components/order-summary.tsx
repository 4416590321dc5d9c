import { formatDateTime, formatInr, ORDER_STATUS_LABELS, type OrderDetail } from '@ub/shared';

/** An order's money as its seller and its buyer read it: subtotal, shipping, GST and the total. */
export function OrderTotals({ payment, className = '' }: { payment: OrderDetail['payment']; className?: string }) {
  return (
    <dl className={`space-y-1 ${className}`}>
      {(
        [
          ['Subtotal', payment.subtotal],
          ['Shipping', payment.shipping],
          ['Tax (GST)', payment.tax],
        ] as const
      ).map(([k, v]) => (
        <div key={k} className="flex justify-between">
          <dt>{k}</dt>
          <dd>{formatInr(v)}</dd>
        </div>
      ))}
      <div className="flex justify-between border-t border-slate-200 pt-1 font-semibold">
        <dt>Total</dt>
        <dd>{formatInr(payment.total)}</dd>
      </div>
    </dl>
  );
}

/** Every status an order went through, newest last, with who said why. */
export function OrderTimeline({ timeline }: { timeline: OrderDetail['timeline'] }) {
  return (
    <ol className="space-y-2">
      {timeline.map((e) => (
        <li key={`${e.to}-${e.at}`} className="border-l-2 border-brand-600 pl-3">
          <p className="font-medium">{ORDER_STATUS_LABELS[e.to]}</p>
          <p className="text-xs text-slate-500">{formatDateTime(e.at)}</p>
          {e.note && <p className="text-xs text-slate-600">{e.note}</p>}
        </li>
      ))}
    </ol>
  );
}
