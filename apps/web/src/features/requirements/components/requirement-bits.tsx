import {
  CATEGORY_LABELS,
  formatDate,
  formatInr,
  formatQuantity,
  labelOf,
  REQUIREMENT_QUOTE_STATUS_LABELS,
  REQUIREMENT_STATUS_LABELS,
  type RequirementSummary,
} from '@ub/shared';
import { Badge, type Tone } from '../../../components/feedback.tsx';

const TONES: Record<string, Tone> = {
  open: 'blue',
  accepted: 'green',
  closed: 'gray',
  expired: 'gray',
  removed: 'red',
  withdrawn: 'gray',
};

export const RequirementStatusBadge = ({ status }: { status: string }) => (
  <Badge tone={TONES[status] ?? 'gray'}>{labelOf(REQUIREMENT_STATUS_LABELS, status)}</Badge>
);

export const QuoteStatusBadge = ({ status }: { status: string }) => (
  <Badge tone={TONES[status] ?? 'gray'}>{labelOf(REQUIREMENT_QUOTE_STATUS_LABELS, status)}</Badge>
);

/** What a requirement asks for, as label and value pairs (the same on the board, the buyer's page and the admin's). */
export function RequirementFacts({ r }: { r: Omit<RequirementSummary, 'quoteCount' | 'closedReason'> }) {
  const facts: Array<[string, string]> = [
    ['Category', labelOf(CATEGORY_LABELS, r.category)],
    ['Quantity', formatQuantity(r.quantity, r.unit)],
    ['Target price', r.targetPrice ? `${formatInr(r.targetPrice)} per unit` : 'Not given'],
    ['Deliver to', `${r.deliveryState} ${r.pinCode}`],
    ['Quotes by', formatDate(r.deadline)],
    ['Posted', formatDate(r.createdAt)],
  ];
  return (
    <dl className="grid grid-cols-[7.5rem_1fr] gap-x-4 gap-y-2 text-sm sm:grid-cols-[9rem_1fr]">
      {facts.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd className="font-medium text-slate-900">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
