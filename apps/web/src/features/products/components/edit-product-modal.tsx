import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_MESSAGES, type ProductDetail, type ProductPayload, productSchema } from '@ub/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/feedback.tsx';
import { FormError } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api.ts';
import { productKeys, productQuery, updateProduct, uploadProductImages } from '../api.ts';
import { ImagePicker } from './image-picker.tsx';
import { ProductFields, type ProductFormValues, productResolver, toFormValues } from './product-fields.tsx';

const resolver = productResolver(productSchema);

/** Edit Product: loads the product, saves every field, removes the images marked and uploads the new ones. */
export function EditProductModal({ productId, onClose }: { productId: string | null; onClose: () => void }) {
  const query = useQuery({ ...productQuery(productId ?? ''), enabled: Boolean(productId) });
  return (
    <Modal open={Boolean(productId)} onClose={onClose} title="Edit Product" size="lg">
      {query.isPending ? (
        <Spinner label="Loading product..." />
      ) : query.isError ? (
        <FormError message={PRODUCT_MESSAGES.fetchFailed} />
      ) : (
        <EditForm key={query.data.id} product={query.data} onClose={onClose} />
      )}
    </Modal>
  );
}

function EditForm({ product, onClose }: { product: ProductDetail; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<ProductFormValues, unknown, ProductPayload>({
    resolver,
    mode: 'onChange',
    defaultValues: toFormValues(product),
  });
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const onSubmit = form.handleSubmit(
    async (values) => {
      setError(null);
      setSaving(true);
      try {
        const saved = await updateProduct(product.id, { ...values, remove_media_ids: removed });
        queryClient.setQueryData(productKeys.detail(product.id), saved);
        if (files.length) {
          try {
            await uploadProductImages(product.id, files);
          } catch (err) {
            // The fields are saved; keep the modal open with the new images so the seller can retry.
            setRemoved([]);
            setError(
              `Changes saved, but the new images could not be uploaded: ${err instanceof Error ? err.message : ''}`,
            );
            return;
          }
        }
        toast.success(`Product "${values.name}" updated.`);
        onClose();
      } catch (err) {
        if (err instanceof ApiError) {
          for (const [field, message] of Object.entries(err.fields)) {
            form.setError(field as keyof ProductFormValues, { message });
          }
        }
        setError(err instanceof Error ? err.message : PRODUCT_MESSAGES.updateFailed);
      } finally {
        setSaving(false);
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
      }
    },
    () => setError(PRODUCT_MESSAGES.editInvalid),
  );

  const invalid = !form.formState.isValid;
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <FormError message={error ?? (invalid && form.formState.isDirty ? PRODUCT_MESSAGES.editInvalid : null)} />
      <ImagePicker
        files={files}
        onFilesChange={setFiles}
        existing={product.media}
        removed={removed}
        onToggleRemove={(id) => setRemoved((r) => (r.includes(id) ? r.filter((x) => x !== id) : [...r, id]))}
        disabled={saving}
      />
      <ProductFields form={form} categoryRequired={false} disabled={saving} />
      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving || invalid}>
          {saving ? 'Saving…' : 'Save Changes'}
        </Button>
      </div>
    </form>
  );
}
