import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
if (root.firstElementChild) {
  // The server sent the page's HTML (ADR 0019): take it over once the route's lazy chunk is in, so the first
  // render draws the same page instead of an empty one.
  const hydrate = () => hydrateRoot(root, app);
  if (router.state.initialized) hydrate();
  else {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      hydrate();
    });
  }
} else {
  createRoot(root).render(app);
}
