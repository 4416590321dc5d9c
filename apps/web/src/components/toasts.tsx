import { TIMINGS } from '@ub/shared/constants';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { ToastContainer } from 'react-toastify';
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

/** Toasts top-right, auto-closing after 5000 ms and pausing on hover (spec section 4), above any dialog. */
export function Toasts() {
  const layer = useToastLayer();
  if (!layer) return null;
  return createPortal(
    <ToastContainer position="top-right" autoClose={TIMINGS.toastAutoCloseMs} pauseOnHover newestOnTop />,
    layer,
  );
}
