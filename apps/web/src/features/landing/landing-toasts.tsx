/** Loaded when someone uses the lead form, so react-toastify is not part of what the landing page downloads. */
export { toast } from 'react-toastify';
export { Toasts } from '../../components/toasts.tsx';
