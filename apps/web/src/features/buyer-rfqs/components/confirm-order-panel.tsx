import { formatInr, ORDER_STATUS_LABELS } from '@ub/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { FormError, SelectField } from '../../../components/field.tsx';
import { Spinner } from '../../../components/feedback.tsx';
import { useAddresses } from '../../buyer-addresses/api/addresses.ts';
import { useBuyerOrder } from '../api/buyer-order.ts';
import { useConfirmOrder } from '../api/confirm-order.ts';

/**
 * The order the seller made from this RFQ: while it waits for the buyer, choose the shipping address and confirm
 * it; afterwards, a link to the order.
 */
export function ConfirmOrderPanel({ orderId }: { orderId: string }) {
  const order = useBuyerOrder(orderId);
  const addresses = useAddresses();
  const confirm = useConfirmOrder(orderId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  if (order.isPending) return <Spinner label="Loading the order..." />;
  if (order.error) return <FormError message={order.error.message} />;
  const o = order.data;
  const book = addresses.data?.addresses ?? [];
  const addressId = chosen ?? book.find((a) => a.isDefault)?.id ?? book[0]?.id ?? '';
  const waiting = o.awaitingBuyerConfirmation && o.status !== 'cancelled';
  return (
    <section
      aria-label="Order"
      className={`rounded-xl border p-4 ${waiting ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`}
    >
      <h2 className="font-semibold text-slate-900">{waiting ? 'Confirm your order' : `Order ${o.orderId}`}</h2>
      <p className="mt-1 text-sm text-slate-700">
        The seller turned this RFQ into order {o.orderId} for {formatInr(o.payment.total)} (GST included).{' '}
        {waiting
          ? 'Choose where it is shipped and confirm it; the seller prepares it after that.'
          : `Status: ${ORDER_STATUS_LABELS[o.status]}.`}
      </p>
      {waiting ? (
        <div className="mt-3 space-y-3">
          {addresses.isPending ? (
            <Spinner label="Loading addresses..." />
          ) : book.length === 0 ? (
            <p className="text-sm">
              You have no saved address yet.{' '}
              <Link to="/buyer/addresses" className="font-semibold text-brand-700 hover:underline">
                Add an address
              </Link>{' '}
              and come back to confirm.
            </p>
          ) : (
            <>
              <SelectField label="Ship to" value={addressId} onChange={(e) => setChosen(e.target.value)}>
                {book.map((a) => (
                  <option key={a.id} value={a.id}>
                    {a.label}: {a.line1}, {a.city}, {a.state} {a.pinCode}
                  </option>
                ))}
              </SelectField>
              <p>
                <Link to="/buyer/addresses" className="text-xs font-semibold text-brand-700 hover:underline">
                  Add or edit addresses
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
                toast.success(`Order ${done.orderId} confirmed.`);
              } catch (err) {
                setFailure(err instanceof Error ? err.message : 'The order could not be confirmed.');
              }
            }}
          >
            {confirm.isPending ? 'Confirming...' : 'Confirm order'}
          </Button>
        </div>
      ) : (
        <p className="mt-2 text-sm">
          Ships to {o.shippingAddress.street}, {o.shippingAddress.city}, {o.shippingAddress.state}{' '}
          {o.shippingAddress.zipCode}.{' '}
          <Link to={`/buyer/orders/${o.id}`} className="font-semibold text-brand-700 hover:underline">
            Open the order
          </Link>
        </p>
      )}
    </section>
  );
}
