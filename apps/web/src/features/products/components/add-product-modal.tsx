import { useQueryClient } from '@tanstack/react-query';
import { createProductSchema, PRODUCT_MESSAGES, type ProductPayload } from '@ub/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { translateMessage, useT } from '../../../lib/i18n.tsx';
import { createProduct, productKeys, uploadProductImages } from '../api.ts';
import { ImagePicker } from './image-picker.tsx';
import {
  EMPTY_PRODUCT,
  ProductFields,
  type ProductFormValues,
  productResolver,
  serverErrorMessage,
} from './product-fields.tsx';

const resolver = productResolver(createProductSchema);

/**
 * Add Product: creates the product, then uploads its images. If the upload fails the product exists without its
 * pictures, so the modal stays open on a retry panel instead of pretending all went well.
 */
export function AddProductModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useForm<ProductFormValues, unknown, ProductPayload>({
    resolver,
    mode: 'onChange',
    defaultValues: EMPTY_PRODUCT,
  });
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  /** Set once the product exists but its images did not upload. */
  const [pending, setPending] = useState<{ id: string; name: string; error: string } | null>(null);

  function reset() {
    form.reset(EMPTY_PRODUCT);
    setFiles([]);
    setError(null);
    setPending(null);
  }

  function close() {
    if (saving) return;
    if (pending) toast.warn(t('products.addModal.savedWithoutImages', { name: pending.name }));
    reset();
    onClose();
  }

  async function upload(id: string, name: string) {
    try {
      await uploadProductImages(id, files);
      toast.success(t('products.addModal.added', { name }));
      reset();
      onClose();
    } catch (err) {
      setPending({ id, name, error: err instanceof Error ? err.message : t('products.images.uploadFailed') });
    } finally {
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
    }
  }

  const onSubmit = form.handleSubmit(async (values) => {
    if (!files.length) return setError(PRODUCT_MESSAGES.imageRequired);
    setError(null);
    setSaving(true);
    try {
      const { product_id } = await createProduct(values);
      await upload(product_id, values.name);
    } catch (err) {
      setError(serverErrorMessage(form, err, PRODUCT_MESSAGES.createFailed));
    } finally {
      setSaving(false);
    }
  });

  async function retry() {
    if (!pending) return;
    setSaving(true);
    await upload(pending.id, pending.name);
    setSaving(false);
  }

  const canSubmit = form.formState.isValid && files.length > 0 && !saving;
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('products.add')}
      size="lg"
      footer={
        pending ? (
          <>
            <Button variant="secondary" onClick={close} disabled={saving}>
              {t('products.close')}
            </Button>
            <Button onClick={retry} disabled={saving}>
              {saving ? t('products.addModal.uploading') : t('products.addModal.retry')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={saving}>
              {t('products.cancel')}
            </Button>
            <Button type="submit" form="add-product-form" disabled={!canSubmit}>
              {saving ? t('products.addModal.saving') : t('products.add')}
            </Button>
          </>
        )
      }
    >
      {pending ? (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900"
        >
          <p className="font-semibold">{t('products.addModal.pendingTitle', { name: pending.name })}</p>
          <p>{translateMessage(pending.error)}</p>
          <p>{t('products.addModal.pendingHelp')}</p>
        </div>
      ) : (
        <form id="add-product-form" onSubmit={onSubmit} noValidate className="space-y-5">
          <FormError message={error} />
          <ImagePicker
            files={files}
            onFilesChange={(f) => {
              setFiles(f);
              if (f.length) setError(null);
            }}
            emptyMessage={PRODUCT_MESSAGES.imageRequired}
            disabled={saving}
          />
          <ProductFields form={form} categoryRequired disabled={saving} />
        </form>
      )}
    </Modal>
  );
}
