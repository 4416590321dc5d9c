import type { BuyerAddress } from '@ub/shared';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Badge, PageHeader } from '../../components/feedback.tsx';
import { ListPanel } from '../../components/list-panel.tsx';
import { Modal } from '../../components/modal.tsx';
import { translateMessage, useT } from '../../lib/i18n.tsx';
import { useAddresses } from './api/addresses.ts';
import { useDeleteAddress } from './api/delete-address.ts';
import { useSaveAddress } from './api/save-address.ts';
import { AddressForm } from './components/address-form.tsx';

/** The address book: cards, add and edit in a modal, delete after a confirmation, set the default. */
export default function AddressesPage() {
  const t = useT();
  const query = useAddresses();
  const save = useSaveAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<BuyerAddress | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BuyerAddress | null>(null);
  const addresses = query.data?.addresses ?? [];
  const full = query.data ? addresses.length >= query.data.limit : false;

  const makeDefault = async (a: BuyerAddress) => {
    try {
      await save.mutateAsync({ ...a, line2: a.line2 ?? undefined, isDefault: true });
      toast.success(t('buyer.addresses.nowDefault', { label: a.label }));
    } catch (err) {
      toast.error(err instanceof Error ? translateMessage(err.message) : t('buyer.addresses.defaultFailed'));
    }
  };

  return (
    <div>
      <PageHeader
        title={t('buyer.addresses.title')}
        description={t('buyer.addresses.description')}
        actions={
          <Button
            onClick={() => setEditing('new')}
            disabled={full}
            title={full ? t('buyer.addresses.full') : undefined}
          >
            {t('buyer.addresses.add')}
          </Button>
        }
      />
      <ListPanel
        query={query}
        loadingLabel={t('buyer.addresses.loading')}
        empty={addresses.length === 0}
        emptyTitle={t('buyer.addresses.empty')}
        emptyText={t('buyer.addresses.emptyText')}
      >
        <ul className="grid gap-4 p-4 md:grid-cols-2 xl:grid-cols-3">
          {addresses.map((a) => (
            <li key={a.id} className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <div className="flex items-start justify-between gap-2">
                <p className="flex items-center gap-2 font-semibold text-slate-900">
                  <MapPin aria-hidden className="size-4 text-brand-700" />
                  {a.label}
                </p>
                {a.isDefault && <Badge tone="green">{t('buyer.addresses.default')}</Badge>}
              </div>
              <address className="mt-2 flex-1 text-sm not-italic leading-6 text-slate-700">
                {a.contactName}, +91 {a.phone}
                <br />
                {a.line1}
                {a.line2 && (
                  <>
                    <br />
                    {a.line2}
                  </>
                )}
                <br />
                {a.city}, {a.state} {a.pinCode}
              </address>
              <div className="mt-3 flex flex-wrap gap-2 border-t border-slate-100 pt-3">
                <Button variant="secondary" className="px-3 py-1.5" onClick={() => setEditing(a)}>
                  {t('buyer.addresses.edit')}
                </Button>
                {!a.isDefault && (
                  <Button variant="ghost" className="px-3 py-1.5" onClick={() => makeDefault(a)}>
                    {t('buyer.addresses.setDefault')}
                  </Button>
                )}
                <Button variant="ghost" className="px-3 py-1.5 text-red-700!" onClick={() => setDeleting(a)}>
                  {t('buyer.addresses.delete')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </ListPanel>
      {full && (
        <p className="pt-3 text-sm text-slate-600">{t('buyer.addresses.limit', { limit: query.data?.limit })}</p>
      )}
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? t('buyer.addresses.add') : t('buyer.addresses.editTitle')}
        size="lg"
      >
        {editing !== null && (
          <AddressForm
            key={editing === 'new' ? 'new' : editing.id}
            initial={editing === 'new' ? null : editing}
            onCancel={() => setEditing(null)}
            onSubmit={async (values) => {
              const saved = await save.mutateAsync({ ...values, id: editing === 'new' ? undefined : editing.id });
              toast.success(
                editing === 'new'
                  ? t('buyer.addresses.added', { label: saved.label })
                  : t('buyer.addresses.saved', { label: saved.label }),
              );
              setEditing(null);
            }}
          />
        )}
      </Modal>
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('buyer.addresses.deleteTitle')}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('buyer.addresses.keep')}
            </Button>
            <Button
              variant="danger"
              disabled={remove.isPending}
              onClick={async () => {
                if (!deleting) return;
                try {
                  await remove.mutateAsync(deleting.id);
                  toast.success(t('buyer.addresses.deleted', { label: deleting.label }));
                  setDeleting(null);
                } catch (err) {
                  toast.error(err instanceof Error ? translateMessage(err.message) : t('buyer.addresses.deleteFailed'));
                }
              }}
            >
              {t('buyer.addresses.delete')}
            </Button>
          </>
        }
      >
        {deleting && (
          <p className="text-sm text-slate-700">
            {t('buyer.addresses.deleteText', { label: deleting.label, line1: deleting.line1, city: deleting.city })}
          </p>
        )}
      </Modal>
    </div>
  );
}
