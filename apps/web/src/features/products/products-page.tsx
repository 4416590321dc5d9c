import { useQueryClient } from '@tanstack/react-query';
import {
  type ModerationStatus,
  PRODUCT_MESSAGES,
  PRODUCT_PAGE_SIZE,
  type ProductListItem,
  type ProductSort,
} from '@ub/shared';
import { formatCount, formatInr } from '@ub/shared/format';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader, type Tone } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Pagination } from '../../components/pagination.tsx';
import { type Column, DataTable, type Sort } from '../../components/table.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useListState, useRecordRoute } from '../../lib/use-list-state.ts';
import { deleteProduct, productKeys, useProducts } from './api.ts';
import { AddProductModal } from './components/add-product-modal.tsx';
import { BulkUploadModal } from './components/bulk-upload-modal.tsx';
import { EditProductModal } from './components/edit-product-modal.tsx';
import { unitText } from '../../components/trade-words.ts';

const MODERATION_TONES: Record<ModerationStatus, Tone> = {
  pending: 'yellow',
  approved: 'green',
  suspended: 'red',
  rejected: 'red',
};

/** The sorts in the order the select lists them; each is named by `products.sort.<sort>`. */
const SORTS: ProductSort[] = [
  'newest',
  'oldest',
  'name_asc',
  'name_desc',
  'price_asc',
  'price_desc',
  'stock_asc',
  'stock_desc',
];
const STATUSES = ['', 'active', 'inactive'] as const;

/** The header sort of a column: `name_asc` is the Product Name column ascending; newest/oldest have no column. */
function toColumnSort(sort: ProductSort): Sort | null {
  const m = /^(name|price|stock)_(asc|desc)$/.exec(sort);
  return m?.[1] && m[2] ? { id: m[1], desc: m[2] === 'desc' } : null;
}

