import type { SiteSettings } from '@ub/shared';
import { PROMISES } from '@ub/shared/landing';
import { Icon } from './icons.tsx';
import { LeadForm } from './lead-form.tsx';
import { OnboardingSteps } from './onboarding-steps.tsx';
import { SectionHeading } from './sections.tsx';
import { telHref } from './use-site.ts';
import { useT } from '../../lib/i18n.tsx';

/** Words: `landing.onboarding.next.<key>` and `landing.onboarding.documents.<key>`. */
const NEXT = ['callback', 'documents', 'verification'] as const;
const DOCUMENTS = ['gst', 'pan', 'udyam', 'incorporation', 'iec'] as const;
const HOURS = { callbackHours: PROMISES.callbackHours, verificationHours: PROMISES.verificationHours };

/** "4 Steps to Get Onboarded", the lead form and the onboarding team's contact line. */
export function OnboardingSection({ site }: { site?: SiteSettings }) {
  const t = useT();
  return (
    <section
      id="onboarding"
      aria-labelledby="onboarding-title"
      className="scroll-mt-16 bg-gradient-to-b from-brand-50 to-white py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="onboarding-title"
          eyebrow={t('landing.nav.onboarding')}
          title={t('landing.onboarding.title')}
          subtitle={t('landing.onboarding.subtitle')}
        />
        <OnboardingSteps />

        <div className="mt-16 grid gap-10 lg:grid-cols-[0.8fr_1.2fr] lg:items-start">
          <div className="lg:pt-6">
            <h3 className="text-2xl font-extrabold tracking-tight text-slate-900">
              {t('landing.onboarding.bookTitle')}
            </h3>
            <p className="mt-3 text-slate-600">{t('landing.onboarding.bookText')}</p>
            <ul className="mt-6 space-y-3">
              {NEXT.map((line) => (
                <li key={line} className="flex gap-3 text-slate-700">
                  <span className="mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700">
                    <Icon name="check" className="h-4 w-4" />
                  </span>
                  {t(`landing.onboarding.next.${line}`, HOURS)}
                </li>
              ))}
            </ul>
            <div className="mt-8 rounded-2xl border border-brand-100 bg-white/80 p-5">
              <p className="flex items-center gap-2 font-semibold text-slate-900">
                <Icon name="profile" className="h-5 w-5 text-brand-700" />
                {t('landing.onboarding.documentsTitle')}
              </p>
              <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm text-slate-600">
                {DOCUMENTS.map((d) => (
                  <li key={d} className="flex items-center gap-2">
                    <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-accent-500" />
                    {t(`landing.onboarding.documents.${d}`)}
                  </li>
                ))}
              </ul>
            </div>
          </div>

          <div
            id="register"
            className="scroll-mt-20 rounded-3xl border border-slate-200 bg-white p-5 shadow-xl shadow-brand-900/5 sm:p-8"
          >
            <h3 id="register-title" tabIndex={-1} className="text-xl font-bold text-slate-900 outline-none">
              {t('landing.becomeSeller')}
            </h3>
            <p className="mt-1 mb-6 text-sm text-slate-500">{t('landing.onboarding.optionalLater')}</p>
            <LeadForm />
            {site && (
              <p className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
                {t('landing.onboarding.needHelp')}{' '}
                <a href={`mailto:${site.contactEmail}`} className="font-semibold text-brand-700 hover:underline">
                  {site.contactEmail}
                </a>{' '}
                {t('common.or')}{' '}
                <a
                  href={telHref(site.contactPhone)}
                  className="font-semibold whitespace-nowrap text-brand-700 hover:underline"
                >
                  {site.contactPhone}
                </a>
              </p>
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
