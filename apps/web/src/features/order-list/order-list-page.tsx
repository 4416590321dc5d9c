import { type CartLine, type CartSeller, formatCount, formatInr } from '@ub/shared';
import { Package, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, EmptyState, PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError, SelectField } from '../../components/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { T, translateMessage, useT } from '../../lib/i18n.tsx';
import { useAddresses } from '../buyer-addresses/api/addresses.ts';
import { quantityText, unitText } from '../../components/trade-words.ts';
import { useCart } from './api/cart.ts';
import { useCheckout } from './api/checkout.ts';
import { useRemoveCartLine } from './api/remove-cart-line.ts';
import { QuantityEditor } from './components/quantity-editor.tsx';

const STOCK_TONES = { in_stock: 'green', low: 'yellow', out: 'red' } as const;

function LineRow({ line }: { line: CartLine }) {
  const t = useT();
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
            {t('orderList.lineInfo', {
              price: formatInr(line.price),
              unit: unitText(t, line.unit),
              moq: quantityText(t, line.moq, line.unit),
            })}
            {line.gstPercentage !== null && t('orderList.lineGst', { rate: Number(line.gstPercentage) })}
          </p>
          {line.available ? (
            <Badge tone={STOCK_TONES[line.stockState]}>{t(`catalog.stock.${line.stockState}`)}</Badge>
          ) : (
            <Badge tone="gray">{t('orderList.notAvailable')}</Badge>
          )}
          {line.problem && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {translateMessage(line.problem)}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2 sm:flex-nowrap sm:justify-end">
        <QuantityEditor line={line} />
        <div className="min-w-28 text-right">
          <p className="font-semibold text-slate-900">{formatInr(line.total)}</p>
          <p className="text-xs text-slate-500">{t('orderList.inclGst', { tax: formatInr(line.tax) })}</p>
        </div>
        <button
          type="button"
          className="rounded-lg p-2 text-slate-500 hover:bg-red-50 hover:text-red-700"
          aria-label={t('orderList.remove', { name: line.name })}
          disabled={remove.isPending}
          onClick={async () => {
            try {
              await remove.mutateAsync(line.productId);
              toast.success(t('orderList.removed', { name: line.name }));
            } catch (err) {
              toast.error(err instanceof Error ? translateMessage(err.message) : t('orderList.removeFailed'));
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
  const t = useT();
  return (
    <section aria-label={group.companyName} className="rounded-xl border border-slate-200 bg-white">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-100 px-4 py-3">
        <h2 className="font-semibold text-slate-900">{group.companyName}</h2>
        {group.state && (
          <span className="text-sm text-slate-500">{t('orderList.shipsFrom', { state: group.state })}</span>
        )}
      </header>
      <ul className="divide-y divide-slate-100">
        {group.lines.map((l) => (
          <LineRow key={l.productId} line={l} />
        ))}
      </ul>
      <footer className="flex justify-end gap-6 border-t border-slate-100 px-4 py-3 text-sm">
        <span className="text-slate-600">{t('orderList.subtotalOf', { amount: formatInr(group.subtotal) })}</span>
        <span className="text-slate-600">{t('orderList.gstOf', { amount: formatInr(group.tax) })}</span>
        <span className="font-semibold text-slate-900">
          {t('orderList.orderTotal', { amount: formatInr(group.total) })}
        </span>
      </footer>
    </section>
  );
}

/** The order list: products from several sellers, one order per seller at checkout. */
export default function OrderListPage() {
  const t = useT();
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
          ? t('orderList.placedOne', { number: orders[0]?.number })
          : t('orderList.placedMany', { count: orders.length, numbers: orders.map((o) => o.number).join(', ') }),
      );
      navigate('/buyer/orders');
    } catch (err) {
      setError(
        err instanceof ApiError || err instanceof Error ? translateMessage(err.message) : t('orderList.placeFailed'),
      );
    }
  };

  return (
    <div>
      <PageHeader
        title={t('orderList.title')}
        description={t('orderList.description')}
        actions={
          <Link to="/products" className="text-sm font-semibold text-brand-700 hover:underline">
            {t('orderList.findProducts')}
          </Link>
        }
      />
      {cart.isPending ? (
        <Spinner label={t('orderList.loading')} />
      ) : cart.error ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-800">
          {translateMessage(cart.error.message)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => cart.refetch()}>
            {t('orderList.retry')}
          </button>
        </div>
      ) : !data || data.lineCount === 0 ? (
        <div className="rounded-xl border border-slate-200 bg-white">
          <EmptyState title={t('orderList.emptyTitle')}>
            <T
              id="orderList.emptyText"
              components={[<Link key="find" to="/products" className="font-semibold text-brand-700 hover:underline" />]}
            />
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
            <h2 className="font-semibold text-slate-900">{t('orderList.summary')}</h2>
            <dl className="space-y-1 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-600">{t('orderList.orders')}</dt>
                <dd>{formatCount(orderable.length)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">{t('orderList.subtotal')}</dt>
                <dd>{formatInr(data.subtotal)}</dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-600">{t('orderList.gst')}</dt>
                <dd>{formatInr(data.tax)}</dd>
              </div>
              <div className="flex justify-between border-t border-slate-100 pt-2 font-semibold">
                <dt>{t('orderList.total')}</dt>
                <dd>{formatInr(data.total)}</dd>
              </div>
            </dl>
            {data.unavailableCount > 0 && (
              <p className="text-xs text-slate-600">{t('orderList.unavailable', { count: data.unavailableCount })}</p>
            )}
            {addresses.isPending ? (
              <Spinner label={t('orderList.loadingAddresses')} />
            ) : book.length === 0 ? (
              <p className="text-sm text-slate-700">
                <T
                  id="orderList.noAddress"
                  components={[
                    <Link key="add" to="/buyer/addresses" className="font-semibold text-brand-700 hover:underline" />,
                  ]}
                />
              </p>
            ) : (
              <div className="space-y-1">
                <SelectField
                  label={t('orderList.shipTo')}
                  value={addressId}
                  onChange={(e) => setChosen(e.target.value)}
                >
                  {book.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.label}: {a.line1}, {a.city} {a.pinCode}
                    </option>
                  ))}
                </SelectField>
                <Link to="/buyer/addresses" className="text-xs font-semibold text-brand-700 hover:underline">
                  {t('orderList.manageAddresses')}
                </Link>
              </div>
            )}
            <FormError message={error} />
            {!data.canCheckout && <p className="text-xs text-red-700">{t('orderList.fixLines')}</p>}
            <Button className="w-full" disabled={!data.canCheckout || !addressId || checkout.isPending} onClick={place}>
              {checkout.isPending
                ? t('orderList.placing')
                : orderable.length > 1
                  ? t('orderList.placeMany', { count: formatCount(orderable.length) })
                  : t('orderList.placeOne')}
            </Button>
          </aside>
        </div>
      )}
    </div>
  );
}