export default function ProductsPage() {
  const t = useT();
  const list = useListState(
    { status: '' as (typeof STATUSES)[number], sort: 'newest' as ProductSort },
    { status: STATUSES, sort: SORTS },
  );
  const record = useRecordRoute();
  const { status, sort } = list.filters;
  const [adding, setAdding] = useState(false);
  const [bulk, setBulk] = useState(false);
  const [deleting, setDeleting] = useState<ProductListItem | null>(null);
  const query = useProducts({
    q: list.term || undefined,
    status: status || undefined,
    sort,
    page: list.page,
    pageSize: PRODUCT_PAGE_SIZE,
  });
  const data = query.data;

  const columns: Array<Column<ProductListItem>> = [
    {
      id: 'name',
      header: t('products.columns.name'),
      sortable: true,
      cell: (p) => (
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
              {t('products.noImage')}
            </span>
          )}
          <div className="min-w-0">
            <p className="line-clamp-2 max-w-xs font-medium break-words text-slate-900">{p.name}</p>
            <p className="text-xs text-slate-500">{t('products.skuLine', { sku: p.sku })}</p>
          </div>
        </div>
      ),
    },
    {
      id: 'price',
      header: t('products.columns.price'),
      sortable: true,
      cell: (p) => (
        <span className="tabular-nums">
          {formatInr(p.price)}
          <span className="text-xs text-slate-500"> {t('products.perUnit', { unit: unitText(t, p.unit) })}</span>
        </span>
      ),
    },
    {
      id: 'stock',
      header: t('products.columns.stock'),
      sortable: true,
      cell: (p) => (
        <span className="tabular-nums">
          {formatCount(p.stock)} <span className="text-xs text-slate-500">{unitText(t, p.unit, p.stock)}</span>
        </span>
      ),
    },
    {
      id: 'status',
      header: t('products.columns.status'),
      cell: (p) => (
        <div className="flex flex-wrap items-start gap-1">
          <StatusBadges product={p} />
        </div>
      ),
    },
    {
      id: 'actions',
      header: t('products.columns.actions'),
      actions: true,
      cell: (p) => (
        <>
          <Button variant="ghost" className="px-2 py-1" onClick={() => record.open(p.id)}>
            {t('products.edit')}
          </Button>
          <Button variant="ghost" className="px-2 py-1 text-red-700 hover:bg-red-50" onClick={() => setDeleting(p)}>
            {t('products.delete')}
          </Button>
        </>
      ),
    },
  ];

  return (
    <div>
      <PageHeader
        title={t('products.title')}
        description={t('products.description')}
        actions={
          <>
            <Button onClick={() => setAdding(true)}>{t('products.add')}</Button>
            <Button variant="secondary" onClick={() => setBulk(true)}>
              {t('products.bulkUpload')}
            </Button>
          </>
        }
      />

      <div className="grid gap-2 sm:grid-cols-[1fr_auto_auto]">
        <input
          type="search"
          value={list.search}
          onChange={(e) => list.setSearch(e.target.value)}
          placeholder={t('products.searchPlaceholder')}
          aria-label={t('products.searchLabel')}
          className="w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
        />
        <select
          aria-label={t('products.filterStatus')}
          value={status}
          onChange={(e) => list.setFilter('status', e.target.value as typeof status)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="">{t('products.allStatuses')}</option>
          <option value="active">{t('products.status.active')}</option>
          <option value="inactive">{t('products.status.inactive')}</option>
        </select>
        <select
          aria-label={t('products.sortLabel')}
          value={sort}
          onChange={(e) => list.setFilter('sort', e.target.value as ProductSort)}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          {SORTS.map((v) => (
            <option key={v} value={v}>
              {t(`products.sort.${v}`)}
            </option>
          ))}
        </select>
      </div>

      <ListPanel
        query={query}
        loadingLabel={t('products.loading')}
        empty={!data?.products.length}
        emptyTitle={t('products.empty')}
      >
        {data && (
          <DataTable
            label={t('products.tableLabel')}
            columns={columns}
            rows={data.products}
            rowId={(p) => p.id}
            sort={toColumnSort(sort)}
            onSort={(s) => list.setFilter('sort', `${s.id}_${s.desc ? 'desc' : 'asc'}` as ProductSort)}
          />
        )}
      </ListPanel>
      {data && data.total > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="pt-4 text-sm text-slate-600">
            {t('products.count', {
              total: formatCount(data.total),
              more: data.totalExact ? '' : '+',
              count: data.total,
            })}
          </p>
          <Pagination page={list.page} pageSize={data.pageSize} total={data.total} onChange={list.setPage} />
        </div>
      )}

      <AddProductModal open={adding} onClose={() => setAdding(false)} />
      <BulkUploadModal open={bulk} onClose={() => setBulk(false)} />
      <EditProductModal productId={record.openId} onClose={record.close} />
      <DeleteDialog product={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

/** The seller's listing status (green when active, else orange) and the platform's moderation status. */
function StatusBadges({ product }: { product: ProductListItem }) {
  const t = useT();
  return (
    <>
      <Badge tone={product.status === 'active' ? 'green' : 'orange'}>
        {t(product.status === 'active' ? 'products.status.active' : 'products.status.inactive')}
      </Badge>
      <Badge tone={MODERATION_TONES[product.moderation_status]}>
        {t(`products.moderation.${product.moderation_status}`)}
      </Badge>
    </>
  );
}

function DeleteDialog({ product, onClose }: { product: ProductListItem | null; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    if (!product) return;
    setBusy(true);
    setError(null);
    try {
      await deleteProduct(product.id);
      toast.success(t('products.deleteDialog.deleted', { name: product.name }));
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
      title={t('products.deleteDialog.title')}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('products.cancel')}
          </Button>
          <Button variant="danger" onClick={confirm} disabled={busy}>
            {busy ? t('products.deleteDialog.deleting') : t('products.delete')}
          </Button>
        </>
      }
    >
      <div className="space-y-3">
        <p className="text-sm text-slate-700">
          {product ? t('products.deleteDialog.confirm', { name: product.name }) : ''}
        </p>
        <FormError message={error} />
      </div>
    </Modal>
  );
}
