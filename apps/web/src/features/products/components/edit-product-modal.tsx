import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changesNeedingReview,
  describeReviewedChanges,
  MODERATION_LABELS,
  PRODUCT_MESSAGES,
  type ProductDetail,
  type ProductPayload,
  priceReviewBand,
  productSchema,
  REVIEWED_FIELDS,
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
  const query = useQuery({ ...productQuery(productId ?? ''), enabled: Boolean(productId) });
  // The form renders its Save/Cancel into the modal's footer, pinned below the scrolling fields as in Add Product.
  const [footer, setFooter] = useState<HTMLDivElement | null>(null);
  return (
    <Modal
      open={Boolean(productId)}
      onClose={onClose}
      title="Edit Product"
      size="lg"
      footer={<div ref={setFooter} className="contents" />}
    >
      {query.isPending ? (
        <Spinner label="Loading product..." />
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
              `Changes saved, but the new images could not be uploaded: ${err instanceof Error ? err.message : ''}`,
            );
            return;
          }
        }
        if (loaded.moderation_status === 'approved' && saved.moderation_status === 'pending') {
          toast.info(`Product "${values.name}" updated and sent back for review.`);
        } else {
          toast.success(`Product "${values.name}" updated.`);
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
          <p className="font-semibold">{PRODUCT_MESSAGES.stale}</p>
          <p>
            A buyer&apos;s order, an admin or another window changed it, so saving this form would undo that. What you
            typed is still here; load the latest version to see the product as it is now (your changes are replaced),
            then make them again.
          </p>
          <Button variant="secondary" onClick={loadLatest} disabled={saving}>
            Load the latest version
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
              Cancel
            </Button>
            <Button type="submit" form="edit-product-form" disabled={saving || invalid}>
              {saving ? 'Saving…' : 'Save Changes'}
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
  if (product.moderation_status !== 'approved') {
    return (
      <p className="text-sm text-slate-600">
        Moderation: <span className="font-medium">{MODERATION_LABELS[product.moderation_status]}</span>
        {product.moderation_reason ? ` (${product.moderation_reason})` : ''}
      </p>
    );
  }
  const band = priceReviewBand(product.approved_price ?? product.price);
  return (
    <div
      role="note"
      className="space-y-1 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
    >
      <p className="font-semibold">This product is approved and buyers can order it.</p>
      <p>
        Changing its {describeReviewedChanges([...REVIEWED_FIELDS, 'images'], 'or')}, or a price below{' '}
        {formatInr(band.min)} or above {formatInr(band.max)}, sends it back to Pending Approval: buyers cannot order it
        until an admin approves it again.
      </p>
      {review.length > 0 && (
        <p className="font-semibold">
          Saving now sends it back for review (changed: {describeReviewedChanges(review)}).
        </p>
      )}
    </div>
  );
}
