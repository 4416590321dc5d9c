import { PAYMENT_STATUS_LABELS, type PaymentStatus } from '@ub/shared';
import { Badge } from '../../../components/feedback.tsx';

export function PaymentBadge({ status }: { status: PaymentStatus }) {
  return <Badge tone={status === 'paid' ? 'green' : 'yellow'}>{PAYMENT_STATUS_LABELS[status]}</Badge>;
}
