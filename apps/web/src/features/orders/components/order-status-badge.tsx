import { ORDER_STATUS_LABELS, type OrderStatus } from '@ub/shared';
import { Badge, type Tone } from '../../../components/feedback.tsx';

const TONES: Record<OrderStatus, Tone> = {
  pending: 'yellow',
  processing: 'blue',
  shipped: 'orange',
  delivered: 'green',
  cancelled: 'red',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge tone={TONES[status]}>{ORDER_STATUS_LABELS[status]}</Badge>;
}
