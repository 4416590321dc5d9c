import { NOTIFICATION_TYPES, type NotificationType } from '@ub/shared';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { Modal } from '../../components/modal.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useNotificationPreferences, useSaveNotificationPreferences } from './api.ts';

/**
 * Which kinds of notification also arrive by e-mail; every kind always shows in the app. The list is the kinds the
 * signed-in user's role receives, as the server answers them: a buyer never sees a seller's kinds, nor the other way.
 */
export function NotificationSettings({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const prefs = useNotificationPreferences(open);
  const save = useSaveNotificationPreferences();
  const [chosen, setChosen] = useState<Set<NotificationType>>(new Set());

  useEffect(() => {
    if (open && prefs.data) setChosen(new Set(prefs.data.email));
    if (!open) save.reset();
  }, [open, prefs.data, save.reset]);

  const toggle = (type: NotificationType, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(type);
      else next.delete(type);
      return next;
    });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('notifications.settings.title')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('notifications.cancel')}
          </Button>
          <Button
            disabled={!prefs.data || save.isPending}
            onClick={() =>
              save.mutate(
                NOTIFICATION_TYPES.filter((type) => chosen.has(type)),
                {
                  onSuccess: () => {
                    toast.success(t('notifications.settings.saved'));
                    onClose();
                  },
                },
              )
            }
          >
            {t(save.isPending ? 'notifications.settings.saving' : 'notifications.settings.save')}
          </Button>
        </>
      }
    >
      <p className="mb-3 text-sm text-slate-600">{t('notifications.settings.intro')}</p>
      {prefs.isPending ? (
        <Spinner label={t('notifications.settings.loading')} />
      ) : prefs.isError ? (
        <FormError message={prefs.error.message} />
      ) : (
        <fieldset>
          <legend className="sr-only">{t('notifications.settings.legend')}</legend>
          <ul className="grid gap-2 sm:grid-cols-2">
            {(prefs.data?.kinds ?? []).map((type) => (
              <li key={type}>
                <label className="flex items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    className="h-4 w-4 rounded border-slate-300 text-brand-700"
                    checked={chosen.has(type)}
                    onChange={(e) => toggle(type, e.target.checked)}
                  />
                  {t(`notifications.types.${type}`)}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="mt-3">
        <FormError message={save.error?.message} />
      </div>
    </Modal>
  );
}
