import { formatDateTime } from '@ub/shared/format';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Button } from '../../components/button.tsx';
import { Spinner } from '../../components/feedback.tsx';
import { wrapTab } from '../../components/modal.tsx';
import { Tabs } from '../../components/tabs.tsx';
import { i18n, translateMessage, useT } from '../../lib/i18n.tsx';
import {
  type NotificationFilter,
  useClearNotifications,
  useDeleteNotification,
  useMarkAllRead,
  useMarkRead,
  useNotificationList,
} from './api.ts';
import { NotificationSettings } from './notification-settings.tsx';

const failed = (err: unknown) =>
  toast.error(err instanceof Error ? translateMessage(err.message) : i18n._('notifications.failed'));

/**
 * The right-side panel of all notifications, on a native modal <dialog>: the page behind is inert (focus stays
 * inside), Escape closes it.
 */
export function NotificationPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [tab, setTab] = useState<NotificationFilter>('all');
  const [confirmClear, setConfirmClear] = useState(false);
  const [settings, setSettings] = useState(false);
  const all = useNotificationList('all', open);
  const unreadList = useNotificationList('unread', open && tab === 'unread');
  const list = tab === 'all' ? all : unreadList;
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const remove = useDeleteNotification();
  const clear = useClearNotifications();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
    if (!open) setConfirmClear(false);
  }, [open]);

  const unread = all.data?.pages[0]?.unread ?? 0;
  const items = list.isError ? [] : (list.data?.pages.flatMap((p) => p.notifications) ?? []);
  const busy = markRead.isPending || markAll.isPending || remove.isPending || clear.isPending;

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={wrapTab}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="m-0 ml-auto h-dvh max-h-none w-full max-w-md bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/40"
    >
      {open && (
        <div className="flex h-full flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <div>
              <h2 id={titleId} className="text-lg font-semibold">
                {t('notifications.title')}
              </h2>
              <h3 className="text-sm text-slate-600">{t('notifications.unreadNotifications', { count: unread })}</h3>
            </div>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('notifications.close')}
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </div>

          <Tabs
            label={t('notifications.filter')}
            look="pills"
            className="flex min-h-0 flex-1 flex-col"
            tabs={[
              { value: 'all', label: t('notifications.tabs.all') },
              { value: 'unread', label: t('notifications.tabs.unread', { count: unread }) },
            ]}
            value={tab}
            onChange={setTab}
            actions={
              <Button
                variant="ghost"
                className="px-2 py-1"
                disabled={busy || unread === 0}
                onClick={() => markAll.mutate(undefined, { onError: failed })}
              >
                {t('notifications.markAllRead')}
              </Button>
            }
          >
            {list.isPending ? (
              <Spinner label={t('notifications.loading')} />
            ) : items.length === 0 ? (
              <p className="px-5 py-12 text-center text-sm text-slate-500">{t('notifications.none')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((n) => (
                  <li key={n.id} className={`px-5 py-4 ${n.is_read ? '' : 'bg-brand-50/60'}`}>
                    <div className="flex items-start gap-2">
                      {!n.is_read && (
                        <>
                          <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
                          <span className="sr-only">{t('notifications.unreadMarker')}</span>
                        </>
                      )}
                      <div className="min-w-0 flex-1">
                        {n.link ? (
                          // A real link to the record (Enter, a click, open in a new tab): reading it marks it read.
                          <Link
                            to={n.link}
                            className="text-left text-sm font-semibold text-brand-800 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-700"
                            onClick={() => {
                              if (!n.is_read) markRead.mutate(n.id);
                              onClose();
                            }}
                          >
                            {n.title}
                          </Link>
                        ) : (
                          <p className="text-sm font-semibold text-slate-900">{n.title}</p>
                        )}
                        <p className="mt-0.5 text-sm text-slate-600">{n.message}</p>
                        <p className="mt-1 text-xs text-slate-500">{formatDateTime(n.created_at)}</p>
                        <div className="mt-2 flex gap-3 text-sm">
                          {!n.is_read && (
                            <button
                              type="button"
                              disabled={busy}
                              onClick={() => markRead.mutate(n.id, { onError: failed })}
                              className="font-medium text-brand-700 hover:underline disabled:opacity-50"
                            >
                              {t('notifications.markRead')}
                            </button>
                          )}
                          <button
                            type="button"
                            disabled={busy}
                            onClick={() => remove.mutate(n.id, { onError: failed })}
                            className="font-medium text-red-600 hover:underline disabled:opacity-50"
                          >
                            {t('notifications.delete')}
                          </button>
                        </div>
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
            {list.hasNextPage && (
              <div className="p-4 text-center">
                <Button variant="secondary" disabled={list.isFetchingNextPage} onClick={() => list.fetchNextPage()}>
                  {t(list.isFetchingNextPage ? 'notifications.loadingMore' : 'notifications.loadMore')}
                </Button>
              </div>
            )}
          </Tabs>

          <div className="border-t border-slate-200 px-5 py-3">
            {confirmClear ? (
              <div role="alertdialog" aria-label={t('notifications.clearTitle')} className="space-y-2">
                <p className="text-sm text-slate-700">{t('notifications.clearConfirm')}</p>
                <div className="flex gap-2">
                  <Button
                    variant="danger"
                    disabled={clear.isPending}
                    onClick={() =>
                      clear.mutate(undefined, { onSuccess: () => setConfirmClear(false), onError: failed })
                    }
                  >
                    {t('notifications.clearYes')}
                  </Button>
                  <Button variant="secondary" onClick={() => setConfirmClear(false)}>
                    {t('notifications.cancel')}
                  </Button>
                </div>
              </div>
            ) : (
              <div className="flex flex-wrap justify-between gap-2">
                <Button variant="secondary" onClick={() => setSettings(true)}>
                  {t('notifications.settings.open')}
                </Button>
                <Button variant="ghost" className="text-red-600!" disabled={busy} onClick={() => setConfirmClear(true)}>
                  {t('notifications.clearAll')}
                </Button>
              </div>
            )}
          </div>
        </div>
      )}
      <NotificationSettings open={settings} onClose={() => setSettings(false)} />
    </dialog>
  );
}
