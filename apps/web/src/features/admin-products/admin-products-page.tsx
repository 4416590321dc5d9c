import {
  approvalBlocker,
  CATEGORY_LABELS,
  LIMITS,
  type ProductAction,
  productActions,
  REASON_DIALOG_TITLES,
  type ReasonInput,
  type AdminProductListItem,
  type AdminProduct,
  type AdminProductDetail,
} from '@ub/shared';
import { formatCount, formatInr, labelOf } from '@ub/shared/format';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { ImageCarousel } from '../../components/image-carousel.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { ReasonDialog } from '../../components/reason-dialog.tsx';
import { StatusBadge } from '../../components/status-badge.tsx';
import { type Column, DataTable, StatCard } from '../../components/table.tsx';
import { api } from '../../lib/api.ts';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';

type Product = AdminProduct;
type Details = AdminProductDetail;
type ReasonAction = 'flag' | 'reject' | 'suspend';

const LABELS: Record<ProductAction, string> = {
  flag: 'Flag',
  approve: 'Approve',
  reject: 'Reject',
  suspend: 'Suspend',
  activate: 'Activate',
};
const TITLES: Record<ReasonAction, string> = {
  flag: REASON_DIALOG_TITLES.flagProduct,
  reject: REASON_DIALOG_TITLES.rejectProduct,
  suspend: REASON_DIALOG_TITLES.suspendProduct,
};
const categoryLabel = (c: string | null) => (c ? labelOf(CATEGORY_LABELS, c) : '-');

function useProductAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, reason }: { id: string; action: ProductAction; reason?: ReasonInput }) =>
      api<Details>(`/admin/products/${id}/${action}`, { method: 'POST', body: reason }),
    onSuccess: (p, v) => {
      toast.success(v.action === 'flag' ? `Edit requested for ${p.name}.` : `${p.name}: ${p.statusLabel}.`);
      return queryClient.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

function ActionButtons({ p, onReason }: { p: Product; onReason: (p: Product, a: ReasonAction) => void }) {
  const act = useProductAction();
  return (
    <>
      {productActions(p.status).map((action) => (
        <Button
          key={action}
          variant={
            action === 'approve' || action === 'activate' ? 'primary' : action === 'flag' ? 'secondary' : 'danger'
          }
          className="px-3 py-1 text-xs"
          disabled={act.isPending}
          onClick={() => {
            if (action === 'approve' || action === 'activate') {
              act.mutate({ id: p.id, action }, { onError: (e) => toast.error(e.message) });
            } else onReason(p, action);
          }}
        >
          {LABELS[action]}
        </Button>
      ))}
    </>
  );
}

function DetailsModal({
  id,
  onClose,
  onReason,
}: {
  id: string | null;
  onClose: () => void;
  onReason: (p: Product, a: ReasonAction) => void;
}) {
  const query = useQuery({
    queryKey: ['admin', 'product', id],
    queryFn: () => api<Details>(`/admin/products/${id}`),
    enabled: Boolean(id),
  });
  const p = query.data;
  const rows: Array<[string, string]> = p
    ? [
        ['Name', p.name],
        ['Manufacturer', p.manufacturer],
        ['Category', categoryLabel(p.category)],
        ['Price', formatInr(p.price)],
        ['SKU', p.sku],
        ['HSN Code', p.hsnCode ?? 'Not given'],
        ['GST %', p.gstPercentage === null ? 'Not given' : `${p.gstPercentage}%`],
      ]
    : [];
  const blocker =
    p && (p.status === 'pending' || p.status === 'suspended')
      ? approvalBlocker(
          { hsn_code: p.hsnCode, gst_percentage: p.gstPercentage },
          p.status === 'pending' ? 'approved' : 'activated',
        )
      : null;
  return (
    <Modal
      open={Boolean(id)}
      onClose={onClose}
      title="Product Details"
      size="lg"
      footer={p && <ActionButtons p={p} onReason={onReason} />}
    >
      {query.isPending && <Spinner label="Loading..." />}
      {query.isError && <FormError message={query.error.message} />}
      {blocker && (
        <p role="note" className="mb-4 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {blocker}
        </p>
      )}
      {p && (
        <div className="grid gap-5 md:grid-cols-2">
          <ImageCarousel
            items={p.images.map((img, i) => ({ url: img.url, thumb: img.thumb, alt: `${p.name} image ${i + 1}` }))}
            emptyText="No images uploaded yet"
          />
          <dl className="space-y-2 text-sm">
            {rows.map(([k, v]) => (
              <div key={k} className="grid grid-cols-3 gap-2">
                <dt className="font-medium text-slate-500">{k}</dt>
                <dd className="col-span-2 break-words text-slate-900">{v}</dd>
              </div>
            ))}
            <div className="grid grid-cols-3 gap-2">
              <dt className="font-medium text-slate-500">Status</dt>
              <dd className="col-span-2">
                <StatusBadge status={p.status} label={p.statusLabel} />
                {p.moderationReason && <p className="mt-1 text-xs text-slate-500">Reason: {p.moderationReason}</p>}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-500">Description</dt>
              <dd className="mt-1 whitespace-pre-line text-slate-900">{p.description}</dd>
            </div>
          </dl>
        </div>
      )}
    </Modal>
  );
}

export default function AdminProductsPage() {
  const list = useListState({ category: '' });
  const record = useRecordRoute();
  const { category } = list.filters;
  const { term: q, page } = list;
  const [reasonFor, setReasonFor] = useState<{ p: Product; action: ReasonAction } | null>(null);
  const act = useProductAction();
  const pageSize = LIMITS.adminPageSize;
  const categories = useQuery({
    queryKey: ['admin', 'product-categories'],
    queryFn: () => api<{ categories: string[] }>('/admin/products/categories'),
  });
  const query = useQuery({
    queryKey: ['admin', 'products', { q, category, page }],
    queryFn: () =>
      api<{ products: AdminProductListItem[]; total: number; exact: boolean }>(
        `/admin/products?${new URLSearchParams({ q, page: String(page), pageSize: String(pageSize), ...(category ? { category } : {}) })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const onReason = (p: Product, action: ReasonAction) => setReasonFor({ p, action });
  const columns: Array<Column<AdminProductListItem>> = [
    {
      id: 'image',
      header: 'Image',
      cell: (p) => (
        <button
          type="button"
          onClick={() => record.open(p.id)}
          aria-label={`View ${p.name}`}
          className="flex h-12 w-12 items-center justify-center overflow-hidden rounded-md bg-slate-100 text-xs text-slate-600"
        >
          {p.image ? <img src={p.image} alt="" className="h-full w-full object-cover" /> : 'No image'}
        </button>
      ),
    },
    { id: 'name', header: 'Product', cell: (p) => <span className="font-medium text-slate-900">{p.name}</span> },
    { id: 'manufacturer', header: 'Manufacturer', cell: (p) => p.manufacturer },
    { id: 'category', header: 'Category', cell: (p) => categoryLabel(p.category) },
    { id: 'price', header: 'Price', cell: (p) => <span className="whitespace-nowrap">{formatInr(p.price)}</span> },
    { id: 'status', header: 'Status', cell: (p) => <StatusBadge status={p.status} label={p.statusLabel} /> },
    {
      id: 'actions',
      header: 'Actions',
      actions: true,
      cell: (p) => (
        <>
          <Button variant="secondary" className="px-3 py-1 text-xs" onClick={() => record.open(p.id)}>
            View Details
          </Button>
          <ActionButtons p={p} onReason={onReason} />
        </>
      ),
    },
  ];

  return (
    <div>
      <PageHeader title="Product Management" description="Review, approve and moderate the products sellers list." />
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr_14rem] sm:items-end">
        <StatCard
          label="Total Products"
          value={query.data ? `${query.data.exact ? '' : 'about '}${formatCount(query.data.total)}` : '-'}
        />
        <input
          type="search"
          aria-label="Search products or manufacturers"
          placeholder="Search products or manufacturers"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          className="h-10 rounded-lg border border-slate-300 px-3 text-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <select
          aria-label="Category"
          value={category}
          onChange={(e) => list.setFilter('category', e.target.value)}
          className="h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm"
        >
          <option value="">All Categories</option>
          {categories.data?.categories.map((c) => (
            <option key={c} value={c}>
              {categoryLabel(c)}
            </option>
          ))}
        </select>
      </div>
      <ListPanel
        query={query}
        loadingLabel="Loading products..."
        empty={!query.data?.products.length}
        emptyTitle="No products found."
      >
        {query.data && <DataTable label="Products" columns={columns} rows={query.data.products} rowId={(p) => p.id} />}
      </ListPanel>
      {query.data && <Pagination page={page} pageSize={pageSize} total={query.data.total} onChange={list.setPage} />}
      <DetailsModal id={record.openId} onClose={record.close} onReason={onReason} />
      <ReasonDialog
        open={Boolean(reasonFor)}
        title={reasonFor ? TITLES[reasonFor.action] : ''}
        onClose={() => setReasonFor(null)}
        onSubmit={(reason) =>
          reasonFor ? act.mutateAsync({ id: reasonFor.p.id, action: reasonFor.action, reason }) : Promise.resolve()
        }
      />
    </div>
  );
}
