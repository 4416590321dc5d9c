import type { SiteSettings } from '@ub/shared';
import { PROMISES } from '@ub/shared/constants';
import { Icon } from './icons.tsx';
import { LeadForm } from './lead-form.tsx';
import { ONBOARDING_SUBTITLE, ONBOARDING_TITLE, OnboardingSteps } from './onboarding-steps.tsx';
import { SectionHeading } from './sections.tsx';
import { telHref } from './use-site.ts';

const NEXT = [
  `A specialist calls you back within ${PROMISES.callbackHours} hours.`,
  'We help you gather your documents and set up your profile for free.',
  `Verification is done within ${PROMISES.verificationHours} hours and you can start selling.`,
];

const DOCUMENTS = [
  'GST certificate',
  'PAN card',
  'Udyam/MSME registration',
  'Incorporation certificate',
  'IEC (for exporters)',
];

/** "4 Steps to Get Onboarded", the lead form and the onboarding team's contact line. */
export function OnboardingSection({ site }: { site?: SiteSettings }) {
  return (
    <section
      id="onboarding"
      aria-labelledby="onboarding-title"
      className="scroll-mt-16 bg-gradient-to-b from-brand-50 to-white py-20"
    >
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="onboarding-title"
          eyebrow="Onboarding"
          title={ONBOARDING_TITLE}
          subtitle={ONBOARDING_SUBTITLE}
        />
        <OnboardingSteps />

        <div className="mt-16 grid gap-10 lg:grid-cols-[0.8fr_1.2fr] lg:items-start">
          <div className="lg:pt-6">
            <h3 className="text-2xl font-extrabold tracking-tight text-slate-900">Book your free onboarding call</h3>
            <p className="mt-3 text-slate-600">
              Tell us a little about your business. There is no cost and no obligation: we will explain how Udyog Bazaar
              works for manufacturers like you.
            </p>
            <ul className="mt-6 space-y-3">
              {NEXT.map((line) => (
                <li key={line} className="flex gap-3 text-slate-700">
                  <span className="mt-0.5 grid h-6 w-6 shrink-0 place-items-center rounded-full bg-emerald-100 text-emerald-700">
                    <Icon name="check" className="h-4 w-4" />
                  </span>
                  {line}
                </li>
              ))}
            </ul>
            <div className="mt-8 rounded-2xl border border-brand-100 bg-white/80 p-5">
              <p className="flex items-center gap-2 font-semibold text-slate-900">
                <Icon name="profile" className="h-5 w-5 text-brand-700" />
                Keep these documents handy
              </p>
              <ul className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm text-slate-600">
                {DOCUMENTS.map((d) => (
                  <li key={d} className="flex items-center gap-2">
                    <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-accent-500" />
                    {d}
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
              Become a Verified Seller
            </h3>
            <p className="mt-1 mb-6 text-sm text-slate-500">Fields marked optional can be shared later.</p>
            <LeadForm />
            {site && (
              <p className="mt-6 border-t border-slate-100 pt-5 text-center text-sm text-slate-600">
                Need help? Our onboarding team is happy to assist:{' '}
                <a href={`mailto:${site.contactEmail}`} className="font-semibold text-brand-700 hover:underline">
                  {site.contactEmail}
                </a>{' '}
                or{' '}
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
