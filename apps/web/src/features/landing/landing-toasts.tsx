/** Loaded after the landing page has rendered, so react-toastify is not part of the page's initial JavaScript. */
export { toast } from 'react-toastify';
export { Toasts } from '../../components/toasts.tsx';
