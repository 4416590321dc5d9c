import * as Popover from '@radix-ui/react-popover';
import { formatDateTime } from '@ub/shared/format';
import { LIMITS } from '@ub/shared/constants';
import { Bell } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../lib/i18n.tsx';
import { Link } from 'react-router';
import { useMarkRead, useNotificationList } from './api.ts';
import { NotificationPanel } from './notification-panel.tsx';
import { useNotificationStream } from './use-notification-stream.ts';

/**
 * The seller top bar's bell: unread badge, a Radix popover of the newest three (Escape, a click outside and focus
 * return come from Radix), and the full panel.
 */
export function NotificationBell() {
  const t = useT();
  useNotificationStream();
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState(false);
  const headingId = useId();
  const bell = useRef<HTMLButtonElement>(null);
  // The button that opened the panel was in the popover, which is gone by then: focus goes back to the bell once
  // the panel's dialog has closed (the child's effect runs first, so the page is no longer inert here).
  const panelWasOpen = useRef(false);
  const toPanel = useRef(false);
  useEffect(() => {
    if (!panel && panelWasOpen.current) bell.current?.focus();
    panelWasOpen.current = panel;
  }, [panel]);
  const list = useNotificationList('all');
  const markRead = useMarkRead();
  // Spec: a failed load shows an empty list.
  const first = list.isError ? undefined : list.data?.pages[0];
  const unread = first?.unread ?? 0;
  const items = (first?.notifications ?? []).slice(0, LIMITS.notificationDropdownItems);

  return (
    <>
      <Popover.Root open={open} onOpenChange={setOpen}>
        <Popover.Trigger asChild>
          <button
            ref={bell}
            type="button"
            aria-label={unread ? t('notifications.bellLabel', { count: unread }) : t('notifications.title')}
            className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100"
          >
            <Bell aria-hidden="true" className="h-6 w-6" strokeWidth={1.8} />
            {unread > 0 && (
              <span
                data-testid="notification-badge"
                className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white"
              >
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </button>
        </Popover.Trigger>
        <Popover.Portal>
          <Popover.Content
            align="end"
            sideOffset={8}
            collisionPadding={8}
            aria-labelledby={headingId}
            // The panel's dialog takes focus as it opens; the bell gets it back when the panel closes.
            onCloseAutoFocus={(e) => {
              if (toPanel.current) e.preventDefault();
              toPanel.current = false;
            }}
            className="z-30 w-[calc(100vw-1rem)] rounded-xl border border-slate-200 bg-white shadow-xl outline-none sm:w-96"
          >
            <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
              <p id={headingId} className="font-semibold text-slate-900">
                {t('notifications.title')}
              </p>
              <span className="text-xs text-slate-500">{t('notifications.unreadCount', { count: unread })}</span>
            </div>
            {items.length === 0 ? (
              <p className="px-4 py-6 text-center text-sm text-slate-500">{t('notifications.none')}</p>
            ) : (
              <ul className="divide-y divide-slate-100">
                {items.map((n) => (
                  <li key={n.id} className={`px-4 py-3 ${n.is_read ? '' : 'bg-brand-50/60'}`}>
                    <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                      {!n.is_read && (
                        <>
                          <span className="h-2 w-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
                          <span className="sr-only">{t('notifications.unreadMarker')}</span>
                        </>
                      )}
                      {n.link ? (
                        <Link
                          to={n.link}
                          className="truncate text-brand-800 underline decoration-brand-200 underline-offset-2 hover:decoration-brand-700"
                          onClick={() => {
                            if (!n.is_read) markRead.mutate(n.id);
                            setOpen(false);
                          }}
                        >
                          {n.title}
                        </Link>
                      ) : (
                        <span className="truncate">{n.title}</span>
                      )}
                    </p>
                    <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{n.message}</p>
                    <p className="mt-1 text-xs text-slate-500">{formatDateTime(n.created_at)}</p>
                  </li>
                ))}
              </ul>
            )}
            <div className="border-t border-slate-200 p-2">
              <button
                type="button"
                onClick={() => {
                  toPanel.current = true;
                  setPanel(true);
                  setOpen(false);
                }}
                className="w-full rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
              >
                {t('notifications.viewAll')}
              </button>
            </div>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
      <NotificationPanel open={panel} onClose={() => setPanel(false)} />
    </>
  );
}
