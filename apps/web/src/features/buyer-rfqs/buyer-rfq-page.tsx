import { OfferHistory } from '../../components/offer-history.tsx';
import { formatCount, formatDate, formatInr } from '@ub/shared';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader, Spinner } from '../../components/feedback.tsx';
import { FormError } from '../../components/field.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useBuyerRfq } from './api/buyer-rfq.ts';
import { ConfirmOrderPanel } from './components/confirm-order-panel.tsx';
import { RespondPanel } from './components/respond-panel.tsx';
import { RfqStatus } from './components/rfq-status.tsx';

/** One RFQ: what was asked, every offer in order, the buyer's reply, and the order it became. */
export default function BuyerRfqPage() {
  const t = useT();
  const { id = '' } = useParams();
  const query = useBuyerRfq(id);
  const back = (
    <Link
      to="/buyer/rfqs"
      className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline"
    >
      <ArrowLeft aria-hidden className="size-4" /> {t('buyer.rfq.all')}
    </Link>
  );
  if (query.isPending) return <Spinner label={t('buyer.rfq.loading')} />;
  if (query.error) {
    return (
      <div className="space-y-3">
        {back}
        <FormError message={query.error.message} />
      </div>
    );
  }
  const rfq = query.data;
  const facts: Array<[string, string]> = [
    [t('buyer.rfq.facts.seller'), rfq.sellerCompany],
    [t('buyer.rfq.facts.quantity'), formatCount(rfq.requestedQuantity)],
    [
      t('buyer.rfq.facts.targetPrice'),
      rfq.targetPrice ? t('buyer.perUnit', { price: formatInr(rfq.targetPrice) }) : '—',
    ],
    [t('buyer.rfq.facts.deadline'), rfq.deadline ? formatDate(rfq.deadline) : '—'],
    [t('buyer.rfq.facts.sent'), formatDate(rfq.createdAt)],
  ];
  if (rfq.agreedPrice) {
    facts.push([
      t('buyer.rfq.facts.agreed'),
      t('buyer.perUnitTimes', {
        price: formatInr(rfq.agreedPrice),
        quantity: formatCount(rfq.agreedQuantity ?? 0),
      }),
    ]);
  }
  return (
    <div className="space-y-4">
      {back}
      <PageHeader
        title={t('buyer.rfq.title', { number: rfq.rfqNumber, product: rfq.productName })}
        actions={<RfqStatus rfq={rfq} />}
      />
      {rfq.orderId && <ConfirmOrderPanel orderId={rfq.orderId} />}
      {rfq.waitingFor === 'buyer' && <RespondPanel rfq={rfq} />}
      {rfq.status === 'accepted' && !rfq.orderId && (
        <p className="rounded-xl border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          {t('buyer.rfq.accepted')}
        </p>
      )}
      {rfq.rejectionReason && (
        <p className="rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
          {t('buyer.rfq.closed', { reason: rfq.rejectionReason })}
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-[1fr_1.2fr]">
        <section className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <h2 className="font-semibold text-slate-900">{t('buyer.rfq.request')}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {facts.map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="text-slate-500">{k}</dt>
                <dd className="text-slate-900">{v}</dd>
              </div>
            ))}
          </dl>
          {rfq.description && <p className="whitespace-pre-line text-slate-700">{rfq.description}</p>}
          {rfq.specifications.length > 0 && (
            <div>
              <h3 className="font-medium text-slate-900">{t('buyer.rfq.specifications')}</h3>
              <ul className="list-inside list-disc text-slate-700">
                {rfq.specifications.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </div>
          )}
        </section>
        <section className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
          <h2 className="mb-2 font-semibold text-slate-900">{t('buyer.rfq.offerHistory')}</h2>
          <OfferHistory
            offers={rfq.offers}
            names={{ seller: rfq.sellerCompany, buyer: t('buyer.rfq.you') }}
            own="buyer"
            labels={{
              request: t('buyer.rfq.offerKinds.request'),
              quote: t('buyer.rfq.offerKinds.quote'),
              counter: t('buyer.rfq.offerKinds.counter'),
              approve: t('buyer.rfq.offerKinds.approve'),
              accept: t('buyer.rfq.offerKinds.accept'),
              reject: t('buyer.rfq.declined'),
            }}
          />
        </section>
      </div>
    </div>
  );
}
