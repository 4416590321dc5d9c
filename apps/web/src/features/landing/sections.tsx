import { Icon, type IconName } from './icons.tsx';
import { useT } from '../../lib/i18n.tsx';

export function SectionHeading({
  id,
  eyebrow,
  title,
  subtitle,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      {subtitle && <p className="mt-4 text-lg text-slate-600">{subtitle}</p>}
    </div>
  );
}

/** Words: `landing.how.steps.<key>.title|text`. */
const SELLER_STEPS: Array<{ icon: IconName; key: string }> = [
  { icon: 'profile', key: 'profile' },
  { icon: 'orders', key: 'orders' },
  { icon: 'paid', key: 'paid' },
  { icon: 'growth', key: 'grow' },
];

export function HowItWorks() {
  const t = useT();
  return (
    <section id="how-it-works" aria-labelledby="how-title" className="scroll-mt-16 bg-white py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="how-title"
          eyebrow={t('landing.nav.howItWorks')}
          title={t('landing.how.title')}
          subtitle={t('landing.how.subtitle')}
        />
        <ol className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {SELLER_STEPS.map((step, i) => (
            <li key={step.key} className="relative rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center justify-between">
                <span className="grid h-12 w-12 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={step.icon} />
                </span>
                <span className="rounded-full bg-slate-100 px-3 py-1 text-xs font-bold text-slate-600">
                  {t('landing.step', { n: i + 1 })}
                </span>
              </div>
              <h3 className="mt-5 text-lg font-bold text-slate-900">{t(`landing.how.steps.${step.key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(`landing.how.steps.${step.key}.text`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

/** Words: `landing.benefits.items.<key>.title|text`. */
const BENEFITS: Array<{ icon: IconName; key: string }> = [
  { icon: 'badge', key: 'badge' },
  { icon: 'manager', key: 'manager' },
  { icon: 'lock', key: 'payments' },
  { icon: 'truck', key: 'shipping' },
  { icon: 'board', key: 'requirements' },
  { icon: 'listing', key: 'listing' },
];

export function Benefits() {
  const t = useT();
  return (
    <section id="benefits" aria-labelledby="benefits-title" className="scroll-mt-16 bg-slate-50 py-20">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="benefits-title"
          eyebrow={t('landing.nav.benefits')}
          title={t('landing.benefits.title')}
          subtitle={t('landing.benefits.subtitle')}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map((b) => (
            <li
              key={b.key}
              className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <span className="grid h-11 w-11 place-items-center rounded-xl bg-brand-700 text-white">
                <Icon name={b.icon} className="h-5 w-5" />
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">{t(`landing.benefits.items.${b.key}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{t(`landing.benefits.items.${b.key}.text`)}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Words: `landing.perks.<key>.title|text`. */
const PERKS: Array<{ icon: IconName; key: string }> = [
  { icon: 'bolt', key: 'setup' },
  { icon: 'clock', key: 'verification' },
  { icon: 'rupee', key: 'fees' },
];

export function Perks() {
  const t = useT();
  return (
    <section aria-label={t('landing.perks.label')} className="bg-brand-800">
      <ul className="mx-auto grid max-w-7xl gap-6 px-4 py-10 sm:grid-cols-3 sm:px-6 lg:px-8">
        {PERKS.map((p) => (
          <li key={p.key} className="flex items-start gap-4">
            <span className="grid h-11 w-11 shrink-0 place-items-center rounded-xl bg-white/10 text-accent-400">
              <Icon name={p.icon} />
            </span>
            <div>
              <p className="text-lg font-bold text-white">{t(`landing.perks.${p.key}.title`)}</p>
              <p className="mt-1 text-sm text-brand-100">{t(`landing.perks.${p.key}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
