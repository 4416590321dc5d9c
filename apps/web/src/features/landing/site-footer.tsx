import type { SiteSettings } from '@ub/shared';
import { Link } from 'react-router';
import { Icon, type IconName } from './icons.tsx';
import { POLICY_HASH } from './policy-link.ts';
import { Logo, SectionLink } from './site-header.tsx';
import { telHref } from './use-site.ts';
import { useT } from '../../lib/i18n.tsx';

const SOCIAL: Array<{ key: keyof SiteSettings['social']; label: string; icon: IconName }> = [
  { key: 'facebook', label: 'Facebook', icon: 'facebook' },
  { key: 'instagram', label: 'Instagram', icon: 'instagram' },
  { key: 'linkedin', label: 'LinkedIn', icon: 'linkedin' },
  { key: 'twitter', label: 'X (Twitter)', icon: 'twitter' },
  { key: 'youtube', label: 'YouTube', icon: 'youtube' },
];

const linkClass = 'text-slate-300 transition hover:text-white';

export function SiteFooter({ site }: { site?: SiteSettings }) {
  const t = useT();
  const social = site ? SOCIAL.filter((s) => site.social[s.key]) : [];
  return (
    <footer id="contact" className="scroll-mt-16 bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:grid-cols-2 sm:px-6 lg:grid-cols-[1.4fr_1fr_1fr] lg:px-8">
        <div>
          <Logo inverted />
          <p className="mt-4 max-w-sm leading-relaxed text-slate-400">{t('landing.footer.about')}</p>
          {social.length > 0 && (
            <ul className="mt-6 flex gap-3" aria-label={t('landing.footer.social')}>
              {social.map((s) => (
                <li key={s.key}>
                  <a
                    href={site?.social[s.key]}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={t('landing.footer.on', { network: s.label })}
                    className="grid h-10 w-10 place-items-center rounded-full bg-white/10 text-white transition hover:bg-white/20"
                  >
                    <Icon name={s.icon} className="h-5 w-5" />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>

        <nav aria-label={t('landing.footer.label')}>
          <h2 className="font-semibold text-white">{t('landing.footer.company')}</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <SectionLink to="top" className={linkClass}>
                {t('landing.footer.home')}
              </SectionLink>
            </li>
            <li>
              <SectionLink to="how-it-works" className={linkClass}>
                {t('landing.nav.howItWorks')}
              </SectionLink>
            </li>
            {site && (
              <li>
                <a
                  href={`mailto:${site.contactEmail}?subject=${encodeURIComponent('Careers at Udyog Bazaar')}`}
                  className={linkClass}
                >
                  {t('landing.footer.careers')}
                </a>
              </li>
            )}
            <li>
              <a href={POLICY_HASH} className={linkClass}>
                {t('landing.footer.privacy')}
              </a>
            </li>
            <li>
              <a href={POLICY_HASH} className={linkClass}>
                {t('landing.footer.terms')}
              </a>
            </li>
            <li>
              <Link to="/login" className={linkClass}>
                {t('landing.header.sellerLogin')}
              </Link>
            </li>
          </ul>
        </nav>

        <div>
          <h2 className="font-semibold text-white">{t('landing.footer.contactUs')}</h2>
          {site && (
            <ul className="mt-4 space-y-3">
              <li>
                <a href={`mailto:${site.contactEmail}`} className={`${linkClass} inline-flex items-center gap-2`}>
                  <Icon name="mail" className="h-5 w-5 text-slate-400" />
                  {site.contactEmail}
                </a>
              </li>
              <li>
                <a href={telHref(site.contactPhone)} className={`${linkClass} inline-flex items-center gap-2`}>
                  <Icon name="phone" className="h-5 w-5 text-slate-400" />
                  {site.contactPhone}
                </a>
              </li>
              {/* The admin's own words (site settings), shown as written: translate="no" tells browsers and the i18n check. */}
              <li className="inline-flex items-center gap-2 text-slate-400" translate="no">
                <Icon name="clock" className="h-5 w-5" />
                {site.supportHours}
              </li>
            </ul>
          )}
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-slate-400 sm:px-6 lg:px-8">
          {t('landing.footer.copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
