import { Counters } from './counters.tsx';
import { Icon, type IconName } from './icons.tsx';
import { BecomeSellerButton, SectionLink } from './site-header.tsx';
import { T, useT } from '../../lib/i18n.tsx';

/** Each pillar's words are `landing.hero.pillars.<key>.title|text`. */
const PILLARS: Array<{ icon: IconName; key: string }> = [
  { icon: 'badge', key: 'buyers' },
  { icon: 'lock', key: 'payments' },
  { icon: 'truck', key: 'logistics' },
  { icon: 'sparkles', key: 'ai' },
];

export function Hero() {
  const t = useT();
  return (
    <section
      aria-labelledby="hero-title"
      className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white"
    >
      <div
        aria-hidden="true"
        className="pointer-events-none absolute -top-32 right-[-10%] h-[28rem] w-[28rem] rounded-full bg-brand-100/70 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="pointer-events-none absolute bottom-0 left-[-10%] h-72 w-72 rounded-full bg-accent-100/60 blur-3xl"
      />
      <div className="relative mx-auto grid max-w-7xl items-center gap-12 px-4 pt-12 pb-16 sm:px-6 lg:grid-cols-[1.1fr_0.9fr] lg:px-8 lg:pt-20 lg:pb-24">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-xs font-semibold text-brand-700 shadow-sm">
            <Icon name="badge" className="h-4 w-4" />
            {t('landing.hero.badge')}
          </p>
          <h1
            id="hero-title"
            className="mt-5 text-4xl leading-tight font-extrabold tracking-tight text-slate-900 sm:text-5xl lg:text-[3.4rem]"
          >
            <T id="landing.hero.title" components={[<span key="0" className="text-brand-700" />]} />
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-600">{t('landing.hero.lead')}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <BecomeSellerButton className="inline-flex px-6 py-3 text-base" />
            <SectionLink
              to="how-it-works"
              className="inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-6 py-3 text-base font-semibold text-slate-800 shadow-sm transition hover:bg-slate-50"
            >
              {t('landing.hero.seeHow')}
              <Icon name="arrow" className="h-4 w-4" />
            </SectionLink>
          </div>
          <div className="mt-10 max-w-xl">
            <Counters />
          </div>
        </div>

        <div className="relative">
          <div className="rounded-3xl border border-slate-200 bg-white p-4 shadow-xl shadow-brand-900/5 sm:p-8">
            <div className="flex items-center gap-4">
              <span className="grid h-12 w-12 place-items-center rounded-2xl bg-brand-700 text-white">
                <Icon name="shield" />
              </span>
              <div>
                <p className="text-sm font-medium text-slate-500">{t('landing.hero.whyTitle')}</p>
                <p className="text-lg font-bold text-slate-900">{t('landing.hero.whySubtitle')}</p>
              </div>
            </div>
            <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4">
              {PILLARS.map((p) => (
                <li key={p.key} className="rounded-2xl bg-slate-50 p-3 sm:p-4">
                  <Icon name={p.icon} className="h-6 w-6 text-brand-700" />
                  <p className="mt-2 text-sm font-semibold text-slate-900 sm:text-base">
                    {t(`landing.hero.pillars.${p.key}.title`)}
                  </p>
                  <p className="mt-1 text-xs text-slate-600 sm:text-sm">{t(`landing.hero.pillars.${p.key}.text`)}</p>
                </li>
              ))}
            </ul>
          </div>
          <div className="absolute -bottom-5 left-6 hidden items-center gap-3 rounded-2xl border border-emerald-100 bg-white px-4 py-3 shadow-lg sm:flex">
            <span className="grid h-9 w-9 place-items-center rounded-full bg-emerald-100 text-emerald-700">
              <Icon name="check" className="h-5 w-5" />
            </span>
            <div className="text-sm">
              <p className="font-semibold text-slate-900">{t('landing.hero.verifiedIn24')}</p>
              <p className="text-slate-500">{t('landing.hero.freeSetup')}</p>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
