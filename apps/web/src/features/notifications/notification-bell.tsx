import { LIMITS } from '@ub/shared/constants';
import { useEffect, useRef, useState } from 'react';
import { formatWhen, useNotificationList } from './api.ts';
import { NotificationPanel } from './notification-panel.tsx';
import { useNotificationStream } from './use-notification-stream.ts';

/** The seller top bar's bell: unread badge, a dropdown of the newest three, and the full panel. */
export function NotificationBell() {
  useNotificationStream();
  const [open, setOpen] = useState(false);
  const [panel, setPanel] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const bell = useRef<HTMLButtonElement>(null);
  // The button that opened the panel was in the dropdown, which is gone by then: focus goes back to the bell once
  // the panel's dialog has closed (the child's effect runs first, so the page is no longer inert here).
  const panelWasOpen = useRef(false);
  useEffect(() => {
    if (!panel && panelWasOpen.current) bell.current?.focus();
    panelWasOpen.current = panel;
  }, [panel]);
  const list = useNotificationList('all');
  // Spec: a failed load shows an empty list.
  const first = list.isError ? undefined : list.data?.pages[0];
  const unread = first?.unread ?? 0;
  const items = (first?.notifications ?? []).slice(0, LIMITS.notificationDropdownItems);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!ref.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={ref} className="relative">
      <button
        ref={bell}
        type="button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-label={unread ? `Notifications, ${unread} unread` : 'Notifications'}
        onClick={() => setOpen((v) => !v)}
        className="relative rounded-lg p-2 text-slate-700 hover:bg-slate-100"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M14.857 17.082a23.848 23.848 0 0 0 5.454-1.31A8.967 8.967 0 0 1 18 9.75V9A6 6 0 0 0 6 9v.75a8.967 8.967 0 0 1-2.312 6.022c1.733.64 3.56 1.085 5.455 1.31m5.714 0a24.255 24.255 0 0 1-5.714 0m5.714 0a3 3 0 1 1-5.714 0"
          />
        </svg>
        {unread > 0 && (
          <span
            data-testid="notification-badge"
            className="absolute -right-0.5 -top-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-red-600 px-1 text-[11px] font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </button>
      {open && (
        <div className="fixed inset-x-2 top-16 z-30 rounded-xl border border-slate-200 bg-white shadow-xl sm:absolute sm:inset-x-auto sm:right-0 sm:top-full sm:mt-2 sm:w-96">
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <p className="font-semibold text-slate-900">Notifications</p>
            <span className="text-xs text-slate-500">{unread} unread</span>
          </div>
          {items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-slate-500">No notifications to show</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {items.map((n) => (
                <li key={n.id} className={`px-4 py-3 ${n.is_read ? '' : 'bg-brand-50/60'}`}>
                  <p className="flex items-center gap-2 text-sm font-medium text-slate-900">
                    {!n.is_read && (
                      <>
                        <span className="h-2 w-2 shrink-0 rounded-full bg-brand-600" aria-hidden="true" />
                        <span className="sr-only">Unread:</span>
                      </>
                    )}
                    <span className="truncate">{n.title}</span>
                  </p>
                  <p className="mt-0.5 line-clamp-2 text-sm text-slate-600">{n.message}</p>
                  <p className="mt-1 text-xs text-slate-400">{formatWhen(n.created_at)}</p>
                </li>
              ))}
            </ul>
          )}
          <div className="border-t border-slate-200 p-2">
            <button
              type="button"
              onClick={() => {
                setOpen(false);
                setPanel(true);
              }}
              className="w-full rounded-lg px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              View all notifications
            </button>
          </div>
        </div>
      )}
      <NotificationPanel open={panel} onClose={() => setPanel(false)} />
    </div>
  );
}
