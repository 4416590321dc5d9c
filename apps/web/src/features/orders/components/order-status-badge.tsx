import type { OrderStatus } from '@ub/shared';
import { Badge, type Tone } from '../../../components/feedback.tsx';
import { statusLabel } from '../../../components/status-label.ts';
import { useT } from '../../../lib/i18n.tsx';

const TONES: Record<OrderStatus, Tone> = {
  pending: 'yellow',
  processing: 'blue',
  shipped: 'orange',
  delivered: 'green',
  cancelled: 'red',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return <Badge tone={TONES[status]}>{statusLabel(t, 'order', status)}</Badge>;
}
