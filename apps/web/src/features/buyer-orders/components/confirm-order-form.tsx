import type { OrderDetail } from '@ub/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/button.tsx';
import { FormError, SelectField } from '../../../components/field.tsx';
import { Spinner } from '../../../components/feedback.tsx';
import { T, translateMessage, useT } from '../../../lib/i18n.tsx';
import { useAddresses } from '../../buyer-addresses/api/addresses.ts';
import { useConfirmOrder } from '../../buyer-rfqs/api/confirm-order.ts';

/**
 * The shipping address choice (the buyer's address book, the default first) and the button that confirms an order
 * the seller made from an RFQ (POST /api/buyer/orders/:id/confirm): on the RFQ page and on the order's own page.
 */
export function ConfirmOrderForm({
  orderId,
  submitLabel,
  onConfirmed,
}: {
  orderId: string;
  submitLabel: string;
  onConfirmed: (order: OrderDetail) => void;
}) {
  const t = useT();
  const addresses = useAddresses();
  const confirm = useConfirmOrder(orderId);
  const [chosen, setChosen] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const book = addresses.data?.addresses ?? [];
  const addressId = chosen ?? book.find((a) => a.isDefault)?.id ?? book[0]?.id ?? '';
  return (
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
            onConfirmed(await confirm.mutateAsync(addressId));
          } catch (err) {
            setFailure(err instanceof Error ? translateMessage(err.message) : t('buyer.rfq.confirm.failed'));
          }
        }}
      >
        {confirm.isPending ? t('buyer.rfq.confirm.confirming') : submitLabel}
      </Button>
    </div>
  );
}
