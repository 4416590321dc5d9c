import { zodResolver } from '@hookform/resolvers/zod';
import {
  LIMITS,
  MATERIALS,
  formatList,
  PRODUCT_CATEGORIES,
  type ProductDetail,
  parseList,
  type ProductPayload,
  UNITS,
} from '@ub/shared';
import type { Resolver, UseFormReturn } from 'react-hook-form';
import type { ZodType } from 'zod';
import { SelectField, TextAreaField, TextField } from '../../../components/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useT } from '../../../lib/i18n.tsx';
import { useGstRates } from '../api.ts';
import { categoryText, unitOptionText } from '../../../components/trade-words.ts';

/** What the inputs hold: text, as typed; the shared schema turns it into the payload. */
export interface ProductFormValues {
  name: string;
  description: string;
  sku: string;
  price: string;
  moq: string;
  stock: string;
  unit: string;
  brand: string;
  category: string;
  subCategory: string;
  modelNumber: string;
  sizes: string;
  colors: string;
  material: string;
  dimensions: string;
  weight: string;
  packaging: string;
  hsn_code: string;
  gst_percentage: string;
  status: 'active' | 'inactive';
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  description: '',
  sku: '',
  price: '',
  moq: '1',
  stock: '0',
  unit: '',
  brand: '',
  category: '',
  subCategory: '',
  modelNumber: '',
  sizes: '',
  colors: '',
  material: '',
  dimensions: '',
  weight: '',
  packaging: '',
  hsn_code: '',
  gst_percentage: '',
  status: 'active',
};

export function toFormValues(p: ProductDetail): ProductFormValues {
  return {
    name: p.name,
    description: p.description,
    sku: p.sku,
    price: p.price,
    moq: String(p.moq),
    stock: String(p.stock),
    unit: p.unit,
    brand: p.brand ?? '',
    category: p.category ?? '',
    subCategory: p.subCategory ?? '',
    modelNumber: p.modelNumber ?? '',
    sizes: formatList(p.sizes),
    colors: formatList(p.colors),
    material: p.material ?? '',
    dimensions: p.dimensions ?? '',
    weight: p.weight ?? '',
    packaging: p.packaging ?? '',
    hsn_code: p.hsn_code ?? '',
    gst_percentage: p.gst_percentage === null ? '' : String(p.gst_percentage),
    status: p.status,
  };
}

/** The shared schema as a form resolver: inputs are text, the submitted values are the parsed payload. */
export function productResolver(schema: ZodType): Resolver<ProductFormValues, unknown, ProductPayload> {
  return zodResolver(schema as never) as unknown as Resolver<ProductFormValues, unknown, ProductPayload>;
}

/**
 * Puts the server's field messages on their fields and answers the message for the form's banner: none when a
 * field already shows it (a taken SKU would otherwise be said twice).
 */
export function serverErrorMessage(
  form: UseFormReturn<ProductFormValues, unknown, ProductPayload>,
  err: unknown,
  fallback: string,
): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : fallback;
  for (const [field, message] of Object.entries(err.fields)) {
    form.setError(field as keyof ProductFormValues, { message });
  }
  return Object.values(err.fields).includes(err.message) ? null : err.message;
}

