import { TIMINGS } from '@ub/shared/constants';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';

/** Toasts top-right, auto-closing after 5000 ms and pausing on hover (spec section 4). */
export function Toasts() {
  return <ToastContainer position="top-right" autoClose={TIMINGS.toastAutoCloseMs} pauseOnHover newestOnTop />;
}
