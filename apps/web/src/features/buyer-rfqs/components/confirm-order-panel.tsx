import { formatInr } from '@ub/shared';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { FormError } from '../../../components/field.tsx';
import { Spinner } from '../../../components/feedback.tsx';
import { useT } from '../../../lib/i18n.tsx';
import { ConfirmOrderForm } from '../../buyer-orders/components/confirm-order-form.tsx';
import { OrderStatusBadge } from '../../orders/components/order-status-badge.tsx';
import { useBuyerOrder } from '../api/buyer-order.ts';

/**
 * The order the seller made from this RFQ: while it waits for the buyer, choose the shipping address and confirm
 * it; afterwards, a link to the order.
 */
export function ConfirmOrderPanel({ orderId }: { orderId: string }) {
  const t = useT();
  const order = useBuyerOrder(orderId);
  if (order.isPending) return <Spinner label={t('buyer.rfq.confirm.loading')} />;
  if (order.error) return <FormError message={order.error.message} />;
  const o = order.data;
  const waiting = o.awaitingBuyerConfirmation && o.status !== 'cancelled';
  return (
    <section
      aria-label={t('buyer.rfq.confirm.label')}
      className={`rounded-xl border p-4 ${waiting ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`}
    >
      <h2 className="font-semibold text-slate-900">
        {waiting ? t('buyer.rfq.confirm.title') : t('buyer.rfq.confirm.order', { orderId: o.orderId })}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t('buyer.rfq.confirm.madeOrder', { orderId: o.orderId, total: formatInr(o.payment.total) })}{' '}
        {waiting ? (
          t('buyer.rfq.confirm.chooseAddress')
        ) : (
          <>
            {t('buyer.order.status')} <OrderStatusBadge status={o.status} />
          </>
        )}
      </p>
      {waiting ? (
        <ConfirmOrderForm
          orderId={orderId}
          submitLabel={t('buyer.rfq.confirm.submit')}
          onConfirmed={(done) => toast.success(t('buyer.rfq.confirm.done', { orderId: done.orderId }))}
        />
      ) : (
        <p className="mt-2 text-sm">
          {t('buyer.rfq.confirm.shipsTo', {
            address: `${o.shippingAddress.street}, ${o.shippingAddress.city}, ${o.shippingAddress.state} ${o.shippingAddress.zipCode}`,
          })}{' '}
          <Link to={`/buyer/orders/${o.id}`} className="font-semibold text-brand-700 hover:underline">
            {t('buyer.rfq.confirm.open')}
          </Link>
        </p>
      )}
    </section>
  );
}
