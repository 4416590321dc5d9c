import {
  type CartLine,
  type CartSeller,
  formatCount,
  formatInr,
  formatQuantity,
  STOCK_STATE_LABELS,
  unitLabel,
} from '@ub/shared';
import { Package, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, EmptyState, PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError, SelectField } from '../../components/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAddresses } from '../buyer-addresses/api/addresses.ts';
import { useCart } from './api/cart.ts';
import { useCheckout } from './api/checkout.ts';
import { useRemoveCartLine } from './api/remove-cart-line.ts';
import { QuantityEditor } from './components/quantity-editor.tsx';

const STOCK_TONES = { in_stock: 'green', low: 'yellow', out: 'red' } as const;

function LineRow({ line }: { line: CartLine }) {
  const remove = useRemoveCartLine();
  return (
    <li className={`flex flex-col gap-3 p-4 sm:flex-row sm:items-start ${line.available ? '' : 'bg-slate-50'}`}>
      <div className="flex flex-1 gap-3">
        {line.image ? (
          <img src={line.image} alt="" className="size-16 shrink-0 rounded-lg border border-slate-200 object-cover" />
        ) : (
          <div className="flex size-16 shrink-0 items-center justify-center rounded-lg bg-slate-100">
            <Package aria-hidden className="size-6 text-slate-400" />
          </div>
        )}
        <div className="min-w-0 space-y-1">
          <p className={`font-semibold ${line.available ? 'text-slate-900' : 'text-slate-500 line-through'}`}>
            {line.name}
          </p>
          <p className="text-sm text-slate-600">
            {formatInr(line.price)} per {unitLabel(line.unit)} · MOQ {formatQuantity(line.moq, line.unit)}
            {line.gstPercentage !== null && ` · GST ${Number(line.gstPercentage)}%`}
          </p>
          {line.available ? (
            <Badge tone={STOCK_TONES[line.stockState]}>{STOCK_STATE_LABELS[line.stockState]}</Badge>
          ) : (
            <Badge tone="gray">Not available</Badge>
          )}
          {line.problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {line.problem}
            </p>
          )}
        </div>
      </div>
      <div className="flex items-start justify-between gap-4 sm:justify-end">
        <QuantityEditor line={line} />
        <div className="min-w-28 text-right">
          <p className="font-semibold text-slate-900">{formatInr(line.total)}</p>
          <p className="text-xs text-slate-500">incl. GST {formatInr(line.tax)}</p>
        </div>
        <button
          type="button"
          className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
          aria-label={`Remove ${line.name}`}
          disabled={remove.isPending}
          onClick={async () => {
            try {
              await remove.mutateAsync(line.productId);
              toast.success(`${line.name} removed from your order list.`);
            } catch (err) {
              toast.error(err instanceof Error ? err.message : 'The line could not be removed.');
            }
          }}
        >
          <Trash2 aria-hidden className="size-4" />
        </button>
      </div>
    </li>
  );
}

function SellerGroup({ group }: { group: CartSeller }) {
  return (
    <section aria-label={group.companyName} className="rounded-xl border border-slate-200 bg-white">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="font-semibold text-slate-900">{group.companyName}</h2>
        {group.state && <span className="text-sm text-slate-500">Ships from {group.state}</span>}
      </header>
      <ul className="divide-y divide-slate-100">
        {group.lines.map((l) => (
          <LineRow key={l.productId} line={l} />
        ))}
      </ul>
      <footer className="flex justify-end gap-6 border-t border-slate-100 px-4 py-3 text-sm">
        <span className="text-slate-600">Subtotal {formatInr(group.subtotal)}</span>
        <span className="text-slate-600">GST {formatInr(group.tax)}</span>
        <span className="font-semibold text-slate-900">Order total {formatInr(group.total)}</span>
      </footer>
    </section>
  );
}

