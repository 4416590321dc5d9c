import { formatInr, todayInIndia } from '@ub/shared';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError, TextAreaField, TextField } from '../../components/field.tsx';
import { ApiError } from '../../lib/api.ts';
import { translateMessage, useT } from '../../lib/i18n.tsx';
import { quantityText, unitText } from '../../components/trade-words.ts';
import { type RfqProduct, useRfqProduct } from './api/catalog-product.ts';
import { useCreateRfq } from './api/create-rfq.ts';

type Fields = 'quantity' | 'targetPrice' | 'deadline' | 'description' | 'specifications';

function RfqForm({ product }: { product: RfqProduct }) {
  const t = useT();
  const create = useCreateRfq();
  const navigate = useNavigate();
  const [values, setValues] = useState({
    quantity: String(product.moq),
    targetPrice: '',
    deadline: '',
    description: '',
    specifications: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = (k: Fields) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const next: Partial<Record<Fields, string>> = {};
    const qty = values.quantity.trim();
    if (!/^\d+$/.test(qty) || Number(qty) < 1) next.quantity = t('buyer.newRfq.quantityInvalid');
    if (values.targetPrice.trim() && !(Number(values.targetPrice) > 0))
      next.targetPrice = t('buyer.newRfq.priceInvalid');
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const rfq = await create.mutateAsync({
        manufacturerId: product.manufacturerId,
        productId: product.id,
        productName: product.name,
        category: product.category ?? undefined,
        quantity: Number(qty),
        targetPrice: values.targetPrice.trim() ? Number(values.targetPrice) : undefined,
        deadline: values.deadline || undefined,
        description: values.description.trim() || undefined,
        specifications: values.specifications
          .split('\n')
          .map((s) => s.trim())
          .filter(Boolean),
      });
      toast.success(t('buyer.newRfq.sent', { number: rfq.number }));
      navigate(`/buyer/rfqs/${rfq.id}`);
    } catch (err) {
      if (err instanceof ApiError) {
        const fields: Partial<Record<Fields, string>> = {};
        for (const [k, m] of Object.entries(err.fields)) {
          const key = k.split('.')[0] as Fields;
          if (['quantity', 'targetPrice', 'deadline', 'description', 'specifications'].includes(key)) fields[key] = m;
        }
        setErrors(fields);
      }
      setFailure(err instanceof Error ? translateMessage(err.message) : t('buyer.newRfq.failed'));
    }
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 bg-white p-4">
      <div className="rounded-lg bg-slate-50 p-3 text-sm">
        <p className="font-semibold text-slate-900">{product.name}</p>
        <p className="text-slate-600">
          {product.sellerName ? `${product.sellerName} · ` : ''}
          {product.price
            ? t('buyer.newRfq.listedAt', { price: formatInr(product.price), unit: unitText(t, product.unit) })
            : ''}
          {t('buyer.newRfq.moq', { quantity: quantityText(t, product.moq, product.unit) })}
        </p>
      </div>
      <FormError message={failure} />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={t('buyer.newRfq.quantity', { unit: unitText(t, product.unit, 2) })}
          inputMode="numeric"
          value={values.quantity}
          onChange={set('quantity')}
          error={errors.quantity}
        />
        <TextField
          label={t('buyer.newRfq.targetPrice')}
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          value={values.targetPrice}
          onChange={set('targetPrice')}
          error={errors.targetPrice}
        />
        <TextField
          label={t('buyer.newRfq.deadline')}
          type="date"
          min={todayInIndia()}
          value={values.deadline}
          onChange={set('deadline')}
          error={errors.deadline}
        />
      </div>
      <TextAreaField
        label={t('buyer.newRfq.descriptionLabel')}
        rows={3}
        maxLength={4000}
        placeholder={t('buyer.newRfq.descriptionPlaceholder')}
        value={values.description}
        onChange={set('description')}
        error={errors.description}
      />
      <TextAreaField
        label={t('buyer.newRfq.specifications')}
        rows={3}
        placeholder={t('buyer.newRfq.specificationsPlaceholder')}
        value={values.specifications}
        onChange={set('specifications')}
        error={errors.specifications}
      />
      <div className="flex justify-end gap-2">
        <Link to="/buyer/rfqs" className="rounded-lg px-4 py-2 text-sm font-semibold text-slate-700 hover:bg-slate-100">
          {t('buyer.cancel')}
        </Link>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t('buyer.sending') : t('buyer.newRfq.submit')}
        </Button>
      </div>
    </form>
  );
}

/** /buyer/rfqs/new?product=<id>: ask the seller of a catalogue product for a quote. */
export default function NewRfqPage() {
  const t = useT();
  const [params] = useSearchParams();
  const productId = params.get('product');
  const product = useRfqProduct(productId);
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t('buyer.newRfq.title')} description={t('buyer.newRfq.description')} />
      {!productId ? (
        <FormError message={t('buyer.newRfq.noProduct')} />
      ) : product.isPending ? (
        <Spinner label={t('buyer.newRfq.loading')} />
      ) : product.error ? (
        <div className="space-y-2">
          <FormError
            message={
              product.error instanceof ApiError && product.error.status === 404
                ? t('buyer.newRfq.unavailable')
                : t('buyer.newRfq.loadFailed', { error: translateMessage(product.error.message) })
            }
          />
          <Link to="/products" className="text-sm font-semibold text-brand-700 hover:underline">
            {t('buyer.newRfq.backToCatalogue')}
          </Link>
        </div>
      ) : (
        <RfqForm product={product.data} />
      )}
    </div>
  );
}
