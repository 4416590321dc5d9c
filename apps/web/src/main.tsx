import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { LanguageProvider, loadInitialCatalogue } from './lib/i18n.tsx';
import { captureTyped, restoreTyped, type Typed } from './lib/keep-typed.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
/** What the visitor typed into the server's HTML before the takeover, put back once the app has rendered. */
let typed: Typed | undefined;

/** Marks the page as the app's once it has rendered (browser tests wait for it before typing into public pages). */
function Ready() {
  useEffect(() => {
    if (typed && root) {
      const t = typed;
      typed = undefined;
      restoreTyped(root, t);
    }
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <LanguageProvider>
      <RouterProvider router={router} />
      <Ready />
    </LanguageProvider>
  </StrictMode>
);
const render = () => createRoot(root).render(app);
/** The takeover of the server's HTML: what was typed into it is captured first and restored by `Ready`. */
const takeOver = () => {
  typed = captureTyped(root);
  render();
};
// The catalogue comes first (inline from the server, else fetched): nothing renders in a language it does not have.
await loadInitialCatalogue();
if (root.firstElementChild) {
  // The server sent the page's HTML (ADR 0019), which paints before any script runs. The app takes it over once
  // the route's lazy chunk is in, so the swap draws the same page at once. It renders afresh rather than hydrating:
  // the server's tree is not the browser's (no router data, no providers), so React's generated ids differed and a
  // hydrated form kept the server's ids, breaking label and error links and moving focus to nothing.
  if (router.state.initialized) takeOver();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      takeOver();
    });
  }
} else {
  render();
}
