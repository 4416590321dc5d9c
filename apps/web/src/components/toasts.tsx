import { TIMINGS } from '@ub/shared/constants';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { type CloseButtonProps, ToastContainer } from 'react-toastify';
import { i18n } from '../lib/i18n.tsx';
import 'react-toastify/dist/ReactToastify.css';

/**
 * Where toasts live: the topmost open modal <dialog>, else the body. A modal dialog sits in the top layer and
 * makes everything outside it inert, so a toast anywhere else is under its backdrop and cannot be hovered, even
 * a popover shown after it (docs/decisions/0018-web-primitives.md). The node is moved, not re-rendered, so
 * toasts on screen stay put and keep their timers while dialogs open and close.
 */
function useToastLayer(): HTMLElement | null {
  const [layer, setLayer] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const node = document.createElement('div');
    node.dataset.toastLayer = '';
    const place = () => {
      const target =
        [...document.querySelectorAll('dialog')].filter((d) => d.matches(':modal')).at(-1) ?? document.body;
      if (node.parentNode !== target) target.append(node);
    };
    place();
    setLayer(node);
    // A dialog opens or closes (the open attribute), or is unmounted while open, taking the layer with it.
    const observer = new MutationObserver(place);
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['open'] });
    return () => {
      observer.disconnect();
      node.remove();
    };
  }, []);
  return layer;
}

/**
 * react-toastify's own close button, named for what it closes: its default name, "close", would be a second
 * "Close" button inside whichever dialog the toast is shown in.
 */
function DismissButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      aria-label={i18n._('common.dismissNotification')}
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      onClick={(e) => {
        e.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/** Toasts top-right, auto-closing after 5000 ms and pausing on hover (spec section 4), above any dialog. */
export function Toasts() {
  const layer = useToastLayer();
  if (!layer) return null;
  return createPortal(
    <ToastContainer
      position="top-right"
      autoClose={TIMINGS.toastAutoCloseMs}
      pauseOnHover
      newestOnTop
      closeButton={DismissButton}
    />,
    layer,
  );
}
