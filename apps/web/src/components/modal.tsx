import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { useT } from '../lib/i18n.tsx';

interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Closing label for the header button (default "Close"). */
  closeLabel?: string;
}

const SIZES = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-3xl', xl: 'max-w-5xl' };

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes back to the first (and Shift+Tab the other way): the native modal dialog
 * would otherwise let focus leave the page for the browser's own toolbar.
 */
export function wrapTab(e: KeyboardEvent<HTMLDialogElement>) {
  if (e.key !== 'Tab') return;
  const items = [...e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}

/**
 * A modal on the native <dialog>: showModal() makes the rest of the page inert, Tab wraps within it and
 * Escape closes it; focus returns to the opener on close.
 */
export function Modal({ open, onClose, title, children, footer, size = 'md', closeLabel }: ModalProps) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = document.activeElement as HTMLElement | null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      // The content has already left the DOM (it renders only while open), taking focus to <body>, so the
      // browser's own return of focus on close() does not happen: give it back to the opener here.
      dialog.close();
      if (opener.current?.isConnected) opener.current.focus();
    }
  }, [open]);
  // Screens often unmount the modal instead of closing it; the browser then restores focus nowhere, so do it here.
  useEffect(
    () => () => {
      const dialog = ref.current;
      if (dialog?.open) dialog.close();
      if (opener.current?.isConnected) opener.current.focus();
    },
    [],
  );
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onKeyDown={wrapTab}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className={`m-auto w-[calc(100%-1.5rem)] ${SIZES[size]} rounded-2xl bg-white p-0 text-slate-900 shadow-2xl`}
    >
      {open && (
        <div className="flex max-h-[90vh] flex-col">
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel ?? t('common.close')}
              className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
            >
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5" fill="currentColor">
                <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
              </svg>
            </button>
          </div>
          <div
            // biome-ignore lint/a11y/noNoninteractiveTabindex: keyboard users must reach a scrollable region (long policy text) to scroll it
            tabIndex={0}
            className="overflow-y-auto px-5 py-4 outline-none focus-visible:ring-2 focus-visible:ring-brand-100"
          >
            {children}
          </div>
          {footer && (
            <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">{footer}</div>
          )}
        </div>
      )}
    </dialog>
  );
}
