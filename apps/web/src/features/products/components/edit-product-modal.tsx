import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changesNeedingReview,
  PRODUCT_MESSAGES,
  type ProductDetail,
  type ProductPayload,
  priceReviewBand,
  productSchema,
  REVIEWED_FIELDS,
  type ReviewedChange,
} from '@ub/shared';
import { formatInr } from '@ub/shared/format';
import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useForm } from 'react-hook-form';
import { toast } from 'react-toastify';
import { Button } from '../../../components/button.tsx';
import { Spinner } from '../../../components/feedback.tsx';
import { FormError } from '../../../components/field.tsx';
import { Modal } from '../../../components/modal.tsx';
import { ApiError } from '../../../lib/api.ts';
import { T, type TFunction, translateMessage, useT } from '../../../lib/i18n.tsx';
import { productKeys, productQuery, updateProduct, uploadProductImages } from '../api.ts';
import { ImagePicker } from './image-picker.tsx';
import {
  ProductFields,
  type ProductFormValues,
  productResolver,
  serverErrorMessage,
  toFormValues,
} from './product-fields.tsx';

const resolver = productResolver(productSchema);

/** Edit Product: loads the product, saves every field, removes the images marked and uploads the new ones. */
export function EditProductModal({ productId, onClose }: { productId: string | null; onClose: () => void }) {
  const t = useT();
  const query = useQuery({ ...productQuery(productId ?? ''), enabled: Boolean(productId) });
  // The form renders its Save/Cancel into the modal's footer, pinned below the scrolling fields as in Add Product.
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  return (
    <Modal
      open={Boolean(productId)}
      onClose={onClose}
      title={t('products.editModal.title')}
      size="lg"
      footer={<div ref={setFooter} className="contents" />}
    >
      {query.isPending ? (
        <Spinner label={t('products.editModal.loading')} />
      ) : query.isError ? (
        // A link to a product that is gone (or not this seller's) says so; other failures keep the spec's text.
        <FormError
          message={
            query.error instanceof ApiError && query.error.status === 404
              ? query.error.message
              : PRODUCT_MESSAGES.fetchFailed
          }
        />
      ) : (
        <EditForm key={query.data.id} product={query.data} onClose={onClose} footer={footer} />
      )}
    </Modal>
  );
}

