import { lazy, Suspense, useState } from 'react';
import { Hero } from './hero.tsx';
import { OnboardingSection } from './onboarding-section.tsx';
import { PolicyModal } from './policy-modal.tsx';
import { Benefits, HowItWorks, Perks } from './sections.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useSite } from './use-site.ts';

// Fetched right after the page renders rather than with it, keeping react-toastify out of the first download.
const LandingToasts = lazy(() => import('./landing-toasts.tsx').then((m) => ({ default: m.Toasts })));

/** The public landing page: seller acquisition and the onboarding lead form. */
export default function LandingPage() {
  const site = useSite();
  const [policyOpen, setPolicyOpen] = useState(false);
  const openPolicy = () => setPolicyOpen(true);
  return (
    <div id="top" className="min-h-screen bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteHeader />
      <main id="main">
        <Hero />
        <Perks />
        <HowItWorks />
        <Benefits />
        <OnboardingSection site={site} onOpenPolicy={openPolicy} />
      </main>
      <SiteFooter site={site} onOpenPolicy={openPolicy} />
      <PolicyModal open={policyOpen} onClose={() => setPolicyOpen(false)} />
      <Suspense fallback={null}>
        <LandingToasts />
      </Suspense>
    </div>
  );
}
