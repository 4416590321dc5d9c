import { Badge, type Tone } from './feedback.tsx';

/** Admin status badges: Approved green, Pending Approval yellow, Suspended red (spec section 4). */
const TONES: Record<string, Tone> = {
  approved: 'green',
  received: 'yellow',
  under_review: 'yellow',
  pending: 'yellow',
  suspended: 'red',
  rejected: 'gray',
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <Badge tone={TONES[status] ?? 'gray'}>{label}</Badge>;
}
