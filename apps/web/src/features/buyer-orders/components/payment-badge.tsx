import type { OrderStatus, PaymentStatus } from '@ub/shared';
import { Badge } from '../../../components/feedback.tsx';
import { useT } from '../../../lib/i18n.tsx';

/** The order's payment; an unpaid order that was cancelled owes nothing, so it reads "Not due", not "Pending". */
export function PaymentBadge({ status, orderStatus }: { status: PaymentStatus; orderStatus?: OrderStatus }) {
  const t = useT();
  if (status === 'pending' && orderStatus === 'cancelled') {
    return <Badge tone="gray">{t('buyer.paymentStatus.notDue')}</Badge>;
  }
  return <Badge tone={status === 'paid' ? 'green' : 'yellow'}>{t(`buyer.paymentStatus.${status}`)}</Badge>;
}
