import { type RfqItem, rfqStatusLabel } from '@ub/shared';
import { Badge, type Tone } from '../../../components/feedback.tsx';

const TONES: Record<string, Tone> = {
  pending: 'yellow',
  quoted: 'blue',
  negotiating: 'orange',
  accepted: 'green',
  rejected: 'gray',
};

/** The RFQ's status, and "Your reply" when the seller's offer waits for the buyer. */
export function RfqStatus({ rfq }: { rfq: Pick<RfqItem, 'status' | 'waitingFor'> }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge tone={TONES[rfq.status] ?? 'gray'}>{rfqStatusLabel(rfq.status)}</Badge>
      {rfq.waitingFor === 'buyer' && <Badge tone="red">Your reply</Badge>}
    </span>
  );
}
