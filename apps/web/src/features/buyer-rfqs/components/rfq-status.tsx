import type { RfqItem } from '@ub/shared';
import { Badge, type Tone } from '../../../components/feedback.tsx';
import { type TFunction, useT } from '../../../lib/i18n.tsx';

const TONES: Record<string, Tone> = {
  pending: 'yellow',
  quoted: 'blue',
  negotiating: 'orange',
  accepted: 'green',
  rejected: 'gray',
};

/** An RFQ status's name; an unknown value reads Pending (spec section 4). */
export function rfqStatusText(t: TFunction, status: string): string {
  return t(`buyer.rfqs.status.${status in TONES ? status : 'pending'}`);
}

/** The RFQ's status, and "Your reply" when the seller's offer waits for the buyer. */
export function RfqStatus({ rfq }: { rfq: Pick<RfqItem, 'status' | 'waitingFor'> }) {
  const t = useT();
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={TONES[rfq.status] ?? 'gray'}>{rfqStatusText(t, rfq.status)}</Badge>
      {rfq.waitingFor === 'buyer' && <Badge tone="red">{t('buyer.rfqs.yourReply')}</Badge>}
    </span>
  );
}
