import { useQueryClient } from '@tanstack/react-query';
import {
  MODERATION_LABELS,
  type ModerationStatus,
  PRODUCT_MESSAGES,
  PRODUCT_PAGE_SIZE,
  type ProductListItem,
  type ProductSort,
} from '@ub/shared';
import { formatCount, formatInr, formatQuantity, unitLabel } from '@ub/shared/format';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader, Spinner, type Tone } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { deleteProduct, productKeys, useProducts } from './api.ts';
import { AddProductModal } from './components/add-product-modal.tsx';
import { BulkUploadModal } from './components/bulk-upload-modal.tsx';
import { EditProductModal } from './components/edit-product-modal.tsx';

const MODERATION_TONES: Record<ModerationStatus, Tone> = {
  pending: 'yellow',
  approved: 'green',
  suspended: 'red',
  rejected: 'red',
};

const SORT_LABELS: Record<ProductSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name_asc: 'Name A-Z',
  name_desc: 'Name Z-A',
  price_asc: 'Price low to high',
  price_desc: 'Price high to low',
  stock_asc: 'Stock low to high',
  stock_desc: 'Stock high to low',
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

export default function ProductsPage() {
  const [search, setSearch] = useState('');
  const q = useDebounced(search.trim(), 300);
  const [status, setStatus] = useState<'' | 'active' | 'inactive'>('');
  const [sort, setSort] = useState<ProductSort>('newest');
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [bulk, setBulk] = useState(false);
  const [editing, setEditing] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ProductListItem | null>(null);

  // A new search, filter or order starts again from page 1.
  const [filterKey, setFilterKey] = useState(`${q}|${status}|${sort}`);
  if (filterKey !== `${q}|${status}|${sort}`) {
    setFilterKey(`${q}|${status}|${sort}`);
    setPage(1);
  }
  const list = useProducts({ q: q || undefined, status: status || undefined, sort, page, pageSize: PRODUCT_PAGE_SIZE });
  const data = list.data;

  return (
    <div>
      <PageHeader
        title="Product Management"
        description="Your catalogue: add products one by one or in bulk from a CSV file."
        actions={
          <>
            <Button onClick={() => setAdding(true)}>Add Product</Button>
            <Button variant="secondary" onClick={() => setBulk(true)}>
              Bulk Upload
            </Button>
          </>
        }
      />

      <div className="mb-4 grid gap-2 sm:grid-cols-[1fr_auto_auto]">
        <input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Search by product name or SKU"
          aria-label="Search products"
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <select
          aria-label="Filter by status"
          value={status}
          onChange={(e) => setStatus(e.target.value as typeof status)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">All statuses</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </select>
        <select
          aria-label="Sort products"
          value={sort}
          onChange={(e) => setSort(e.target.value as ProductSort)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          {Object.entries(SORT_LABELS).map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </select>
      </div>

      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
        {list.isPending ? (
          <Spinner label="Loading products..." />
        ) : list.isError ? (
          <div className="p-4">
            <FormError message={list.error.message} />
          </div>
        ) : !data?.products.length ? (
          <p className="py-12 text-center font-semibold text-slate-700">No products found</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th className="py-3 pr-2 pl-3 sm:px-4">Product Name</th>
                  <th className="hidden px-4 py-3 sm:table-cell">Price</th>
                  <th className="hidden px-4 py-3 sm:table-cell">Inventory Level</th>
                  <th className="hidden px-4 py-3 md:table-cell">Status</th>
                  <th className="px-2 py-3 text-right sm:px-4">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {data.products.map((p) => (
                  <tr key={p.id} className="align-middle">
                    <td className="py-3 pr-2 pl-3 sm:px-4">
                      <div className="flex items-center gap-3">
                        {p.thumbnail_url ? (
                          <img
                            src={p.thumbnail_url}
                            alt=""
                            loading="lazy"
                            className="h-10 w-10 shrink-0 rounded-lg border border-slate-200 object-cover sm:h-12 sm:w-12"
                          />
                        ) : (
                          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-xs text-slate-600 sm:h-12 sm:w-12">
                            N/A
                          </span>
                        )}
                        <div className="min-w-0">
                          <p className="max-w-[12rem] truncate font-medium text-slate-900 sm:max-w-xs">{p.name}</p>
                          <p className="text-xs text-slate-500">SKU {p.sku}</p>
                          <p className="text-xs text-slate-600 sm:hidden">
                            {formatInr(p.price)} · Stock {formatQuantity(p.stock, p.unit)}
                          </p>
                          <div className="mt-1 flex flex-wrap gap-1 md:hidden">
                            <StatusBadges product={p} />
                          </div>
                        </div>
                      </div>
                    </td>
                    <td className="hidden px-4 py-3 tabular-nums sm:table-cell">
                      {formatInr(p.price)}
                      <span className="text-xs text-slate-500"> / {unitLabel(p.unit)}</span>
                    </td>
                    <td className="hidden px-4 py-3 tabular-nums sm:table-cell">
                      {formatCount(p.stock)}{' '}
                      <span className="text-xs text-slate-500">{unitLabel(p.unit, p.stock)}</span>
                    </td>
                    <td className="hidden px-4 py-3 md:table-cell">
                      <div className="flex flex-col items-start gap-1">
                        <StatusBadges product={p} />
                      </div>
                    </td>
                    <td className="px-2 py-3 sm:px-4">
                      <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end">
                        <Button variant="ghost" className="px-2 py-1" onClick={() => setEditing(p.id)}>
                          Edit
                        </Button>
                        <Button
                          variant="ghost"
                          className="px-2 py-1 text-red-700 hover:bg-red-50"
                          onClick={() => setDeleting(p)}
                        >
                          Delete
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {data && data.total > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="pt-4 text-sm text-slate-600">
            {formatCount(data.total)}
            {data.totalExact ? '' : '+'} {data.total === 1 ? 'product' : 'products'}
          </p>
          <Pagination page={page} pageSize={data.pageSize} total={data.total} onChange={setPage} />
        </div>
      )}

      <AddProductModal open={adding} onClose={() => setAdding(false)} />
      <BulkUploadModal open={bulk} onClose={() => setBulk(false)} />
      <EditProductModal productId={editing} onClose={() => setEditing(null)} />
      <DeleteDialog product={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/** The seller's listing status (green when active, else orange) and the platform's moderation status. */
function StatusBadges({ product }: { product: ProductListItem }) {
  return (
    <>
      <Badge tone={product.status === 'active' ? 'green' : 'orange'}>
        {product.status === 'active' ? 'Active' : 'Inactive'}
      </Badge>
      <Badge tone={MODERATION_TONES[product.moderation_status]}>{MODERATION_LABELS[product.moderation_status]}</Badge>
    </>
  );
}

function DeleteDialog({ product, onClose }: { product: ProductListItem | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!product) return;
    setBusy(true);
    setError(null);
    try {
      await deleteProduct(product.id);
      toast.success(`"${product.name}" deleted.`);
      void queryClient.invalidateQueries({ queryKey: productKeys.all });
      onClose();
    } catch (err) {
      setError(err instanceof Error && err.message ? err.message : PRODUCT_MESSAGES.deleteFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open={Boolean(product)}
      onClose={() => {
        if (!busy) {
          setError(null);
          onClose();
        }
      }}
      title="Delete product"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} disabled={busy}>
            {busy ? 'Deleting…' : 'Delete'}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{product ? PRODUCT_MESSAGES.deleteConfirm(product.name) : ''}</p>
        <FormError message={error} />
      </div>
    </Modal>
  );
}