function EditForm({
  product,
  onClose,
  footer,
}: {
  product: ProductDetail;
  onClose: () => void;
  footer: HTMLDivElement | null;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  // The product as this form loaded it: its version goes back with the save (a refetch in the background must not
  // move it on, or a stale form would overwrite what a buyer's order changed), and its moderation is what the
  // notice below describes.
  const [loaded, setLoaded] = useState(product);
  const form = useForm<ProductFormValues, unknown, ProductPayload>({
    resolver,
    mode: 'onChange',
    defaultValues: toFormValues(product),
  });
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);

  const parsed = productSchema.safeParse(form.watch());
  const review =
    loaded.moderation_status === 'approved' && parsed.success
      ? changesNeedingReview(loaded, parsed.data, files.length > 0 || removed.length > 0)
      : [];

  async function loadLatest() {
    setSaving(true);
    try {
      const latest = await queryClient.fetchQuery(productQuery(loaded.id));
      setLoaded(latest);
      form.reset(toFormValues(latest));
      setRemoved([]);
      setStale(false);
      setError(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : PRODUCT_MESSAGES.fetchFailed);
    } finally {
      setSaving(false);
    }
  }

  const onSubmit = form.handleSubmit(
    async (values) => {
      setError(null);
      setStale(false);
      setSaving(true);
      try {
        let saved = await updateProduct(loaded.id, { ...values, version: loaded.version, remove_media_ids: removed });
        setLoaded(saved);
        setRemoved([]);
        queryClient.setQueryData(productKeys.detail(loaded.id), saved);
        if (files.length) {
          try {
            saved = await uploadProductImages(loaded.id, files);
            setLoaded(saved);
          } catch (err) {
            // The fields are saved; keep the modal open with the new images so the seller can retry.
            setError(
              t('products.editModal.imagesFailed', {
                error: err instanceof Error ? translateMessage(err.message) : '',
              }),
            );
            return;
          }
        }
        if (loaded.moderation_status === 'approved' && saved.moderation_status === 'pending') {
          toast.info(t('products.editModal.sentBack', { name: values.name }));
        } else {
          toast.success(t('products.editModal.updated', { name: values.name }));
        }
        onClose();
      } catch (err) {
        setStale(err instanceof ApiError && err.status === 409 && err.message === PRODUCT_MESSAGES.stale);
        setError(serverErrorMessage(form, err, PRODUCT_MESSAGES.updateFailed));
      } finally {
        setSaving(false);
        void queryClient.invalidateQueries({ queryKey: productKeys.all });
      }
    },
    () => setError(PRODUCT_MESSAGES.editInvalid),
  );

  const invalid = !form.formState.isValid;
  return (
    <form id="edit-product-form" onSubmit={onSubmit} noValidate className="space-y-5">
      {stale ? (
        <div
          role="alert"
          className="space-y-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          <p className="font-semibold">{translateMessage(PRODUCT_MESSAGES.stale)}</p>
          <p>{t('products.editModal.staleHelp')}</p>
          <Button variant="secondary" onClick={loadLatest} disabled={saving}>
            {t('products.editModal.loadLatest')}
          </Button>
        </div>
      ) : (
        <FormError message={error ?? (invalid && form.formState.isDirty ? PRODUCT_MESSAGES.editInvalid : null)} />
      )}
      <ModerationNotice product={loaded} review={review} />
      <ImagePicker
        files={files}
        onFilesChange={setFiles}
        existing={loaded.media}
        removed={removed}
        onToggleRemove={(id) => setRemoved((r) => (r.includes(id) ? r.filter((x) => x !== id) : [...r, id]))}
        disabled={saving}
      />
      <ProductFields form={form} categoryRequired={false} disabled={saving} />
      {footer &&
        createPortal(
          <>
            <Button variant="secondary" onClick={onClose} disabled={saving}>
              {t('products.cancel')}
            </Button>
            <Button type="submit" form="edit-product-form" disabled={saving || invalid}>
              {saving ? t('products.editModal.saving') : t('products.editModal.save')}
            </Button>
          </>,
          footer,
        )}
    </form>
  );
}

/**
 * Tells the seller, before saving, what an edit does to the product's moderation: an approved product goes back to
 * Pending Approval when what the admin judged changes (the server applies the same shared rule).
 */
function ModerationNotice({
  product,
  review,
}: {
  product: ProductDetail;
  review: ReturnType<typeof changesNeedingReview>;
}) {
  const t = useT();
  if (product.moderation_status !== 'approved') {
    return (
      <p className="text-sm text-slate-600">
        <T
          id="products.editModal.moderation"
          values={{
            status: t(`products.moderation.${product.moderation_status}`),
            reason: product.moderation_reason
              ? t('products.editModal.moderationReason', { reason: product.moderation_reason })
              : '',
          }}
          components={[<span key="status" className="font-medium" />]}
        />
      </p>
    );
  }
  const band = priceReviewBand(product.approved_price ?? product.price);
  return (
    <div
      role="note"
      className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p className="font-semibold">{t('products.editModal.approvedTitle')}</p>
      <p>
        {t('products.editModal.approvedRule', {
          fields: describeChanges(t, [...REVIEWED_FIELDS, 'images'], 'or'),
          min: formatInr(band.min),
          max: formatInr(band.max),
        })}
      </p>
      {review.length > 0 && (
        <p className="font-semibold">
          {t('products.editModal.sendsBack', { fields: describeChanges(t, review, 'and') })}
        </p>
      )}
    </div>
  );
}

/** "name, price and images" in the active language (the shared describeReviewedChanges says it in English). */
function describeChanges(t: TFunction, changes: readonly ReviewedChange[], conjunction: 'and' | 'or'): string {
  const words = changes.map((c) => t(`products.editModal.changes.${c}`));
  const last = words.at(-1) ?? '';
  if (words.length < 2) return last;
  const head = words.slice(0, -1).join(t('products.editModal.listSeparator'));
  return t(conjunction === 'and' ? 'products.editModal.listAnd' : 'products.editModal.listOr', { head, last });
}
