import { lazy, Suspense, useEffect, useState } from 'react';
import { Hero } from './hero.tsx';
import { OnboardingSection } from './onboarding-section.tsx';
import { POLICY_HASH } from './policy-link.ts';
import { Benefits, HowItWorks, Perks } from './sections.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { useSite } from './use-site.ts';
import { useT } from '../../lib/i18n.tsx';

// The policy text is only downloaded when someone opens it.
const PolicyModal = lazy(() => import('./policy-modal.tsx').then((m) => ({ default: m.PolicyModal })));

/** The public landing page: seller acquisition and the onboarding lead form. */
export default function LandingPage() {
  const site = useSite();
  const t = useT();
  const [policyOpen, setPolicyOpen] = useState(false);
  const [policyLoaded, setPolicyLoaded] = useState(false);
  // The terms and footer links are plain #privacy-policy links, so the policy is also reachable by address.
  useEffect(() => {
    const sync = () => {
      if (window.location.hash !== POLICY_HASH) return;
      setPolicyLoaded(true);
      setPolicyOpen(true);
    };
    sync();
    window.addEventListener('hashchange', sync);
    return () => window.removeEventListener('hashchange', sync);
  }, []);
  const closePolicy = () => {
    setPolicyOpen(false);
    // Dropping the fragment lets the same link open the policy again.
    if (window.location.hash === POLICY_HASH) {
      history.replaceState(history.state, '', `${window.location.pathname}${window.location.search}`);
    }
  };
  return (
    <div id="top" className="min-h-screen bg-white">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-white px-4 py-2 font-semibold text-brand-700 shadow focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <main id="main">
        <Hero />
        <Perks />
        <HowItWorks />
        <Benefits />
        <OnboardingSection site={site} />
      </main>
      <SiteFooter site={site} />
      {policyLoaded && (
        <Suspense fallback={null}>
          <PolicyModal open={policyOpen} onClose={closePolicy} />
        </Suspense>
      )}
    </div>
  );
}
