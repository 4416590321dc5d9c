import { formatInr } from '@ub/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { FormError, SelectField } from '../../../components/field.tsx';
import { Spinner } from '../../../components/feedback.tsx';
import { T, translateMessage, useT } from '../../../lib/i18n.tsx';
import { useAddresses } from '../../buyer-addresses/api/addresses.ts';
import { OrderStatusBadge } from '../../orders/components/order-status-badge.tsx';
import { useBuyerOrder } from '../api/buyer-order.ts';
import { useConfirmOrder } from '../api/confirm-order.ts';

/**
 * The order the seller made from this RFQ: while it waits for the buyer, choose the shipping address and confirm
 * it; afterwards, a link to the order.
 */
export function ConfirmOrderPanel({ orderId }: { orderId: string }) {
  const t = useT();
  const order = useBuyerOrder(orderId);
  const addresses = useAddresses();
  const confirm = useConfirmOrder(orderId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (order.isPending) return <Spinner label={t('buyer.rfq.confirm.loading')} />;
  if (order.error) return <FormError message={order.error.message} />;
  const o = order.data;
  const book = addresses.data?.addresses ?? [];
  const addressId = chosen ?? book.find((a) => a.isDefault)?.id ?? book[0]?.id ?? '';
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
        <div className="mt-3 space-y-3">
          {addresses.isPending ? (
            <Spinner label={t('buyer.rfq.confirm.loadingAddresses')} />
          ) : book.length === 0 ? (
            <p className="text-sm">
              <T
                id="buyer.rfq.confirm.noAddress"
                components={[
                  <Link key="add" to="/buyer/addresses" className="font-semibold text-brand-700 hover:underline" />,
                ]}
              />
            </p>
          ) : (
            <>
              <SelectField
                label={t('buyer.rfq.confirm.shipTo')}
                value={addressId}
                onChange={(e) => setChosen(e.target.value)}
              >
                {book.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.label}: {a.line1}, {a.city}, {a.state} {a.pinCode}
                  </option>
                ))}
              </SelectField>
              <p>
                <Link to="/buyer/addresses" className="text-xs font-semibold text-brand-700 hover:underline">
                  {t('buyer.rfq.confirm.manage')}
                </Link>
              </p>
            </>
          )}
          <FormError message={failure} />
          <Button
            disabled={!addressId || confirm.isPending}
            onClick={async () => {
              setFailure(null);
              try {
                const done = await confirm.mutateAsync(addressId);
                toast.success(t('buyer.rfq.confirm.done', { orderId: done.orderId }));
              } catch (err) {
                setFailure(err instanceof Error ? translateMessage(err.message) : t('buyer.rfq.confirm.failed'));
              }
            }}
          >
            {confirm.isPending ? t('buyer.rfq.confirm.confirming') : t('buyer.rfq.confirm.submit')}
          </Button>
        </div>
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
