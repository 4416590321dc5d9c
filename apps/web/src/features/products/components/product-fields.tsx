import { zodResolver } from '@hookform/resolvers/zod';
import {
  CATEGORY_LABELS,
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
import { useGstRates } from '../api.ts';

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

const UNIT_LABELS: Record<string, string> = {
  piece: 'Piece',
  kg: 'Kilogram (kg)',
  gram: 'Gram',
  liter: 'Litre',
  meter: 'Metre',
  box: 'Box',
  pack: 'Pack',
};

/** Approval needs both tax fields (the admin console refuses to approve without them). */
const TAX_HINT = 'Needed for approval: tax invoices print it.';

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
  const gstRates = useGstRates();
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
        <TextField label="Product Name *" error={errors.name?.message} {...register('name')} />
      </div>
      <div className="sm:col-span-2">
        <TextAreaField
          label="Description *"
          rows={3}
          error={errors.description?.message}
          {...register('description')}
        />
      </div>
      <TextField label="SKU *" error={errors.sku?.message} {...register('sku')} />
      <TextField
        label="Price (₹) *"
        type="number"
        inputMode="decimal"
        min="0"
        step={LIMITS.priceStep}
        error={errors.price?.message}
        {...register('price')}
      />
      <TextField
        label="MOQ (minimum order quantity) *"
        type="number"
        inputMode="numeric"
        min={LIMITS.moqMin}
        step="1"
        error={errors.moq?.message}
        {...register('moq')}
      />
      <TextField
        label="Stock *"
        type="number"
        inputMode="numeric"
        min={LIMITS.stockMin}
        step="1"
        error={errors.stock?.message}
        {...register('stock')}
      />
      <SelectField label="Unit *" error={errors.unit?.message} {...register('unit')}>
        <option value="">Select unit</option>
        {UNITS.map((u) => (
          <option key={u} value={u}>
            {UNIT_LABELS[u] ?? u}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={categoryRequired ? 'Category *' : 'Category'}
        error={errors.category?.message}
        {...register('category')}
      >
        <option value="">Select category</option>
        {PRODUCT_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {CATEGORY_LABELS[c] ?? c}
          </option>
        ))}
      </SelectField>
      <TextField label="Sub-category" error={errors.subCategory?.message} {...register('subCategory')} />
      <TextField label="Brand" error={errors.brand?.message} {...register('brand')} />
      <TextField label="Model Number" error={errors.modelNumber?.message} {...register('modelNumber')} />
      <SelectField label="Material" error={errors.material?.message} {...register('material')}>
        <option value="">Select material</option>
        {MATERIALS.map((m) => (
          <option key={m} value={m}>
            {m}
          </option>
        ))}
      </SelectField>
      <TextField
        label="Sizes"
        placeholder="S, M, L"
        hint="Separate with commas."
        error={errors.sizes?.message}
        {...listProps('sizes')}
      />
      <TextField
        label="Colours"
        placeholder="Red, Blue"
        hint="Separate with commas."
        error={errors.colors?.message}
        {...listProps('colors')}
      />
      <TextField
        label="Dimensions"
        placeholder="20 x 10 x 5 cm"
        error={errors.dimensions?.message}
        {...register('dimensions')}
      />
      <TextField label="Weight" placeholder="450 g" error={errors.weight?.message} {...register('weight')} />
      <TextField
        label="Packaging"
        placeholder="Carton of 24"
        error={errors.packaging?.message}
        {...register('packaging')}
      />
      <TextField
        label="HSN Code"
        inputMode="numeric"
        placeholder="4, 6 or 8 digits"
        hint={TAX_HINT}
        error={errors.hsn_code?.message}
        {...register('hsn_code')}
      />
      <SelectField label="GST %" hint={TAX_HINT} error={errors.gst_percentage?.message} {...register('gst_percentage')}>
        <option value="">Select GST rate</option>
        {gstRates.map((r) => (
          <option key={r} value={String(r)}>
            {r}%
          </option>
        ))}
      </SelectField>
      <SelectField label="Status" error={errors.status?.message} {...register('status')}>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </SelectField>
    </fieldset>
  );
}
