import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
/** Marks the page as the app's once it has rendered (browser tests wait for it before typing into public pages). */
function Ready() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

const app = (
  <StrictMode>
    <RouterProvider router={router} />
    <Ready />
  </StrictMode>
);
const render = () => createRoot(root).render(app);
if (root.firstElementChild) {
  // The server sent the page's HTML (ADR 0019), which paints before any script runs. The app takes it over once
  // the route's lazy chunk is in, so the swap draws the same page at once. It renders afresh rather than hydrating:
  // the server's tree is not the browser's (no router data, no providers), so React's generated ids differed and a
  // hydrated form kept the server's ids, breaking label and error links and moving focus to nothing.
  if (router.state.initialized) render();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      render();
    });
  }
} else {
  render();
}