/** The order list: products from several sellers, one order per seller at checkout. */
export default function OrderListPage() {
  const cart = useCart();
  const addresses = useAddresses();
  const checkout = useCheckout();
  const navigate = useNavigate();
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const book = addresses.data?.addresses ?? [];
  const addressId = chosen ?? book.find((a) => a.isDefault)?.id ?? book[0]?.id ?? '';
  const data = cart.data;
  const orderable = data ? data.sellers.filter((s) => s.lines.some((l) => l.available)) : [];

  const place = async () => {
    setError(null);
    try {
      const { orders } = await checkout.mutateAsync(addressId);
      toast.success(
        orders.length === 1
          ? `Order ${orders[0]?.number} placed.`
          : `${orders.length} orders placed: ${orders.map((o) => o.number).join(', ')}.`,
      );
      navigate('/buyer/orders');
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : 'The orders could not be placed.');
    }
  };

  return (
    <div>
      <PageHeader
        title="Order list"
        description="Products you collect from several sellers. Placing the orders makes one order per seller."
        actions={
          <Link to="/products" className="text-sm font-semibold text-brand-700 hover:underline">
            Find products
          </Link>
        }
      />
      {cart.isPending ? (
        <Spinner label="Loading your order list..." />
      ) : cart.error ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {cart.error.message}{' '}
          <button type="button" className="font-semibold underline" onClick={() => cart.refetch()}>
            Retry
          </button>
        </div>
      ) : !data || data.lineCount === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          <EmptyState title="Your order list is empty">
            <Link to="/products" className="font-semibold text-brand-700 hover:underline">
              Find products
            </Link>{' '}
            and add them with "Add to order list".
          </EmptyState>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
          <div className="space-y-4">
            {data.sellers.map((g) => (
              <SellerGroup key={g.manufacturerId} group={g} />
            ))}
          </div>
          <aside className="h-fit space-y-4 rounded-xl border border-slate-200 bg-white p-4 lg:sticky lg:top-4">
            <h2 className="font-semibold text-slate-900">Summary</h2>
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">Orders</dt>
                <dd>{formatCount(orderable.length)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">Subtotal</dt>
                <dd>{formatInr(data.subtotal)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">GST</dt>
                <dd>{formatInr(data.tax)}</dd>
              </div>
              <div className="flex justify-between border-t border-slate-100 pt-2 font-semibold">
                <dt>Total</dt>
                <dd>{formatInr(data.total)}</dd>
              </div>
            </dl>
            {data.unavailableCount > 0 && (
              <p className="text-xs text-slate-600">
                {data.unavailableCount === 1 ? '1 product is' : `${data.unavailableCount} products are`} no longer
                available and will not be ordered.
              </p>
            )}
            {addresses.isPending ? (
              <Spinner label="Loading addresses..." />
            ) : book.length === 0 ? (
              <p className="text-sm text-slate-700">
                Add a shipping address first.{' '}
                <Link to="/buyer/addresses" className="font-semibold text-brand-700 hover:underline">
                  Add an address
                </Link>
              </p>
            ) : (
              <div className="space-y-1">
                <SelectField label="Ship to" value={addressId} onChange={(e) => setChosen(e.target.value)}>
                  {book.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.label}: {a.line1}, {a.city} {a.pinCode}
                    </option>
                  ))}
                </SelectField>
                <Link to="/buyer/addresses" className="text-xs font-semibold text-brand-700 hover:underline">
                  Manage addresses
                </Link>
              </div>
            )}
            <FormError message={error} />
            {!data.canCheckout && (
              <p className="text-xs text-red-700">Fix the lines marked in red before placing the orders.</p>
            )}
            <Button className="w-full" disabled={!data.canCheckout || !addressId || checkout.isPending} onClick={place}>
              {checkout.isPending
                ? 'Placing orders...'
                : orderable.length > 1
                  ? `Place ${orderable.length} orders`
                  : 'Place order'}
            </Button>
          </aside>
        </div>
      )}
    </div>
  );
}