/** Every product field, laid out in two columns from 640 px up. */
export function ProductFields({
  form,
  categoryRequired,
  disabled,
}: {
  form: UseFormReturn<ProductFormValues, unknown, ProductPayload>;
  categoryRequired: boolean;
  disabled?: boolean;
}) {
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const t = useT();
  const gstRates = useGstRates();
  // Approval needs both tax fields (the admin console refuses to approve without them).
  const taxHint = t('products.fields.taxHint');
  const listProps = (name: 'sizes' | 'colors') => {
    const reg = register(name);
    return {
      ...reg,
      onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
        setValue(name, formatList(parseList(e.target.value)), { shouldValidate: true });
        return reg.onBlur(e);
      },
    };
  };
  return (
    <fieldset disabled={disabled} className="grid gap-4 sm:grid-cols-2">
      <div className="sm:col-span-2">
        <TextField label={t('products.fields.name')} error={errors.name?.message} {...register('name')} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label={t('products.fields.description')}
          rows={3}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
      <TextField label={t('products.fields.sku')} error={errors.sku?.message} {...register('sku')} />
      <TextField
        label={t('products.fields.price')}
        type="number"
        inputMode="decimal"
        min="0"
        step={LIMITS.priceStep}
        error={errors.price?.message}
        {...register('price')}
      />
      <TextField
        label={t('products.fields.moq')}
        type="number"
        inputMode="numeric"
        min={LIMITS.moqMin}
        step="1"
        error={errors.moq?.message}
        {...register('moq')}
      />
      <TextField
        label={t('products.fields.stock')}
        type="number"
        inputMode="numeric"
        min={LIMITS.stockMin}
        step="1"
        error={errors.stock?.message}
        {...register('stock')}
      />
      <SelectField label={t('products.fields.unit')} error={errors.unit?.message} {...register('unit')}>
        <option value="">{t('products.fields.selectUnit')}</option>
        {UNITS.map((u) => (
          <option key={u} value={u}>
            {unitOptionText(t, u)}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={t(categoryRequired ? 'products.fields.categoryRequired' : 'products.fields.category')}
        error={errors.category?.message}
        {...register('category')}
      >
        <option value="">{t('products.fields.selectCategory')}</option>
        {PRODUCT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {categoryText(t, c)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('products.fields.subCategory')}
        error={errors.subCategory?.message}
        {...register('subCategory')}
      />
      <TextField label={t('products.fields.brand')} error={errors.brand?.message} {...register('brand')} />
      <TextField
        label={t('products.fields.modelNumber')}
        error={errors.modelNumber?.message}
        {...register('modelNumber')}
      />
      <SelectField label={t('products.fields.material')} error={errors.material?.message} {...register('material')}>
        <option value="">{t('products.fields.selectMaterial')}</option>
        {MATERIALS.map((m) => (
          <option key={m} value={m}>
            {t(`products.materials.${m}`)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={t('products.fields.sizes')}
        placeholder={t('products.fields.sizesPlaceholder')}
        hint={t('products.fields.commaHint')}
        error={errors.sizes?.message}
        {...listProps('sizes')}
      />
      <TextField
        label={t('products.fields.colours')}
        placeholder={t('products.fields.coloursPlaceholder')}
        hint={t('products.fields.commaHint')}
        error={errors.colors?.message}
        {...listProps('colors')}
      />
      <TextField
        label={t('products.fields.dimensions')}
        placeholder={t('products.fields.dimensionsPlaceholder')}
        error={errors.dimensions?.message}
        {...register('dimensions')}
      />
      <TextField
        label={t('products.fields.weight')}
        placeholder={t('products.fields.weightPlaceholder')}
        error={errors.weight?.message}
        {...register('weight')}
      />
      <TextField
        label={t('products.fields.packaging')}
        placeholder={t('products.fields.packagingPlaceholder')}
        error={errors.packaging?.message}
        {...register('packaging')}
      />
      <TextField
        label={t('products.fields.hsn')}
        inputMode="numeric"
        placeholder={t('products.fields.hsnPlaceholder')}
        hint={taxHint}
        error={errors.hsn_code?.message}
        {...register('hsn_code')}
      />
      <SelectField
        label={t('products.fields.gst')}
        hint={taxHint}
        error={errors.gst_percentage?.message}
        {...register('gst_percentage')}
      >
        <option value="">{t('products.fields.selectGst')}</option>
        {gstRates.map((r) => (
          <option key={r} value={String(r)}>
            {t('products.fields.gstRate', { rate: r })}
          </option>
        ))}
      </SelectField>
      <SelectField label={t('products.fields.status')} error={errors.status?.message} {...register('status')}>
        <option value="active">{t('products.status.active')}</option>
        <option value="inactive">{t('products.status.inactive')}</option>
      </SelectField>
    </fieldset>
  );
}
