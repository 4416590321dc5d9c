import { formatDate, formatInr, type RequirementSummary } from '@ub/shared';
import { Badge, type Tone } from '../../../components/feedback.tsx';
import { statusLabel } from '../../../components/status-label.ts';
import { categoryText, quantityText } from '../../../components/trade-words.ts';
import { useT } from '../../../lib/i18n.tsx';

const TONES: Record<string, Tone> = {
  open: 'blue',
  accepted: 'green',
  closed: 'gray',
  expired: 'gray',
  removed: 'red',
  withdrawn: 'gray',
};

export function RequirementStatusBadge({ status }: { status: string }) {
  const t = useT();
  return <Badge tone={TONES[status] ?? 'gray'}>{statusLabel(t, 'requirement', status)}</Badge>;
}

export function QuoteStatusBadge({ status }: { status: string }) {
  const t = useT();
  return <Badge tone={TONES[status] ?? 'gray'}>{statusLabel(t, 'requirementQuote', status)}</Badge>;
}

/** What a requirement asks for, as label and value pairs (the same on the board, the buyer's page and the admin's). */
export function RequirementFacts({ r }: { r: Omit<RequirementSummary, 'quoteCount' | 'closedReason'> }) {
  const t = useT();
  const facts: Array<[string, string]> = [
    [t('requirements.fields.category'), categoryText(t, r.category)],
    [t('requirements.fields.quantity'), quantityText(t, r.quantity, r.unit)],
    [
      t('requirements.fields.targetPrice'),
      r.targetPrice ? t('common.perUnit', { price: formatInr(r.targetPrice) }) : t('common.notGiven'),
    ],
    [t('requirements.fields.deliverTo'), `${r.deliveryState} ${r.pinCode}`],
    [t('requirements.fields.quotesBy'), formatDate(r.deadline)],
    [t('requirements.fields.posted'), formatDate(r.createdAt)],
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
