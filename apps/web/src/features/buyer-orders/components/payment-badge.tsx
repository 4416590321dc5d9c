import { type OrderStatus, PAYMENT_STATUS_LABELS, type PaymentStatus } from '@ub/shared';
import { Badge } from '../../../components/feedback.tsx';

/** The order's payment; an unpaid order that was cancelled owes nothing, so it reads "Not due", not "Pending". */
export function PaymentBadge({ status, orderStatus }: { status: PaymentStatus; orderStatus?: OrderStatus }) {
  if (status === 'pending' && orderStatus === 'cancelled') return <Badge tone="gray">Not due</Badge>;
  return <Badge tone={status === 'paid' ? 'green' : 'yellow'}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}
